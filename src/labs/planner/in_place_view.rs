//! The other route: rescaling the running job in place with the adaptive scheduler
//! (`PUT /jobs/:jobid/resource-requirements`, FLIP-291), as Flink 2.3.0 answered it: the
//! scheduler and slots in, `inplace-verdict` out (`above-max`, `not-adaptive`, `rescales`,
//! `capped`, `unchanged`) with the HTTP status, Flink's message, the downtime beside a savepoint
//! restart (`inplace-estimate`), the request and its conditions (their words are the model's
//! `in_place_report`, which `plan.md` prints too), and the same through the Flink Kubernetes
//! operator (`inplace-operator`).

use yew::prelude::*;

use super::query::{SCHEDULER, SLOTS_FOR_JOB};
use super::state::PlannerState;
use crate::components::{slot_field, slot_pick, LiveForm, ResultRegion};
use crate::model::planner::in_place_releases::observed_all;
use crate::model::planner::in_place_report::Condition;
use crate::model::planner::operator_route::{before_in_place, deployment_patch, CONDITIONS, FALLBACK, INPLACE_OPTION};
use crate::model::planner::release::Release;
use crate::url::Edit;

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
    pub on_action: Callback<Edit>,
}

#[function_component]
pub fn InPlace(props: &InPlaceProps) -> Html {
    let (s, a) = (&props.state, &props.on_action);
    let r = s.in_place_report();
    let condition = |c: &Condition| {
        let testid = c.restore_point.then_some("inplace-restore-point");
        html! {
            <li data-testid={testid}>
                { c.text.clone() }
                if let Some(q) = c.quoted { <br /><code>{ q }</code> }
            </li>
        }
    };
    html! {
        <section class="in-place" aria-labelledby="in-place-title">
            <h2 id="in-place-title">{ "Or in place: the adaptive scheduler" }</h2>
            <p>{ format!("With the adaptive scheduler a running job's parallelism can be changed through the REST API (FLIP-291, Flink 1.18 on; what follows was observed on {}). It is still a restart, from the latest checkpoint, and it is still capped by max parallelism; what it saves is the savepoint, the stop and the new submission.", observed_all()) }</p>
            <LiveForm>
                { slot_pick(&SCHEDULER, s, a) }
                { slot_field(&SLOTS_FOR_JOB, s, a) }
            </LiveForm>
            <ResultRegion class={classes!("plan-verdict", r.outcome.as_str())} testid="inplace-verdict" verdict={r.outcome.as_str()}>
                <strong>{ r.headline.clone() }</strong>
                if let Some(m) = &r.message {
                    <blockquote class="flink-message"><code>{ m.clone() }</code></blockquote>
                }
            </ResultRegion>
            if let Some(e) = &r.estimate {
                <p data-testid="inplace-estimate">{ e.clone() }</p>
            }
            <p>{ r.request_intro }</p>
            <pre class="command" data-testid="inplace-request"><code>{ r.request.clone() }</code></pre>
            <h3>{ r.conditions_title.clone() }</h3>
            <p data-testid="inplace-observed-on">{ r.observed_on.clone() }</p>
            <ul class="conditions" data-testid="inplace-conditions">
                { for r.conditions.iter().map(condition) }
            </ul>
            { operator_route(s.p.value, r.source_p, s.release) }
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`InPlace`], its code fetched when it is wanted.
    pub DeferredInPlace(InPlaceProps) => InPlace, chunk planner_in_place, "rescaling in place"
);
