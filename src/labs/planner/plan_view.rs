//! The rescale planner: inputs, then the verdict, the suggested max parallelism, the ordered
//! steps (reversible or not, with the point of no return marked), the time estimates with
//! their arithmetic, and the warnings. `view=steps` shows the verdict, the steps and the times
//! alone (the guided path's answers about the plan are there).

use yew::prelude::*;

use super::query::{BACKEND, CURRENT, INC_RATE, JOB, PARTITIONS, RATE, RESTORE_RATE, SP_RATE, STATE, TTL, TXN};
use super::state::PlannerState;
use crate::components::{slot_field, slot_widgets, CopyExport, LiveForm, ResultRegion, RevealAt};
use crate::model::number::count;
use crate::model::planner::document::headline;
use crate::model::planner::{Verdict, VertexChange, VertexKind, VertexPlan};
use crate::url::Edit;

#[derive(Properties, PartialEq, Clone)]
pub struct PlanSectionProps {
    pub state: PlannerState,
    pub on_action: Callback<Edit>,
}

#[function_component]
pub fn PlanSection(props: &PlanSectionProps) -> Html {
    let plan = super::use_plan(&props.state);
    let (s, p, a) = (&props.state, &*plan, &props.on_action);
    let on_txn = a.reform(|e: Event| TXN.edit(&crate::browser::events::checked(&e)));
    // Built once per state and plan, not on every render of the section.
    let markdown = use_memo((s.clone(), p.clone()), |(s, p)| AttrValue::from(s.plan_markdown(p)));
    let verdict_key = match p.verdict {
        Verdict::DirectRestore => "direct",
        Verdict::RewriteNeeded => "rewrite",
        Verdict::RebuildFromLog => "rebuild",
    };
    let headline = headline(p, s.p.value);
    let ceiling_note = if p.saved_known {
        format!(
            "Snapshot max parallelism: {} (as given above; the restore predictor checks the same value).",
            p.saved_max
        )
    } else {
        format!(
            "Snapshot max parallelism unknown, so Flink's default for a job first started at {} is assumed: {}.",
            s.first.value, p.saved_max
        )
    };
    let whole = crate::components::use_view() != Some("steps");
    html! {
        <section class="plan" aria-labelledby="plan-title">
            <h2 id="plan-title">{ "Plan the rescale" }</h2>
            if whole { <>
            <LiveForm>
                { slot_widgets(s, a, &[&JOB, &CURRENT, &STATE, &SP_RATE, &RATE, &RESTORE_RATE, &INC_RATE, &PARTITIONS, &TTL, &BACKEND]) }
                <div class="field checkbox-field">
                    <label><input type="checkbox" checked={s.txn} onchange={on_txn} />{ " Sinks are transactional (exactly-once)" }</label>
                </div>
                { slot_field(&super::query::INTERVAL, s, a) }
            </LiveForm>
            <p>{ format!("Target: the new parallelism above, {} (one value for the predictor and the plan).", s.p.value) }</p>
            <p>{ ceiling_note }</p>
            </> }
            <ResultRegion class={classes!("plan-verdict", verdict_key)} testid="plan-verdict" verdict={verdict_key}>
                <strong>{ headline }</strong>
                if let Some(note) = s.new_max_note(p) {
                    <p class="notice" data-testid="plan-new-max">{ note }</p>
                }
            </ResultRegion>
            if whole { <>
            <h3>{ "Which vertices gain" }</h3>
            <ul class="vertices" data-testid="plan-vertices">
                { for p.vertices.iter().map(|v| html! { <li key={vertex_name(v)}>{ vertex_text(v, s.partitions.value) }</li> }) }
            </ul>
            <super::cutover_view::OperatorsTable plan={p.clone()} />
            <super::max_choice::MaxChoice plan={p.clone()} target={s.p.value} />
            </> }
            <RevealAt name="steps">
            <h3>{ "Steps" }</h3>
            <ol class="plan-steps">
                { for p.steps.iter().enumerate().map(|(i, step)| html! {
                    <li key={i} class={classes!(step.point_of_no_return.then_some("no-return"))} data-reversible={step.reversible.to_string()}>
                        <span class="step-tag">{ if step.point_of_no_return { "POINT OF NO RETURN" } else if step.reversible { "reversible" } else { "not reversible" } }</span>
                        { " " }{ step.text.clone() }
                    </li>
                }) }
            </ol>
            <p class="muted">{ p.rollback.clone() }</p>
            </RevealAt>
            <super::time_view::TimeView plan={p.clone()} />
            if whole { <>
            <super::interim_view::InterimView plan={p.clone()} target={s.p.value} />
            <h3>{ "Warnings" }</h3>
            <ul class="warnings">
                { for p.warnings.iter().enumerate().map(|(i, w)| html! { <li key={i}>{ w.clone() }</li> }) }
            </ul>
            <super::kafka_view::KafkaChecks plan={p.clone()} />
            <p>{ "The whole plan in one document: the steps, their times, the outage and the point of no return, the warnings, the commands of the release picked in the in-place part below, the in-place route and what to record." }</p>
            <CopyExport text={(*markdown).clone()} filename="plan.md"
                copy_label="Copy the whole plan" download_label="Download the whole plan (Markdown)" />
            </> }
        </section>
    }
}

fn vertex_name(v: &VertexPlan) -> &'static str {
    match v.kind {
        VertexKind::Source => "source",
        VertexKind::Keyed => "keyed",
    }
}

fn vertex_text(v: &VertexPlan, partitions: u32) -> String {
    let change = match v.change() {
        VertexChange::Gains => format!("{} → {} doing work", v.now, count(u64::from(v.after), "subtask", "subtasks")),
        VertexChange::Fewer => {
            format!(
                "{} → {} doing work: fewer, as the plan scales down",
                v.now,
                count(u64::from(v.after), "subtask", "subtasks")
            )
        }
        VertexChange::Same => {
            format!("stays at {} doing work: it gains nothing", count(u64::from(v.now), "subtask", "subtasks"))
        }
    };
    match v.kind {
        VertexKind::Source => match v.pinned_at {
            Some(pin) => format!("Source vertex: {change}; pinned at max parallelism {pin} by the cutover (below), it reads its {partitions} partitions with at most {pin}."),
            None => format!("Source vertex: {change}; its {} cap it, whatever the parallelism (Kafka's assignment; not observed here).", crate::model::number::count(u64::from(partitions), "partition", "partitions")),
        },
        VertexKind::Keyed => format!(
            "Keyed operators after keyBy: {change}; they run at their own parallelism, capped by max parallelism {} (not by the partitions).",
            v.cap
        ),
    }
}

crate::components::deferred::deferred!(
    /// [`PlanSection`], its code (the plan's views and its time-axis chart) fetched when it is
    /// wanted.
    pub DeferredPlanSection(PlanSectionProps) => PlanSection, chunk planner_plan, "the plan"
);
