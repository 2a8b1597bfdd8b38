//! Reducer and query round-trip tests of the planner's state (`state.rs`).

use super::*;
use crate::labs::frame::LabState;
use crate::labs::planner::query::{FIRST, MAXP, P, SAVED_MAXP, SCHEDULER, SLOTS_FOR_JOB, STATE, TTL};
use crate::model::planner::in_place::Scheduler;
use crate::model::planner::Verdict;
use crate::model::restore::FailedCheck;
use crate::url::Params;

/// The state a link without parameters opens.
fn seed() -> Rc<PlannerState> {
    Rc::new(PlannerState::parse(&Params::default()).0)
}

/// The state's link, read back.
fn reopened(s: &PlannerState) -> PlannerState {
    let href = crate::url::format_hash(Lab::Planner, &Default::default(), &s.pairs());
    PlannerState::parse(&crate::url::Location::parse(&href).params).0
}

#[test]
fn opens_on_the_seed_case_and_round_trips() {
    let s = seed();
    assert_eq!(
        s.restore(),
        RestoreOutcome::Fails(FailedCheck::SavedMaxBelowParallelism { saved: 128, parallelism: 200 })
    );
    assert_eq!(s.plan_input().plan().verdict, Verdict::RewriteNeeded);
    assert_eq!(reopened(&s), *s);
    let s = [MAXP.typed("256"), TTL.typed("6h"), STATE.typed("lots")].into_iter().fold(s, Reducible::reduce);
    assert_eq!(s.restore(), RestoreOutcome::Fails(FailedCheck::MaxParallelismChanged { saved: 128, new: 256 }));
    assert_eq!(s.ttl.value, Some(21_600));
    assert_eq!(reopened(&s).ttl.value, Some(21_600));
    assert!(s.state.error.as_deref().unwrap().contains("not a size"));
    assert_eq!(s.state.value, 4 << 40);
}

/// One snapshot value, one story: the predictor and the plan read the same max parallelism,
/// so setting it to 2048 makes both say the job starts at 200, and leaving it unknown makes
/// both use the default for the first parallelism.
#[test]
fn predictor_and_plan_tell_one_story() {
    let cases = [
        // saved_maxp, first, p = target, predictor ok?, plan verdict
        ("", "24", "200", false, Verdict::RewriteNeeded),
        ("2048", "24", "200", true, Verdict::DirectRestore),
        ("128", "24", "100", true, Verdict::DirectRestore),
        ("", "200", "200", true, Verdict::DirectRestore),
        ("", "24", "129", false, Verdict::RewriteNeeded),
    ];
    for (saved, first, p, starts, verdict) in cases {
        let s = seed();
        let s = [SAVED_MAXP.typed(saved), FIRST.typed(first), P.typed(p)].into_iter().fold(s, Reducible::reduce);
        let plan = s.plan_input().plan();
        assert_eq!(matches!(s.restore(), RestoreOutcome::Ok { .. }), starts, "{saved} {first} {p}");
        assert_eq!(plan.verdict, verdict, "{saved} {first} {p}");
        assert_eq!(matches!(plan.direct_restore, RestoreOutcome::Ok { .. }), starts, "{saved} {first} {p}");
    }
}

/// The in-place route on the seed's case: above the ceiling whatever the scheduler; within
/// it, the default scheduler refuses and the adaptive one rescales, capped by the slots
/// (tests/flink-adaptive/observed-flink-2.3.0.txt).
#[test]
fn in_place_route_from_the_page() {
    use crate::model::planner::in_place::InPlaceOutcome;
    let s = seed();
    let max = s.plan_input().plan().saved_max;
    assert_eq!(s.in_place_input(max).outcome(), InPlaceOutcome::AboveMax);
    let s = s.reduce(P.typed("100"));
    assert_eq!(s.in_place_input(max).outcome(), InPlaceOutcome::NotAdaptive);
    let s = s.reduce(SCHEDULER.edit(&Scheduler::Adaptive));
    assert_eq!(s.in_place_input(max).outcome(), InPlaceOutcome::Rescales { parallelism: 100, slot_capped: false });
    let s = s.reduce(SLOTS_FOR_JOB.typed("64")).reduce(SLOTS_FOR_JOB.left());
    assert_eq!(s.in_place_input(max).outcome(), InPlaceOutcome::Rescales { parallelism: 64, slot_capped: true });
    let q = reopened(&s);
    assert_eq!((q.scheduler, q.slots.value), (Scheduler::Adaptive, Some(64)));
    let s = s.reduce(SLOTS_FOR_JOB.typed("0"));
    assert!(s.slots.error.is_some() && s.slots.value == Some(64));
}

