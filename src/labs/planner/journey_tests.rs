//! The runbook run literally on a real standalone Flink 2.3.0 cluster (`tests/flink-runbook/`):
//! the runbook the journey ran is the one the planner writes for the journey's link today, and
//! what Flink did at each step is what the planner says it does: the restart's message, the
//! failover loop the raised keys prevent, the full first checkpoint, the cutover's vertices as
//! the per-operator table pins them, the old code refused, and every total right at the end.

use super::state::PlannerState;
use crate::labs::frame::LabState;
use crate::model::key_group::MaxParallelism;
use crate::model::planner::cutover::{pitfalls, CutoverInput, Operator};
use crate::model::restore::{RestoreInput, RestoreOutcome, SavedHow};
use crate::url::Location;

const REPORT: &str = include_str!("../../../tests/flink-runbook/observed-flink-2.3.0.txt");
const RUNBOOK: &str = include_str!("../../../tests/flink-runbook/runbook-2.3.md");

fn state() -> PlannerState {
    let link = REPORT.lines().find_map(|l| l.strip_prefix("Planner link: ")).expect("the link");
    let (state, notices) = PlannerState::parse(&Location::parse(link).params);
    assert!(notices.is_empty(), "{notices:?}");
    state
}

/// The report's block under the heading that starts with `title`.
fn block(title: &str) -> String {
    let start = REPORT.find(&format!("==== {title}")).unwrap_or_else(|| panic!("no block {title:?}"));
    let rest = &REPORT[start..];
    rest[..rest[5..].find("\n====").map_or(rest.len(), |e| e + 5)].to_string()
}

/// Every piece of a message with "…" for what varies, in order, in `text`.
fn says(text: &str, message: &str) -> bool {
    let mut from = 0;
    message.split('…').all(|piece| match text[from..].find(piece.trim_end_matches('.')) {
        Some(at) => {
            from += at + piece.trim_end_matches('.').len();
            true
        }
        None => false,
    })
}

#[test]
fn the_journey_ran_the_runbook_the_planner_writes_for_its_link() {
    let s = state();
    let plan = s.plan_input().plan();
    assert_eq!(s.runbook(&plan).markdown(), RUNBOOK, "re-run bash tests/flink-runbook/run.sh");
}

#[test]
fn flink_failed_the_restart_as_the_predictor_says() {
    let four = MaxParallelism::new(4).unwrap();
    let outcome = RestoreInput { saved: Some((four, SavedHow::Explicit)), parallelism: 6, max_parallelism: None }.predict();
    let RestoreOutcome::Fails(check) = outcome else { panic!("{outcome:?}") };
    let incident = block("the incident");
    assert!(says(&incident, &check.flink_message()), "{}\n{incident}", check.flink_message());
    assert!(incident.contains("('sum-per-key')"), "the keyed vertex is named: {incident}");
}

#[test]
fn the_raised_keys_end_the_failover_loop_of_the_full_first_checkpoint() {
    let step = block("runbook step 1:");
    assert!(step.contains("0 checkpoints completed"), "{step}");
    assert!(step.contains("Exceeded checkpoint tolerable failure threshold"), "{step}");
    assert!(step.contains("Checkpoint expired before completing"), "{step}");
    assert!(step.contains("with the runbook's keys: RUNNING") && step.contains("; 0 failures;"), "{step}");
    assert!(step.contains("bytes uploaded (full)") && step.contains("of the state, not full)"), "{step}");
}

#[test]
fn the_cutover_ran_as_the_operator_table_pins_it() {
    let s = state();
    let plan = s.plan_input().plan();
    let table = CutoverInput { verdict: plan.verdict, saved: 4, new_max: plan.end_max(), target: 6, partitions: 1 }.table();
    let route = |op: Operator| &table.iter().find(|r| r.operator == op).unwrap().chosen;
    let (src, sink, keyed) = (route(Operator::Source), route(Operator::Sink), route(Operator::Keyed));
    let vertices = format!(
        "Source: src -> tag (p={}, max {}); sink: Writer -> sink: Committer (p={}, max {}); sum-per-key (p={}, max {})",
        src.parallelism, src.max_parallelism, sink.parallelism, sink.max_parallelism, keyed.parallelism, keyed.max_parallelism
    );
    for title in ["runbook step 4:", "runbook step 6:"] {
        assert!(block(title).contains(&vertices), "{vertices}\n{}", block(title));
    }
    // The job's old code under the runbook's command: the first kept operator stops it.
    let shadow = block("runbook step 4:");
    let mismatch = pitfalls(4, plan.end_max())[0].split('"').nth(1).unwrap().to_string();
    assert!(says(&shadow, &mismatch), "{mismatch}\n{shadow}");
    let end = block("runbook step 6:");
    assert!(end.contains("FINISHED, 0 failures"), "{end}");
    assert!(end.contains("the trace kit's check: preserved: 12 of 12 keys match"), "{end}");
}
