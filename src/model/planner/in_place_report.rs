//! The in-place route in words, one text for the page's section and for `plan.md`: the answer
//! Flink gives the request (status, message, what moves), its downtime beside a savepoint
//! restart, the calls to send (read the job's requirements, send them back with new upper
//! bounds, read what each vertex runs at), the conditions as the releases answered
//! (`tests/flink-adaptive/`, and `tests/flink-runbook/`'s in-place route for the calls), and
//! the same through the Kubernetes operator.

use super::first_checkpoint::{config_minutes, cutover_timeout_s, restarted_to_raise};
use super::in_place::{above_max_message, InPlaceInput, InPlaceOutcome, INCOMPLETE_MESSAGE, NOT_ADAPTIVE_MESSAGE};
use super::in_place_estimate::InPlaceEstimate;
use super::in_place_releases::{observed_all, observed_line, observed_version, LowerBoundAboveSlots, RestorePoint};
use super::operator_route::{operator_route, OperatorRoute};
use super::outage::{pass_arithmetic, Rates, ReadFactor};
use super::release::Release;
use super::snapshot_kinds::SnapshotKind;
use super::{format_duration, JobStatus, Verdict};

use crate::trace::Backend;

mod conditions;
use conditions::{timeout_condition, wait_condition};
pub use conditions::{waits_line, Condition};

/// What the in-place section is drawn from: the request, and the job and plan around it.
#[derive(Debug, Clone, PartialEq)]
pub struct InPlaceContext {
    pub input: InPlaceInput,
    pub job: JobStatus,
    /// The plan's verdict: a job that is down and restores directly needs no request.
    pub verdict: Verdict,
    pub latest: SnapshotKind,
    /// The source's partitions: the source keeps at most that many subtasks.
    pub partitions: u32,
    /// The state, the rates and the backend the downtime and the first checkpoint come from.
    pub state: (u64, Rates, Backend),
    pub transactional: bool,
    /// The job's checkpoint interval in seconds, if given.
    pub interval_s: Option<u32>,
}

/// The in-place section's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InPlaceReport {
    pub outcome: InPlaceOutcome,
    /// What the route is, and which releases it was run on.
    pub intro: String,
    pub headline: String,
    /// Flink's message for a refusal.
    pub message: Option<String>,
    pub estimate: Option<String>,
    pub request_intro: String,
    /// The two calls: the job's requirements read, then sent back with new upper bounds.
    pub request: String,
    /// The source's new upper bound in the request.
    pub source_p: u32,
    /// "Conditions, as Flink 2.3.0 answered".
    pub conditions_title: String,
    pub observed_on: String,
    pub conditions: Vec<Condition>,
    /// The same through the Flink Kubernetes operator.
    pub operator: OperatorRoute,
    /// The restart the calls need before them, if any, for the downloaded script's head.
    pub first: Option<&'static str>,
}

