//! The in-place section's words: each answer as the page and `plan.md` give it, a job that is
//! down brought back first, the two calls in order, and the Markdown holding every part.

use super::*;
use crate::planner::in_place::Scheduler;
use crate::planner::outage::Rates;
use crate::trace::Backend;

pub(super) const MIB: u64 = 1 << 20;

pub(super) fn context(
    current: u32,
    target: u32,
    scheduler: Scheduler,
    job: JobStatus,
    verdict: Verdict,
) -> InPlaceContext {
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
        // A small state: its first checkpoint fits the default timeout.
        state: (1 << 20, Rates { savepoint: MIB, rewrite: MIB, restore: MIB, incremental: MIB }, Backend::RocksDb),
        transactional: false,
        interval_s: Some(60),
    }
}

#[test]
fn each_answer_as_the_section_gives_it() {
    use JobStatus::{Down, Running};
    use Scheduler::{Adaptive as A, Default as D};
    use Verdict::{DirectRestore as Direct, RewriteNeeded as Rewrite};
    let cases = [
        (4, 8, A, Running, Direct, "HTTP 200: the adaptive scheduler restarts the job at 8 and restores it from a checkpoint completed after the request", false),
        (4, 200, A, Running, Rewrite, "HTTP 400: in-place rescaling does not lift the ceiling. Flink refuses a parallelism above the job's max parallelism 128", true),
        (4, 8, D, Running, Direct, "HTTP 500: the default scheduler cannot change a running job's parallelism.", true),
        (4, 100, A, Running, Direct, "HTTP 200, and the job restarts at 16, not 100: the parallelism is capped at the 16 slots, silently.", false),
        (16, 120, A, Running, Direct, "HTTP 200, and nothing moves: all 16 slots are in use already, so the job stays at 16.", false),
        (4, 8, A, Down, Direct, "The job is down, and the plan restores it at 8 straight from its latest retained checkpoint: no request is needed. A running job asked the same: HTTP 200", false),
        (4, 200, A, Down, Rewrite, "The job is down, and a request needs a running job: bring it back first (the plan's first step). Then: HTTP 400", true),
    ];
    for (current, target, scheduler, job, verdict, headline, refused) in cases {
        let r = context(current, target, scheduler, job, verdict).report();
        assert!(r.headline.starts_with(headline), "{current} → {target}: {}", r.headline);
        assert_eq!(r.message.is_some(), refused, "{}", r.headline);
    }
}

#[test]
fn the_request_reads_the_requirements_sends_them_back_and_reads_the_result() {
    let r = context(4, 8, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore).report();
    let lines: Vec<&str> = r.request.lines().collect();
    assert_eq!(
        lines,
        [
            "curl -s http://<jobmanager>:8081/jobs/<job-id>/resource-requirements \\",
            "  | jq '.[].parallelism.upperBound = 8 | .[\"<source-vertex-id>\"].parallelism.upperBound = 6' \\",
            "  > requirements.json",
            "curl -X PUT -H 'Content-Type: application/json' --data @requirements.json \\",
            "  http://<jobmanager>:8081/jobs/<job-id>/resource-requirements",
            "curl -s http://<jobmanager>:8081/jobs/<job-id>",
        ]
    );
    assert_eq!(r.source_p, 6, "the source keeps at most its partitions");
    // Never an upper bound of -1 (it shut the MiniCluster down): both bounds are at least 1.
    let least = context(1, 1, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore).report();
    assert!(least.request.contains("upperBound = 1 | ") && !least.request.contains("-1"), "{}", least.request);
    let small = context(4, 3, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore).report();
    assert_eq!(small.source_p, 3);
    assert!(r.request_intro.ends_with("Words in angle brackets are yours to fill in:"));
    // The download is a script: what it does, what to fill in, and a stop at the first failure.
    let script = r.script();
    assert!(script.starts_with("#!/bin/sh\n# HTTP 200: the adaptive scheduler restarts the job at 8"), "{script}");
    assert!(
        script.contains("\nset -eu\ncurl -s http://<jobmanager>:8081/jobs/<job-id>/resource-requirements \\\n")
            && script.ends_with("/jobs/<job-id>\n"),
        "{script}"
    );
    assert!(!script.contains("# First:"), "{script}");
    // Calls that need a restart first say so at the script's head (found by review: they ran
    // straight into the request).
    let default = context(4, 8, Scheduler::Default, JobStatus::Running, Verdict::DirectRestore).report().script();
    assert!(default.contains("\n# First: restart the job with jobmanager.scheduler: adaptive (the section's conditions); until then Flink answers these calls with HTTP 500.\n"), "{default}");
    let mut big = context(24, 100, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore);
    big.state = (
        4 << 40,
        Rates { savepoint: 300 * MIB, rewrite: 300 * MIB, restore: 300 * MIB, incremental: 300 * MIB },
        Backend::RocksDb,
    );
    big.input.slots = None;
    assert!(big.report().script().contains("\n# First: restart the job with the longer checkpoint timeout"));
}

