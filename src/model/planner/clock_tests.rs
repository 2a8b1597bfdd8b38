//! The plan's clock on seed 004: running (its downtime and duration, each throughput its own),
//! a job that is down (two outage windows), a tiny state (under a second), and the timeline's
//! axis ticks and row names.

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
    // Its first checkpoint is a full one, past the default timeout: the step says the timeout
    // its commands set (found by review: only the commands said it).
    assert!(
        plan.steps[0].text.starts_with("The job is down: bring it back first, from its latest retained checkpoint at its old parallelism 24 (at most the snapshot's max parallelism 128), in NO_CLAIM mode, with execution.checkpointing.timeout at 467 min (7 h 47 min) and tolerable-failed-checkpoints at 3, so that it runs again"),
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
    // Straight 24 → 100 from RocksDB's files reads 4.1875 × the state (20 h 8 min with its first
    // checkpoint); brought back at 24 first and then moved with a savepoint, 19 h 25 min in all:
    // offered as the shorter outage. A heap checkpoint is read once: none is offered.
    let alt = direct.alternative.as_ref().unwrap();
    assert!(alt.what.starts_with("bring it back at its old parallelism first"), "{}", alt.what);
    assert_eq!((alt.seconds, alt.total()), (69_905, "19 h 25 min in all".to_string()));
    assert_eq!(direct.timeline.downtime_s(), 13_981 * 67 / 16 + 13_981);
    let heap = PlanInput { target: 100, backend: crate::trace::Backend::HashMap, ..input }.plan();
    assert!(heap.alternative.is_none());
    // Running, 24 → 16 from its checkpoint (1.3125 × the state) is quicker than a savepoint, and
    // takes none: it stands in for the whole outage, the restart with a longer timeout included.
    let shrink = PlanInput { target: 16, job: JobStatus::Running, ..input }.plan();
    let (alt, t) = (shrink.alternative.as_ref().unwrap(), &shrink.timeline);
    assert!(alt.replaces_all && t.downtime_s() > t.cutover_outage().0);
    assert_eq!(alt.instead_of_s(t), t.downtime_s());
    let heap = PlanInput {
        backend: crate::trace::Backend::HashMap,
        ..PlanInput { target: 16, job: JobStatus::Running, ..input }
    }
    .plan();
    assert!(heap.alternative.unwrap().conditions[1].starts_with("A heap checkpoint: each key group is read once"));
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

/// Seed 004's clock: 4 TiB at 300 MiB/s each way. The outage is the stop savepoint, its rewrite
/// and the restore (hours); the plan, with the shadow's day, about two days end to end.
#[test]
fn seed_case_downtime_and_duration() {
    use super::outage::RestoreFrom;
    let plan = seed().plan();
    let t = &plan.timeline;
    // The seed's sinks are transactional: the consumers' outage lasts until the first
    // checkpoint after the restore (a full one, observed) has completed.
    // A savepoint of 4 TiB outlasts the default timeout: the job is first restarted with a longer
    // one (from its retained checkpoint, and its first checkpoint), a window of its own.
    assert_eq!(t.phases.len(), 10);
    assert_eq!(t.phases.iter().filter(|p| p.downtime).count(), 6);
    assert_eq!(t.downtime_s(), 27_962 + 13_981 + 27_962 + 13_981 + 13_981);
    assert_eq!(
        t.downtime_arithmetic(),
        "3 h 53 min + 3 h 53 min + 3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 27 h 11 min"
    );
    assert_eq!(t.cutover_outage().1, "3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 19 h 25 min");
    // Left out, and said so: the live job's savepoint, during which no checkpoint starts at the
    // default of one at a time (observed), so nothing commits: 27 h 11 min + 3 h 53 min.
    let gap = t.commit_gap_note().unwrap();
    assert!(gap.starts_with("Not counted: the live job's own savepoint (3 h 53 min), while it runs."), "{gap}");
    assert!(gap.ends_with("the transactional sinks commit nothing then either: 31 h 4 min in all."), "{gap}");
    assert_eq!((format_duration(t.total_s()), format_days(t.total_s())), ("66 h 43 min".into(), "2.7 days".into()));
    // Without transactional sinks the job serves while its first checkpoint uploads.
    let plain = PlanInput { transactional_sinks: false, ..seed() }.plan().timeline;
    assert_eq!(plain.commit_gap_note(), None);
    // Nor a transactional id to keep apart, in the steps or the shorter outage's risks.
    for input in [
        PlanInput { transactional_sinks: false, ..seed() },
        PlanInput { transactional_sinks: false, ttl_s: Some(6 * 3600), ..seed() },
    ] {
        let p = input.plan();
        let mut said: Vec<&str> = p.steps.iter().map(|s| s.text.as_str()).collect();
        said.extend(p.alternative.iter().flat_map(|a| a.risks.iter().copied()));
        assert!(said.iter().all(|t| !t.contains("transactional id")), "{said:?}");
    }
    assert!(plan.alternative.as_ref().unwrap().risks.iter().any(|r| r.contains("transactional id prefix")));
    // A rebuild from the log stops two jobs; the clock counts one savepoint because the steps
    // take them side by side, and say so.
    let rebuild = PlanInput { ttl_s: Some(6 * 3600), ..seed() }.plan();
    assert_eq!(rebuild.verdict, Verdict::RebuildFromLog);
    let stops = rebuild.timeline.phases.iter().filter(|p| p.kind == outage::PhaseKind::StopWithSavepoint).count();
    assert_eq!(stops, 1);
    assert!(rebuild.steps.iter().any(|s| s.text.contains("the two savepoints are taken side by side")));
    assert_eq!(plain.cutover_outage().1, "3 h 53 min + 7 h 46 min + 3 h 53 min = 15 h 32 min");
    assert_eq!(plain.total_s(), t.total_s());
    assert!(plain.point_of_no_return_s() < plain.total_s());
    assert_eq!(t.point_of_no_return_s(), t.total_s());
    assert_eq!(t.downtime(), Some((t.total_s() - t.cutover_outage().0, t.total_s())));
    let alt = plan.alternative.as_ref().unwrap();
    assert!(alt.what.starts_with("cut over from the shadow job's own state"));
    // Its restore is followed by a full first checkpoint too, which transactional sinks wait for.
    assert_eq!(
        (alt.seconds, alt.arithmetic.as_str()),
        (
            41_943,
            "stop the live job with a savepoint: 4 TiB ÷ 300 MiB/s = 3 h 53 min, then restore the shadow's: \
             4 TiB ÷ 300 MiB/s = 3 h 53 min, then the first checkpoint: 4 TiB ÷ 300 MiB/s = 3 h 53 min"
        )
    );
    assert_eq!(alt.total(), "11 h 39 min in all");
    assert!(alt.risks.iter().any(|r| r.contains("its own position in the log")));
    // The interim: run at 128 now. From the retained incremental checkpoint each new subtask
    // downloads its old subtask's whole files: 5.375 × the state, so the savepoint is quicker;
    // but a savepoint of the running job would outlast the default timeout, so the job is first
    // restarted with a longer one (the plan's first step, 7 h 46 min with its first checkpoint),
    // then stopped with a savepoint and restored at 128 (11 h 39 min with its own).
    let i = plan.interim.as_ref().unwrap();
    assert_eq!((i.parallelism, i.read.to_string().as_str(), i.restore_from), (128, "5.375", RestoreFrom::Savepoint));
    assert!(i.imbalance.is_even());
    assert_eq!(i.seconds, 27_962 + 27_962 + 13_981);
    assert!(i.arithmetic.starts_with("7 h 46 min to restart it with a longer checkpoint timeout at 24, then 7 h 46 min to stop it with a savepoint and restore it at 128"), "{}", i.arithmetic);
    assert!(
        i.how.starts_with("Its savepoint would outlast the default checkpoint timeout: restart it at 24 with a longer one first, as the plan's first step does (7 h 46 min), then stop it with a savepoint and restore at 128."),
        "{}",
        i.how
    );
    // A running job whose savepoint fits the default timeout (100 GiB: 341 s) is stopped with
    // one straight away: its restore's first checkpoint is full as well, and the sinks wait for it.
    let small = PlanInput { state_bytes: 100 << 30, ..seed() }.plan();
    let i = small.interim.as_ref().unwrap();
    assert_eq!((i.restore_from, i.seconds), (RestoreFrom::Savepoint, 341 * 3));
    assert!(
        i.how.starts_with("Stop with a savepoint and restore from it: quicker here than restarting 24 → 128"),
        "{}",
        i.how
    );
    // Seed 004's job is down. Straight from its incremental checkpoint 24 → 128 reads 5.375 ×
    // the state: 20 h 52 min and the first checkpoint, 24 h 45 min down. Brought back at 24
    // first (the plan's first step, 7 h 46 min with its first checkpoint), then stopped with a
    // savepoint and restored at 128 (11 h 39 min): 19 h 25 min in all, so that is the relief.
    let down = PlanInput { job: JobStatus::Down, ..seed() }.plan();
    let i = down.interim.as_ref().unwrap();
    assert_eq!((i.parallelism, i.read.to_string(), i.restore_from), (128, "5.375".into(), RestoreFrom::Savepoint));
    assert_eq!(i.seconds, 69_905);
    assert_eq!(format_duration(i.seconds), "19 h 25 min");
    assert_eq!(i.arithmetic, "7 h 46 min to bring it back at 24, then 7 h 46 min to stop it with a savepoint and restore it at 128 (4 TiB ÷ 300 MiB/s = 3 h 53 min, then 4 TiB ÷ 300 MiB/s = 3 h 53 min), then the first checkpoint: 4 TiB ÷ 300 MiB/s = 3 h 53 min");
    assert!(i.how.starts_with("The job is down: bring it back at 24 first, as the plan's first step does (7 h 46 min), then stop it with a savepoint and restore at 128."), "{}", i.how);
    let heap = PlanInput { job: JobStatus::Down, backend: crate::trace::Backend::HashMap, ..seed() }.plan();
    // A heap checkpoint is read once: straight from it is down less (7 h 46 min with its first
    // checkpoint, against 7 h 46 min + 11 h 39 min).
    let i = heap.interim.as_ref().unwrap();
    assert!(i.read.is_once());
    assert_eq!((i.seconds, i.restore_from), (13_981 + 13_981, RestoreFrom::IncrementalCheckpoint));
    assert!(i.how.starts_with("The job is down, so there is no savepoint to take: restore it at 128 straight from its latest retained checkpoint (a heap snapshot: each key group read once)"), "{}", i.how);
}

/// Each step reads its own throughput; the outage follows them.
#[test]
fn separate_throughputs_table() {
    let cases = [
        // savepoint, rewrite, restore (MiB/s) → downtime arithmetic
        (300, 300, 300, "3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 19 h 25 min"),
        // Written to the minute, these terms add up to 11 h 58 min: to the second, they say so.
        (1024, 300, 600, "1 h 8 min 16 s + 7 h 46 min 2 s + 1 h 56 min 30 s + 1 h 8 min 16 s = 11 h 59 min 4 s"),
        (300, 1200, 300, "3 h 53 min + 1 h 56 min + 3 h 53 min + 3 h 53 min = 13 h 35 min"),
    ];
    for (sp, rw, rs, text) in cases {
        let input = PlanInput { savepoint_rate: sp << 20, throughput: rw << 20, restore_rate: rs << 20, ..seed() };
        assert_eq!(input.plan().timeline.cutover_outage().1, text, "{sp} {rw} {rs}");
    }
    // A direct restore: stop with a savepoint and read it; no interim, no shadow.
    let direct = PlanInput { target: 100, ..seed() }.plan();
    assert_eq!(direct.timeline.cutover_outage().1, "3 h 53 min + 3 h 53 min + 3 h 53 min = 11 h 39 min");
    assert!(direct.interim.is_none() && direct.alternative.is_none());
    // Seed 004 as it happened (down): the job comes back from its retained incremental
    // checkpoint at the download rate; the rewritten savepoint is restored at the restore rate.
    let down =
        PlanInput { job: JobStatus::Down, restore_rate: 100 << 20, incremental_rate: 1000 << 20, ..seed() }.plan();
    let phase = |short: &str| down.timeline.phases.iter().find(|p| p.short() == short).unwrap().arithmetic.clone();
    assert_eq!(phase("bring the job back"), "4 TiB ÷ 1000 MiB/s = 1 h 9 min");
    assert_eq!(phase("restore at target"), "4 TiB ÷ 100 MiB/s = 11 h 39 min");
    // A heap job's retained checkpoint is a snapshot read once at the restore rate, whatever the
    // overlap; RocksDB's downloads each overlapping file (5.375 × from 24 to 128 subtasks).
    let direct = |backend| {
        let input = PlanInput {
            target: 128,
            restore_rate: 100 << 20,
            incremental_rate: 1000 << 20,
            backend,
            job: JobStatus::Down,
            ..seed()
        };
        let phases = input.plan().timeline.phases;
        phases.iter().find(|p| p.kind == outage::PhaseKind::RestoreFromCheckpoint).map(|p| p.arithmetic.clone())
    };
    assert_eq!(direct(crate::trace::Backend::HashMap).as_deref(), Some("4 TiB ÷ 100 MiB/s = 11 h 39 min"));
    assert_eq!(direct(crate::trace::Backend::RocksDb).as_deref(), Some("5.375 × 4 TiB ÷ 1000 MiB/s = 6 h 15 min"));
}
