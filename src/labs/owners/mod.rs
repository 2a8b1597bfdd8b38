//! The owners lab (`#/owners`): max parallelism, parallelism and an earlier parallelism in;
//! each subtask's key-group range, the imbalance, good parallelisms, what a rescale moves,
//! a max-parallelism chooser, and "where does this key go?" out. The state lives in the URL
//! (`maxp`, `p`, `first`, `from`, `largest`, `key`, `type`), written back on every valid edit.

mod alignment_panel;
mod chooser_panel;
mod controls;
mod diff_panel;
mod imbalance_panel;
mod lookup_panel;
pub mod query;
mod ranges_panel;
mod slider;
pub mod state;

use yew::prelude::*;

use crate::components::{
    refused_slot_field, slot_field, slot_pick, FieldInput, InView, LiveForm, ResultAlert, RevealAt, TextField, Wanted,
};
use crate::lab::Lab;
use crate::labs::frame::{dispatch, use_lab, LabFrame, LabProps};
use crate::model::Key;
use state::{OwnersAction, OwnersState};

// The parts each section of `query::SECTIONS` shows (`view=`): the controls go with the slider
// and with the imbalance chart, so a reader of either embed can still move p.
const WITH_CONTROLS: &[&str] = &["slider", "imbalance"];
const SLIDER: &[&str] = &["slider"];
const IMBALANCE: &[&str] = &["imbalance"];
const LOOKUP: &[&str] = &["lookup"];

const LEDE: &str = "Flink never sends a key straight to a subtask. The key's hash picks a key group, \
                    one of as many as the max parallelism, and every subtask takes an unbroken stretch \
                    of those groups. A key's group stays put for the life of the state; a rescale moves \
                    only which subtask holds it.";

#[function_component]
pub fn OwnersLab(props: &LabProps) -> Html {
    let lab = use_lab::<OwnersState>(&props.location);
    let state = lab.state;
    let view = use_memo((*state).clone(), OwnersState::view);
    let on_action = dispatch(&state);
    let on_key = on_action.reform(|i: FieldInput| OwnersAction::SetKey { text: i.text, well_formed: i.well_formed });
    let valid_p = view.parallelism.as_ref().ok().copied();
    let diff = view.diff.clone().and_then(Result::ok);

    html! {
        <LabFrame lab={Lab::Owners} lede={LEDE} notices={lab.notices} announce={lab.announce}>
            <InView names={WITH_CONTROLS}>
                <controls::Controls state={(*state).clone()} view={(*view).clone()} on_action={on_action.clone()} />
            </InView>
            if let Err(error) = &view.parallelism {
                <ResultAlert id={controls::CANNOT_START_ID}>
                    <strong>{ "The job does not start. " }</strong>{ capitalised(&error.to_string()) }{ "." }
                </ResultAlert>
                // A key group looked for has no owner then: said, with its field to change it
                // (one beyond the max parallelism is no key group at all, and its field is refused).
                if let Some(g) = state.group.value {
                    <InView names={SLIDER}>{ match view.max.key_group(g) {
                        Some(_) => ranges_panel::group_finder(slot_field(&query::GROUP, &*state, &on_action),
                            format!("Key group {g} has no owner: the job cannot start at parallelism {}.", state.parallelism.value), true),
                        None => ranges_panel::group_finder(refused_slot_field(&query::GROUP, &*state, &on_action, Some(ranges_panel::FOUND_ID)),
                            format!("Not found: {}.", crate::model::ModelError::KeyGroupBeyondMax { group: g, max: view.max.get() }), true),
                    } }</InView>
                }
            }
            if let Some(p) = valid_p {
                // A group beyond the max parallelism: the field is refused by what was found.
                <InView names={SLIDER}><ranges_panel::RangesPanel parallelism={p} diff={diff} group={state.group.value}
                    finder={refused_slot_field(&query::GROUP, &*state, &on_action,
                        state.group.value.filter(|g| p.find_group(*g).is_err()).map(|_| ranges_panel::FOUND_ID))} /></InView>
                <InView names={IMBALANCE}><RevealAt name="imbalance"><Wanted height="short"><imbalance_panel::DeferredImbalance parallelism={p} /></Wanted></RevealAt></InView>
            }
            // Below the first screen: each part's code is fetched when it is wanted.
            <InView><Wanted height="medium">
                <alignment_panel::DeferredAlignment view={(*view).clone()} p={state.parallelism.value} from={state.from.value} />
                <diff_panel::DeferredDiff diff={view.diff.clone()} from={state.from.value} />
                <chooser_panel::DeferredChooser largest={state.largest.clone()} p={state.parallelism.value} from={state.from.value} on_action={on_action.clone()} />
            </Wanted></InView>
            <InView names={LOOKUP}><section class="key-lookup">
                <h2 id="key-lookup-title">{ "Look up a key" }</h2>
                <LiveForm>
                    <TextField id="owners-key" param={query::KEY.name} label={query::KEY.label} value={state.key.text.clone()}
                        error={state.key.error.clone().map(AttrValue::from)} on_input={on_key} />
                    { slot_pick(&query::TYPE, &*state, &on_action) }
                </LiveForm>
                <lookup_panel::LookupPanel view={(*view).clone()} key_text={state.key.value.as_ref().map(key_label)}
                    stale={state.key.error.is_some() && !state.key.text.is_empty()} />
            </section></InView>
        </LabFrame>
    }
}

fn capitalised(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// The key with its type, a string as a Java literal: `"customer-42" (string)`, `7 (long)`.
fn key_label(key: &Key) -> String {
    match key {
        Key::Str(_) => format!("{} ({})", key.java_literal(), key.key_type()),
        _ => format!("{key} ({})", key.key_type()),
    }
}
