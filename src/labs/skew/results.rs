//! The skew lab's verdict: the data-skew percentage (`skew-percent`), max ÷ mean for events
//! and bytes, the busiest subtask and the keys that make it busy, the diagnosis, and the
//! per-subtask table with **Export CSV** (`skew.csv`).

use std::rc::Rc;

use yew::prelude::*;

use super::view::Scenario;
use crate::browser;
use crate::components::{use_page, PagerButtons, ResultRegion, ScrollBox};
use crate::model::export::skew_csv;
use crate::model::number::{count, format_rate_milli, two_places};
use crate::model::skew::aggregate::{GroupLoads, SkewCause};
use crate::model::skew::units::format_bytes;
use crate::model::skew::KeyLoad;
use crate::model::Key;

const PAGE_ROWS: usize = 32;

#[derive(Properties, PartialEq)]
pub struct ResultsProps {
    pub keys: Rc<Vec<KeyLoad>>,
    pub groups: Rc<GroupLoads>,
    pub scenario: Rc<Scenario>,
    pub top: Rc<Vec<usize>>,
}

/// A key as a person reads it (always rendered as text).
/// The key as text (a string as it is, a number in decimal).
pub fn key_text(key: &Key) -> String {
    key.to_string()
}

#[function_component]
pub fn Results(props: &ResultsProps) -> Html {
    let p = props.scenario.loads.as_ref().map_or(0, |l| l.parallelism.get() as usize);
    let (page, on_go) = use_page(p, PAGE_ROWS, ());
    let Ok(loads) = &props.scenario.loads else {
        return html! {};
    };
    let on_export = {
        let scenario = props.scenario.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(loads) = &scenario.loads {
                browser::download("skew.csv", "text/csv", &skew_csv(loads));
            }
        })
    };
    let busiest = &loads.subtasks[loads.busiest as usize];
    let top: Vec<String> = props
        .top
        .iter()
        .map(|&i| {
            format!("{} ({} events/s)", props.keys[i].key.java_literal(), format_rate_milli(props.keys[i].events_milli))
        })
        .collect();
    let first_row = page.first;
    html! {
        <section class="results" aria-labelledby="results-title">
            <h2 id="results-title">{ "Load per subtask" }</h2>
            <ResultRegion class="skew-figure">
                { "Data skew: " }<strong data-testid="skew-percent">{ loads.skew_percent }</strong>{ "%" }
            </ResultRegion>
            <p class="muted">{ "Flink's formula over these keys' events per second: the mean absolute deviation across subtasks, divided by their mean, as a percentage capped at 100, rounded as the web UI's Data Skew tab rounds it (read from its sources). Flink applies it to each subtask's records in so far (numRecordsIn; it gave the value Flink's REST API gave for a real job), which agrees with events per second when every subtask has run as long; a running job's own numbers go in under Import metrics." }</p>
            <ul>
                <li>{ format!("Events per second: busiest subtask ÷ mean = {}", two_places(loads.max_over_mean_milli(|l| l.events_milli))) }</li>
                <li>{ format!("State bytes: largest subtask ÷ mean = {}", two_places(loads.max_over_mean_milli(|l| l.bytes))) }</li>
                <li>{ format!("Busiest subtask: {} with {} events/s, {} in {}, {} of state", loads.busiest, format_rate_milli(busiest.events_milli), count(busiest.keys, "key", "keys"), count(u64::from(loads.key_groups[loads.busiest as usize]), "key group", "key groups"), format_bytes(busiest.bytes)) }</li>
                if !top.is_empty() { <li>{ "Its heaviest keys: " }{ top.join(", ") }</li> }
            </ul>
            <p class="diagnosis" data-testid="skew-diagnosis">{ diagnosis(props, props.scenario.cause) }</p>
            <div class="table-tools">
                <button type="button" onclick={on_export}>{ "Export CSV" }</button>
                <PagerButtons page={page} noun="subtasks" status={format!("Subtasks {} to {} of {}", first_row, page.end - 1, p)} on_go={on_go} />
            </div>
            <ScrollBox label="Subtask load table">
                <table class="skew-table">
                    <caption class="visually-hidden">{ "Load of each subtask" }</caption>
                    <thead><tr><th scope="col">{ "subtask" }</th><th scope="col">{ "key groups" }</th><th scope="col">{ "keys" }</th>
                        <th scope="col">{ "events/s" }</th><th scope="col">{ "state" }</th></tr></thead>
                    <tbody>
                        { for (first_row..page.end).map(|i| {
                            let l = &loads.subtasks[i];
                            html! { <tr key={i} class={classes!((i as u32 == loads.busiest).then_some("busiest"))}>
                                <td>{ i }</td><td>{ loads.key_groups[i] }</td><td>{ l.keys }</td><td>{ format_rate_milli(l.events_milli) }</td><td>{ format_bytes(l.bytes) }</td>
                            </tr> }
                        }) }
                    </tbody>
                </table>
            </ScrollBox>
        </section>
    }
}

fn diagnosis(props: &ResultsProps, cause: Option<SkewCause>) -> String {
    match cause {
        None => String::new(),
        Some(SkewCause::Balanced) => "The load is close to even: the skew is under 10%.".to_string(),
        Some(SkewCause::HotKey { key, events_milli }) => format!(
            "A hot key: {} alone has {} events/s, more than a whole subtask's fair share. Every event of a key goes to its \
             one key group, and a key group is never split, so no parallelism can spread it: rescaling cannot fix this. \
             Only changing the job can, for example by splitting the key (see the what-ifs).",
            props.keys[key].key.java_literal(),
            format_rate_milli(events_milli)
        ),
        Some(SkewCause::UnevenGroups) => "Mostly uneven key-group counts: some subtasks own one key group more than others. \
             A parallelism that divides the max parallelism gives every subtask the same number of groups and removes this part of the skew."
            .to_string(),
        Some(SkewCause::Clustering) => "The keys cluster in some key groups by chance of the hash. Another parallelism moves the \
             boundaries and may help a little; more key groups (a larger max parallelism) spread them more finely."
            .to_string(),
    }
}
