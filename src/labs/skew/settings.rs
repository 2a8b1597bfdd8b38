//! The skew lab's job settings: **Max parallelism** (empty = Flink's default from p),
//! **Parallelism**, and **Key type**.

use yew::prelude::*;

use super::state::{SkewAction, SkewState};
use crate::components::{FieldInput, SelectField, TextField};
use crate::model::{KeyType, MaxParallelism};
use crate::url::KeySource;

#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    pub state: SkewState,
    pub max: MaxParallelism,
    pub on_action: Callback<SkewAction>,
}

#[function_component]
pub fn Settings(props: &SettingsProps) -> Html {
    let s = &props.state;
    let on_max =
        props.on_action.reform(|i: FieldInput| SkewAction::SetMaxParallelism { text: i.text, bad_input: i.bad_input });
    let on_p =
        props.on_action.reform(|i: FieldInput| SkewAction::SetParallelism { text: i.text, bad_input: i.bad_input });
    let on_type =
        props.on_action.reform(|v: String| SkewAction::SetKeyType { key_type: KeyType::parse(&v).unwrap_or_default() });
    let options =
        KeyType::ALL.iter().map(|t| (AttrValue::Static(t.as_str()), AttrValue::Static(t.as_str()))).collect::<Vec<_>>();
    let max_hint = match s.max_parallelism.value {
        Some(_) => "Set explicitly.".to_string(),
        None => format!("Not set: Flink derives {} from the parallelism.", props.max.get()),
    };
    let type_hint = match s.source {
        KeySource::Preset(p) => format!("The {} preset makes {} keys.", p.name(), p.key_type()),
        _ => "Applies to the keys you type, paste or upload.".to_string(),
    };
    html! {
        <form class="controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <TextField id="skew-maxp" param="maxp" label="Max parallelism" kind="number" min="1" max="32768" placeholder="not set"
                value={s.max_parallelism.text.clone()} error={s.max_parallelism.error.clone().map(AttrValue::from)}
                hint={AttrValue::from(max_hint)} on_input={on_max} />
            <TextField id="skew-p" param="p" label="Parallelism" kind="number" min="1" max="32768"
                value={s.parallelism.text.clone()} error={s.parallelism.error.clone().map(AttrValue::from)} on_input={on_p} />
            <div>
                <SelectField id="skew-key-type" param="type" label="Key type" options={options} selected={AttrValue::Static(s.key_type.as_str())} on_change={on_type} />
                <p class="field-hint">{ type_hint }</p>
            </div>
        </form>
    }
}
