//! A [`TextField`] wired from a parameter's description ([`crate::url::FieldSpec`]): id,
//! label, input kind, bounds, placeholder (what empty means), hint and lock all come from the
//! lab's table, so no lab writes them twice. A lab may pass a hint or placeholder that depends
//! on the state (for example the max parallelism Flink would derive).

use yew::prelude::*;

use super::{FieldInput, TextField};
use crate::url::FieldSpec;

#[derive(Properties, PartialEq)]
pub struct ParamFieldProps {
    pub spec: FieldSpec,
    pub text: AttrValue,
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Replaces the table's hint.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// Replaces the table's placeholder.
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
    pub on_input: Callback<FieldInput>,
}

#[function_component]
pub fn ParamField(props: &ParamFieldProps) -> Html {
    let spec = props.spec;
    html! {
        <TextField id={spec.id} label={spec.label} kind={if spec.number { "number" } else { "text" }}
            min={spec.min.map(|v| AttrValue::from(v.to_string()))} max={spec.max.map(|v| AttrValue::from(v.to_string()))}
            placeholder={props.placeholder.clone().or(spec.empty.map(AttrValue::Static))}
            hint={props.hint.clone().or(spec.hint.map(AttrValue::Static))}
            value={props.text.clone()} error={props.error.clone()} param={AttrValue::Static(spec.name)}
            on_input={props.on_input.clone()} />
    }
}

/// The props of a field drawn straight from its view, for labs that need no overrides.
pub fn field_of(view: crate::url::FieldView<'_>, on_input: Callback<FieldInput>) -> Html {
    html! {
        <ParamField spec={view.spec} text={AttrValue::from(view.text.to_string())}
            error={view.error.map(|e| AttrValue::from(e.to_string()))} on_input={on_input} />
    }
}
