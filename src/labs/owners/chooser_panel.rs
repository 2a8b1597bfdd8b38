//! The max-parallelism chooser: for the largest parallelism anyone foresees, powers of two at
//! 4–8× it and highly composite alternatives, each with how many parallelisms up to that
//! largest one divide it evenly.

use yew::prelude::*;

use super::query::LARGEST;
use super::state::{OwnersAction, OwnersField};
use crate::components::{FieldInput, ParamField};
use crate::model::chooser::{suggest_max_parallelism, SuggestionKind};
use crate::url::{Field, FieldView};

#[derive(Properties, PartialEq)]
pub struct ChooserPanelProps {
    pub largest: Field<Option<u32>>,
    /// Used when no largest parallelism is typed.
    pub p: u32,
    pub on_action: Callback<OwnersAction>,
}

#[function_component]
pub fn ChooserPanel(props: &ChooserPanelProps) -> Html {
    let largest = props.largest.value.unwrap_or(props.p);
    let suggestions = use_memo(largest, |&l| suggest_max_parallelism(l));
    let on_input = props.on_action.reform(|i: FieldInput| OwnersAction::Set {
        field: OwnersField::Largest,
        text: i.text,
        bad_input: i.bad_input,
    });
    let view = FieldView::of(&LARGEST, &props.largest);
    html! {
        <section class="chooser" aria-labelledby="chooser-title">
            <h2 id="chooser-title">{ "Choosing the number of key groups" }</h2>
            <p>{ "Max parallelism is fixed once state exists, so choose it for the largest parallelism you can foresee. \
                  Each key group costs a little metadata; running out of them costs an offline rewrite." }</p>
            <div class="count-field">
                <ParamField spec={view.spec} text={AttrValue::from(view.text.to_string())}
                    error={view.error.map(|e| AttrValue::from(e.to_string()))}
                    placeholder={AttrValue::from(format!("same as parallelism ({})", props.p))} on_input={on_input} />
            </div>
            <table class="chooser-table">
                <caption>{ format!("Suggestions for a largest parallelism of {largest}") }</caption>
                <thead><tr><th scope="col">{ "max parallelism" }</th><th scope="col">{ "kind" }</th>
                    <th scope="col">{ format!("parallelisms 1–{largest} that divide it") }</th></tr></thead>
                <tbody>
                    { for suggestions.iter().map(|s| html! {
                        <tr key={s.value}>
                            <td>{ s.value }</td>
                            <td>{ match s.kind { SuggestionKind::PowerOfTwo => "power of two", SuggestionKind::HighlyComposite => "highly composite" } }</td>
                            <td>{ s.even_parallelisms }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </section>
    }
}
