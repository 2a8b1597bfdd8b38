//! Real files written by Flink (one per format version, from `tests/flink-savepoints/`): the
//! summary, names and uids, handle kinds, and what the report derives from them. The full
//! field-by-field comparison with Flink's own report is `tests/savepoint.rs`.
use super::super::report::{check_range, handle_kind, keyed_state_skew_percent, RangeCheck};
use super::super::*;

macro_rules! fixture {
    ($release:literal, $case:literal) => {
        include_bytes!(concat!("../../../../tests/flink-savepoints/fixtures/", $release, "/", $case, "/_metadata"))
    };
}

pub const V3: &[u8] = fixture!("1.15.4", "hashmap-canonical-savepoint");
pub const V4: &[u8] = fixture!("1.20.3", "rocksdb-native-savepoint");
pub const V5: &[u8] = fixture!("2.0.2", "hashmap-checkpoint");
pub const V6: &[u8] = fixture!("2.3.0", "rocksdb-file-merging-checkpoint");
pub const ALL: [&[u8]; 4] = [V3, V4, V5, V6];

fn counter(s: &Snapshot) -> &Operator {
    s.operators.iter().find(|o| o.id.hex() == "0da08f51eaa85fc298e176a139b3649a").unwrap()
}

#[test]
fn summaries() {
    let cases = [
        (V3, 3, 7, SnapshotKind::Unknown, SavepointFormat::Unknown),
        (V4, 4, 6, SnapshotKind::Savepoint, SavepointFormat::Native),
        (V5, 5, 4, SnapshotKind::Checkpoint, SavepointFormat::Unknown),
        (V6, 6, 3, SnapshotKind::Checkpoint, SavepointFormat::Unknown),
    ];
    for (bytes, version, id, kind, format) in cases {
        let s = parse(bytes).unwrap();
        assert_eq!((s.version, s.checkpoint_id), (version, id));
        let props = s.properties.as_ref();
        assert_eq!(props.map_or(SnapshotKind::Unknown, |p| p.kind), kind, "v{version}");
        assert_eq!(props.map_or(SavepointFormat::Unknown, |p| p.format), format, "v{version}");
        assert_eq!(s.operators.len(), 8);
        let c = counter(&s);
        assert_eq!((c.parallelism, c.max_parallelism, c.subtasks.len()), (4, 128, 4));
        assert_eq!(c.uid.as_deref(), (version >= 5).then_some("counter"));
        assert_eq!(c.name.as_deref(), (version >= 5).then_some("Count per key"));
        let rules = s.operators.iter().find(|o| o.id.hex() == "5182b45b6472b1a8299f474baebf57c3").unwrap();
        assert!(rules.fully_finished && rules.subtasks.is_empty());
    }
    let v4 = parse(V4).unwrap();
    assert_eq!(v4.properties.unwrap().type_name.as_deref(), Some("Suspend Savepoint"));
}

#[test]
fn handle_kinds_and_per_group_bytes() {
    let v3 = parse(V3).unwrap();
    let handle = counter(&v3).subtasks[0].state.managed_keyed.as_deref().unwrap();
    assert_eq!(handle_kind(handle), "full (canonical savepoint), inline");
    let KeyGroupBytes::Known { first, bytes, header } = key_group_bytes(handle) else { panic!() };
    assert_eq!((first, bytes.len()), (0, 32));
    assert_eq!(bytes[0], 0, "an empty group of a canonical savepoint");
    assert_eq!(bytes.iter().sum::<u64>() + header, handle.state_size() as u64);
    let v6 = parse(V6).unwrap();
    let handle = counter(&v6).subtasks[0].state.managed_keyed.as_deref().unwrap();
    assert!(handle_kind(handle).starts_with("incremental RocksDB"), "{}", handle_kind(handle));
    assert!(matches!(key_group_bytes(handle), KeyGroupBytes::Unavailable(r) if r.contains("SST")));
}

#[test]
fn ranges_are_flinks_and_skew_is_a_percentage() {
    for bytes in ALL {
        let s = parse(bytes).unwrap();
        let c = counter(&s);
        for t in &c.subtasks {
            assert_eq!(check_range(c, t), RangeCheck::Matches);
        }
        assert!(keyed_state_skew_percent(c).unwrap() <= 100);
        assert_eq!(keyed_state_skew_percent(&s.operators[0]), None, "the sink has no keyed state");
    }
}

/// Over the key groups' bytes alone (no meta information) the skew is each subtask's groups
/// summed: for the canonical savepoint of 1.15.4 the same figure as over its group offsets, and
/// none where the handles keep no offsets (RocksDB's files).
#[test]
fn the_skew_over_group_bytes_leaves_the_meta_information_out() {
    use super::super::report::{group_bytes_skew_percent, operator_key_group_bytes};
    use crate::skew::aggregate::data_skew_percent;
    let s = parse(V3).unwrap();
    let c = counter(&s);
    let groups = operator_key_group_bytes(c).unwrap();
    let per_subtask: Vec<u64> = groups.chunks(groups.len() / c.subtasks.len()).map(|g| g.iter().sum()).collect();
    assert_eq!(group_bytes_skew_percent(c), Some(data_skew_percent(&per_subtask)));
    assert_ne!(group_bytes_skew_percent(c), keyed_state_skew_percent(c), "the meta information evens the streams out");
    assert_eq!(group_bytes_skew_percent(&s.operators[0]), None, "the sink has no keyed state");
    assert_eq!(group_bytes_skew_percent(counter(&parse(V6).unwrap())), None, "RocksDB's files keep no offsets");
}

#[test]
fn json_and_table_name_every_operator() {
    for bytes in ALL {
        let s = parse(bytes).unwrap();
        let json = json::to_json(&s);
        let table = table::to_table(&s);
        assert!(json.starts_with("{\"version\":") && json.ends_with("}\n"));
        for op in &s.operators {
            assert!(json.contains(&op.id.hex()) && table.contains(&op.id.hex()));
        }
        assert!(table.contains(table::releases_writing(s.version)));
    }
}
