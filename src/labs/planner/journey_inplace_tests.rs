//! The plan's in-place route, run as printed on a real standalone Flink 2.3.0 cluster with the
//! adaptive scheduler (`ROUTE=inplace bash tests/flink-runbook/run.sh`): the journey job at 2
//! with max parallelism 8, the three commands of the section "Or in place: the adaptive
//! scheduler" (curl piped into jq writing requirements.json, the PUT of that file, the job read
//! back) run with the placeholders filled, then the same for a parallelism above the max.
//! The plan the run took its commands from is the one the planner writes for that link today;
//! Flink answered each request with the status, parallelisms and message the section predicts;
//! and every committed total is right after the job read to the end. What each restart restored
//! and uploaded: `journey_inplace_restart_tests.rs`.

use super::journey_report::Report;
use super::state::PlannerState;
use crate::labs::frame::LabState;
use crate::model::planner::in_place::{above_max_message, InPlaceOutcome, Scheduler, INCOMPLETE_MESSAGE};
use crate::model::planner::in_place_report::InPlaceReport;
use crate::model::planner::release::Release;
use crate::model::planner::JobStatus;
use crate::url::Location;

pub(super) const JOURNEY: Report = Report(crate::model::observed::RUNBOOK_IN_PLACE);
pub(super) const PLAN: &str = include_str!("../../../tests/flink-runbook/plan-inplace-2.3.md");
const RERUN: &str = "re-run ROUTE=inplace bash tests/flink-runbook/run.sh";
/// The blocks of the report in which the job restarted at another parallelism: the title each
/// starts with, and the keyed vertex's parallelism before and after.
pub(super) const RESTARTS: [(&str, u32, u32); 3] =
    [("(a) the block as printed", 2, 4), ("back to 2 first", 4, 2), ("(b) the block as printed once more", 2, 4)];
/// The blocks that ran the planner's block exactly as printed.
const AS_PRINTED: [&str; 2] = ["(a) the block as printed", "(b) the block as printed once more"];

/// The planner as the report's refusal link opens it (the same job, asking above its max).
fn refusal_state() -> PlannerState {
    let link = JOURNEY.0.lines().find_map(|l| l.strip_prefix("Refusal link: ")).expect("the refusal link");
    let (state, notices) = PlannerState::parse(&Location::parse(link).params);
    assert!(notices.is_empty(), "{notices:?}");
    state
}

/// The in-place section the planner writes today for the report's link.
pub(super) fn report() -> InPlaceReport {
    JOURNEY.state().in_place_report()
}

/// A vertex id the report names, as Flink gave it (Flink derives it from the head operator's uid).
fn vertex_id(which: &str) -> &'static str {
    let at = JOURNEY.0.find(&format!("{which} vertex id: ")).unwrap_or_else(|| panic!("no {which} vertex id"))
        + which.len()
        + 12;
    &JOURNEY.0[at..at + 32]
}

/// The job's two vertices as the report writes them (GET /jobs/<job-id>), with the keyed one at `keyed`.
fn vertices(source: u32, keyed: u32) -> String {
    format!("Source: src -> tag (p={source}, max 8); sum-per-key -> sink: Writer -> sink: Committer (p={keyed}, max 8)")
}

/// The commands of the section's code block, each as printed (continuation lines and all).
fn commands(request: &str) -> Vec<String> {
    let mut all = vec![String::new()];
    for line in request.lines() {
        let current = all.last_mut().expect("one");
        current.push_str(line);
        if line.ends_with('\\') {
            current.push('\n');
        } else {
            all.push(String::new());
        }
    }
    all.pop();
    all
}

/// A command of the section's code block on one line, as the report writes it.
fn one_line(command: &str) -> String {
    command.replace(" \\\n  ", " ")
}

