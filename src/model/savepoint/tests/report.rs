//! Per-key-group bytes from offsets (heap checkpoints: all set; canonical savepoints: empty
//! groups at 0), and the range check against Flink's assignment.
use super::super::report::{check_range, expected_range, operator_key_group_bytes, other_max_parallelisms, RangeCheck};
use super::super::types::SubtaskState;
use super::super::*;

fn groups(offsets: &[i64], stream_len: usize) -> KeyedHandle {
    KeyedHandle::KeyGroups {
        kind: KeyGroupsKind::Savepoint,
        first: 4,
        offsets: offsets.to_vec(),
        stream: Some(StreamHandle::Inline { name: "x".into(), offset: 0, len: stream_len }),
        handle_id: None,
    }
}

/// (offsets, stream length, expected (bytes per group, header) or unavailable).
type Case = (&'static [i64], usize, Option<(&'static [u64], u64)>);

#[test]
fn bytes_per_key_group_table() {
    let cases: [Case; 6] = [
        (&[10, 14, 20], 30, Some((&[4, 6, 10], 10))),
        (&[0, 10, 0, 25], 40, Some((&[0, 15, 0, 15], 10))),
        (&[0, 0], 8, Some((&[0, 0], 8))),
        (&[10, 10, 12], 12, Some((&[0, 2, 0], 10))),
        (&[20, 10], 30, None),
        (&[10, 40], 30, None),
    ];
    for (offsets, len, expected) in cases {
        let got = key_group_bytes(&groups(offsets, len));
        match expected {
            Some((bytes, header)) => {
                assert_eq!(got, KeyGroupBytes::Known { first: 4, bytes: bytes.to_vec(), header }, "{offsets:?}")
            }
            None => assert!(matches!(got, KeyGroupBytes::Unavailable(_)), "{offsets:?}: {got:?}"),
        }
    }
}

fn op(parallelism: i32, max: i32, ranges: &[(i32, usize)]) -> Operator {
    let subtasks = ranges
        .iter()
        .enumerate()
        .map(|(i, &(first, n))| {
            let handle = KeyedHandle::KeyGroups {
                kind: KeyGroupsKind::V2,
                first,
                offsets: vec![0; n],
                stream: None,
                handle_id: None,
            };
            Subtask {
                index: i as u32,
                finished: false,
                state: SubtaskState { managed_keyed: Some(Box::new(handle)), ..Default::default() },
            }
        })
        .collect();
    Operator {
        name: None,
        uid: None,
        id: OperatorId([0; 16]),
        parallelism,
        max_parallelism: max,
        coordinator: None,
        fully_finished: false,
        subtasks,
        offset: 0,
    }
}

#[test]
fn ranges_are_checked_against_flinks_assignment() {
    let good = op(3, 10, &[(0, 4), (4, 3), (7, 3)]);
    assert!(good.subtasks.iter().all(|t| check_range(&good, t) == RangeCheck::Matches));
    let bad = op(3, 10, &[(0, 3), (3, 4), (7, 3)]);
    assert_eq!(check_range(&bad, &bad.subtasks[0]), RangeCheck::Differs { expected: (0, 3) });
    assert_eq!(expected_range(&op(3, 40_000, &[]), 0), None, "max parallelism above 32768");
    assert_eq!(check_range(&op(3, 40_000, &[(0, 1)]), &op(3, 40_000, &[(0, 1)]).subtasks[0]), RangeCheck::Unchecked);
    assert_eq!(operator_key_group_bytes(&good), Err("the handle has no stream"));
}

#[test]
fn a_later_entry_for_the_same_subtask_replaces_an_earlier_one() {
    let mut o = op(2, 4, &[(0, 2), (2, 2)]);
    let mut again = o.subtasks[0].clone();
    again.finished = true;
    o.subtasks.insert(0, o.subtasks[1].clone());
    o.subtasks.push(again);
    let by_index: Vec<(u32, bool)> =
        super::super::report::subtasks_by_index(&o).iter().map(|s| (s.index, s.finished)).collect();
    assert_eq!(by_index, vec![(0, true), (1, false)]);
}

/// The operators that record another max parallelism than the chosen one's, by the one they
/// record: none for a file that records one, each group in file order.
#[test]
fn operators_with_another_max_parallelism_are_grouped_by_it() {
    let ops = [op(3, 60, &[]), op(7, 128, &[]), op(7, 60, &[]), op(2, 256, &[]), op(1, 128, &[])];
    // The chosen max parallelism, then each other one with its operators.
    type Case = (i32, &'static [(i32, &'static [usize])]);
    let cases: [Case; 4] = [
        (60, &[(128, &[1, 4]), (256, &[3])]),
        (128, &[(60, &[0, 2]), (256, &[3])]),
        (256, &[(60, &[0, 2]), (128, &[1, 4])]),
        (4096, &[(60, &[0, 2]), (128, &[1, 4]), (256, &[3])]),
    ];
    for (max, want) in cases {
        let want: Vec<(i32, Vec<usize>)> = want.iter().map(|(m, ops)| (*m, ops.to_vec())).collect();
        assert_eq!(other_max_parallelisms(&ops, max), want, "{max}");
    }
    assert!(other_max_parallelisms(&[op(3, 60, &[]), op(7, 60, &[])], 60).is_empty());
    assert!(other_max_parallelisms(&[], 60).is_empty());
}

