//! The plan's clock on seed 004: a job that is down (two outage windows), a tiny state (under a
//! second), and the timeline's axis ticks and row names.

use super::tests::seed;
use super::*;

/// Seed 004 as it happened: the restart at 200 failed and the job is down. The plan brings it
/// back first from its retained checkpoint at 24 (each subtask reads its own files once), then
/// plans the rewrite from that running job; the outage is both windows.
#[test]
fn a_job_that_is_down_comes_back_first() {
    let input = PlanInput::default();
    assert_eq!(input.job, JobStatus::Down);
    let plan = input.plan();
    assert_eq!(plan.verdict, Verdict::RewriteNeeded);
    assert!(
        plan.steps[0].text.starts_with(
            "The job is down: bring it back first, from its latest retained checkpoint at its old parallelism 24"
        ),
        "{}",
        plan.steps[0].text
    );
    assert!(plan.steps[0].reversible && !plan.steps[0].point_of_no_return);
    assert_eq!(plan.steps.len(), seed().plan().steps.len(), "one first step each: bring back, or restart");
    let t = &plan.timeline;
    assert_eq!((t.phases[0].short(), t.phases[0].downtime, t.phases[0].seconds), ("bring the job back", true, 13_981));
    assert_eq!(t.phases[0].arithmetic, "4 TiB ÷ 300 MiB/s = 3 h 53 min");
    // Back, then its first checkpoint (full after a NO_CLAIM restore): with transactional sinks
    // the consumers wait for it too.
    assert_eq!((t.phases[1].short(), t.phases[1].downtime, t.phases[1].seconds), ("first checkpoint", true, 13_981));
    // The running seed, as large, is restarted with a longer timeout first: down as long, from
    // its latest retained checkpoint at its old parallelism.
    let running = seed().plan().timeline;
    assert_eq!(running.phases[0].kind, outage::PhaseKind::RaiseTimeout);
    assert_eq!(running.phases[0].seconds, t.phases[0].seconds);
    assert_eq!(t.windows(), running.windows());
    assert_eq!(t.windows()[0], (0, 27_962));
    assert_eq!(t.downtime_s(), running.downtime_s());
    assert_eq!(
        t.downtime_arithmetic(),
        "3 h 53 min + 3 h 53 min + 3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 27 h 11 min"
    );
    assert_eq!(t.point_of_no_return_s(), t.total_s());
    // Within the ceiling, nothing runs to take a savepoint of: one restore, from the checkpoint.
    let direct = PlanInput { target: 100, ..input }.plan();
    assert_eq!(direct.verdict, Verdict::DirectRestore);
    assert_eq!(direct.timeline.phases.len(), 2);
    assert!(direct.timeline.phases[0].what.contains("retained incremental checkpoint"));
    assert_eq!(direct.timeline.phases[1].short(), "first checkpoint");
    assert!(direct.alternative.is_none());
    assert!(direct.steps.iter().all(|s| !s.text.contains("Stop the job with a savepoint")));
    assert!(direct
        .steps
        .iter()
        .any(|s| s.point_of_no_return
            && s.text.contains("start it from its latest retained checkpoint at parallelism 100")));
}

/// A state of a few KiB (the inspector's samples) moves in under a second: the outage says so
/// rather than adding zeros.
#[test]
fn a_tiny_state_is_down_for_under_a_second() {
    let input =
        PlanInput { state_bytes: 14 << 10, target: 12, current: 4, saved_max: MaxParallelism::new(128).ok(), ..seed() };
    let t = input.plan().timeline;
    assert_eq!(t.downtime_s(), 0);
    assert!(t.downtime_arithmetic().starts_with("each step moves the state in under a second"));
    assert_eq!(format_duration(t.downtime_s()), "under 1 s");
    assert!(t.phases.iter().all(|p| p.arithmetic.ends_with("= under 1 s")), "{:?}", t.phases);
}

/// Each kind of step has its own row label, and the kinds the plan's other parts look for are
/// the ones their labels name: a savepoint written (not one restored), a restore of a job that is
/// down from its latest snapshot.
#[test]
fn each_kind_of_step_has_its_own_label() {
    use outage::PhaseKind;
    let shorts: std::collections::BTreeSet<&str> = PhaseKind::ALL.iter().map(|k| k.short()).collect();
    assert_eq!(shorts.len(), PhaseKind::ALL.len(), "{shorts:?}");
    for kind in PhaseKind::ALL {
        let short = kind.short();
        let writes = short.contains("savepoint") && !short.starts_with("restore");
        assert_eq!(kind.takes_savepoint(), writes, "{kind:?}");
        let from_latest = ["bring the job back", "restore from checkpoint", "restore from savepoint"].contains(&short);
        assert_eq!(kind.restores_latest(), from_latest, "{kind:?}");
    }
}

/// The time axis is labelled at round steps and at the total, and every row has a short name.
#[test]
fn timeline_ticks_end_at_the_total_and_rows_are_named() {
    let t = seed().plan().timeline;
    let h = |n: u64| n * 3600;
    assert_eq!(t.ticks(), vec![0, h(12), h(24), h(36), h(48), t.total_s()]);
    let shorts: Vec<&str> = t.phases.iter().map(|p| p.short()).collect();
    assert_eq!(
        shorts,
        [
            "restart with a longer timeout",
            "first checkpoint",
            "live savepoint",
            "rewrite",
            "shadow restore",
            "shadow comparison",
            "stop with savepoint",
            "rewrite again",
            "restore at target",
            "first checkpoint"
        ]
    );
    for total in [0u64, 1, 59, 61, 3599, 7200, 86_399, 10 * 86_400, 400 * 86_400] {
        let one = outage::Phase {
            kind: outage::PhaseKind::Rewrite,
            what: "x",
            arithmetic: String::new(),
            seconds: total,
            downtime: true,
        };
        let ticks = outage::Timeline { phases: vec![one] }.ticks();
        assert_eq!((ticks.first(), ticks.last()), (Some(&0), Some(&total)), "{total}");
        assert!(ticks.len() <= 7 && ticks.windows(2).all(|w| w[0] < w[1]), "{total}: {ticks:?}");
        // No round tick crowds the total's label.
        assert!(ticks.len() < 2 || total == 0 || (total - ticks[ticks.len() - 2]) * 5 >= total, "{total}: {ticks:?}");
    }
}
