//! Aggregation conserves totals; the skew percentage matches Flink's own test cases and
//! hand-computed tables; the diagnosis separates hot keys from uneven key-group counts.

use super::*;
use crate::Key;
use proptest::prelude::*;

fn load(key: &str, events: u64) -> KeyLoad {
    KeyLoad { key: Key::Str(key.to_string()), events_milli: events * 1000, bytes: events * 10 }
}

fn par(max: i64, p: i64) -> Parallelism {
    Parallelism::new(p, MaxParallelism::new(max).unwrap()).unwrap()
}

#[test]
fn skew_matches_flinks_cases() {
    // Flink's DoubleAccumulatorTest, and hand-computed rows.
    for (values, expected) in [
        (vec![23, 3, 10], 61),
        (vec![300, 0, 0], 100),
        (vec![0, 0, 0], 0),
        (vec![50, 51, 52], 1),
        (vec![], 0),
        (vec![5], 0),
        (vec![100, 100, 100, 100], 0),
        (vec![400, 0, 0, 0], 100),
        (vec![10, 20], 33),
        (vec![2, 1, 1, 2], 33),
        (vec![1, 3], 50),
        (vec![7, 9], 13), // 12.5 rounds half up
    ] {
        assert_eq!(data_skew_percent(&values), expected, "{values:?}");
    }
}

#[test]
fn totals_are_conserved_and_skew_seen_per_subtask() {
    let keys: Vec<KeyLoad> = (0..500).map(|i| load(&format!("k{i}"), (i % 7) + 1)).collect();
    let groups = GroupLoads::new(&keys, MaxParallelism::new(128).unwrap());
    for p in [1, 3, 12, 100, 128] {
        let loads = SubtaskLoads::new(&groups, par(128, p));
        let sum = loads.subtasks.iter().fold(Load::default(), |mut acc, s| {
            acc.add(s);
            acc
        });
        assert_eq!(sum, groups.total);
        assert_eq!(loads.key_groups.iter().sum::<u32>(), 128);
    }
    assert_eq!(groups.total.keys, 500);
    assert_eq!(groups.total.events_milli, keys.iter().map(|k| k.events_milli).sum::<u64>());
}

#[test]
fn diagnosis_table() {
    let max = MaxParallelism::new(128).unwrap();
    // One key with half of all traffic: no parallelism helps.
    let mut hot: Vec<KeyLoad> = (0..1000).map(|i| load(&format!("user-{i}"), 1)).collect();
    hot.push(load("celebrity", 1000));
    let loads = SubtaskLoads::new(&GroupLoads::new(&hot, max), par(128, 8));
    assert!(matches!(diagnose(&hot, &loads), SkewCause::HotKey { key: 1000, .. }));
    // Every key group equally loaded, p = 100: the 28 subtasks with two groups are the busiest.
    let even: Vec<KeyLoad> = (0..128).map(|g| KeyLoad { key: Key::Int(g), events_milli: 1000, bytes: 0 }).collect();
    let groups = GroupLoads::new(&even, max);
    let spread = groups.groups.iter().filter(|g| g.keys > 0).count();
    assert!(spread > 70, "{spread}");
    assert_eq!(diagnose(&even, &SubtaskLoads::new(&groups, par(128, 1))), SkewCause::Balanced);
}

#[test]
fn uniform_group_load_at_128_over_100_is_uneven_groups() {
    // A synthetic set with exactly one key per key group.
    let max = MaxParallelism::new(128).unwrap();
    let mut keys = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut i = 0;
    while seen.len() < 128 {
        let key = Key::Str(format!("g{i}"));
        if seen.insert(max.key_group_of(&key).index()) {
            keys.push(KeyLoad { key, events_milli: 1000, bytes: 0 });
        }
        i += 1;
    }
    let groups = GroupLoads::new(&keys, max);
    let loads = SubtaskLoads::new(&groups, par(128, 100));
    assert_eq!(
        loads.skew_percent,
        data_skew_percent(&loads.key_groups.iter().map(|&g| u64::from(g)).collect::<Vec<_>>())
    );
    assert_eq!(diagnose(&keys, &loads), SkewCause::UnevenGroups);
    assert_eq!(SubtaskLoads::new(&groups, par(128, 64)).skew_percent, 0);
    let top = top_keys_of(&keys, &groups, par(128, 100), loads.busiest, 5);
    assert_eq!(top.len(), 2);
}

