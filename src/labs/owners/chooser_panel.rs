//! The max-parallelism chooser: for the parallelisms planned (the earlier one, the one shown and
//! the largest foreseen), max parallelisms every one of them divides, beside the power of two at
//! 4–8× the largest (never below 128–256, Flink's own floor and twice it), with the trade-off
//! between them stated (`chooser-best`).

use yew::prelude::*;

use super::query::LARGEST;
use super::state::OwnersAction;
use crate::components::{edits, view_field, ScrollBox};
use crate::model::chooser::{suggest_divisible_or, SuggestionKind};
use crate::url::{Field, FieldView};

#[derive(Properties, PartialEq, Clone)]
pub struct ChooserPanelProps {
    pub largest: Field<Option<u32>>,
    /// The parallelism shown, planned too.
    pub p: u32,
    /// The earlier parallelism, when given: the job runs at it now.
    pub from: Option<u32>,
    pub on_action: Callback<OwnersAction>,
}

#[function_component]
pub fn ChooserPanel(props: &ChooserPanelProps) -> Html {
    let largest = props.largest.value.unwrap_or(props.p);
    let planned: Vec<u32> = props.from.into_iter().chain([props.p, largest]).collect();
    let choice = use_memo((planned, largest), |(planned, largest)| suggest_divisible_or(planned, *largest));
    let (c, note) = (&choice.0, &choice.1);
    let on_input = edits(&props.on_action, LARGEST.name);
    let view = FieldView::of(&LARGEST, &props.largest);
    let kind = |k: SuggestionKind| match k {
        SuggestionKind::PowerOfTwo => "power of two".to_string(),
        SuggestionKind::HighlyComposite => "highly composite".to_string(),
        SuggestionKind::Divisible => format!("multiple of {}", c.planned_text()),
    };
    html! {
        <section class="chooser" aria-labelledby="chooser-title">
            <h2 id="chooser-title">{ "Choosing the number of key groups" }</h2>
            <p>{ "Max parallelism is fixed once state exists, so choose it for the largest parallelism you can foresee, \
                  and so that the parallelisms you will run divide it. Each key group costs a little metadata; running out \
                  of them costs an offline rewrite. The values below come from 4 to 8 times the largest, and never \
                  from below 128 to 256: Flink's own default is never under 128, and fewer key groups save nothing \
                  worth the ceiling they set." }</p>
            <div class="count-field">
                { view_field(view, on_input, None, Some(format!("same as parallelism ({})", props.p))) }
            </div>
            if let Some(e) = note {
                <p class="notice">{ format!("{e}; suggesting for {largest} alone.") }</p>
            }
            <p data-testid="chooser-best"><strong>{ format!("Suggested: {}.", c.best) }</strong>{ " " }{ c.trade_off() }</p>
            <ScrollBox label="Max-parallelism choices table"><table class="chooser-table">
                <caption>{ format!("Max parallelisms for {}, and the power of two beside them", c.planned_text()) }</caption>
                <thead><tr><th scope="col">{ "max parallelism" }</th><th scope="col">{ "kind" }</th>
                    <th scope="col">{ format!("parallelisms 1–{} that divide it", c.planned.last().copied().unwrap_or(largest)) }</th></tr></thead>
                <tbody>
                    { for c.suggestions.iter().map(|s| html! {
                        <tr key={s.value}><td>{ s.value }</td><td>{ kind(s.kind) }</td><td>{ s.even_parallelisms }</td></tr>
                    }) }
                    if !c.suggestions.iter().any(|s| s.value == c.power_of_two) {
                        <tr key="pow2"><td>{ c.power_of_two }</td><td>{ kind(SuggestionKind::PowerOfTwo) }</td><td>{ c.power_of_two_even }</td></tr>
                    }
                </tbody>
            </table></ScrollBox>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`ChooserPanel`], its code fetched when it is wanted.
    pub DeferredChooser(ChooserPanelProps) => ChooserPanel, chunk owners_chooser, "the max parallelism chooser"
);
