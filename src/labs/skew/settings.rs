//! The skew lab's job settings: **Max parallelism** (empty = Flink's default from p),
//! **Parallelism**, and **Key type**.

use yew::prelude::*;

use super::query::{KeySource, TYPE};
use super::state::{SkewAction, SkewField, SkewState};
use crate::components::{FieldInput, ParamField, SelectField};
use crate::model::{KeyType, MaxParallelism};

#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    pub state: SkewState,
    pub max: MaxParallelism,
    pub on_action: Callback<SkewAction>,
}

#[function_component]
pub fn Settings(props: &SettingsProps) -> Html {
    let s = &props.state;
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
            { number_field(s, &props.on_action, SkewField::MaxParallelism, Some(max_hint)) }
            { number_field(s, &props.on_action, SkewField::Parallelism, None) }
            <div>
                <SelectField id="skew-key-type" param={TYPE.name} label={TYPE.label} options={options} selected={AttrValue::Static(s.key_type.as_str())} on_change={on_type} />
                <p class="field-hint">{ type_hint }</p>
            </div>
        </form>
    }
}

/// A number field of the skew lab, wired from its parameter; `hint` replaces the table's.
pub fn number_field(
    state: &SkewState,
    on_action: &Callback<SkewAction>,
    field: SkewField,
    hint: Option<String>,
) -> Html {
    let view = state.field(field);
    let on_input =
        on_action.reform(move |i: FieldInput| SkewAction::Set { field, text: i.text, bad_input: i.bad_input });
    html! {
        <ParamField spec={view.spec} text={AttrValue::from(view.text.to_string())}
            error={view.error.map(|e| AttrValue::from(e.to_string()))} hint={hint.map(AttrValue::from)} on_input={on_input} />
    }
}