/// The downtime line: the in-place restore's arithmetic (after a restart that raises the
/// checkpoint timeout, where its first checkpoint needs one), and how it compares with stopping
/// with a savepoint and restarting from it, and with the plan's shorter outage where a running
/// job's plan offers one (`shortcut`: cancelling it and restoring its retained checkpoint). A
/// job that is down and restored directly (`down_direct`) takes no request: the figures are a
/// running job's, said so, and no route is called the quicker one for this job.
fn estimate_line(
    e: &InPlaceEstimate,
    point: RestorePoint,
    (current, target): (u32, u32),
    shortcut: bool,
    transactional: bool,
    down_direct: bool,
) -> String {
    // Above one pass: RocksDB's incremental checkpoint read at the new parallelism, its overlap.
    let overlap = match e.read.is_once() {
        true => String::new(),
        false => format!(" ({} ×: from RocksDB's incremental checkpoint each new subtask downloads the whole files of every old subtask whose key groups it takes over; read from Flink's RocksDB restore code, not measured here)", e.read),
    };
    let restore = match &e.timeout_first {
        None => format!("Downtime: the restart restores {}, {}{overlap}.", point.checkpoint(), e.restore),
        Some(first) => format!(
            "Downtime: first a restart that raises the checkpoint timeout, {first} (below); then the rescale's restart restores {}, {}{overlap}; {} in all.",
            point.checkpoint(),
            e.restore,
            format_duration(e.restore_s)
        ),
    };
    let savepoint = format!("{} ({})", format_duration(e.via_savepoint_s), e.via_savepoint);
    let undone = format!("a request back to {current} undoes it the same way");
    let shortcut_s = e.shortcut_s.filter(|_| shortcut);
    let (in_place_wins, plan_wins) = match down_direct {
        false => ("in place is the quicker route here", "the plan's route is the quicker here"),
        true => {
            ("in place would be the quicker of the two", "stopping with a savepoint would be the quicker of the two")
        }
    };
    let compared = match (e.restore_s.cmp(&e.via_savepoint_s), shortcut_s) {
        // The same restore without a restart before it: quicker than in place by that restart.
        (order, Some(s)) if s < e.restore_s => format!(
            "{restore} {} Cancelling the job and restoring its retained checkpoint at {target} instead (the plan's shorter outage) is down {}, the quickest here: the same restore without the restart before it, since its new submission can be given the longer timeout from its start, as that outage's conditions ask.",
            match order {
                std::cmp::Ordering::Greater => format!("That is slower than stopping with a savepoint and restarting from it, {savepoint}."),
                _ => format!("Stopping with a savepoint and restarting from it would take {savepoint}."),
            },
            format_duration(s)
        ),
        (std::cmp::Ordering::Less, None) => format!("{restore} Stopping with a savepoint and restarting from it would take {savepoint}: {in_place_wins}, and {undone}."),
        (std::cmp::Ordering::Less, Some(s)) => format!(
            "{restore} Stopping with a savepoint and restarting from it would take {savepoint}: in place is quicker than that, and {undone}. Cancelling the job and restoring its retained checkpoint at {target} (the plan's shorter outage) is down as long, {}, the same restore, with a cancel, a job that keeps its checkpoints on cancellation, and a new submission besides.",
            format_duration(s)
        ),
        (std::cmp::Ordering::Equal, _) => format!("{restore} Stopping with a savepoint and restarting from it takes as long, {savepoint}: in place saves the stop and the new submission, and {undone}."),
        (std::cmp::Ordering::Greater, _) => format!("{restore} That is slower than stopping with a savepoint and restarting from it, {savepoint}: {plan_wins}."),
    };
    let compared = match down_direct {
        true => format!("This job is down, so the plan's restore at {target} brings it back with no request, in the plan's time. If it were running, an in-place rescale would go like this. {compared}"),
        false => compared,
    };
    // The plan's outage with transactional sinks also counts each restore's first checkpoint.
    match transactional {
        true => format!(
            "{compared} {} count the job down only: with transactional sinks each restore's first checkpoint, a full one ({}), adds as long again of no output, as the plan's outage counts it: {} in all for in place.",
            if shortcut_s.is_some() { "All three" } else { "Both" },
            e.first_checkpoint,
            // The restart that raises the timeout is a restore too, with its own first checkpoint.
            format_duration(e.restore_s.saturating_add(e.first_checkpoint_s * (1 + u64::from(e.timeout_first.is_some()))))
        ),
        false => compared,
    }
}

/// Flink's answer to the request, as a sentence, and its message for a refusal.
fn answer(input: &InPlaceInput, outcome: InPlaceOutcome) -> (String, Option<String>) {
    let (current, target, max) = (input.current, input.target, input.max_parallelism);
    let point = RestorePoint::of(input.release).checkpoint();
    let slots = input.slots.map_or("the".to_string(), |n| n.max(current).to_string());
    match outcome {
        InPlaceOutcome::NotInRelease => (format!("Not in this release: {}, so the job rescales only by a restart from a snapshot, as in the plan.", input.release.no_in_place_call().unwrap_or_default()), None),
        InPlaceOutcome::AboveMax => (format!("HTTP 400: in-place rescaling does not lift the ceiling. Flink refuses a parallelism above the job's max parallelism {max} before any scheduler sees it; nothing changes."), Some(above_max_message(target, max))),
        InPlaceOutcome::NotAdaptive => ("HTTP 500: the default scheduler cannot change a running job's parallelism. Set jobmanager.scheduler: adaptive first (that takes one ordinary restart).".to_string(), Some(NOT_ADAPTIVE_MESSAGE.to_string())),
        InPlaceOutcome::Rescales { parallelism, slot_capped: false } => (format!("HTTP 200: the adaptive scheduler restarts the job at {parallelism} and restores it from {point}, with no savepoint and no rewrite."), None),
        InPlaceOutcome::Rescales { parallelism, slot_capped: true } => (format!("HTTP 200, and the job restarts at {parallelism}, not {target}: the parallelism is capped at the {slots} slots, silently."), None),
        InPlaceOutcome::Unchanged { slot_capped: true } => match input.slots {
            Some(given) if given < current => (format!("HTTP 200, and nothing moves: the job runs at {current} already, so the cluster gives it at least {current} slots, not the {given} given; with none free, it stays at {current}."), None),
            _ => (format!("HTTP 200, and nothing moves: all {slots} slots are in use already, so the job stays at {current}."), None),
        },
        InPlaceOutcome::Unchanged { slot_capped: false } => (format!("HTTP 200, and nothing moves: the job already runs at {current}."), None),
    }
}