/// The section for a running job asked from 4 to 8, as `release` answers.
fn at(release: Release) -> InPlaceReport {
    let mut c = context(4, 8, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore);
    c.input.release = release;
    c.report()
}

/// Each release is told its own restart; one without the call is told 2.3.0's, under its heading.
#[test]
fn the_restart_follows_the_release() {
    let r118 = at(Release::V1_18);
    assert!(
        r118.headline.contains("restores it from its latest checkpoint, completed before the request"),
        "{}",
        r118.headline
    );
    assert!(!r118.conditions.iter().any(|c| c.text.starts_with("The restart waits for that checkpoint")));
    let r23 = at(Release::V2_3);
    let wait =
        r23.conditions.iter().find(|c| c.text.starts_with("The restart waits for that checkpoint")).expect("the wait");
    assert!(wait.text.contains("about the checkpoint interval, 1 min here"), "{}", wait.text);
    let r117 = at(Release::V1_17);
    assert_eq!(r117.conditions_title, "Conditions, as Flink 2.3.0 answered");
    assert!(r117.conditions.iter().any(|c| c.restore_point && c.text.contains("completed after the request")));
    assert!(r117.request_intro.starts_with("From 1.18 on, the request"));
}

/// Slots given below the parallelism the job runs at are named as such, not as all in use.
#[test]
fn slots_below_the_current_parallelism_are_named() {
    let mut c = context(24, 100, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore);
    c.input.slots = Some(16);
    assert_eq!(
        c.report().headline,
        "HTTP 200, and nothing moves: the job runs at 24 already, so the cluster gives it at least 24 slots, not the 16 given; with none free, it stays at 24."
    );
}

/// A first checkpoint past what the default timeout allows is raised by a restart before the
/// request: the condition says so, in the release's own key names, and the downtime counts it.
#[test]
fn a_long_first_checkpoint_raises_the_timeout_first() {
    let rates = Rates { savepoint: 300 * MIB, rewrite: 300 * MIB, restore: 300 * MIB, incremental: 300 * MIB };
    let mut c = context(24, 100, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore);
    c.input.slots = None;
    c.state = (4 << 40, rates, Backend::RocksDb);
    let r = c.report();
    let raise =
        r.conditions.iter().find(|c| c.text.starts_with("A checkpoint timeout long enough")).expect("the raise");
    assert!(
        raise.text.contains(
            "execution.checkpointing.timeout: 467 min and execution.checkpointing.tolerable-failed-checkpoints: 3"
        ),
        "{}",
        raise.text
    );
    assert!(
        raise.text.contains("execution.checkpointing.externalized-checkpoint-retention: RETAIN_ON_CANCELLATION"),
        "{}",
        raise.text
    );
    let e = r.estimate.expect("an estimate");
    assert!(e.starts_with("Downtime: first a restart that raises the checkpoint timeout, 4 TiB ÷ 300 MiB/s = 3 h 53 min (below); then the rescale's restart restores a checkpoint completed after the request, 4.1875 × 4 TiB"), "{e}");
    // The operator's way: the timeout first, alone, then the overrides.
    assert_eq!(r.operator.edits.len(), 2);
    assert!(r.operator.edits[0].contains("execution.checkpointing.timeout: \"467 min\""));
    // Under the default scheduler the restart that sets it raises the timeout too.
    c.input.scheduler = Scheduler::Default;
    let d = c.report();
    let raise =
        d.conditions.iter().find(|c| c.text.starts_with("A checkpoint timeout long enough")).expect("the raise");
    assert!(
        raise
            .text
            .contains("the restart that sets jobmanager.scheduler: adaptive, with execution.checkpointing.timeout"),
        "{}",
        raise.text
    );
    assert!(
        d.operator.edits[0].contains("jobmanager.scheduler: adaptive\n    execution.checkpointing.timeout"),
        "{}",
        d.operator.edits[0]
    );
    // Above max parallelism nothing restarts: no raise.
    c.input.target = 200;
    assert!(!c.report().conditions.iter().any(|c| c.text.starts_with("A checkpoint timeout long enough")));
    c.input.target = 100;
    c.input.scheduler = Scheduler::Adaptive;
    c.state.0 = 1 << 30;
    assert!(!c.report().conditions.iter().any(|c| c.text.starts_with("A checkpoint timeout long enough")));
}

