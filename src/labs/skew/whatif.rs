//! What-ifs beside the current state: another parallelism, and splitting the hottest key
//! into salted sub-keys aggregated in two phases (with the condition that makes it valid).

use std::rc::Rc;

use yew::prelude::*;

use super::state::{SkewAction, SkewState};
use super::view::Scenario;
use crate::components::{FieldInput, TextField};
use crate::url::MAX_SALT;

#[derive(Properties, PartialEq)]
pub struct WhatIfProps {
    pub state: SkewState,
    pub current: Rc<Scenario>,
    pub what_if: Rc<Option<Scenario>>,
    pub salted: Rc<Option<Scenario>>,
    pub on_action: Callback<SkewAction>,
}

fn skew_text(s: &Scenario) -> String {
    match &s.loads {
        Ok(l) => format!("{}%", l.skew_percent),
        Err(e) => format!("cannot start: {e}"),
    }
}

#[function_component]
pub fn WhatIf(props: &WhatIfProps) -> Html {
    let s = &props.state;
    let on_q = props.on_action.reform(|i: FieldInput| SkewAction::SetWhatIf { text: i.text, bad_input: i.bad_input });
    let on_salt = props.on_action.reform(|i: FieldInput| SkewAction::SetSalt { text: i.text, bad_input: i.bad_input });
    let now = skew_text(&props.current);
    html! {
        <section class="whatif" aria-labelledby="whatif-title">
            <h2 id="whatif-title">{ "What if…" }</h2>
            <div class="controls">
                <TextField id="skew-q" param="q" label="Another parallelism" kind="number" min="1" max="32768" placeholder="none"
                    value={s.what_if.text.clone()} error={s.what_if.error.clone().map(AttrValue::from)} on_input={on_q} />
                <TextField id="skew-salt" param="salt" label="Split the hottest key into" kind="number" min="0" max={MAX_SALT.to_string()} placeholder="0 (off)"
                    value={s.salt.text.clone()} error={s.salt.error.clone().map(AttrValue::from)}
                    hint={AttrValue::from(format!("Sub-keys, 2 to {MAX_SALT}."))} on_input={on_salt} />
            </div>
            <table class="whatif-table">
                <caption>{ "Data skew, side by side" }</caption>
                <thead><tr><th scope="col">{ "scenario" }</th><th scope="col">{ "data skew" }</th></tr></thead>
                <tbody>
                    <tr><td>{ format!("now: parallelism {}", s.parallelism.value) }</td><td>{ now }</td></tr>
                    if let (Some(q), Some(w)) = (s.what_if.value, props.what_if.as_ref()) {
                        <tr><td>{ format!("parallelism {q}") }</td><td data-testid="whatif-skew">{ skew_text(w) }</td></tr>
                    }
                    if let Some(w) = props.salted.as_ref() {
                        <tr><td>{ format!("hottest key split into {} sub-keys", s.salt.value) }</td><td data-testid="salted-skew">{ skew_text(w) }</td></tr>
                    }
                </tbody>
            </table>
            <p class="muted">
                { "Splitting a key is a change to the job, not to its parallelism: each event goes to one of the sub-keys \
                   (key#0 … key#k−1), a first keyed stage aggregates per sub-key, and a second keyed stage on the original \
                   key merges the partial results. It is valid only when the aggregation's combine step is associative and \
                   commutative (sums, counts, maxima), and the second stage then carries the key's full rate, only with k times fewer events." }
            </p>
        </section>
    }
}