/// Held to Flink 2.3.0 (tests/flink-mixed-maxp): a job restored with no max parallelism saves its
/// source (the operator with a coordinator) at the default derived from its parallelism, the rest
/// at the snapshot's 60, so the file's operators record two; a restore that gives the source 60
/// (job-wide, or pinned) fails naming it, one that gives it 128 or leaves it unset starts.
#[test]
fn a_source_restored_without_a_max_parallelism_is_saved_at_the_derived_one() {
    let observed = crate::observed::MIXED_MAXP;
    let saved = |step: &str, uid: &str| -> i32 {
        let line = observed
            .lines()
            .find(|l| l.starts_with(&format!("{step} stop savepoint operator uid={uid} ")))
            .unwrap_or_else(|| panic!("{step} {uid}"));
        line.split_once("maxParallelism=").and_then(|(_, r)| r.split(' ').next()?.parse().ok()).unwrap()
    };
    let derived = |p: i64| crate::default_max_parallelism(p).unwrap().get() as i32;
    assert_eq!((saved("2u", "gen"), saved("4s", "gen"), saved("4u", "gen")), (derived(7), derived(3), derived(3)));
    for (step, with_maxp) in [("1", 60), ("2", 60), ("4", 60), ("3b", 128), ("3c", 128), ("3e", 128)] {
        assert_eq!(saved(step, "gen"), with_maxp, "{step}");
    }
    // The file of step 2u, as the inspector groups it: the source apart from the rest.
    let ops: Vec<Operator> = ["gen", "count-per-key", "sink"].iter().map(|uid| op(7, saved("2u", uid), &[])).collect();
    assert_eq!(other_max_parallelisms(&ops, 60), vec![(128, vec![0])]);
    // The id Flink names is the one the inspector derives from the uid.
    let gen = super::super::operator_id_from_uid("gen").iter().map(|b| format!("{b:02x}")).collect::<String>();
    let mismatch =
        format!("Cannot map operator {gen} with max parallelism 128 to new program with max parallelism 60.");
    for (step, fails) in [("3a", true), ("3b", false), ("3c", false), ("3d", true), ("3e", false)] {
        let outcome = observed.lines().find(|l| l.starts_with(&format!("{step} "))).unwrap();
        assert_eq!(outcome.contains(&mismatch), fails, "{outcome}");
        assert_eq!(outcome.starts_with(&format!("{step} OK")), !fails, "{outcome}");
    }
}

/// Held to Flink 2.3.0 (tests/flink-drain): a stop with --drain records "Terminate Savepoint"
/// (a plain stop "Suspend Savepoint"), fires the pending event-time timers at the stop, and
/// leaves none in the savepoint: a restore of it fires none, a restore of the plain one all.
#[test]
fn a_drained_stop_is_told_by_its_type_and_its_timers_are_spent() {
    use super::super::recorded::{recorded_drain, DRAINED_STOP};
    let observed = crate::observed::DRAIN;
    let line = |start: &str| observed.lines().find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("{start}"));
    let number = |l: &str, key: &str| -> u32 {
        let rest = &l[l.find(key).unwrap_or_else(|| panic!("{key} in {l}")) + key.len()..];
        rest.split(' ').next().unwrap().parse().unwrap()
    };
    let (plain, drained) = (line("plain stop: "), line("drain stop: "));
    assert!(drained.contains("--drain") && drained.contains(&format!("type={DRAINED_STOP} ")), "{drained}");
    assert!(plain.contains("type=Suspend Savepoint ") && !plain.contains("--drain"), "{plain}");
    assert_eq!(number(plain, "timers_fired_at_stop="), 0);
    let pending = number(drained, "timers_fired_at_stop=");
    assert!(pending > 0);
    assert_eq!(number(line("restore of drained: "), "timers_fired_after_restore="), 0);
    assert_eq!(number(line("restore of plain: "), "timers_fired_after_restore="), pending);
    // The inspector tells a drained stop by that type alone.
    let suspended = parse(super::fixtures::V4).unwrap();
    assert_eq!(suspended.properties.as_ref().and_then(|p| p.type_name.as_deref()), Some("Suspend Savepoint"));
    assert!(!recorded_drain(&suspended));
    // The same file with the type Flink writes for a drained stop (a Java string: its length,
    // then its bytes), read as it would be.
    let swap = |from: &str, to: &str| {
        let (mut from_bytes, mut to_bytes) =
            ((from.len() as u16).to_be_bytes().to_vec(), (to.len() as u16).to_be_bytes().to_vec());
        from_bytes.extend(from.as_bytes());
        to_bytes.extend(to.as_bytes());
        let file = super::fixtures::V4;
        let at = file.windows(from_bytes.len()).position(|w| w == from_bytes).expect("the type in the file");
        [&file[..at], &to_bytes[..], &file[at + from_bytes.len()..]].concat()
    };
    let drained_file = parse(&swap("Suspend Savepoint", DRAINED_STOP)).unwrap();
    assert_eq!(drained_file.properties.as_ref().and_then(|p| p.type_name.as_deref()), Some(DRAINED_STOP));
    assert!(recorded_drain(&drained_file));
}