#[test]
fn the_markdown_holds_every_part_in_order() {
    let r = context(4, 200, Scheduler::Adaptive, JobStatus::Running, Verdict::RewriteNeeded).report();
    let md = r.markdown();
    let order = [
        "## Or in place: the adaptive scheduler",
        "With the adaptive scheduler a running job's parallelism can be changed",
        "**HTTP 400: in-place rescaling does not lift the ceiling.",
        "> `org.apache.flink.runtime.rest.handler.RestHandlerException: The newly requested parallelism 200",
        "The request, which Flink refuses as above while an upper bound is above max parallelism 128:",
        "```sh\ncurl -s http://<jobmanager>:8081/jobs/<job-id>/resource-requirements",
        "### Conditions, as Flink 2.3.0 answered",
        "Observed on Flink 2.3.0",
        "- jobmanager.scheduler: adaptive.",
        "- Every upper bound at most the vertex's max parallelism (128 here)",
        "from a checkpoint completed after the request",
        "- The restart waits for that checkpoint",
        "- A body naming every vertex",
        "`org.apache.flink.runtime.rest.handler.RestHandlerException: The request is incomplete",
        "- Never an upper bound of -1: every release run (1.18.1,",
        "- In Flink 2.3 the scheduler waits",
        "### With the Flink Kubernetes operator",
        "Do not set an override to 200",
    ];
    crate::planner::tests::assert_in_order(&md, &order);
    assert_eq!(r.conditions.iter().filter(|c| c.restore_point).count(), 1);
}

/// The restart waits for a checkpoint after the request: a heap job's uploads the whole state,
/// so the wait holds that upload too; RocksDB's incremental one is short.
#[test]
fn a_heap_jobs_wait_holds_its_full_checkpoint() {
    let rates = Rates { savepoint: 300 * MIB, rewrite: 300 * MIB, restore: 300 * MIB, incremental: 300 * MIB };
    let wait = |backend: Backend| {
        let mut c = context(24, 48, Scheduler::Adaptive, JobStatus::Running, Verdict::DirectRestore);
        (c.input.slots, c.state) = (None, (4 << 40, rates, backend));
        c.report().conditions.into_iter().find(|c| c.text.starts_with("The restart waits")).expect("the wait").text
    };
    let heap = wait(Backend::HashMap);
    assert!(heap.starts_with("The restart waits for that checkpoint: about the checkpoint interval, 1 min here, and the checkpoint itself, with the heap backend a full one (about 3 h 53 min), while"), "{heap}");
    let rocksdb = wait(Backend::RocksDb);
    assert!(
        rocksdb.starts_with("The restart waits for that checkpoint: about the checkpoint interval, 1 min here, while"),
        "{rocksdb}"
    );
}

/// The conditions' own words of what Flink did are in the reports: the defaults of the wait
/// (2.3.0's options), and what an upper bound of -1 did on every release run, and each release
/// is told what it did with a lower bound above the slots.
#[test]
fn the_conditions_say_what_the_reports_hold() {
    let find = |r: &InPlaceReport, start: &str| {
        r.conditions.iter().find(|c| c.text.starts_with(start)).unwrap_or_else(|| panic!("no {start}")).text.clone()
    };
    let (_, newest) = crate::observed::ADAPTIVE[crate::observed::ADAPTIVE.len() - 1];
    assert!(newest.contains("  jobmanager.adaptive-scheduler.rescale-trigger.max-checkpoint-failures = 2\n"));
    assert!(newest.contains("  jobmanager.adaptive-scheduler.rescale-trigger.max-delay = null\n"));
    let wait = find(&at(Release::V2_3), "The restart waits for that checkpoint");
    assert!(
        wait.contains("max-checkpoint-failures of them in a row (default 2)")
            && wait.contains("max-delay (not set by default")
    );
    let never = find(&at(Release::V2_3), "Never an upper bound of -1");
    assert!(
        never.contains("NullPointerException while assigning slots") && never.contains("(the job ended SUSPENDED)")
    );
    for (version, text) in crate::observed::ADAPTIVE {
        let case = text.split("---- PUT keyed-op upper bound -1\n").nth(1).expect(version);
        let case = &case[..case.find("\n----").unwrap_or(case.len())];
        assert!(case.contains("    -> HTTP 200"), "{version}");
        assert!(case.contains("java.lang.NullPointerException"), "{version}");
        assert!(case.contains("reached terminal state SUSPENDED."), "{version}");
    }
    for release in [Release::V1_18, Release::V2_3] {
        let slots = find(&at(release), "Enough task slots");
        assert!(slots.contains(LowerBoundAboveSlots::of(release).sentence()), "{release:?}");
    }
}
