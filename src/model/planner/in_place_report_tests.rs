//! The in-place section's words: each answer as the page and `plan.md` give it, a job that is
//! down brought back first, the two calls in order, and the Markdown holding every part.

use super::*;
use crate::planner::in_place::Scheduler;

fn context(current: u32, target: u32, scheduler: Scheduler, job: JobStatus, verdict: Verdict) -> InPlaceContext {
    InPlaceContext {
        input: InPlaceInput {
            current,
            target,
            max_parallelism: 128,
            scheduler,
            slots: Some(16),
            release: Release::V2_3,
        },
        job,
        verdict,
        latest: SnapshotKind::AlignedCheckpoint,
        partitions: 6,
        estimate: None,
        transactional: false,
    }
}

#[test]
fn each_answer_as_the_section_gives_it() {
    use JobStatus::{Down, Running};
    use Scheduler::{Adaptive as A, Default as D};
    use Verdict::{DirectRestore as Direct, RewriteNeeded as Rewrite};
    let cases = [
        (4, 8, A, Running, Direct, "HTTP 200: the adaptive scheduler restarts the job at 8 and restores it from its latest checkpoint", false),
        (4, 200, A, Running, Rewrite, "HTTP 400: in-place rescaling does not lift the ceiling. Flink refuses a parallelism above the job's max parallelism 128", true),
        (4, 8, D, Running, Direct, "HTTP 500: the default scheduler cannot change a running job's parallelism.", true),
        (4, 100, A, Running, Direct, "HTTP 200, and the job restarts at 16, not 100: the parallelism is capped at the 16 slots, silently.", false),
        (16, 120, A, Running, Direct, "HTTP 200, and nothing moves: all 16 slots are in use already, so the job stays at 16.", false),
        (4, 8, A, Down, Direct, "The job is down, and the plan above restores it at 8 straight from its latest retained checkpoint: no request is needed. A running job asked the same: HTTP 200", false),
        (4, 200, A, Down, Rewrite, "The job is down, and a request needs a running job: bring it back first (the plan above). Then: HTTP 400", true),
    ];
    for (current, target, scheduler, job, verdict, headline, refused) in cases {
        let r = context(current, target, scheduler, job, verdict).report();
        assert!(r.headline.starts_with(headline), "{current} → {target}: {}", r.headline);
        assert_eq!(r.message.is_some(), refused, "{}", r.headline);
    }
}

#[test]
fn the_request_reads_the_requirements_then_sends_them_back() {
    let r = context(4, 8, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore).report();
    let lines: Vec<&str> = r.request.lines().collect();
    assert_eq!(lines[0], "curl http://<jobmanager>:8081/jobs/<job id>/resource-requirements");
    assert_eq!(lines[1], "curl -X PUT -H 'Content-Type: application/json' \\");
    assert!(
        lines[3].contains("\"<source vertex id>\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":6}}"),
        "{}",
        lines[3]
    );
    assert!(
        lines[3].contains("\"<keyed vertex id>\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":8}}"),
        "{}",
        lines[3]
    );
    assert_eq!(r.source_p, 6, "the source keeps at most its partitions");
    let small = context(4, 3, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore).report();
    assert_eq!(small.source_p, 3);
}

#[test]
fn the_markdown_holds_every_part_in_order() {
    let r = context(4, 200, Scheduler::Adaptive, JobStatus::Running, Verdict::RewriteNeeded).report();
    let md = r.markdown();
    let order = [
        "## Or in place: the adaptive scheduler",
        "**HTTP 400: in-place rescaling does not lift the ceiling.",
        "> org.apache.flink.runtime.rest.handler.RestHandlerException: The newly requested parallelism 200",
        "The request: read the job's requirements, then send them back",
        "```\ncurl http://<jobmanager>:8081/jobs/<job id>/resource-requirements\ncurl -X PUT",
        "### Conditions, as Flink 2.3.0 answered",
        "Observed on Flink 2.3.0",
        "- jobmanager.scheduler: adaptive.",
        "- Every upper bound at most the vertex's max parallelism (128 here)",
        "from a checkpoint completed after the request",
        "- A body naming every vertex",
        "`org.apache.flink.runtime.rest.handler.RestHandlerException: The request is incomplete",
        "- Never an upper bound of -1",
        "- In Flink 2.3 the scheduler waits",
    ];
    crate::planner::assert_in_order(&md, &order);
    assert_eq!(r.conditions.iter().filter(|c| c.restore_point).count(), 1);
}