/// The requirements.json jq wrote, as the report writes it: the keyed vertex first, as Flink
/// listed the vertices, each with lower bound 1.
fn requirements(keyed: u32, source: u32) -> String {
    format!(
        r#"{{"{}":{{"parallelism":{{"lowerBound":1,"upperBound":{keyed}}}}},"{}":{{"parallelism":{{"lowerBound":1,"upperBound":{source}}}}}}}"#,
        vertex_id("keyed"),
        vertex_id("source")
    )
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
fn the_three_commands_of_the_section_ran_as_printed_with_curl_and_jq() {
    let report = report();
    assert!(PLAN.contains(&format!("```sh\n{}\n```", report.request)), "the plan's sh block");
    let commands = commands(&report.request);
    assert_eq!(commands.len(), 3, "{}", report.request);
    assert!(commands[0].contains("| jq '") && commands[0].ends_with("> requirements.json"), "{}", commands[0]);
    assert!(commands[1].contains("--data @requirements.json"), "{}", commands[1]);
    assert!(
        JOURNEY.0.contains("Commands: the section's sh block, 3 commands, with curl 7.")
            && JOURNEY.0.contains(" and jq-1."),
        "the real curl and jq, not stand-ins: {}",
        JOURNEY.0
    );
    for (i, command) in commands.iter().enumerate() {
        assert!(JOURNEY.0.contains(&format!("\n  {}. {}\n", i + 1, one_line(command))), "{command}");
    }
    // Each of the three ran in the blocks that ran the section as printed, with Flink's status.
    for title in AS_PRINTED {
        let here = JOURNEY.block(title);
        for line in
            ["  1. -> HTTP 200; requirements.json", "  2. -> HTTP 200  {}\n", "  3. right after: HTTP 200; RUNNING; "]
        {
            assert!(here.contains(line), "{line}\n{here}");
        }
        assert!(here.contains("  3. again, once every vertex ran again: HTTP 200; RUNNING; "), "{here}");
    }
}

#[test]
fn jq_wrote_every_vertex_with_the_plans_upper_bounds() {
    let report = report();
    assert_eq!(report.source_p, 1);
    let jq = format!(
        r#"jq '.[].parallelism.upperBound = 4 | .["<source-vertex-id>"].parallelism.upperBound = {}'"#,
        report.source_p
    );
    assert!(report.request.contains(&jq), "{}", report.request);
    // The job's chains make two vertices; jq kept both, the source at 1 and the keyed vertex at 4.
    assert!(JOURNEY.0.contains("its vertices: 2: "), "{}", JOURNEY.0);
    for title in AS_PRINTED {
        let here = JOURNEY.block(title);
        assert!(
            here.contains(&format!(
                "  1. -> HTTP 200; requirements.json, as jq wrote it (compacted): {}\n",
                requirements(4, 1)
            )),
            "{here}"
        );
        assert!(
            here.contains("it names 2 of the job's 2 vertices; upper bounds: the source vertex 1, every other vertex 4; lower bounds: 1"),
            "{here}"
        );
    }
}

#[test]
fn the_job_rescaled_in_place_as_the_section_predicts() {
    let report = report();
    assert_eq!(report.outcome, InPlaceOutcome::Rescales { parallelism: 4, slot_capped: false });
    assert_eq!(report.outcome.http_status(), Some(200), "2.3 has the call");
    assert!(JOURNEY.0.contains(&format!("its in-place section says: {}\n", report.headline)), "{RERUN}");
    for (title, from, to) in RESTARTS {
        let here = JOURNEY.block(title);
        assert!(here.contains("  2. -> HTTP 200  {}\n"), "{here}");
        // The last command, read right after the PUT, still shows the old parallelism: the restart
        // waits for a checkpoint (the section's condition); read again, the new one.
        assert!(here.contains(&format!("  3. right after: HTTP 200; RUNNING; {}\n", vertices(1, from))), "{here}");
        assert!(report
            .conditions
            .iter()
            .any(|c| c.text.contains("right after the request it still shows the old parallelism")));
        assert!(
            here.contains(&format!(
                "  3. again, once every vertex ran again: HTTP 200; RUNNING; {}\n",
                vertices(1, to)
            )),
            "{here}"
        );
        let moved = format!(
            "the job restarted (rescale history): triggerCause=UPDATE_REQUIREMENT, terminalState=COMPLETED, \
             scheduler states: Executing -> Restarting -> CreatingExecutionGraph -> Executing \
             ('Source: src -> tag' 1 -> 1; 'sum-per-key -> sink: Writer -> sink: Committer' {from} -> {to})"
        );
        assert!(here.contains(&moved), "{here}");
        assert!(here.contains("failures (exception history): 0 new, 0 in all"), "{here}");
    }
    assert!(report.conditions.iter().any(|c| c.text.starts_with("The restart waits for that checkpoint: about ")));
    // The third call, right after the request, still showed the old parallelism: the section says so.
    assert!(report
        .conditions
        .iter()
        .any(|c| c.text.ends_with("right after the request it still shows the old parallelism.")));
}

#[test]
fn a_requirements_file_without_the_source_vertex_is_refused_as_the_condition_says() {
    let conditions = report().conditions;
    let every = conditions.iter().find(|c| c.quoted == Some(INCOMPLETE_MESSAGE)).expect("the condition");
    assert!(every
        .text
        .starts_with("A body naming every vertex of the job, with bounds above zero and lower ≤ upper; else HTTP 400"));
    // jq's file named both vertices (above); the printed PUT with the source vertex taken out of it:
    // HTTP 400 with the message the condition quotes, and nothing moves.
    let here = JOURNEY.block("the condition's case");
    let alone = format!(r#"{{"{}":{{"parallelism":{{"lowerBound":1,"upperBound":4}}}}}}"#, vertex_id("keyed"));
    assert!(here.contains(&format!("then requirements.json rewritten without the source vertex: {alone}\n")), "{here}");
    refused(&here, 400, &INCOMPLETE_MESSAGE.replace("<vertex id>", vertex_id("source")));
}

/// A block Flink refused: the `PUT` answered `status` with `message`, the job stayed at 4 and
/// did not restart.
fn refused(here: &str, status: u16, message: &str) {
    assert!(here.contains(&format!(r#"  2. -> HTTP {status}  {{"errors":["{message}"]}}"#)), "{message}\n{here}");
    assert!(here.contains(&format!("  3. again, 8 s later: HTTP 200; RUNNING; {}\n", vertices(1, 4))), "{here}");
    assert!(here.contains("the job did not restart"), "{here}");
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
    let block: Vec<String> = commands(&report.request).iter().map(|c| one_line(c)).collect();
    assert!(JOURNEY.0.contains(&format!("  its block: {}\n", block.join(" / "))), "{RERUN}");
    let here = JOURNEY.block("the refusal: that plan's block as printed");
    assert!(here.contains(&format!(
        "  1. -> HTTP 200; requirements.json, as jq wrote it (compacted): {}\n",
        requirements(12, 1)
    )));
    // Refused with the plan's message, the vertex id filled in; nothing moved.
    refused(&here, status, &message.replace("<vertex id>", vertex_id("keyed")));
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
