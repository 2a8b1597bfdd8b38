//! What to record during the rescale: the model's checklist for this plan (restore duration,
//! catch-up lag, state and load per subtask, output invariants, restarts), as a list to tick
//! while it runs, to print (print styles keep it), to copy or to download as Markdown.

use yew::prelude::*;

use super::state::PlannerState;
use crate::components::CopyExport;

#[derive(Properties, PartialEq, Clone)]
pub struct ChecklistProps {
    pub state: PlannerState,
}

#[function_component]
pub fn Checklist(props: &ChecklistProps) -> Html {
    let plan = super::use_plan(&props.state);
    let (s, p) = (&props.state, &*plan);
    let input = s.checklist(p);
    html! {
        <section class="checklist" aria-labelledby="checklist-title">
            <h2 id="checklist-title">{ "What to record during the rescale" }</h2>
            <p>{ "A scaling claim needs its correctness beside its throughput. Record these while the rescale runs:" }</p>
            <ul class="record-list" data-testid="rescale-checklist">
                { for input.items().into_iter().map(|i| html! {
                    <li key={i.id} data-item={i.id}>
                        <label><input type="checkbox" />{ " " }<strong>{ i.what }</strong></label>
                        <p>{ i.how }</p>
                        <p class="muted">{ "Expect: " }{ i.expect }</p>
                    </li>
                }) }
            </ul>
            <CopyExport text={AttrValue::from(input.markdown())} filename="rescale-checklist.md"
                copy_label="Copy checklist" download_label="Download checklist (Markdown)" />
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`Checklist`], its code fetched when it is wanted.
    pub DeferredChecklist(ChecklistProps) => Checklist, chunk planner_checklist, "the checklist"
);
