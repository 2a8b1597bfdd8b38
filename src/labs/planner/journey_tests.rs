//! The runbook run literally on a real standalone Flink 2.3.0 cluster (`tests/flink-runbook/`):
//! the runbook the journey ran is the one the planner writes for the journey's link today, and
//! what Flink did at each step is what the planner says it does: the restart's message, the
//! failover loop the raised keys prevent, the full first checkpoint, the cutover's vertices as
//! the per-operator table pins them, the old code refused, and every total right at the end.

use super::journey_report::{says, Report};
use crate::model::planner::cutover::pitfalls;

const JOURNEY: Report = Report(crate::model::observed::RUNBOOK);
const RUNBOOK: &str = include_str!("../../../tests/flink-runbook/runbook-2.3.md");

#[test]
fn the_journey_ran_the_runbook_the_planner_writes_for_its_link() {
    let s = JOURNEY.state();
    let plan = s.plan_input().plan();
    assert_eq!(s.runbook(&plan).markdown(), RUNBOOK, "re-run bash tests/flink-runbook/run.sh");
}

#[test]
fn flink_failed_the_restart_as_the_predictor_says() {
    let incident = JOURNEY.incident_as_predicted();
    assert!(incident.contains("('sum-per-key')"), "the keyed vertex is named: {incident}");
}

#[test]
fn the_raised_keys_end_the_failover_loop_of_the_full_first_checkpoint() {
    let step = JOURNEY.block("runbook step 1:");
    assert!(step.contains("0 checkpoints completed"), "{step}");
    assert!(step.contains("Exceeded checkpoint tolerable failure threshold"), "{step}");
    assert!(step.contains("Checkpoint expired before completing"), "{step}");
    assert!(step.contains("with the runbook's keys: RUNNING") && step.contains("; 0 failures;"), "{step}");
    assert!(step.contains("first checkpoint after the restore: ") && step.contains("bytes uploaded (full)"), "{step}");
    // The one after it was incremental in this report, but full again in one of four runs of
    // this route (it may start before the task has heard the first completed): only the first
    // is held, as the planner claims only it.
    assert!(step.contains("\n    the next one: "), "{step}");
}

#[test]
fn the_cutover_ran_as_the_operator_table_pins_it() {
    let s = JOURNEY.state();
    let plan = s.plan_input().plan();
    let vertices = JOURNEY.cutover_vertices();
    for title in ["runbook step 4:", "runbook step 6:"] {
        assert!(JOURNEY.block(title).contains(&vertices), "{vertices}\n{}", JOURNEY.block(title));
    }
    // The job's old code under the runbook's command: the first kept operator stops it.
    let shadow = JOURNEY.block("runbook step 4:");
    let mismatch = pitfalls(4, plan.end_max())[0].split('"').nth(1).unwrap().to_string();
    assert!(says(&shadow, &mismatch), "{mismatch}\n{shadow}");
    let end = JOURNEY.block("runbook step 6:");
    assert!(end.contains("FINISHED, 0 failures"), "{end}");
    assert!(end.contains("the trace kit's check: preserved: 12 of 12 keys match"), "{end}");
}
