//! The owners lab (`#/owners`): where a key goes. Max parallelism, parallelism, key and key
//! type in; the key's Java hash, murmur value, key group and owning subtask out. The state
//! lives in the URL (`maxp`, `p`, `key`, `type`), written back on every valid edit.

mod lookup_panel;
pub mod state;

use yew::prelude::*;

use crate::browser;
use crate::components::{FieldInput, Notices, SelectField, TextField};
use crate::labs::Lab;
use crate::model::KeyType;
use crate::url::{format_hash, Location, OwnersQuery};
use lookup_panel::LookupPanel;
use state::{OwnersAction, OwnersState};

#[derive(Properties, PartialEq)]
pub struct OwnersLabProps {
    pub location: Location,
}

#[function_component]
pub fn OwnersLab(props: &OwnersLabProps) -> Html {
    let parsed = use_memo(props.location.clone(), |location| {
        let (query, notices) = OwnersQuery::parse(&location.params);
        (
            query,
            location
                .notices
                .iter()
                .cloned()
                .chain(notices)
                .collect::<Vec<_>>(),
        )
    });
    let state = use_reducer_eq({
        let query = parsed.0.clone();
        move || OwnersState::from_query(&query)
    });
    let view = use_memo((*state).clone(), OwnersState::view);

    let common = props.location.common;
    use_effect_with(state.to_query(), move |query| {
        browser::replace_hash(&format_hash(Lab::Owners, &common, &query.pairs()));
    });

    let on_max = dispatch(&state, |i: FieldInput| OwnersAction::SetMaxParallelism {
        text: i.text,
        bad_input: i.bad_input,
    });
    let on_p = dispatch(&state, |i: FieldInput| OwnersAction::SetParallelism {
        text: i.text,
        bad_input: i.bad_input,
    });
    let on_key = dispatch(&state, |i: FieldInput| OwnersAction::SetKey {
        text: i.text,
    });
    let on_type = dispatch(&state, |value: String| OwnersAction::SetKeyType {
        key_type: KeyType::parse(&value).unwrap_or_default(),
    });
    let type_options = KeyType::ALL
        .iter()
        .map(|t| (AttrValue::Static(t.as_str()), AttrValue::Static(t.as_str())))
        .collect::<Vec<_>>();
    let max_hint = match view.derivation {
        Some(d) => format!(
            "Not set: Flink derives {} from parallelism {}.",
            d.result.get(),
            d.parallelism
        ),
        None => {
            "Set explicitly. Leave empty to let Flink derive it from the parallelism.".to_string()
        }
    };

    html! {
        <section class="lab lab-owners" aria-labelledby="owners-title">
            <h1 id="owners-title">{ Lab::Owners.title() }</h1>
            <p class="lede">
                { "Flink never sends a key straight to a subtask. It hashes the key into one of \
                   max-parallelism key groups, and each subtask owns a contiguous run of groups. \
                   The group is fixed for the life of the state; only its owner moves on rescale." }
            </p>
            <Notices notices={parsed.1.clone()} />
            <form class="controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <TextField id="owners-maxp" label="Max parallelism" kind="number" min="1" max="32768"
                    placeholder="not set" value={state.max_parallelism.text.clone()}
                    error={state.max_parallelism.error.clone().map(AttrValue::from)}
                    hint={AttrValue::from(max_hint)} on_input={on_max} />
                <TextField id="owners-p" label="Parallelism" kind="number" min="1" max="32768"
                    value={state.parallelism.text.clone()}
                    error={state.parallelism.error.clone().map(AttrValue::from)} on_input={on_p} />
                <TextField id="owners-key" label="Key" value={state.key.text.clone()}
                    error={state.key.error.clone().map(AttrValue::from)} on_input={on_key} />
                <SelectField id="owners-key-type" label="Key type" options={type_options}
                    selected={AttrValue::Static(state.key_type.as_str())} on_change={on_type} />
            </form>
            if let Err(error) = &view.parallelism {
                <div class="alert" role="alert">{ error.to_string() }</div>
            }
            <LookupPanel view={(*view).clone()} key_text={state.key.value.as_ref().map(key_label)} />
        </section>
    }
}

fn key_label(key: &crate::model::Key) -> String {
    match key {
        crate::model::Key::Str(s) => format!("{s:?} (string)"),
        crate::model::Key::Int(v) => format!("{v} (int)"),
        crate::model::Key::Long(v) => format!("{v} (long)"),
    }
}

/// A callback that maps an input event to an action and dispatches it.
fn dispatch<T: 'static>(
    state: &UseReducerHandle<OwnersState>,
    to_action: impl Fn(T) -> OwnersAction + 'static,
) -> Callback<T> {
    let dispatcher = state.dispatcher();
    Callback::from(move |value: T| dispatcher.dispatch(to_action(value)))
}
