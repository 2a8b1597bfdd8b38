//! Per-key-group bytes from offsets (heap checkpoints: all set; canonical savepoints: empty
//! groups at 0), and the range check against Flink's assignment.
use super::super::report::{check_range, expected_range, operator_key_group_bytes, RangeCheck};
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
