//! The other route: rescaling the running job in place with the adaptive scheduler
//! (`PUT /jobs/:jobid/resource-requirements`, FLIP-291), as Flink 2.3.0 answered it: the
//! release (the runbook below is named for it too), scheduler and slots in, `inplace-verdict`
//! out (`above-max`, `not-adaptive`, `rescales`, `capped`, `unchanged`) with the HTTP status,
//! Flink's message, the downtime beside a savepoint restart (`inplace-estimate`), the request and its conditions (their words are the model's
//! `in_place_report`, which `plan.md` prints too), and the same through the Flink Kubernetes
//! operator (`inplace-operator`), each of its FlinkDeployment edits with its own **Copy**.

use yew::prelude::*;

use super::query::{RELEASE, SCHEDULER, SLOTS_FOR_JOB};
use super::state::PlannerState;
use crate::components::{code_lines, slot_widgets, CopyButton, CopyExport, LiveForm, ResultRegion};
use crate::model::planner::in_place::InPlaceOutcome;
use crate::model::planner::in_place_report::Condition;
use crate::model::planner::operator_route::OperatorRoute;
use crate::url::Edit;

/// The same rescale through the Flink Kubernetes operator: the model's route (what to edit, or
/// why not; its conditions and what a refusal turns into), read from the operator's sources.
fn operator_part(route: &OperatorRoute) -> Html {
    html! {
        <div data-testid="inplace-operator">
            <h3>{ "With the Flink Kubernetes operator" }</h3>
            <p>{ route.lead.clone() }</p>
            { for route.edits.iter().enumerate().map(|(i, e)| {
                let (name, copy) = match route.edits.len() {
                    1 => ("The edit of the FlinkDeployment".to_string(), "Copy the edit".to_string()),
                    _ => (format!("Edit {} of the FlinkDeployment", i + 1), format!("Copy edit {}", i + 1)),
                };
                html! {
                    <>
                        <pre class="command" role="group" aria-label={name}>{ code_lines(e) }</pre>
                        <p class="copy-export"><CopyButton text={AttrValue::from(e.clone())} label={copy} /></p>
                    </>
                }
            }) }
            if !route.conditions.is_empty() {
                <ul class="conditions">
                    { for route.conditions.iter().map(|c| html! { <li>{ *c }</li> }) }
                </ul>
            }
            if let Some(f) = &route.fallback {
                <p>{ f.clone() }</p>
            }
            <p class="field-hint">{ route.provenance.clone() }</p>
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
            <p>{ r.intro.clone() }</p>
            <LiveForm>
                { slot_widgets(s, a, &[&RELEASE, &SCHEDULER, &SLOTS_FOR_JOB]) }
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
            <p>{ r.request_intro.clone() }</p>
            <pre class="command" role="group" aria-label="The calls" data-testid="inplace-request">{ code_lines(&r.request) }</pre>
            // Calls Flink refuses here, or a release without them, are shown but not handed out.
            if !matches!(r.outcome, InPlaceOutcome::AboveMax | InPlaceOutcome::NotInRelease) {
                <CopyExport text={AttrValue::from(r.request.clone())} filename="in-place-rescale.sh"
                    copy_label="Copy the calls" download_label="Download the calls (shell)"
                    download_text={AttrValue::from(r.script())} />
            }
            <h3>{ r.conditions_title.clone() }</h3>
            <p data-testid="inplace-observed-on">{ r.observed_on.clone() }</p>
            <ul class="conditions" data-testid="inplace-conditions">
                { for r.conditions.iter().map(condition) }
            </ul>
            { operator_part(&r.operator) }
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`InPlace`], its code fetched when it is wanted.
    pub DeferredInPlace(InPlaceProps) => InPlace, chunk planner_in_place, "rescaling in place"
);