proptest! {
    #[test]
    fn skew_is_a_percentage(values in proptest::collection::vec(0u64..u64::MAX / 4, 0..50)) {
        prop_assert!(data_skew_percent(&values) <= 100);
    }

    #[test]
    fn conservation_holds(events in proptest::collection::vec(0u64..1_000_000, 0..200), p in 1i64..=64) {
        let keys: Vec<KeyLoad> = events.iter().enumerate().map(|(i, &e)| KeyLoad { key: Key::Long(i as i64 * 7919), events_milli: e, bytes: e * 3 }).collect();
        let groups = GroupLoads::new(&keys, MaxParallelism::new(64).unwrap());
        let loads = SubtaskLoads::new(&groups, par(64, p));
        prop_assert_eq!(loads.subtasks.iter().map(|s| s.events_milli).sum::<u64>(), events.iter().sum::<u64>());
        prop_assert_eq!(loads.subtasks.iter().map(|s| s.keys).sum::<u64>(), keys.len() as u64);
        prop_assert_eq!(loads.subtasks.iter().map(|s| s.bytes).sum::<u64>(), keys.iter().map(|k| k.bytes).sum::<u64>());
    }

    #[test]
    fn the_top_keys_are_the_head_of_the_full_sort(events in proptest::collection::vec(0u64..20, 0..300), limit in 0usize..12, subtask in 0u32..4) {
        // Few distinct loads: many ties, which the order breaks by position.
        let keys: Vec<KeyLoad> = events.iter().enumerate().map(|(i, &e)| KeyLoad { key: Key::Int(i as i32), events_milli: e, bytes: 0 }).collect();
        let groups = GroupLoads::new(&keys, MaxParallelism::new(16).unwrap());
        let p = par(16, 4);
        let range = p.range_of(p.operator(subtask).unwrap());
        let mut all: Vec<usize> = (0..keys.len()).filter(|&i| (range.first()..=range.last()).contains(&groups.group_of_key[i])).collect();
        all.sort_by(|&a, &b| keys[b].events_milli.cmp(&keys[a].events_milli).then(a.cmp(&b)));
        all.truncate(limit);
        prop_assert_eq!(top_keys_of(&keys, &groups, p, subtask, limit), all);
    }

    #[test]
    fn groups_extended_slice_by_slice_are_the_groups_of_the_whole(events in proptest::collection::vec(0u64..1000, 0..300), cuts in proptest::collection::vec(0usize..300, 0..6)) {
        let keys: Vec<KeyLoad> = events.iter().enumerate().map(|(i, &e)| KeyLoad { key: Key::Str(format!("k{i}")), events_milli: e, bytes: e * 2 }).collect();
        let max = MaxParallelism::new(128).unwrap();
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(keys.len())).collect();
        cuts.push(keys.len());
        cuts.sort_unstable();
        let mut stepped = GroupLoads::start(max, keys.len());
        let mut from = 0;
        for cut in cuts {
            stepped.extend(&keys[from..cut]);
            from = cut;
        }
        prop_assert_eq!(stepped, GroupLoads::new(&keys, max));
    }

    #[test]
    fn the_ranked_curve_is_the_sorted_events_and_the_heaviest_come_first(events in proptest::collection::vec(0u64..5000, 0..200)) {
        let keys: Vec<KeyLoad> = events.iter().enumerate().map(|(i, &e)| KeyLoad { key: Key::Int(i as i32), events_milli: e, bytes: 0 }).collect();
        let ranked = Ranked::of(&keys);
        let mut expected: Vec<u64> = events.iter().map(|e| e.div_ceil(1000)).collect();
        expected.sort_by(|a, b| b.cmp(a));
        prop_assert_eq!(&ranked.sorted_events, &expected);
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_by(|&a, &b| events[b].cmp(&events[a]).then(a.cmp(&b)));
        order.truncate(3);
        prop_assert_eq!(ranked.heaviest, order);
    }
}
