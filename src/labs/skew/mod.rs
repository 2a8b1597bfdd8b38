//! The skew editor (`#/skew`): a key set with per-key load in, per-subtask load out, with the
//! data-skew percentage as the Flink web UI computes it, a diagnosis of what rescaling can
//! and cannot fix, what-ifs, charts and `skew.csv`. Small key sets travel in the URL, large
//! ones in local storage; large pastes are read in steps so the page stays responsive. A
//! running job's REST metrics can be imported beside the key set (`metrics_panel`).

mod charts_panel;
mod group_table;
mod import;
mod key_table;
mod keyset;
mod metrics_panel;
mod metrics_view;
pub mod query;
pub mod results;
mod settings;
pub mod state;
pub mod view;
mod whatif;

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser;
use crate::components::{InView, ResultAlert, RevealAt, Wanted};
use crate::lab::Lab;
use crate::labs::frame::{use_lab, LabFrame, LabProps};
use crate::labs::paint_first::use_steps;
use crate::labs::url_sync::use_url_sync;
use crate::model::skew::aggregate::GroupLoads;
use query::{KeySource, STORAGE_KEY};
use state::{SkewAction, SkewState};
use view::{busiest_keys, Scenario};

/// The part `view=skew` shows (the charts show with their own names).
const SKEW: &[&str] = &["skew", "what-if"];
const WHAT_IF: &[&str] = &["what-if"];

const LEDE: &str = "Equal numbers of key groups per subtask do not mean equal work. Here each key carries its \
                    own event rate and state size; see where the load lands, how skewed it is, and whether a \
                    different parallelism could ever fix it.";

/// Paint first: the frame at once, the key set and results after a paint, the charts and the
/// key table after another (a large preset in the link takes a while to compute and draw).
#[function_component]
pub fn SkewLab(props: &LabProps) -> Html {
    // The link in its canonical form at the first render, not after the key set is drawn (a
    // large preset is generated later, in steps; the parts' own sync then finds it written).
    let pairs = use_memo(props.location.clone(), |location| query::canonical_pairs(&location.params));
    use_url_sync(Lab::Skew, &props.location.common, (*pairs).clone());
    match use_steps(2) {
        0 => html! {
            <LabFrame lab={Lab::Skew} lede={LEDE} notices={Vec::new()} announce={crate::components::Announce::default()}>
                <p class="loading" role="status">{ "Computing the load…" }</p>
            </LabFrame>
        },
        step => html! { <SkewParts location={props.location.clone()} complete={step == 2} /> },
    }
}

#[derive(Properties, PartialEq)]
struct PartsProps {
    location: crate::url::Location,
    /// Whether the charts and the key table are drawn yet.
    complete: bool,
}

