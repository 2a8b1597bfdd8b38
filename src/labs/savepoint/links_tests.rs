//! The "plan from" links open the other labs with exactly the snapshot's values: parsed back
//! by those labs' own queries, and, for the skew lab, aggregated by its own model into the
//! same bytes per key group (and per subtask) as the file.

use super::*;
use crate::labs::frame::LabState;
use crate::labs::planner::state::PlannerState;
use crate::labs::skew::query::KeySource;
use crate::labs::skew::state::SkewState;
use crate::model::planner::release::Release;
use crate::model::savepoint::report::keyed_bytes_per_subtask;
use crate::model::savepoint::types::SubtaskState;
use crate::model::savepoint::{parse, KeyGroupsKind, KeyedHandle, StreamHandle, Subtask};
use crate::model::skew::aggregate::{GroupLoads, SubtaskLoads};
use crate::model::skew::csv::parse_csv;
use crate::model::{KeyType, Parallelism};
use crate::url::Location;

const CANONICAL: &[u8] =
    include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/hashmap-canonical-savepoint/_metadata");
const NATIVE_HEAP: &[u8] =
    include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/hashmap-native-savepoint/_metadata");
const CHECKPOINT_HEAP: &[u8] =
    include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/hashmap-checkpoint/_metadata");
const INCREMENTAL: &[u8] =
    include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/rocksdb-incremental-checkpoint/_metadata");

fn counter(bytes: &[u8]) -> Operator {
    parse(bytes).unwrap().operators.into_iter().find(|o| o.uid.as_deref() == Some("counter")).unwrap()
}

fn skew_state(href: &str) -> SkewState {
    let (s, notices) = SkewState::parse(&Location::parse(href).params);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(
        (s.max_parallelism.value.map(|m| m.get()), s.parallelism.value, s.key_type),
        (Some(128), 4, KeyType::Int)
    );
    assert!(matches!(s.source, KeySource::Csv(_)));
    s
}

#[test]
fn the_skew_lab_gets_the_bytes_of_every_key_group() {
    let op = counter(CANONICAL);
    let link = skew_link(&op).unwrap();
    assert!(link.exact && !link.stored);
    let expected = group_bytes(&op).unwrap().bytes;
    assert_eq!(link.groups, expected.iter().filter(|&&b| b > 0).count());
    let state = skew_state(&link.href);
    let max = MaxParallelism::new(128).unwrap();
    let loads = GroupLoads::new(&state.keys, max);
    assert_eq!(loads.groups.iter().map(|g| g.bytes).collect::<Vec<_>>(), expected);
    assert!(loads.groups.iter().all(|g| g.events_milli == 0 && g.keys <= 1));
}

#[test]
fn without_offsets_each_subtask_is_spread_over_its_groups() {
    let op = counter(INCREMENTAL);
    let groups = group_bytes(&op).unwrap();
    assert!(!groups.exact);
    assert!(groups.why_not.unwrap().contains("incremental"));
    let link = skew_link(&op).unwrap();
    assert!(!link.exact);
    let state = skew_state(&link.href);
    let max = MaxParallelism::new(128).unwrap();
    let loads = SubtaskLoads::new(&GroupLoads::new(&state.keys, max), Parallelism::new(4, max).unwrap());
    assert_eq!(loads.subtasks.iter().map(|s| s.bytes).collect::<Vec<_>>(), keyed_bytes_per_subtask(&op));
}

#[test]
fn numbers_are_written_in_plain_decimal() {
    for n in [0, 7, 10, 1234567890, u64::MAX] {
        let mut s = String::new();
        push_number(&mut s, n);
        assert_eq!(s, n.to_string());
    }
}

#[test]
fn representative_keys_are_the_smallest_of_their_group() {
    for m in [1, 7, 128, 1000] {
        let max = MaxParallelism::new(m).unwrap();
        let wanted: Vec<bool> = (0..m).map(|g| g % 3 != 1).collect();
        let keys = representative_int_keys(max, &wanted);
        for (g, key) in keys.iter().enumerate() {
            match key {
                None => assert!(!wanted[g]),
                Some(k) => {
                    assert_eq!(max.key_group_of_hash(*k).index() as usize, g);
                    assert!((0..*k).all(|j| max.key_group_of_hash(j).index() as usize != g), "{m}: {g}");
                }
            }
        }
    }
}

