//! The other route: rescaling the running job in place with the adaptive scheduler
//! (`PUT /jobs/:jobid/resource-requirements`, FLIP-291), as Flink 2.3.0 answered it: the
//! scheduler and slots in, `inplace-verdict` out (`above-max`, `not-adaptive`, `rescales`,
//! `capped`, `unchanged`) with the HTTP status, Flink's message, the downtime beside a savepoint
//! restart (`inplace-estimate`), the request and its conditions, and the same through the Flink
//! Kubernetes operator (`inplace-operator`).

use yew::prelude::*;

use super::query::{SCHEDULER, SLOTS_FOR_JOB};
use super::state::PlannerState;
use crate::components::{slot_field, slot_pick, LiveForm, ResultRegion};
use crate::url::Edit;
use crate::model::planner::format_duration;
use crate::model::planner::in_place::{
    above_max_message, scheduler_waits, InPlaceOutcome, INCOMPLETE_MESSAGE, NOT_ADAPTIVE_MESSAGE,
};
use crate::model::planner::in_place_estimate::InPlaceEstimate;
use crate::model::planner::in_place_releases::{observed_line, observed_version, RestorePoint};
use crate::model::planner::operator_route::{before_in_place, deployment_patch, CONDITIONS, FALLBACK, INPLACE_OPTION};
use crate::model::planner::release::Release;
use crate::model::planner::{JobStatus, Verdict};
use crate::model::planner::outage::Rates;

/// The downtime line: the in-place restore's arithmetic, and how it compares with stopping with
/// a savepoint and restarting from it.
fn estimate_line(e: &InPlaceEstimate, transactional: bool) -> String {
    let restore = format!("Downtime: the restart restores from the latest checkpoint, {}.", e.restore);
    let savepoint = format!("{} ({})", format_duration(e.via_savepoint_s), e.via_savepoint);
    let compared = if e.in_place_is_quicker() {
        format!("{restore} Stopping with a savepoint and restarting from it would take {savepoint}.")
    } else {
        format!("{restore} That is slower than stopping with a savepoint and restarting from it, {savepoint}: from RocksDB's incremental checkpoint each new subtask downloads the whole files of every old subtask whose key groups it takes over (read from Flink's RocksDB restore code; not measured here).")
    };
    // The plan's outage with transactional sinks also counts each restore's first checkpoint.
    match transactional {
        true => format!("{compared} Both count the job down only: with transactional sinks each restore's first checkpoint, a full one ({}), adds as long again of no output, as the plan's outage counts it.", e.first_checkpoint),
        false => compared,
    }
}

/// What the adaptive scheduler waits for while the job runs, in `release`'s own options.
fn waits_line(release: Release) -> String {
    let waits = scheduler_waits(release);
    if waits.is_empty() {
        return format!(
            "Flink {} has no option for how long the scheduler waits between rescales or for resources to settle while \
             the job runs (1.19 added one for the wait between rescales, 2.0 both).",
            release.slug()
        );
    }
    let each: Vec<String> = waits.iter().map(|w| format!("{}: {} (default {})", w.waits, w.option, w.default)).collect();
    let missing = if waits.len() == 1 { " It has no option for resources to settle while the job runs (2.0 added one)." } else { "" };
    format!("In Flink {} the scheduler waits {}.{missing}", release.slug(), each.join("; and "))
}

/// The same rescale through the Flink Kubernetes operator: the FlinkDeployment edit for the
/// job's release (or, before 1.18, why there is none), its conditions and what a refusal turns
/// into (read from the operator's sources).
fn operator_route(target: u32, source_p: u32, release: Release) -> Html {
    if !release.rescales_in_place() {
        return html! {
            <div data-testid="inplace-operator">
                <h3>{ "With the Flink Kubernetes operator" }</h3>
                <p>{ before_in_place(release) }</p>
                <p class="field-hint">{ "Read from the Flink Kubernetes operator's sources (1.16-SNAPSHOT), not observed: this machine has no Kubernetes. That the REST call is absent before 1.18 is observed (each release's REST API listed)." }</p>
            </div>
        };
    }
    html! {
        <div data-testid="inplace-operator">
            <h3>{ "With the Flink Kubernetes operator" }</h3>
            <p>{ "Edit the FlinkDeployment and change only the parallelism overrides; the operator then sends the request above itself (from 1.18, with the adaptive scheduler):" }</p>
            <pre class="command"><code>{ deployment_patch(target, source_p, release) }</code></pre>
            <ul class="conditions">
                { for CONDITIONS.iter().map(|c| html! { <li>{ *c }</li> }) }
                <li>{ format!("{INPLACE_OPTION}: the operator's switch for this, on by default.") }</li>
            </ul>
            <p>{ FALLBACK }</p>
            <p class="field-hint">{ "Read from the Flink Kubernetes operator's sources (1.16-SNAPSHOT), not observed: this machine has no Kubernetes. The request and Flink's answers above are observed." }</p>
        </div>
    }
}

#[derive(Properties, PartialEq, Clone)]
pub struct InPlaceProps {
    pub state: PlannerState,
    /// The running job's max parallelism (the plan's snapshot value).
    pub max_parallelism: u32,
    pub on_action: Callback<Edit>,
}

