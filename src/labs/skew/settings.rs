//! The skew lab's job settings: **Max parallelism** (empty = Flink's default from p),
//! **Parallelism**, and **Key type**.

use yew::prelude::*;

use super::query::{KeySource, MAXP, P, TYPE};
use super::state::SkewState;
use crate::components::{slot_field, slot_field_with, slot_pick, LiveForm};
use crate::labs::frame::PartProps;

#[function_component]
pub fn Settings(props: &PartProps<SkewState>) -> Html {
    let s = &props.state;
    let max_hint = match s.max_parallelism.value {
        Some(_) => "Given: the job runs with this max parallelism, whether it was set or derived (a snapshot does not record which).".to_string(),
        None => format!("Not set: Flink derives {} from the parallelism.", s.max_in_force().get()),
    };
    let type_hint = match s.source {
        KeySource::Preset(p) if p.key_type() == s.key_type => {
            format!("The {} preset makes {} keys.", p.name(), p.key_type())
        }
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
            { slot_field_with(&MAXP, s, &props.on_action, Some(max_hint), None) }
            { slot_field(&P, s, &props.on_action) }
            <div>
                { slot_pick(&TYPE, s, &props.on_action) }
                <p class="field-hint">{ type_hint }</p>
            </div>
        </LiveForm>
    }
}