#[test]
fn planner_and_predictor_links_carry_the_snapshot() {
    use crate::model::planner::snapshot_kinds::SnapshotKind;
    use crate::model::planner::JobStatus;
    use crate::model::trace::Backend;
    let op = counter(CANONICAL);
    let (href, text) = planner_link(&op, Recorded::of(&parse(CANONICAL).unwrap(), None), None, 14_723, 12);
    let (q, n) = PlannerState::parse(&Location::parse(&href).params);
    assert!(n.is_empty(), "{n:?}");
    assert_eq!((q.current.value, q.saved_maxp.value, q.state.value, q.p.value), (4, Some(128), 14_723, 12));
    // A canonical savepoint, which records no backend: the planner's default stays, and says so.
    assert_eq!((q.snapshot, q.backend), (SnapshotKind::CanonicalSavepoint, Backend::RocksDb));
    assert!(text.contains("new parallelism 12") && text.contains("from a canonical savepoint"), "{text}");
    assert!(text.contains("not recorded in this file"), "{text}");
    // The same file read as the site's bundled sample: the site knows its backend, and says how
    // (issue 24: a hashmap savepoint's plan had RocksDB's runbook).
    use crate::model::training::Sample;
    let sample = Sample::HashmapSavepoint;
    let (op, snapshot) = (counter(sample.bytes()), parse(sample.bytes()).unwrap());
    let (href, said) = planner_link(&op, Recorded::of(&snapshot, Some(sample)), None, 14_723, 12);
    let (bundled, _) = PlannerState::parse(&Location::parse(&href).params);
    assert_eq!((bundled.snapshot, bundled.backend), (SnapshotKind::CanonicalSavepoint, Backend::HashMap));
    assert!(said.contains("the heap backend (hashmap), which wrote this bundled sample"), "{said}");
    let rocks = Sample::RocksdbCheckpoint;
    let (_, rocks_said) = planner_link(
        &counter(rocks.bytes()),
        Recorded::of(&parse(rocks.bytes()).unwrap(), Some(rocks)),
        None,
        1 << 20,
        8,
    );
    assert!(rocks_said.contains("RocksDB (its own handles say so)"), "{rocks_said}");
    // The other files of the job: each kind, and the backend its handles show.
    // The job state is the file's: every savepoint fixture is a stop-with-savepoint ("Suspend
    // Savepoint"), so the job is down and the plan restarts it from this very savepoint; a
    // retained checkpoint does not say, and the planner's own choice (down) stands, said so.
    assert_eq!((q.job, q.snapshot), (JobStatus::Down, SnapshotKind::CanonicalSavepoint));
    assert!(
        text.contains("The job stopped with this savepoint, so the plan restarts it from this savepoint"),
        "{text}"
    );
    let cases: [(&[u8], SnapshotKind, Backend, JobStatus); 4] = [
        (CANONICAL, SnapshotKind::CanonicalSavepoint, Backend::RocksDb, JobStatus::Down),
        (NATIVE_HEAP, SnapshotKind::NativeSavepoint, Backend::HashMap, JobStatus::Down),
        (CHECKPOINT_HEAP, SnapshotKind::AlignedCheckpoint, Backend::HashMap, JobStatus::Down),
        (INCREMENTAL, SnapshotKind::AlignedCheckpoint, Backend::RocksDb, JobStatus::Down),
    ];
    for (bytes, kind, backend, job) in cases {
        let (op, recorded) = (counter(bytes), Recorded::of(&parse(bytes).unwrap(), None));
        let (href, text) = planner_link(&op, recorded, None, 1 << 20, 200);
        let (q, n) = PlannerState::parse(&Location::parse(&href).params);
        assert!(n.is_empty(), "{n:?}");
        assert_eq!((q.snapshot, q.backend, q.p.value, q.job), (kind, backend, 200, job), "{href}");
        assert_eq!(
            text.contains("A retained checkpoint does not say whether the job still runs"),
            !kind.is_savepoint(),
            "{text}"
        );
        // The predictor is a section of the planner: the same values, at the parallelism asked.
        let predictor = predictor_href(&op, recorded, None, 1 << 20, 150);
        let (p, n) = PlannerState::parse(&Location::parse(&predictor).params);
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(PlannerState { p: p.p.clone(), ..q.clone() }, p, "{predictor}");
        assert_eq!(p.p.value, 150);
    }
    // The runbook's release: the oldest that writes the file's format (real files of 1.16.3
    // and 1.15.4 open the planner there, where 2.3 would print -cm, which they have not).
    let older: [(&[u8], Release, &str, &str); 3] = [
        (
            include_bytes!("../../../tests/flink-savepoints/fixtures/1.16.3/hashmap-native-savepoint/_metadata"),
            Release::V1_16,
            "(Flink 1.16 to 1.20)",
            ", though later ones read some only as deprecated names: state.backend (state.backend.type from 1.17), \
             state.backend.incremental (execution.checkpointing.incremental from 1.20), execution.savepoint-restore-mode \
             (execution.state-recovery.claim-mode from 1.20), execution.savepoint.path (execution.state-recovery.path \
             from 1.20), state.checkpoints.dir (execution.checkpointing.dir from 1.20), -rm (-cm from 1.20).",
        ),
        (include_bytes!("../../../tests/flink-savepoints/fixtures/1.15.4/rocksdb-native-savepoint/_metadata"), Release::V1_15, "(Flink 1.11 to 1.15: 1.15 observed, the older from Flink's sources)", "."),
        (CANONICAL, Release::V2_1, "(Flink 2.1 to 2.3)", "."),
    ];
    for (bytes, release, range, deprecated) in older {
        let snapshot = parse(bytes).unwrap();
        let (href, text) = planner_link(&snapshot.operators[0], Recorded::of(&snapshot, None), None, 1 << 20, 8);
        let (q, n) = PlannerState::parse(&Location::parse(&href).params);
        assert!(n.is_empty(), "{n:?}");
        assert_eq!(q.release, release, "{href}");
        assert!(text.contains(&format!("Its commands are for Flink {}, the oldest release the planner knows (1.15 on) of those that write this file's format {range}: each of them takes these names{deprecated} What depends on the release itself, such as in-place rescaling (1.18 on)", release.slug())), "{text}");
    }
}