impl InPlaceContext {
    pub fn report(&self) -> InPlaceReport {
        let input = &self.input;
        let outcome = input.outcome();
        let (answer, message) = answer(input, outcome);
        // A request needs a running job: a job that is down is brought back first (the plan's first step).
        let headline = match (self.job, outcome, self.verdict) {
            (JobStatus::Down, InPlaceOutcome::NotInRelease, _) | (JobStatus::Running, _, _) => answer,
            (JobStatus::Down, _, Verdict::DirectRestore) => format!("The job is down, and the plan restores it at {} straight from its {}: no request is needed. A running job asked the same: {answer}", input.target, self.latest.latest()),
            (JobStatus::Down, _, _) => format!("The job is down, and a request needs a running job: bring it back first (the plan's first step). Then: {answer}"),
        };
        let (state, rates, backend) = self.state;
        let estimate = input.estimate(state, rates, backend);
        // The restart's first checkpoint is a full one: the state once, at the savepoint rate.
        let (_, first_s) = pass_arithmetic(state, ReadFactor::ONCE, rates.savepoint);
        // The releases without the call are told what the first release with it answers.
        let answered = if input.release.rescales_in_place() { input.release } else { Release::V2_3 };
        // A heap job's checkpoints are all full: the timeout it runs with covers the first one.
        let raise = match outcome {
            InPlaceOutcome::Rescales { .. } | InPlaceOutcome::NotAdaptive if restarted_to_raise(backend) => {
                timeout_condition(first_s, answered, outcome)
            }
            _ => None,
        };
        let source_p = input.target.min(self.partitions).max(1);
        let (target, max) = (input.target, input.max_parallelism);
        let url = "http://<jobmanager>:8081/jobs/<job-id>";
        let request = format!(
            "curl -s {url}/resource-requirements \\\n  | jq '.[].parallelism.upperBound = {target} | .[\"<source-vertex-id>\"].parallelism.upperBound = {source_p}' \\\n  > requirements.json\n\
             curl -X PUT -H 'Content-Type: application/json' --data @requirements.json \\\n  {url}/resource-requirements\n\
             curl -s {url}"
        );
        let point = RestorePoint::of(answered);
        let mut conditions = vec![
            Condition::plain("jobmanager.scheduler: adaptive. The default scheduler answers HTTP 500 and the job keeps running as it was."),
            Condition::plain(&format!("Every upper bound at most the vertex's max parallelism ({max} here): above it, HTTP 400 whatever the scheduler. Raising the ceiling still needs a rewrite or a rebuild.")),
            Condition::plain(&format!("Enough task slots: with fewer, the job runs at what the slots allow, with HTTP 200 and no error (100 asked with 16 slots ran at 16; 120 asked while on all 16 changed nothing). {} On a standalone cluster add TaskManagers first. The last call shows what each vertex runs at, once the restart is done: right after the request it still shows the old parallelism.", LowerBoundAboveSlots::of(answered).sentence())),
            Condition { text: point.condition().to_string(), quoted: None, restore_point: true },
        ];
        let full = (!restarted_to_raise(backend)).then_some(first_s);
        conditions.extend(wait_condition(point, self.interval_s, full));
        let raised = raise.is_some().then(|| config_minutes(cutover_timeout_s(first_s)));
        let first = match (outcome, raise.is_some()) {
            (InPlaceOutcome::NotAdaptive, false) => Some("First: restart the job with jobmanager.scheduler: adaptive (the section's conditions); until then Flink answers these calls with HTTP 500."),
            (InPlaceOutcome::NotAdaptive, true) => Some("First: restart the job with jobmanager.scheduler: adaptive and the longer checkpoint timeout (the section's conditions); until then Flink answers these calls with HTTP 500."),
            (_, true) => Some("First: restart the job with the longer checkpoint timeout (the section's conditions say how); these calls do not change it."),
            _ => None,
        };
        conditions.extend(raise);
        conditions.extend([
            Condition {
                text: "A body naming every vertex of the job, with bounds above zero and lower ≤ upper; else HTTP 400, for example:".to_string(),
                quoted: Some(INCOMPLETE_MESSAGE),
                restore_point: false,
            },
            Condition::plain(&format!("Never an upper bound of -1: every release run ({}) accepted it with HTTP 200, then the scheduler failed with a NullPointerException while assigning slots and shut the MiniCluster down (the job ended SUSPENDED).", observed_all())),
            Condition::plain(&waits_line(answered)),
        ]);
        let intro = format!(
            "With the adaptive scheduler a running job's parallelism can be changed through the REST API (FLIP-291, Flink 1.18 on; what follows was observed on {}). It is still a restart, from a checkpoint, and it is still capped by max parallelism; what it saves is the savepoint, the stop and the new submission.",
            observed_all()
        );
        let call = "read the job's requirements and set every vertex's upper bound (the source's to the partitions it can use, every other vertex's to the new parallelism; jq writes the file), send them back, then, once the job has restarted (the wait below), read what each vertex runs at. Words in angle brackets are yours to fill in";
        InPlaceReport {
            outcome,
            intro,
            headline,
            message,
            estimate: estimate.as_ref().map(|e| {
                // The plan offers its shorter outage to a running job restored directly.
                let shortcut = self.job == JobStatus::Running && self.verdict == Verdict::DirectRestore;
                let down_direct = self.job == JobStatus::Down && self.verdict == Verdict::DirectRestore;
                estimate_line(e, point, (input.current, input.target), shortcut, self.transactional, down_direct)
            }),
            request_intro: match outcome {
                InPlaceOutcome::NotInRelease => format!("From 1.18 on, the request: {call}:"),
                InPlaceOutcome::AboveMax => format!("The request, which Flink refuses as above while an upper bound is above max parallelism {max}: {call}:"),
                InPlaceOutcome::NotAdaptive => format!("The request, once the job runs with jobmanager.scheduler: adaptive (until then Flink refuses it as above): {call}:"),
                _ => format!("The request: {call}:"),
            },
            request,
            source_p,
            conditions_title: format!("Conditions, as Flink {} answered", observed_version(answered).unwrap_or("2.3.0")),
            observed_on: observed_line(answered),
            conditions,
            operator: operator_route(outcome, target, source_p, input.release, max, raised),
            first,
        }
    }
}