#[function_component]
pub fn InPlace(props: &InPlaceProps) -> Html {
    let (s, a) = (&props.state, &props.on_action);
    let input = s.in_place_input(props.max_parallelism);
    let outcome = input.outcome();
    let rates = Rates {
        savepoint: s.sp_rate.value,
        rewrite: s.rate.value,
        restore: s.restore_rate.value,
        incremental: s.inc_rate.value,
    };
    let estimate = input.estimate(s.state.value, rates, s.backend);
    let (current, target, max) = (input.current, input.target, input.max_parallelism);
    let slots = input.slots.map_or("the".to_string(), |n| n.max(current).to_string());
    let (headline, message) = match outcome {
        InPlaceOutcome::NotInRelease => (format!("Not in this release: {}, so the job rescales only by a restart from a snapshot, as in the plan above.", s.release.no_in_place_call().unwrap_or_default()), None),
        InPlaceOutcome::AboveMax => (format!("HTTP 400: in-place rescaling does not lift the ceiling. Flink refuses a parallelism above the job's max parallelism {max} before any scheduler sees it; nothing changes."), Some(above_max_message(target, max))),
        InPlaceOutcome::NotAdaptive => ("HTTP 500: the default scheduler cannot change a running job's parallelism. Set jobmanager.scheduler: adaptive first (that takes one ordinary restart).".to_string(), Some(NOT_ADAPTIVE_MESSAGE.to_string())),
        InPlaceOutcome::Rescales { parallelism, slot_capped: false } => (format!("HTTP 200: the adaptive scheduler restarts the job at {parallelism} and restores it from its latest checkpoint, with no savepoint and no rewrite."), None),
        InPlaceOutcome::Rescales { parallelism, slot_capped: true } => (format!("HTTP 200, and the job restarts at {parallelism}, not {target}: the parallelism is capped at the {slots} slots, silently."), None),
        InPlaceOutcome::Unchanged { slot_capped: true } => (format!("HTTP 200, and nothing moves: all {slots} slots are in use already, so the job stays at {current}."), None),
        InPlaceOutcome::Unchanged { slot_capped: false } => (format!("HTTP 200, and nothing moves: the job already runs at {current}."), None),
    };
    // A request needs a running job: a job that is down is brought back first (the plan's first step).
    let headline = match (s.job, outcome, s.plan_input().verdict()) {
        (JobStatus::Down, InPlaceOutcome::NotInRelease, _) | (JobStatus::Running, _, _) => headline,
        (JobStatus::Down, _, Verdict::DirectRestore) => format!("The job is down, and the plan above restores it at {target} straight from its {}: no request is needed. A running job asked the same: {headline}", s.snapshot.latest()),
        (JobStatus::Down, _, _) => {
            format!("The job is down, and a request needs a running job: bring it back first (the plan above). Then: {headline}")
        }
    };
    let source_p = target.min(s.partitions.value).max(1);
    let request = format!(
        "curl -X PUT -H 'Content-Type: application/json' \\\n  http://<jobmanager>:8081/jobs/<job id>/resource-requirements \\\n  -d '{}'",
        input.body(source_p)
    );
    html! {
        <section class="in-place" aria-labelledby="in-place-title">
            <h2 id="in-place-title">{ "Or in place: the adaptive scheduler" }</h2>
            <p>{ "With the adaptive scheduler a running job's parallelism can be changed through the REST API (FLIP-291, Flink 1.18 on; what follows was observed on 1.18.1, 1.19.3, 1.20.5 and 2.3.0). It is still a restart, from the latest checkpoint, and it is still capped by max parallelism; what it saves is the savepoint, the stop and the new submission." }</p>
            <LiveForm>
                { slot_pick(&SCHEDULER, s, a) }
                { slot_field(&SLOTS_FOR_JOB, s, a) }
            </LiveForm>
            <ResultRegion class={classes!("plan-verdict", outcome.as_str())} testid="inplace-verdict" verdict={outcome.as_str()}>
                <strong>{ headline }</strong>
                if let Some(m) = message {
                    <blockquote class="flink-message"><code>{ m }</code></blockquote>
                }
            </ResultRegion>
            if let Some(e) = &estimate {
                <p data-testid="inplace-estimate">{ estimate_line(e, s.txn) }</p>
            }
            <p>{ if outcome == InPlaceOutcome::NotInRelease { "From 1.18 on, the request (every vertex of the job, with its bounds):" } else { "The request (every vertex of the job, with its bounds):" } }</p>
            <pre class="command" data-testid="inplace-request"><code>{ request }</code></pre>
            <h3>{ format!("Conditions, as Flink {} answered", observed_version(s.release).unwrap_or("2.3.0")) }</h3>
            <p data-testid="inplace-observed-on">{ observed_line(s.release) }</p>
            <ul class="conditions" data-testid="inplace-conditions">
                <li>{ "jobmanager.scheduler: adaptive. The default scheduler answers HTTP 500 and the job keeps running as it was." }</li>
                <li>{ format!("Every upper bound at most the vertex's max parallelism ({max} here): above it, HTTP 400 whatever the scheduler. Raising the ceiling still needs a rewrite or a rebuild.") }</li>
                <li>{ "Enough task slots: with fewer, the job runs at what the slots allow, with HTTP 200 and no error (100 asked with 16 slots ran at 16; 120 asked while on all 16 changed nothing). A lower bound above the slots also answers 200 and changes nothing. On a standalone cluster add TaskManagers first." }</li>
                <li data-testid="inplace-restore-point">{ RestorePoint::of(s.release).condition() }</li>
                <li>{ "A body naming every vertex (GET the same URL first and change only the upper bounds), with bounds above zero and lower ≤ upper; else HTTP 400, for example:" }<br /><code>{ INCOMPLETE_MESSAGE }</code></li>
                <li>{ "Never an upper bound of -1: in Flink 2.3.0 it was accepted with HTTP 200, then the scheduler failed with a NullPointerException while assigning slots and shut the MiniCluster down (the job ended SUSPENDED)." }</li>
                <li>{ waits_line(s.release) }</li>
            </ul>
            { operator_route(target, source_p, s.release) }
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`InPlace`], its code fetched when it is wanted.
    pub DeferredInPlace(InPlaceProps) => InPlace, chunk planner_in_place, "rescaling in place"
);
