//! The runbook of a job stopped with a savepoint, run literally on a real standalone Flink 2.3.0
//! cluster (`ROUTE=savepoint bash tests/flink-runbook/run.sh`): the job was stopped with
//! `flink stop --type canonical`, its restart at 6 failed, and the planner's link says
//! `snapshot=canonical`. The runbook the journey ran is the one the planner writes for that link
//! today; every `flink` command of it is named in the report under its step; the stop left a
//! canonical "Suspend Savepoint" and no retained checkpoint; step 1 brought the job back from that
//! savepoint with a full first checkpoint; the cutover's vertices are the ones the per-operator
//! table pins; and every committed total is right at the end.

use super::journey_report::Report;
use crate::model::planner::first_checkpoint::{first_checkpoint_is_full, Restored};
use crate::model::planner::runbook::Runbook;
use crate::model::planner::snapshot_kinds::SnapshotKind;

const JOURNEY: Report = Report(crate::model::observed::RUNBOOK_STOP_SAVEPOINT);
const RUNBOOK: &str = include_str!("../../../tests/flink-runbook/runbook-2.3-stop-savepoint.md");

/// The runbook the planner writes today for the report's link.
fn runbook() -> Runbook {
    let s = JOURNEY.state();
    s.runbook(&s.plan_input().plan())
}

#[test]
fn the_journey_ran_the_runbook_the_planner_writes_for_a_job_stopped_with_a_savepoint() {
    assert_eq!(JOURNEY.state().snapshot, SnapshotKind::CanonicalSavepoint, "the link names the stop savepoint");
    assert_eq!(runbook().markdown(), RUNBOOK, "re-run ROUTE=savepoint bash tests/flink-runbook/run.sh");
}

#[test]
fn every_flink_command_of_the_runbook_is_named_under_its_step() {
    let book = runbook();
    assert_eq!(book.steps.len(), 6);
    assert!(JOURNEY.0.contains(&format!("Runbook: {} steps", book.steps.len())), "{}", JOURNEY.0);
    for (i, step) in book.steps.iter().enumerate() {
        let here = JOURNEY.block(&format!("runbook step {n}: {n}. {}", step.title, n = i + 1));
        assert!(!step.cli.is_empty(), "{}", step.title);
        for command in &step.cli {
            assert!(here.contains(command.as_str()), "{command}\n{here}");
        }
    }
    // Run as written, but for the rewrite (no State Processor API here), which is stood in for.
    let not_run: Vec<&str> = JOURNEY.0.lines().filter(|l| l.contains("(not run")).collect();
    assert_eq!(not_run.len(), 2, "{not_run:?}");
    assert!(not_run.iter().all(|l| l.contains("flink run -c <RewriteJob> rewrite.jar")), "{not_run:?}");
}

#[test]
fn the_stop_left_a_canonical_suspend_savepoint_and_no_retained_checkpoint() {
    let incident = JOURNEY.block("the incident");
    assert!(
        incident.contains(
            "stopped: flink stop --type canonical --savepointPath <savepoint-dir> <job-id> -> Savepoint completed."
        ),
        "{incident}"
    );
    assert!(incident.contains("; the job FINISHED"), "{incident}");
    assert!(incident.contains(r#"savepoint (canonical) "Suspend Savepoint""#), "{incident}");
    assert!(incident.contains("sum-per-key: parallelism 2, max parallelism 4"), "{incident}");
    assert!(incident.contains("retained checkpoints left under the checkpoint directory: 0"), "{incident}");
}

#[test]
fn flink_failed_the_restart_from_the_savepoint_as_the_predictor_says() {
    let incident = JOURNEY.incident_as_predicted();
    assert!(
        incident.contains("the restart at 6: flink run -d -s <savepoint> -p 6 job.jar -> bin/flink exit 1"),
        "{incident}"
    );
    assert!(incident.contains("('sum-per-key')"), "the keyed vertex is named: {incident}");
}

#[test]
fn step_one_brought_the_job_back_from_its_stop_savepoint_with_a_full_first_checkpoint() {
    let book = runbook();
    let first = &book.steps[0];
    assert!(first.cli[0].contains(" -s <latest-savepoint-path> "), "{}", first.cli[0]);
    let step = JOURNEY.block("runbook step 1:");
    assert!(step.contains(&format!("command: {}", first.cli[0])), "{step}");
    assert!(
        step.contains("0 checkpoints completed") && step.contains("Exceeded checkpoint tolerable failure threshold"),
        "{step}"
    );
    assert!(step.contains("with the runbook's keys: RUNNING") && step.contains("; 0 failures;"), "{step}");
    assert!(step.contains("sum-per-key -> sink: Writer -> sink: Committer (p=2, max 4)"), "{step}");
    assert!(first_checkpoint_is_full(Restored::CanonicalSavepoint));
    let first_checkpoint = step.lines().find(|l| l.contains("first checkpoint after the restore:")).unwrap_or_default();
    assert!(first_checkpoint.contains(" bytes uploaded (full), took "), "{step}");
    // The next one's upload varies between runs (incremental in this route's two runs, full
    // again in one of four runs of the checkpoint route, likely when it starts before the task
    // has heard that the first completed), so only its presence is held here.
    assert!(step.contains("\n    the next one: "), "{step}");
}

#[test]
fn the_cutover_ran_as_the_operator_table_pins_it_and_every_total_is_right() {
    let vertices = JOURNEY.cutover_vertices();
    for title in ["runbook step 4:", "runbook step 6:"] {
        assert!(JOURNEY.block(title).contains(&vertices), "{vertices}\n{}", JOURNEY.block(title));
    }
    let end = JOURNEY.block("runbook step 6:");
    assert!(end.contains("FINISHED, 0 failures"), "{end}");
    assert!(
        end.contains("the trace kit's check: preserved: 12 of 12 keys match, 0 missing, 0 below, 0 above, 0 extra"),
        "{end}"
    );
}