impl InPlaceReport {
    /// The calls as a shell script to download: what to fill in first, then stop at the first
    /// call that fails.
    pub fn script(&self) -> String {
        format!(
            "#!/bin/sh\n# {}\n{}# Fill in the words in angle brackets first. Run the last call again once the job has restarted.\nset -eu\n{}\n",
            self.headline.lines().next().unwrap_or_default(),
            self.first.map_or(String::new(), |f| format!("# {f}\n")),
            self.request
        )
    }

    /// The section as Markdown, for `plan.md`.
    pub fn markdown(&self) -> String {
        let mut s = format!("## Or in place: the adaptive scheduler\n\n{}\n\n**{}**\n\n", self.intro, self.headline);
        if let Some(m) = &self.message {
            s.push_str(&format!("> `{m}`\n\n"));
        }
        if let Some(e) = &self.estimate {
            s.push_str(&format!("{e}\n\n"));
        }
        s.push_str(&format!(
            "{}\n\n```sh\n{}\n```\n\n### {}\n\n{}\n\n",
            self.request_intro, self.request, self.conditions_title, self.observed_on
        ));
        for c in &self.conditions {
            match c.quoted {
                Some(q) => s.push_str(&format!("- {} `{q}`\n", c.text)),
                None => s.push_str(&format!("- {}\n", c.text)),
            }
        }
        s.push('\n');
        s.push_str(&self.operator.markdown());
        crate::markdown::placeholders_as_code(&s)
    }
}

#[cfg(test)]
#[path = "in_place_report_estimate_tests.rs"]
mod estimate_tests;
#[cfg(test)]
#[path = "in_place_report_tests.rs"]
mod tests;
