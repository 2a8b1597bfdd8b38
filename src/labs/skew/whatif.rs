//! What-ifs beside the current state: another parallelism, and splitting the hottest key
//! into salted sub-keys aggregated in two phases (with the condition that makes it valid).

use std::rc::Rc;

use yew::prelude::*;

use crate::components::ScrollBox;

use super::settings::number_field;
use super::state::{SkewAction, SkewField, SkewState};
use super::view::Scenario;

#[derive(Properties, PartialEq, Clone)]
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
    let now = skew_text(&props.current);
    html! {
        <section class="whatif" aria-labelledby="whatif-title">
            <h2 id="whatif-title">{ "What if…" }</h2>
            <div class="controls">
                { number_field(s, &props.on_action, SkewField::WhatIf, None) }
                { number_field(s, &props.on_action, SkewField::Salt, None) }
            </div>
            <ScrollBox label="What-ifs table">
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
            </ScrollBox>
            <p class="muted">
                { "Splitting a key is a change to the job, not to its parallelism: each event goes to one of the sub-keys \
                   (key#0 … key#k−1), a first keyed stage aggregates per sub-key, and a second keyed stage on the original \
                   key merges the partial results. It is valid only when the aggregation's combine step is associative and \
                   commutative (sums, counts, maxima). The reduction comes from pre-aggregating per window or bundle: the first \
                   stage emits one partial result per sub-key per window (or mini-batch bundle), so the second stage gets at most k \
                   records per window for the key instead of every event; without that pre-aggregation it would still carry the key's full rate." }
            </p>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`WhatIf`], its code fetched when it is wanted.
    pub DeferredWhatIf(WhatIfProps) => WhatIf, chunk skew_whatif in feature = "lab-skew", "the what-ifs"
);
