//! The plan's in-place route, run as printed on a real standalone Flink 2.3.0 cluster with the
//! adaptive scheduler (`ROUTE=inplace bash tests/flink-runbook/run.sh`): the journey job at 2
//! with max parallelism 8, the two curl commands of the section "Or in place: the adaptive
//! scheduler" sent with the placeholders filled, then the same for a parallelism above the max.
//! The plan the run took its commands from is the one the planner writes for that link today;
//! Flink answered each request with the status, parallelisms and message the section predicts;
//! the restart restored the checkpoint the release's condition names; and every committed total
//! is right after the job read to the end.

use super::journey_report::Report;
use super::state::PlannerState;
use crate::labs::frame::LabState;
use crate::model::planner::in_place::{above_max_message, InPlaceOutcome, Scheduler, INCOMPLETE_MESSAGE};
use crate::model::planner::in_place_releases::RestorePoint;
use crate::model::planner::in_place_report::InPlaceReport;
use crate::model::planner::release::Release;
use crate::model::planner::JobStatus;
use crate::url::Location;

const JOURNEY: Report = Report(include_str!("../../../tests/flink-runbook/observed-inplace-flink-2.3.0.txt"));
const PLAN: &str = include_str!("../../../tests/flink-runbook/plan-inplace-2.3.md");
const RERUN: &str = "re-run ROUTE=inplace bash tests/flink-runbook/run.sh";

/// The planner as the report's refusal link opens it (the same job, asking above its max).
fn refusal_state() -> PlannerState {
    let link = JOURNEY.0.lines().find_map(|l| l.strip_prefix("Refusal link: ")).expect("the refusal link");
    let (state, notices) = PlannerState::parse(&Location::parse(link).params);
    assert!(notices.is_empty(), "{notices:?}");
    state
}

/// The in-place section the planner writes today for the report's link.
fn report() -> InPlaceReport {
    JOURNEY.state().in_place_report()
}

/// A vertex id the report names, as Flink gave it (Flink derives it from the head operator's uid).
fn vertex_id(which: &str) -> &'static str {
    let at = JOURNEY.0.find(&format!("{which} vertex id: ")).unwrap_or_else(|| panic!("no {which} vertex id"))
        + which.len()
        + 12;
    &JOURNEY.0[at..at + 32]
}

/// The job's two vertices as the report writes them (GET /jobs/<job id>), with the keyed one at `keyed`.
fn vertices(source: u32, keyed: u32) -> String {
    format!("Source: src -> tag (p={source}, max 8); sum-per-key -> sink: Writer -> sink: Committer (p={keyed}, max 8)")
}

/// A command of the section's code block on one line, as the report writes it.
fn one_line(command: &str) -> String {
    command.replace(" \\\n  ", " ")
}

#[test]
fn the_journey_ran_the_plan_the_planner_writes_for_its_link() {
    let s = JOURNEY.state();
    assert_eq!(s.plan_markdown(&s.plan_input().plan()), PLAN, "{RERUN}");
    assert!(PLAN.contains(&report().markdown()), "the plan holds the in-place section");
    // The link is the job as it ran: running at 2 with max parallelism 8, the adaptive scheduler,
    // one source split, the TaskManager's 16 slots, Flink 2.3.
    assert_eq!((s.job, s.scheduler, s.release), (JobStatus::Running, Scheduler::Adaptive, Release::V2_3));
    assert_eq!(
        (s.current.value, s.p.value, s.saved_maxp.value, s.partitions.value, s.slots.value),
        (2, 4, Some(8), 1, Some(16))
    );
    let job = JOURNEY.block("the job");
    assert!(
        job.contains(&format!("flink run -d -p 2 -Dpipeline.max-parallelism=8 job.jar -> RUNNING, {}", vertices(1, 2))),
        "{job}"
    );
    assert!(JOURNEY.0.contains("1 TaskManager with 16 slots"), "{}", JOURNEY.0);
    // The refusal link is the same but for the parallelism asked.
    let r = refusal_state();
    assert_eq!(r.p.value, 12);
    assert_eq!(PlannerState { p: s.p.clone(), ..r }, s);
}

#[test]
fn both_commands_of_the_section_ran_as_printed_with_curl() {
    let request = report().request;
    let (get, put) = request.split_once('\n').expect("two commands");
    let put = one_line(put);
    assert!(!get.contains('\n') && !put.contains('\n'), "{request}");
    assert!(JOURNEY.0.contains("Commands: with curl 7."), "the real curl, not a stand-in: {}", JOURNEY.0);
    assert!(JOURNEY.0.contains(&format!("\n  {get}\n  {put}\n")), "the commands as the report lists them");
    assert!(JOURNEY.block("the first command, as printed").contains(&format!("  {get}\n  -> HTTP 200  {{")), "{get}");
    assert!(JOURNEY.0.contains(&format!("==== (a) the second command, as printed: {put}\n")), "{put}");
}

