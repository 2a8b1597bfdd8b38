//! The in-place journey's restarts (`ROUTE=inplace bash tests/flink-runbook/run.sh`, on a real
//! standalone Flink 2.3.0 cluster): each restored the checkpoint the release's condition names,
//! the first checkpoint after each uploaded the whole state as the section's downtime line says,
//! and the checklist reads the state per subtask from the call the run read it from.

use super::journey_inplace_tests::{report, JOURNEY, PLAN, RESTARTS};
use crate::model::planner::in_place_releases::RestorePoint;
use crate::model::planner::release::Release;

/// The call that lists a checkpoint's size per subtask of a vertex (the checklist's and the run's).
const SUBTASKS_CALL: &str = "GET /jobs/<job-id>/checkpoints/details/<checkpoint-id>/subtasks/<vertex-id>";

#[test]
fn each_rescale_restored_the_checkpoint_the_release_condition_names() {
    let point = RestorePoint::of(Release::V2_3);
    assert_eq!(point, RestorePoint::AfterRequest);
    let report = report();
    let condition = report.conditions.into_iter().find(|c| c.restore_point).expect("the restore condition");
    assert_eq!(condition.text, point.condition());
    assert!(PLAN.contains(point.condition()));
    assert!(report.headline.contains(&format!("restores it from {},", point.checkpoint())), "{}", report.headline);
    for (title, _, _) in RESTARTS {
        let here = JOURNEY.block(title);
        assert!(here.contains(&format!("restored from: {} (", point.observed_words())), "{here}");
        assert!(here.contains("is_savepoint=false"), "a checkpoint, not a savepoint: {here}");
    }
}

#[test]
fn the_first_checkpoint_after_each_in_place_restore_uploaded_the_whole_state_as_the_section_says() {
    let estimate = report().estimate.expect("the downtime line");
    assert!(estimate.contains("with transactional sinks each restore's first checkpoint, a full one ("), "{estimate}");
    for (title, _, to) in RESTARTS {
        let here = JOURNEY.block(title);
        let full = format!(
            "the first checkpoint completed after the restore: full: uploaded all of its state (checkpointed_size against \
             state_size); each of the keyed vertex's {to} subtasks ({SUBTASKS_CALL} lists {to}): full: uploaded all \
             of its state\n"
        );
        assert!(here.contains(&full), "{here}");
        // Not every checkpoint of this job is full: a later one, with nothing new, was incremental.
        assert!(
            here.contains("for contrast, the least of the 3 checkpoints after the source was held: not full: uploaded part of its state"),
            "{here}"
        );
    }
}

/// The checklist's "state distribution per subtask" is read from the call the run read each
/// subtask's upload from, which listed one row per subtask at the new parallelism.
#[test]
fn the_checklist_reads_the_state_per_subtask_where_the_run_did() {
    let plan = PLAN.replace('`', "");
    assert!(plan.contains(&format!("{SUBTASKS_CALL} (state size per subtask, 4 rows)")), "{plan}");
    for (title, _, to) in RESTARTS {
        let here = JOURNEY.block(title);
        assert!(
            here.contains(&format!("each of the keyed vertex's {to} subtasks ({SUBTASKS_CALL} lists {to}): ")),
            "{here}"
        );
    }
}
