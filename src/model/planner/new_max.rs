//! The new job's own max parallelism (**New max parallelism**) against the plan. The plan
//! chooses the max parallelism its route ends with; a direct restore keeps the snapshot's. Where
//! the job as typed sets another one and the restore predictor says that restore fails, the plan
//! says so beside its verdict and names what the job must set instead, so that the predictor
//! above it and the plan below never disagree unnoticed.

use super::{Plan, Verdict};
use crate::restore::{FailedCheck, RestoreInput, RestoreOutcome};

/// Why the plan's direct restore fails for the job as typed (`typed`: the predictor's input),
/// and what it must set instead: the new job's own max parallelism, or, where another operator
/// of the snapshot records a max parallelism below the new parallelism, that operator's own
/// parallelism; `None` where the plan's route is not a direct restore or the restore works.
pub fn new_max_note(plan: &Plan, typed: &RestoreInput) -> Option<String> {
    if plan.verdict != Verdict::DirectRestore {
        return None;
    }
    let RestoreOutcome::Fails(check) = typed.predict() else { return None };
    let works =
        |max_parallelism| matches!(RestoreInput { max_parallelism, ..*typed }.predict(), RestoreOutcome::Ok { .. });
    let saved = crate::MaxParallelism::new(i64::from(plan.saved_max)).ok();
    let instead = match (works(None), works(saved)) {
        (true, true) => format!("leave it unset or set it to the snapshot's {}", plan.saved_max),
        (true, false) => "leave it unset".to_string(),
        (false, true) => format!("set it to the snapshot's {}", plan.saved_max),
        (false, false) => return other_operator_note(typed),
    };
    let set = typed.max_parallelism?.get();
    Some(format!(
        "As typed above, the new job sets max parallelism {set}, and then this restore fails ({}): {}. The plan is for the job as it must be: {instead}.",
        check.check_name(),
        check.plain()
    ))
}

/// Where another operator of the snapshot records a max parallelism below the new parallelism:
/// the job's one parallelism fails that operator's restore whatever the job sets (with none set,
/// at check 3).
fn other_operator_note(typed: &RestoreInput) -> Option<String> {
    let other = typed.others?.get();
    let RestoreOutcome::Fails(check) = RestoreInput { max_parallelism: None, ..*typed }.predict() else { return None };
    let FailedCheck::SavedMaxBelowParallelism { saved, parallelism } = check else { return None };
    (saved == other).then(|| format!(
        "Another operator of the snapshot records max parallelism {other}, below {parallelism}: at {parallelism} for the whole job its restore fails ({}): {}. The plan's direct restore holds only with that operator's own parallelism set to at most {other} in its code (setParallelism on it), or at a parallelism of {other} or less.",
        check.check_name(),
        check.plain()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::PlanInput;
    use crate::restore::SavedHow;
    use crate::MaxParallelism;

    fn plan(saved: u32, target: u32) -> Plan {
        PlanInput { target, saved_max: MaxParallelism::new(i64::from(saved)).ok(), ..PlanInput::default() }.plan()
    }

    fn typed(saved: u32, how: SavedHow, p: u32, max: Option<u32>) -> RestoreInput {
        let m = |v: u32| MaxParallelism::new(i64::from(v)).unwrap();
        RestoreInput::of((m(saved), how), p, max.map(m))
    }

    /// The review's case (saved 128, p = 100, the job setting 1200): the predictor fails it at
    /// check 2 and the plan's direct restore names that, and what to set; the same job without
    /// the setting, or with the snapshot's value, or on a rewrite route, gets no note.
    #[test]
    fn a_typed_max_that_fails_the_direct_restore_is_named_beside_the_verdict() {
        let direct = plan(128, 100);
        assert_eq!(direct.verdict, Verdict::DirectRestore);
        let note = new_max_note(&direct, &typed(128, SavedHow::Derived, 100, Some(1200))).expect("a note");
        assert!(
            note.starts_with(
                "As typed above, the new job sets max parallelism 1200, and then this restore fails (check 2"
            ),
            "{note}"
        );
        assert!(
            note.ends_with("The plan is for the job as it must be: leave it unset or set it to the snapshot's 128."),
            "{note}"
        );
        // Check 1: p above the max the job sets.
        let low = new_max_note(&direct, &typed(128, SavedHow::Derived, 100, Some(64))).expect("a note");
        assert!(low.contains("(check 1"), "{low}");
        for fine in [None, Some(128)] {
            assert_eq!(new_max_note(&direct, &typed(128, SavedHow::Explicit, 100, fine)), None, "{fine:?}");
        }
        // Another operator's 7 under the job's 8: named, whatever the job sets.
        let mixed = RestoreInput { others: MaxParallelism::new(7).ok(), ..typed(100, SavedHow::Derived, 8, None) };
        let note = new_max_note(&plan(100, 8), &mixed).expect("a note");
        assert!(note.starts_with("Another operator of the snapshot records max parallelism 7, below 8: at 8 for the whole job its restore fails (check 3"), "{note}");
        let set = RestoreInput { max_parallelism: MaxParallelism::new(100).ok(), ..mixed };
        assert!(new_max_note(&plan(100, 8), &set).is_some_and(|n| n.starts_with("Another operator")));
        // Set job-wide beside other operators' own: fails at check 2, works unset.
        let wide = RestoreInput { others: MaxParallelism::new(128).ok(), ..typed(60, SavedHow::Derived, 7, Some(60)) };
        let note = new_max_note(&plan(60, 7), &wide).expect("a note");
        assert!(
            note.contains("(check 2") && note.ends_with("The plan is for the job as it must be: leave it unset."),
            "{note}"
        );
        let rewrite = plan(128, 200);
        assert_eq!(rewrite.verdict, Verdict::RewriteNeeded);
        assert_eq!(new_max_note(&rewrite, &typed(128, SavedHow::Derived, 200, Some(1200))), None);
    }
}
