//! What-ifs beside the current state: another parallelism, and splitting the hottest key
//! into salted sub-keys aggregated in two phases (with the condition that makes it valid).
//! Each leads with the busiest subtask's load and how it compares with now, the figure that
//! sets the job's pace; the data skew % (a spread, which can rise while the busiest load
//! falls) stands beside it.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::{slot_field, ScrollBox};
use crate::model::number::{change_text, format_rate_milli};

use super::query::{Q, SALT};
use super::state::{SkewAction, SkewState};
use super::view::{salted, Scenario};
use crate::model::skew::aggregate::GroupLoads;

#[derive(Properties, PartialEq, Clone)]
pub struct WhatIfProps {
    pub state: SkewState,
    /// The key groups of the keys, at the max parallelism in force.
    pub groups: Rc<GroupLoads>,
    pub current: Rc<Scenario>,
    pub on_action: Callback<SkewAction>,
}

/// The busiest subtask's events per second (thousandths), if the scenario can start.
fn busiest(s: &Scenario) -> Option<u64> {
    s.loads.as_ref().ok().map(|l| l.subtasks[l.busiest as usize].events_milli)
}

/// A scenario's row: what it is, its busiest load, the change from now, and its skew.
fn row(what: String, s: &Scenario, now: Option<u64>, testid: Option<&'static str>) -> Html {
    let load = busiest(s);
    let change = match (now, load) {
        (Some(n), Some(l)) => change_text(n, l),
        _ => "–".to_string(),
    };
    html! {
        <tr>
            <td>{ what }</td>
            <td data-testid={testid.map(|t| format!("{t}-busiest"))}>{ load.map_or("–".to_string(), format_rate_milli) }</td>
            <td data-testid={testid.map(|t| format!("{t}-change"))}>{ change }</td>
            <td data-testid={testid.map(|t| format!("{t}-skew"))}>{ skew_text(s) }</td>
        </tr>
    }
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
    let (max, p) = (s.max_in_force(), s.parallelism.value);
    // Worked out here, below the first screen, so their code arrives with this part.
    let what_if = use_memo((s.version, max, s.what_if.value), {
        let (keys, groups) = (s.keys.clone(), props.groups.clone());
        move |(_, _, q)| q.map(|q| Scenario::new(&keys, &groups, q))
    });
    let salted = use_memo((s.version, max, p, s.salt.value), {
        let keys = s.keys.clone();
        move |(_, _, _, k)| salted(&keys, max, p, *k).map(|(_, s)| s)
    });
    let now = busiest(&props.current);
    html! {
        <section class="whatif" aria-labelledby="whatif-title">
            <h2 id="whatif-title">{ "What if…" }</h2>
            <div class="controls">
                { slot_field(&Q, s, &props.on_action) }
                { slot_field(&SALT, s, &props.on_action) }
            </div>
            <p>{ "Compare the busiest subtask first: it sets the pace of the whole job. The data skew % measures how \
                  uneven the subtasks are, and can rise while the busiest subtask's load falls." }</p>
            <ScrollBox label="What-ifs table">
                <table class="whatif-table">
                    <caption>{ "The busiest subtask and the data skew, side by side" }</caption>
                    <thead><tr>
                        <th scope="col">{ "scenario" }</th><th scope="col">{ "busiest subtask, events/s" }</th>
                        <th scope="col">{ "than now" }</th><th scope="col">{ "data skew" }</th>
                    </tr></thead>
                    <tbody>
                        { row(format!("now: parallelism {}", s.parallelism.value), &props.current, now, None) }
                        if let (Some(q), Some(w)) = (s.what_if.value, what_if.as_ref()) {
                            { row(format!("parallelism {q}"), w, now, Some("whatif")) }
                        }
                        if let Some(w) = salted.as_ref() {
                            { row(format!("hottest key split into {} sub-keys", s.salt.value), w, now, Some("salted")) }
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
    pub DeferredWhatIf(WhatIfProps) => WhatIf, chunk skew_whatif, "the what-ifs"
);
