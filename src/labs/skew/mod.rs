//! The skew editor (`#/skew`): a key set with per-key load in, per-subtask load out, with the
//! data-skew percentage as the Flink web UI computes it, a diagnosis of what rescaling can
//! and cannot fix, what-ifs, charts and `skew.csv`. Small key sets travel in the URL, large
//! ones in local storage; large pastes are read in steps so the page stays responsive.

mod charts_panel;
mod import;
mod key_table;
mod keyset;
pub mod results;
mod settings;
pub mod state;
pub mod view;
mod whatif;

use std::rc::Rc;

use yew::prelude::*;

use crate::browser;
use crate::components::Notices;
use crate::labs::url_sync::use_url_sync;
use crate::labs::Lab;
use crate::model::skew::aggregate::GroupLoads;
use crate::url::{KeySource, Location, SkewQuery};
use state::{SkewAction, SkewState};
use view::{busiest_keys, max_in_force, salted, Scenario};

/// Local-storage key of a large key set (CSV text).
pub const STORAGE_KEY: &str = "rescale-lab.skew-keys.v1";

#[derive(Properties, PartialEq)]
pub struct SkewLabProps {
    pub location: Location,
}

#[function_component]
pub fn SkewLab(props: &SkewLabProps) -> Html {
    let parsed = use_memo(props.location.clone(), |location| {
        let (query, notices) = SkewQuery::parse(&location.params);
        (query, location.notices.iter().cloned().chain(notices).collect::<Vec<_>>())
    });
    let state = use_reducer_eq({
        let query = parsed.0.clone();
        move || SkewState::from_query(&query)
    });
    let dispatcher = state.dispatcher();
    {
        let (dispatcher, stored, key_type) = (dispatcher.clone(), parsed.0.source == KeySource::Stored, state.key_type);
        use_effect_with((), move |_| {
            if stored {
                match browser::storage_get(STORAGE_KEY) {
                    Some(text) => import::run(Rc::from(text.as_str()), key_type, dispatcher),
                    None => dispatcher.dispatch(SkewAction::StoredSetMissing),
                }
            }
        });
    }
    use_url_sync(Lab::Skew, &props.location.common, state.to_query().pairs());
    {
        let (dispatcher, keys, stored) = (dispatcher.clone(), state.keys.clone(), state.source == KeySource::Stored);
        use_effect_with(state.version, move |_| {
            if stored && !keys.is_empty() {
                import::store(keys, dispatcher);
            }
        });
    }

    let p = state.parallelism.value;
    let max = max_in_force(state.max_parallelism.value, p);
    let keys = state.keys.clone();
    let groups = use_memo((state.version, max), {
        let keys = keys.clone();
        move |_| GroupLoads::new(&keys, max)
    });
    let current = use_memo((state.version, max, p), {
        let (keys, groups) = (keys.clone(), groups.clone());
        move |_| Scenario::new(&keys, &groups, p)
    });
    let top = use_memo((state.version, max, p), {
        let (keys, groups, current) = (keys.clone(), groups.clone(), current.clone());
        move |_| busiest_keys(&keys, &groups, &current)
    });
    let what_if = use_memo((state.version, max, state.what_if.value), {
        let (keys, groups) = (keys.clone(), groups.clone());
        move |(_, _, q)| q.map(|q| Scenario::new(&keys, &groups, q))
    });
    let salted = use_memo((state.version, max, p, state.salt.value), {
        let keys = keys.clone();
        move |(_, _, _, k)| salted(&keys, max, p, *k).map(|(_, s)| s)
    });
    let on_action = Callback::from(move |a: SkewAction| dispatcher.dispatch(a));
    let mut notices = parsed.1.clone();
    if let Some(message) = &state.storage_notice {
        notices.push(crate::url::Notice { param: "stored".into(), message: message.clone() });
    }

    html! {
        <section class="lab lab-skew" aria-labelledby="skew-title">
            <h1 id="skew-title">{ Lab::Skew.title() }</h1>
            <p class="lede">
                { "Equal numbers of key groups per subtask do not mean equal work. Here each key carries its \
                   own event rate and state size; see where the load lands, how skewed it is, and whether a \
                   different parallelism could ever fix it." }
            </p>
            <Notices notices={notices} />
            <settings::Settings state={(*state).clone()} max={max} on_action={on_action.clone()} />
            if let Err(e) = &current.loads {
                <div class="alert" role="alert"><strong>{ "The job does not start. " }</strong>{ e.to_string() }{ "." }</div>
            }
            <results::Results keys={keys.clone()} groups={groups.clone()} scenario={current.clone()} top={top.clone()} />
            <whatif::WhatIf state={(*state).clone()} current={current.clone()} what_if={what_if.clone()} salted={salted.clone()} on_action={on_action.clone()} />
            <charts_panel::ChartsPanel keys={keys.clone()} groups={groups.clone()} scenario={current.clone()} />
            <keyset::KeySet state={(*state).clone()} on_action={on_action.clone()} />
            <key_table::KeyTable keys={keys} groups={groups.clone()} scenario={current.clone()} error={state.table_error.clone()} on_action={on_action} />
        </section>
    }
}
