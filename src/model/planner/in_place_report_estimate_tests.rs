//! The in-place section's downtime line: in place weighed against stopping with a savepoint and
//! against the plan's shorter outage, and a job that is down given a running job's figures.

use super::tests::{context, MIB};
use super::*;
use crate::planner::in_place::Scheduler;
use crate::planner::outage::Rates;
use crate::trace::Backend;

/// Where a running job's plan offers its shorter outage (cancel, restore the retained
/// checkpoint), the downtime line weighs in place against it too: the same restore, so as long
/// where no restart raises the timeout first, and quicker by that restart where one does (a new
/// submission takes the longer timeout from its start). The plan's own offer decides when it
/// is named: never for a job that is down, nor where the checkpoint is not the quicker restart.
#[test]
fn in_place_is_weighed_against_the_plans_shorter_outage() {
    let rates = Rates { savepoint: 300 * MIB, rewrite: 300 * MIB, restore: 300 * MIB, incremental: 300 * MIB };
    let line = |state: u64, backend: Backend, target: u32, job: JobStatus, transactional: bool| {
        let mut c = context(24, target, Scheduler::Adaptive, job, Verdict::DirectRestore);
        (c.input.slots, c.state, c.transactional) = (None, (state, rates, backend), transactional);
        c.report().estimate.expect("an estimate")
    };
    // RocksDB scaled in, 4 TiB: in place restarts to raise the timeout first (its incremental
    // checkpoints fit the default), the shorter outage's new submission takes it from its start.
    let quickest = "Cancelling the job and restoring its retained checkpoint at 16 instead (the plan's shorter outage) is down 5 h 5 min, the quickest here: the same restore without the restart before it";
    let rocksdb = line(4 << 40, Backend::RocksDb, 16, JobStatus::Running, true);
    assert!(rocksdb.contains(quickest), "{rocksdb}");
    assert!(!rocksdb.contains("in place is the quicker route here"), "{rocksdb}");
    // With transactional sinks: in place's own no-output total, its two restores' full first
    // checkpoints counted (3 h 53 min + 5 h 5 min + 2 × 3 h 53 min).
    assert!(rocksdb.contains("All three count the job down only"), "{rocksdb}");
    assert!(rocksdb.ends_with("as the plan's outage counts it: 16 h 44 min in all for in place."), "{rocksdb}");
    // A heap job's checkpoints are all full: one that checkpoints runs with a timeout that
    // covers the first, so no restart comes first, and the two are down as long.
    for (state, down) in [(4u64 << 40, "3 h 53 min"), (1 << 30, "3 s")] {
        let heap = line(state, Backend::HashMap, 48, JobStatus::Running, false);
        assert!(heap.starts_with("Downtime: the restart restores"), "{heap}");
        assert!(heap.contains("in place is quicker than that"), "{heap}");
        assert!(heap.contains(&format!("Cancelling the job and restoring its retained checkpoint at 48 (the plan's shorter outage) is down as long, {down}, the same restore, with a cancel")), "{heap}");
    }
    for (state, backend, target, job) in [
        // RocksDB scaled out 24 → 100: the checkpoint's overlap makes it slower than the savepoint.
        (4 << 40, Backend::RocksDb, 100, JobStatus::Running),
        // A job that is down restores straight from its latest snapshot: no cancel to weigh.
        (4 << 40, Backend::HashMap, 48, JobStatus::Down),
    ] {
        let e = line(state, backend, target, job, true);
        assert!(!e.contains("retained checkpoint at") && e.contains("Both count"), "{e}");
    }
}

/// A job that is down and restored directly takes no request: its estimate is a running job's,
/// said so, and calls no route the quicker one here (found by review: a down job was told "in
/// place is the quicker route here" of a stop it cannot take).
#[test]
fn a_down_jobs_estimate_is_a_running_jobs() {
    let rates = Rates { savepoint: 300 * MIB, rewrite: 300 * MIB, restore: 300 * MIB, incremental: 300 * MIB };
    let estimate = |target: u32, backend: Backend, job: JobStatus, verdict: Verdict| {
        let mut c = context(24, target, Scheduler::Adaptive, job, verdict);
        (c.input.slots, c.state) = (None, (1 << 40, rates, backend));
        c.report().estimate.expect("an estimate")
    };
    // (target, backend, the running job's verdict on the two routes, the down job's)
    for (target, backend, running, down) in [
        (48, Backend::HashMap, "in place is the quicker route here", "in place would be the quicker of the two"),
        (
            100,
            Backend::RocksDb,
            "the plan's route is the quicker here",
            "stopping with a savepoint would be the quicker of the two",
        ),
    ] {
        let r = estimate(target, backend, JobStatus::Running, Verdict::RewriteNeeded);
        assert!(r.starts_with("Downtime:") && r.contains(running), "{r}");
        let d = estimate(target, backend, JobStatus::Down, Verdict::DirectRestore);
        assert!(d.starts_with(&format!("This job is down, so the plan's restore at {target} brings it back with no request, in the plan's time. If it were running, an in-place rescale would go like this. Downtime:")), "{d}");
        assert!(d.contains(down) && !d.contains("quicker route here") && !d.contains("quicker here"), "{d}");
    }
    // Down, but brought back first at its old parallelism (not restored directly): it runs
    // when the request is sent, so the comparison is this job's.
    let back_first = estimate(48, Backend::HashMap, JobStatus::Down, Verdict::RewriteNeeded);
    assert!(
        back_first.starts_with("Downtime:") && back_first.contains("in place is the quicker route here"),
        "{back_first}"
    );
}
