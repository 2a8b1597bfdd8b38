//! Trace invariants: totals conserved where state is preserved; the exact divergence where
//! it is not; refusals where Flink refuses.

use super::*;

fn input(scenario: Scenario, p1: i64, p2: u32) -> TraceInput {
    let max = MaxParallelism::new(128).unwrap();
    TraceInput { scenario, p1: Parallelism::new(p1, max).unwrap(), p2, keys: 12, events: 240, snapshot_at: 160 }
}

fn pre_and_post(input: &TraceInput, key: &str) -> (i64, i64) {
    let hot = input.scenario == Scenario::HotKey;
    let (mut pre, mut post) = (0, 0);
    for offset in 0..input.events {
        let (k, v) = event(offset, input.keys, hot);
        if k == key {
            if offset < input.snapshot_at {
                pre += v
            } else {
                post += v
            }
        }
    }
    (pre, post)
}

#[test]
fn preserved_scenarios_conserve_every_total() {
    for (scenario, p1, p2) in [
        (Scenario::PlainRescale, 4, 6),
        (Scenario::PlainRescale, 6, 4),
        (Scenario::HotKey, 4, 8),
        (Scenario::SchemaCompatible, 3, 5),
        (Scenario::PlainRescale, 1, 128),
    ] {
        let i = input(scenario, p1, p2);
        let r = i.run();
        assert_eq!(r.verdict, TraceVerdict::Preserved, "{scenario:?} {p1}→{p2}");
        assert_eq!(
            r.rows.iter().map(|row| row.expected).sum::<i64>(),
            r.rows.iter().map(|row| row.actual.unwrap()).sum::<i64>()
        );
        assert_eq!(r.source_actual, Some(240));
    }
    assert!(
        input(Scenario::PlainRescale, 4, 6).run().rows.iter().any(KeyRow::moved),
        "some keys change owner and keep their totals"
    );
    assert!(input(Scenario::HotKey, 4, 8).run().busiest_share_permille >= 500);
}

#[test]
fn refused_scenarios_match_the_predictor() {
    let r = input(Scenario::MaxParallelismChanged, 4, 6).run();
    match r.verdict {
        TraceVerdict::Refused { reason } => {
            assert!(reason.contains("max parallelism 128 to new program with max parallelism 256"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(input(Scenario::SchemaIncompatible, 4, 6).run().verdict, TraceVerdict::Refused { .. }));
    let too_wide = input(Scenario::PlainRescale, 4, 200).run();
    match too_wide.verdict {
        TraceVerdict::Refused { reason } => assert!(reason.contains("(128)") && reason.contains("(200)"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn lost_scenarios_diverge_exactly() {
    let i = input(Scenario::KeyFunctionChanged, 4, 6);
    let r = i.run();
    assert_eq!(r.verdict, TraceVerdict::Lost);
    for row in &r.rows {
        let (_, post) = pre_and_post(&i, &row.key);
        assert_eq!(row.actual, Some(post), "{}: the new key holds only events after the restore", row.key);
    }
    let i = input(Scenario::UidChangedAllowNonRestored, 4, 6);
    let r = i.run();
    assert_eq!(r.verdict, TraceVerdict::Lost);
    assert_eq!(r.source_actual, Some(240), "the job ran to the end of the trace");
    for row in &r.rows {
        let (pre, post) = pre_and_post(&i, &row.key);
        assert_eq!(row.expected - row.actual.unwrap(), pre, "{}", row.key);
        assert_eq!(row.actual, Some(post));
    }
}

#[test]
fn list_state_redistribution() {
    let offsets: Vec<String> = (0..8).map(|i| format!("partition-{i}")).collect();
    let split = redistribute_list(&offsets, 3, false);
    assert_eq!(split.iter().map(Vec::len).collect::<Vec<_>>(), vec![3, 3, 2]);
    assert_eq!(split.concat(), offsets);
    let union = redistribute_list(&offsets, 3, true);
    assert!(union.iter().all(|u| u == &offsets));
    assert_eq!(redistribute_list(&offsets, 10, false).iter().filter(|v| v.is_empty()).count(), 2);
}

#[test]
fn max_parallelism_change_is_refused_even_at_the_cap() {
    let max = MaxParallelism::new(32768).unwrap();
    let input = TraceInput {
        scenario: Scenario::MaxParallelismChanged,
        p1: Parallelism::new(4, max).unwrap(),
        p2: 6,
        keys: 12,
        events: 240,
        snapshot_at: 160,
    };
    match input.run().verdict {
        TraceVerdict::Refused { reason } => {
            assert!(reason.contains("max parallelism 32768 to new program with max parallelism 16384"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}
