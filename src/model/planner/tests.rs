//! The planner on the seed's worked case and on each verdict.

use super::*;

fn seed() -> PlanInput {
    // Seed 004: parallelism 24 → 200, 4 TB of keyed state, max parallelism never set.
    PlanInput {
        current: 24,
        target: 200,
        saved_max: None,
        first: 24,
        state_bytes: 4 << 40,
        throughput: 300 << 20,
        partitions: 256,
        ttl_s: None,
        transactional_sinks: true,
    }
}

#[test]
fn seed_case_needs_a_rewrite_to_1024() {
    let plan = seed().plan();
    assert_eq!(plan.saved_max, 128);
    assert!(!plan.saved_known);
    assert_eq!(plan.verdict, Verdict::RewriteNeeded);
    assert!(matches!(plan.direct_restore, RestoreOutcome::Fails(_)));
    assert_eq!(plan.suggested_max, 1024);
    assert!(plan.suggested_divisors.contains(&256));
    let pnr: Vec<usize> = plan.steps.iter().enumerate().filter(|(_, s)| s.point_of_no_return).map(|(i, _)| i).collect();
    assert_eq!(pnr, vec![5]);
    assert!(plan.steps[..5].iter().all(|s| s.reversible));
    assert!(plan.steps[5].text.contains("first committed write"));
    let rewrite = plan.estimates.iter().find(|e| e.what.starts_with("offline rewrite")).unwrap();
    assert_eq!(rewrite.arithmetic, "2 × 4 TB ÷ 300 MB/s = 7 h 46 min");
    assert!(plan.warnings.iter().any(|w| w.contains("transactional id prefix")));
}

#[test]
fn verdict_table() {
    let cases = [
        (PlanInput { target: 100, ..seed() }, Verdict::DirectRestore),
        (PlanInput { partitions: 24, ..seed() }, Verdict::SourceBound),
        (PlanInput { ttl_s: Some(6 * 3600), ..seed() }, Verdict::RebuildFromLog),
        (PlanInput { ttl_s: Some(30 * 86_400), ..seed() }, Verdict::RewriteNeeded),
        (PlanInput { saved_max: Some(MaxParallelism::new(1024).unwrap()), ..seed() }, Verdict::DirectRestore),
        (PlanInput { first: 200, ..seed() }, Verdict::DirectRestore),
    ];
    for (input, expected) in cases {
        assert_eq!(input.plan().verdict, expected, "{input:?}");
    }
    let direct = PlanInput { target: 100, ..seed() }.plan();
    assert_eq!(direct.steps.iter().filter(|s| s.point_of_no_return).count(), 1);
}

#[test]
fn durations_parse_and_format() {
    for (text, expected) in [
        ("6h", Some(21_600)),
        ("30 min", Some(1800)),
        ("2d", Some(172_800)),
        ("90", Some(90)),
        ("none", None),
        ("", None),
    ] {
        assert_eq!(parse_ttl(text), Ok(expected), "{text:?}");
    }
    for text in ["-1h", "6 weeks", "h", "99999999999d"] {
        assert!(parse_ttl(text).is_err(), "{text:?}");
    }
    assert_eq!(format_duration(27_000), "7 h 30 min");
    assert_eq!(format_duration(59), "59 s");
    assert_eq!(format_duration(3600), "1 h");
}