#[function_component]
fn SkewParts(props: &PartsProps) -> Html {
    let lab = use_lab::<SkewState>(&props.location);
    let what_if_first = crate::components::use_view() == Some("what-if");
    let state = lab.state;
    // A key set made or imported in steps: the page is not settled.
    crate::components::use_busy(state.generating.is_some() || state.importing.is_some());
    let dispatcher = state.dispatcher();
    let p = state.parallelism.value;
    let max = state.max_in_force();
    {
        let (dispatcher, stored) = (dispatcher.clone(), lab.opened.source == KeySource::Stored);
        use_effect_with((), move |_| {
            if stored {
                let kept = browser::session_get(STORAGE_KEY).or_else(|| browser::storage_get(STORAGE_KEY));
                dispatcher.dispatch(match kept {
                    Some(text) => SkewAction::ReadInSteps { text: Rc::new(text), lone_surrogates: false },
                    None => SkewAction::StoredSetMissing { unavailable: !browser::storage_available() },
                });
            }
        });
    }
    {
        // A large preset is generated in steps; a newer key set cancels it. Its key groups
        // are hashed at the max parallelism in force when it starts.
        let (dispatcher, generating) = (dispatcher.clone(), state.generating);
        use_effect_with(generating.map(|g| g.job), move |_| {
            let cancelled = Rc::new(Cell::new(false));
            if let Some(g) = generating {
                import::generate(g, max, cancelled.clone(), dispatcher);
            }
            move || cancelled.set(true)
        });
    }
    {
        // A large CSV text read in steps (a paste, the stored set, a set read again as another
        // key type); a newer read or key set cancels it.
        let (dispatcher, reading, keys) = (dispatcher.clone(), state.reading.clone(), state.keys.clone());
        use_effect_with(reading.as_ref().map(|r| r.job), move |_| {
            let cancelled = Rc::new(Cell::new(false));
            if let Some(r) = reading {
                import::read(r, keys, cancelled.clone(), dispatcher);
            }
            move || cancelled.set(true)
        });
    }
    {
        let (dispatcher, keys, stored) = (dispatcher.clone(), state.keys.clone(), state.source == KeySource::Stored);
        use_effect_with(state.version, move |_| {
            if stored && !keys.is_empty() {
                import::store(keys, dispatcher);
            }
        });
    }

    let keys = state.keys.clone();
    // The key groups a large preset's job hashed in steps, when they are for this max.
    let derived = state.derived.clone();
    let groups: Rc<GroupLoads> = (*use_memo((state.version, max), {
        let (keys, derived) = (keys.clone(), derived.clone());
        move |_| match derived.filter(|d| d.groups.max == max) {
            Some(d) => d.groups,
            None => Rc::new(GroupLoads::new(&keys, max)),
        }
    }))
    .clone();
    let current = use_memo((state.version, max, p), {
        let (keys, groups) = (keys.clone(), groups.clone());
        move |_| Scenario::new(&keys, &groups, p)
    });
    let top = use_memo((state.version, max, p), {
        let (keys, groups, current) = (keys.clone(), groups.clone(), current.clone());
        move |_| busiest_keys(&keys, &groups, &current)
    });
    let waiting = state.generating.is_some() && keys.is_empty();
    let on_action = Callback::from(move |a: SkewAction| dispatcher.dispatch(a));
    // What this browser's storage did with the key set: not a link parameter, so not among the
    // link's notices.
    let storage = state.storage_notice.clone();

    // Below the first screen in the whole lab: its code is fetched when it is wanted.
    let what_if = html! {
        <InView names={WHAT_IF}><RevealAt name="what-if"><Wanted height="short">
            <whatif::DeferredWhatIf state={(*state).clone()} groups={groups.clone()} current={current.clone()} on_action={on_action.clone()} />
        </Wanted></RevealAt></InView>
    };
    html! {
        <LabFrame lab={Lab::Skew} lede={LEDE} notices={lab.notices} announce={lab.announce}>
            if let Some(message) = storage {
                <div class="notices" role="status" data-testid="storage-notice"><p>{ message }</p></div>
            }
            <InView><settings::Settings state={(*state).clone()} on_action={on_action.clone()} /></InView>
            // Under the settings (the key set below may not be drawn yet): a large preset's
            // progress.
            // As the key set's read: the region says it once, the bar and figure stay out of it.
            <div role="status">{ state.generating.map(|g| format!("Generating {} keys…", g.preset.n())).unwrap_or_default() }</div>
            if let Some(g) = state.generating {
                <p><progress max="1000" value={g.permille.to_string()} aria-label="Generating keys"></progress>
                    { format!(" {}%", g.permille / 10) }</p>
            }
            if waiting {
                // A link's large preset, still being made: no load to show yet (not an even one).
                <p class="loading">{ "The load per subtask appears once the keys are made." }</p>
            } else {
                if let Err(e) = &current.loads {
                    <ResultAlert><strong>{ "The job does not start. " }</strong>{ e.to_string() }{ "." }</ResultAlert>
                }
                // Alone (`view=what-if`), the what-if comes first: its table holds the answer, now
                // against the other parallelism (found by review under the load table).
                if what_if_first { { what_if.clone() } }
                <InView names={SKEW}><results::Results keys={keys.clone()} groups={groups.clone()} scenario={current.clone()} top={top.clone()} /></InView>
                if !what_if_first { { what_if } }
                if props.complete {
                    <InView names={charts_panel::CHARTS}><Wanted height="tall">
                        <charts_panel::DeferredCharts keys={keys.clone()} groups={groups.clone()} scenario={current.clone()} ranked={derived.map(|d| d.ranked)} />
                    </Wanted></InView>
                }
            }
            <InView><Wanted height="medium">
                <metrics_panel::DeferredMetrics state={(*state).clone()} on_action={on_action.clone()} />
                <keyset::DeferredKeySet state={(*state).clone()} on_action={on_action.clone()} />
                if props.complete && !waiting {
                    <key_table::DeferredKeyTable key={state.sets} keys={keys} groups={groups.clone()} scenario={current.clone()} error={state.table_error.clone()} on_action={on_action} />
                }
            </Wanted></InView>
        </LabFrame>
    }
}