#[test]
fn the_job_rescaled_in_place_as_the_section_predicts() {
    let report = report();
    assert_eq!(report.outcome, InPlaceOutcome::Rescales { parallelism: 4, slot_capped: false });
    let status = report.outcome.http_status().expect("2.3 has the call");
    assert_eq!(status, 200);
    assert!(JOURNEY.0.contains(&format!("its in-place section says: {}\n", report.headline)), "{RERUN}");
    let moved = "the job restarted (rescale history): triggerCause=UPDATE_REQUIREMENT, terminalState=COMPLETED, \
                 scheduler states: Executing -> Restarting -> CreatingExecutionGraph -> Executing \
                 ('Source: src -> tag' 1 -> 1; 'sum-per-key -> sink: Writer -> sink: Committer' 2 -> 4)";
    // (a) the body as printed; (b) the first command's answer with only the upper bounds changed.
    for title in ["(a) the second command, as printed", "(b) the printed PUT with that body"] {
        let here = JOURNEY.block(title);
        assert!(here.contains(&format!("-> HTTP {status}  {{}}\n")), "{here}");
        assert!(
            here.contains(&format!("after (GET /jobs/<job id>): RUNNING; {}\n", vertices(report.source_p, 4))),
            "{here}"
        );
        assert!(here.contains(moved), "{here}");
        assert!(here.contains("failures (exception history): 0 new, 0 in all"), "{here}");
    }
    assert!(report.source_p == 1 && report.request.contains(r#""upperBound":1}},"<keyed vertex id>""#));
}

#[test]
fn the_printed_body_names_every_vertex_of_this_job_and_one_left_out_is_refused_as_the_condition_says() {
    let conditions = report().conditions;
    let every = conditions.iter().find(|c| c.quoted == Some(INCOMPLETE_MESSAGE)).expect("the condition");
    assert!(every.text.starts_with("A body naming every vertex (the first call reads them; send its answer back with only the upper bounds changed)"));
    // The job's chains make two vertices, the two the printed body names: it was complete, and the
    // condition's way of writing it gave the same body.
    assert!(JOURNEY.0.contains("its vertices: 2: "), "{}", JOURNEY.0);
    assert!(JOURNEY.0.contains("the printed body names 2 of the job's 2 vertices: every one"));
    assert!(JOURNEY.0.contains("the same vertices and bounds as the printed body filled in: yes"));
    // A body without the source vertex: HTTP 400 with the message the condition quotes.
    let here = JOURNEY.block("the condition's case");
    let message = INCOMPLETE_MESSAGE.replace("<vertex id>", vertex_id("source"));
    assert!(here.contains(&format!(r#"-> HTTP 400  {{"errors":["{message}"]}}"#)), "{message}\n{here}");
    assert!(here.contains("the job did not restart") && here.contains(&vertices(1, 4)), "{here}");
}

#[test]
fn above_max_parallelism_flink_refused_with_the_predicted_status_and_message() {
    let report = refusal_state().in_place_report();
    assert_eq!(report.outcome, InPlaceOutcome::AboveMax);
    let status = report.outcome.http_status().expect("2.3 has the call");
    let message = report.message.expect("Flink's message");
    assert_eq!(message, above_max_message(12, 8));
    assert!(JOURNEY.0.contains(&format!("the plan for the refusal link says: {}\n", report.headline)), "{RERUN}");
    assert!(JOURNEY.0.contains(&format!("Flink's message, as the plan quotes it: {message}\n")), "{RERUN}");
    let here = JOURNEY.block("the refusal");
    let put = one_line(report.request.split_once('\n').expect("two commands").1);
    assert!(
        here.starts_with(&format!("==== the refusal: the second command of that plan, as printed: {put}\n")),
        "{here}"
    );
    let observed = message.replace("<vertex id>", vertex_id("keyed"));
    assert!(here.contains(&format!(r#"-> HTTP {status}  {{"errors":["{observed}"]}}"#)), "{observed}\n{here}");
    // Nothing moved.
    assert!(here.contains(&format!("after (GET /jobs/<job id>): RUNNING; {}\n", vertices(1, 4))), "{here}");
    assert!(here.contains("the job did not restart"), "{here}");
}

#[test]
fn each_rescale_restored_the_checkpoint_the_release_condition_names() {
    let point = RestorePoint::of(Release::V2_3);
    assert_eq!(point, RestorePoint::AfterRequest);
    let condition = report().conditions.into_iter().find(|c| c.restore_point).expect("the restore condition");
    assert_eq!(condition.text, point.condition());
    assert!(PLAN.contains(point.condition()));
    for title in ["(a) the second command, as printed", "back to 2 first", "(b) the printed PUT with that body"] {
        let here = JOURNEY.block(title);
        assert!(here.contains(&format!("restored from: {} (", point.observed_words())), "{here}");
        assert!(here.contains("is_savepoint=false"), "a checkpoint, not a savepoint: {here}");
    }
}

#[test]
fn every_committed_total_is_right_after_the_in_place_rescales() {
    let end = JOURNEY.block("to the end of the trace");
    assert!(end.contains("FINISHED, 0 failures in all; 4 entries in its rescale history"), "{end}");
    assert!(
        end.contains("the trace kit's check: preserved: 12 of 12 keys match, 0 missing, 0 below, 0 above, 0 extra"),
        "{end}"
    );
}
