//! The skew lab's job settings: **Max parallelism** (empty = Flink's default from p),
//! **Parallelism**, and **Key type**.

use yew::prelude::*;

use super::query::{KeySource, MAXP, P, TYPE};
use super::state::{SkewAction, SkewState};
use crate::labs::frame::PartProps;
use crate::components::{edits, slot_pick, LiveForm, ParamField};
use crate::url::{Param, Slot};

#[function_component]
pub fn Settings(props: &PartProps<SkewState>) -> Html {
    let s = &props.state;
    let max_hint = match s.max_parallelism.value {
        Some(_) => "Given: the job runs with this max parallelism, whether it was set or derived (a snapshot does not record which).".to_string(),
        None => format!("Not set: Flink derives {} from the parallelism.", s.max_in_force().get()),
    };
    let type_hint = match s.source {
        KeySource::Preset(p) if p.key_type() == s.key_type => format!("The {} preset makes {} keys.", p.name(), p.key_type()),
        KeySource::Preset(p) => format!(
            "The {} preset makes {} keys; keys you paste or upload are read as {}.",
            p.name(),
            p.key_type(),
            s.key_type
        ),
        _ => "Applies to the keys you type, paste or upload.".to_string(),
    };
    html! {
        <LiveForm>
            { number_field(&MAXP, s, &props.on_action, Some(max_hint)) }
            { number_field(&P, s, &props.on_action, None) }
            <div>
                { slot_pick(&TYPE, s, &props.on_action) }
                <p class="field-hint">{ type_hint }</p>
            </div>
        </LiveForm>
    }
}

/// A number field of the skew lab, wired from its slot; `hint` replaces the table's.
pub fn number_field<T: Clone + PartialEq + Sync + 'static>(
    slot: &'static Slot<SkewState, Param<T>>,
    state: &SkewState,
    on_action: &Callback<SkewAction>,
    hint: Option<String>,
) -> Html {
    let view = slot.view(state);
    let on_input = edits(on_action, slot.name);
    html! {
        <ParamField spec={view.spec} text={AttrValue::from(view.text.to_string())}
            error={view.error.map(AttrValue::from)} hint={hint.map(AttrValue::from)} on_input={on_input} />
    }
}
