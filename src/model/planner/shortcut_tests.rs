//! The plan's shorter outage (cancel, restore the retained checkpoint) and the in-place route
//! weigh the same restore: offered in the same cases, and asking for the longer timeout alike.

use super::tests::seed;
use super::*;

/// The plan's shorter outage for a running job (cancel, restore the retained checkpoint) is the
/// one the in-place route weighs itself against: offered in the same cases, down as long, and
/// asking for the longer timeout where in place restarts to raise it first.
#[test]
fn the_shortcut_is_the_one_in_place_weighs_itself_against() {
    use crate::planner::in_place::{InPlaceInput, Scheduler};
    use crate::planner::outage::{Rates, RAISED_TIMEOUT_CONDITION};
    use crate::planner::release::Release;
    use crate::trace::Backend::{HashMap, RocksDb};
    let mut offered = 0;
    for (state_bytes, backend, target) in [
        (4 << 40, HashMap, 48),
        (1 << 30, HashMap, 48),
        (4 << 40, RocksDb, 16),
        (1 << 30, RocksDb, 16),
        (4 << 40, RocksDb, 100),
        (1 << 30, RocksDb, 32),
    ] {
        let input =
            PlanInput { state_bytes, backend, target, job: JobStatus::Running, transactional_sinks: false, ..seed() };
        let plan = input.plan();
        assert_eq!(plan.verdict, Verdict::DirectRestore);
        let rates = Rates {
            savepoint: input.savepoint_rate,
            rewrite: input.throughput,
            restore: input.restore_rate,
            incremental: input.incremental_rate,
        };
        let in_place = InPlaceInput {
            current: input.current,
            target,
            max_parallelism: plan.saved_max,
            scheduler: Scheduler::Adaptive,
            slots: None,
            release: Release::V2_3,
        };
        let e = in_place.estimate(state_bytes, rates, backend).expect("it rescales");
        let case = format!("{state_bytes} B, {backend:?}, 24 → {target}");
        assert_eq!(plan.alternative.as_ref().map(|a| a.seconds), e.shortcut_s, "{case}");
        // The new submission asks for the longer timeout wherever the full first checkpoint
        // needs it; in place restarts for it only with RocksDB (a heap job runs with it already).
        let raise = crate::planner::first_checkpoint::needs_raise(e.first_checkpoint_s);
        assert_eq!(e.timeout_first.is_some(), raise && backend == RocksDb, "{case}");
        if let Some(alt) = &plan.alternative {
            offered += 1;
            assert_eq!(alt.conditions.contains(&RAISED_TIMEOUT_CONDITION), raise, "{case}");
        }
    }
    assert_eq!(offered, 4, "the heap's and RocksDB's scale-ins, not its scale-outs (2 × and 4.1875 × the state)");
}
