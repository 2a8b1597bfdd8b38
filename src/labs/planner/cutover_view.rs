//! Each stateful operator at the cutover: the model's table (`model::planner::cutover`), one
//! row per kind of stateful operator with the plan's route (kept, pinned, rebuilt, dropped,
//! started empty), its max parallelism and subtasks, what the job's code says for it and what
//! follows, each marked observed or not; the other choices and the pitfalls below it
//! (`data-testid="plan-operators"`). Part of the plan section's chunk.

use yew::prelude::*;

use crate::model::planner::cutover::{other_choices, pitfalls, Evidence};
use crate::model::planner::{Plan, Verdict};

#[derive(Properties, PartialEq, Clone)]
pub struct OperatorsProps {
    pub plan: Plan,
}

fn evidence_kind(e: Evidence) -> &'static str {
    match e {
        Evidence::Observed { .. } => "observed",
        Evidence::Read(_) => "read",
    }
}

#[function_component]
pub fn OperatorsTable(props: &OperatorsProps) -> Html {
    let p = &props.plan;
    let lede = match p.verdict {
        Verdict::RewriteNeeded => format!(
            "Flink checks every operator whose state the snapshot holds, keyed or not, against the max parallelism of the vertex it lands in. A rewrite of the keyed state leaves the others at {}: each is pinned there, rewritten too, or left behind on purpose.",
            p.saved_max
        ),
        Verdict::DirectRestore => "Nothing is rewritten: every operator keeps the max parallelism its state was saved with.".to_string(),
        Verdict::RebuildFromLog => "The new job starts from no snapshot: every operator starts empty.".to_string(),
    };
    let others = other_choices(&p.cutover);
    let traps = if p.verdict == Verdict::RewriteNeeded { pitfalls(p.saved_max, p.suggested_max) } else { Vec::new() };
    html! {
        <>
            <h3 id="operators-title">{ "Each stateful operator at the cutover" }</h3>
            <p>{ lede }</p>
            <div class="scroll-box" role="region" aria-label="Stateful operators table, scrolls sideways" tabindex="0">
                <table data-testid="plan-operators" aria-labelledby="operators-title">
                    <thead><tr>
                        <th scope="col">{ "Operator" }</th><th scope="col">{ "Route" }</th><th scope="col">{ "Max parallelism" }</th>
                        <th scope="col">{ "Subtasks" }</th><th scope="col">{ "In the job" }</th><th scope="col">{ "What follows" }</th>
                    </tr></thead>
                    <tbody>
                        { for p.cutover.iter().map(|r| { let c = &r.chosen; html! {
                            <tr key={r.operator.name()} data-fate={c.fate.label()}>
                                <th scope="row">{ r.operator.name() }<br /><span class="muted">{ r.operator.state() }</span></th>
                                <td>{ c.fate.label() }</td>
                                <td>{ c.max_parallelism }</td>
                                <td>{ format!("at most {}", c.parallelism) }</td>
                                <td><code>{ c.in_job.clone() }</code></td>
                                <td data-evidence={evidence_kind(c.evidence)}>{ format!("{} ({})", c.outcome, c.evidence.source()) }</td>
                            </tr>
                        } }) }
                    </tbody>
                </table>
            </div>
            if !others.is_empty() {
                <h4>{ "The other choices" }</h4>
                <ul class="operator-choices">
                    { for others.into_iter().map(|(what, how)| html! { <li key={what.clone()}><strong>{ what }</strong>{ ": " }{ how }</li> }) }
                </ul>
            }
            if !traps.is_empty() {
                <h4>{ "What stops the restore" }</h4>
                <ul class="operator-pitfalls">
                    { for traps.into_iter().enumerate().map(|(i, t)| html! { <li key={i}>{ t }</li> }) }
                </ul>
            }
        </>
    }
}