#[test]
fn a_large_key_set_goes_through_storage() {
    let offsets: Vec<i64> = (0..32768).map(|g| 10 + 3 * g).collect();
    let handle = KeyedHandle::KeyGroups {
        kind: KeyGroupsKind::Savepoint,
        first: 0,
        offsets,
        stream: Some(StreamHandle::Inline { name: "s".into(), offset: 0, len: 10 + 3 * 32768 }),
        handle_id: None,
    };
    let subtask = Subtask {
        index: 0,
        finished: false,
        state: SubtaskState { managed_keyed: Some(Box::new(handle)), ..Default::default() },
    };
    let mut op = counter(CANONICAL);
    (op.parallelism, op.max_parallelism, op.subtasks) = (1, 32768, vec![subtask]);
    let link = skew_link(&op).unwrap();
    assert!(link.stored && link.href.ends_with("&stored=1"), "{}", link.href);
    let rows = parse_csv(&skew_csv(&op).unwrap(), KeyType::Int).rows;
    assert_eq!(rows.len(), 32768);
    let loads = GroupLoads::new(&rows, MaxParallelism::new(32768).unwrap());
    assert!(loads.groups.iter().all(|g| g.bytes == 3));
}

/// A uid with a space at an end has its own id (every character counts) and matches nothing;
/// the lookup then names the operator the uid without it matches. Only then: a uid that matches
/// as typed, or has no space, or matches nothing either way, gets no such note.
#[test]
fn a_uid_with_a_space_at_an_end_names_what_it_matches_without() {
    use super::super::facts::uid_match;
    let snapshot = parse(CANONICAL).unwrap();
    let at = snapshot.operators.iter().position(|o| o.uid.as_deref() == Some("counter")).unwrap();
    let exact = uid_match(Some(&snapshot), "counter");
    assert_eq!((exact.operator, exact.trimmed.clone()), (Some(at), None));
    for typed in ["counter ", " counter", "\tcounter\n"] {
        let m = uid_match(Some(&snapshot), typed);
        assert_ne!(m.id, exact.id, "{typed:?} has an id of its own");
        assert_eq!((m.operator, m.trimmed), (None, Some(("counter".to_string(), at))), "{typed:?}");
    }
    for typed in ["countr ", "countr", "   "] {
        assert_eq!(uid_match(Some(&snapshot), typed).trimmed, None, "{typed:?}");
    }
    assert_eq!(uid_match(None, "counter ").trimmed, None);
}

