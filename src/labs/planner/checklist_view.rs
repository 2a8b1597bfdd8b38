//! What to record during the rescale: the model's checklist for this plan (restore duration,
//! catch-up lag, state and load per subtask, output invariants, restarts), as a list to tick
//! while it runs (the ticks kept in this tab for this plan, and copied as done), to print (print
//! styles keep it), to copy or to download as Markdown.

use yew::prelude::*;

use super::state::PlannerState;
use crate::browser;
use crate::components::CopyExport;

#[derive(Properties, PartialEq, Clone)]
pub struct ChecklistProps {
    pub state: PlannerState,
}

/// Where this tab keeps the ticks: they outlast a reload and a visit to another lab (found by
/// review: an operator's ticks on a phone, mid-rescale, were lost to either).
const TICKS_KEY: &str = "rescale-lab-checklist";

#[function_component]
pub fn Checklist(props: &ChecklistProps) -> Html {
    let plan = super::use_plan(&props.state);
    let (s, p) = (&props.state, &*plan);
    let input = s.checklist(p);
    let kept = move || input.ticked_from(&browser::session_get(TICKS_KEY).unwrap_or_default());
    // `_eq`: the effect's read on mount finds what the first read found, and draws nothing again.
    let ticked = use_state_eq(kept);
    {
        // Another plan (its parallelisms) starts with its own ticks: none, unless kept for it.
        let ticked = ticked.clone();
        use_effect_with((input.current, input.target), move |_| ticked.set(kept()));
    }
    let toggle = |id: &'static str| {
        let ticked = ticked.clone();
        Callback::from(move |e: Event| {
            let mut next = (*ticked).clone();
            match browser::events::checked(&e) {
                true => next.insert(id),
                false => next.remove(id),
            };
            browser::session_set(TICKS_KEY, &input.ticked_text(&next));
            ticked.set(next);
        })
    };
    html! {
        <section class="checklist" aria-labelledby="checklist-title">
            <h2 id="checklist-title">{ "What to record during the rescale" }</h2>
            <p>{ "A scaling claim needs its correctness beside its throughput. Record these while the rescale runs:" }</p>
            <ul class="record-list" data-testid="rescale-checklist">
                { for input.items().into_iter().map(|i| html! {
                    <li key={i.id} data-item={i.id}>
                        <label><input type="checkbox" checked={ticked.contains(i.id)} onchange={toggle(i.id)} />{ " " }<strong>{ i.what }</strong></label>
                        <p>{ i.how }</p>
                        <p class="muted">{ "Expect: " }{ i.expect }</p>
                    </li>
                }) }
            </ul>
            <CopyExport text={AttrValue::from(input.markdown_ticked(&ticked))} filename="rescale-checklist.md"
                copy_label="Copy checklist" download_label="Download checklist (Markdown)" />
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`Checklist`], its code fetched when it is wanted.
    pub DeferredChecklist(ChecklistProps) => Checklist, chunk planner_checklist, "the checklist"
);