/// The guided path's downtime step links to the plan its answer is worked out on: opened from
/// that link, the planner shows the downtime the answer gives, in the same words.
#[test]
fn the_downtime_step_links_to_the_plan_of_its_answer() {
    use crate::model::training::ExerciseKind;
    for (state_gib, rate_mib) in [(4096, 300), (100, 100), (1, 1)] {
        let kind = ExerciseKind::CutoverDowntime { state_gib, rate_mib };
        let location = crate::url::Location::parse(&kind.lab_link());
        let (s, notices) = PlannerState::parse(&location.params);
        assert!(notices.is_empty(), "{notices:?}");
        let plan = s.plan_input().plan();
        let (_, why) = kind.solve();
        // The page says the cutover's own arithmetic (alone, or after the whole outage's).
        let (_, cutover) = plan.timeline.cutover_outage();
        let said = format!("{}{}", plan.timeline.downtime_arithmetic(), plan.timeline.cutover_part());
        assert!(
            why.contains(&cutover) && said.ends_with(&cutover),
            "{state_gib} GiB at {rate_mib} MiB/s: {why} / {said}"
        );
        assert_eq!(plan.timeline.outage_label(), "The job is down for");
    }
}

/// The checklist's restore item names the restore the plan times (its last step with the job
/// down), never a caveat about another kind of restore; and the in-place route follows the
/// release (no call before 1.18).
#[test]
fn the_checklist_and_the_in_place_route_follow_the_plan() {
    use crate::model::planner::in_place::InPlaceOutcome;
    for (query, restore) in [
        ("", "restore the new job at the target from the rewritten savepoint (every byte once)"),
        ("p=100&job=running", "restore from that canonical savepoint (read every byte once)"),
        ("p=100", "restore from the latest retained incremental checkpoint (every old file overlapping a new subtask's range)"),
        ("p=100&backend=hashmap", "restore from the latest retained checkpoint (a heap snapshot: each key group read once)"),
    ] {
        let (s, notices) = PlannerState::parse(&crate::url::Location::parse(&format!("#/planner?{query}")).params);
        assert!(notices.is_empty(), "{query}: {notices:?}");
        let plan = s.plan_input().plan();
        let last = plan.timeline.last_restore().expect("a restore");
        assert_eq!(last.what, restore, "{query}");
        let item = &s.checklist(&plan).items()[0];
        let said = format!(
            "about {} ({} s) by the planner's estimate of its last restore step, \"{restore}\"",
            crate::model::planner::format_duration(last.seconds),
            last.seconds
        );
        assert!(item.expect.starts_with(&said), "{query}: {}", item.expect);
    }
    let s = seed().reduce(P.typed("100")).reduce(SCHEDULER.edit(&Scheduler::Adaptive));
    let max = s.plan_input().plan().saved_max;
    for (release, rescales) in [("1.15", false), ("1.17", false), ("1.18", true), ("2.3", true)] {
        let r = PlannerState::parse(
            &crate::url::Location::parse(&format!("#/planner?p=100&scheduler=adaptive&release={release}")).params,
        )
        .0;
        let outcome = r.in_place_input(max).outcome();
        assert_eq!(outcome != InPlaceOutcome::NotInRelease, rescales, "{release}: {outcome:?}");
    }
    assert_ne!(s.in_place_input(max).outcome(), InPlaceOutcome::NotInRelease);
}