/// Format 3 records no kind: a file whose keyed handles are all a savepoint's opens the planner
/// as a canonical savepoint and says why; one whose handles could be a checkpoint's leaves the
/// kind to the planner's menu.
#[test]
fn a_format_3_file_is_taken_by_its_handles_where_they_tell() {
    use crate::model::planner::snapshot_kinds::SnapshotKind;
    use crate::model::planner::JobStatus;
    // The planner link of a file's first operator, the file read once.
    let link = |bytes: &[u8]| {
        let snapshot = parse(bytes).unwrap();
        planner_link(&snapshot.operators[0], Recorded::of(&snapshot, None), None, 1 << 20, 8)
    };
    let canonical_layout: [&[u8]; 2] = [
        include_bytes!("../../../tests/flink-savepoints/fixtures/1.15.4/hashmap-canonical-savepoint/_metadata"),
        include_bytes!("../../../tests/flink-savepoints/fixtures/1.15.4/rocksdb-native-savepoint/_metadata"),
    ];
    for bytes in canonical_layout {
        let (href, text) = link(bytes);
        let (q, _) = PlannerState::parse(&Location::parse(&href).params);
        assert_eq!((q.snapshot, q.job), (SnapshotKind::CanonicalSavepoint, JobStatus::Down), "{href}");
        assert!(text.contains("its keyed handles a canonical savepoint's"), "{text}");
        assert!(text.contains("The file does not say whether the job stopped with it"), "{text}");
    }
    let untold: [&[u8]; 2] = [
        include_bytes!("../../../tests/flink-savepoints/fixtures/1.15.4/hashmap-checkpoint/_metadata"),
        include_bytes!("../../../tests/flink-savepoints/fixtures/1.15.4/rocksdb-incremental-checkpoint/_metadata"),
    ];
    for bytes in untold {
        let (href, text) = link(bytes);
        assert!(!href.contains("snapshot=") && !href.contains("job="), "{href}");
        assert!(
            text.contains("snapshot of unknown kind") && text.contains("Pick there whether the job runs now"),
            "{text}"
        );
    }
}

/// A heap backend's checkpoint (key-group streams) says which releases showed that RocksDB
/// writes its own handles with incremental checkpoints off too: those the snapshot-kinds program
/// ran on (`observed::SNAPSHOT_KINDS_EARLIER` and 2.3.0), and that older ones were not run.
#[test]
fn a_heap_checkpoint_names_the_releases_that_were_run() {
    let (op, recorded) = (counter(CHECKPOINT_HEAP), Recorded::of(&parse(CHECKPOINT_HEAP).unwrap(), None));
    let (_, text) = planner_link(&op, recorded, None, 1 << 20, 200);
    let oldest = crate::model::observed::SNAPSHOT_KINDS_EARLIER[0].0;
    assert!(text.contains(&format!("observed on every release run: Flink {oldest} to 2.3.0)")), "{text}");
    assert!(text.contains(&format!("releases before {} were not run", &oldest[..4])), "{text}");
}
