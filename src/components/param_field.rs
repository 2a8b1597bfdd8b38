//! A [`TextField`] wired from a parameter's description ([`crate::url::FieldSpec`]): id,
//! label, input kind, bounds, placeholder (what empty means), hint and lock all come from the
//! lab's table, so no lab writes them twice. A lab may pass a hint or placeholder that depends
//! on the state (for example the max parallelism Flink would derive).

use yew::prelude::*;

use super::{FieldInput, TextField};
use crate::url::{Edit, EditHow, FieldSpec, Param, Slot};

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
            settles=true on_input={props.on_input.clone()} />
    }
}

/// The props of a field drawn straight from its view, for labs that need no overrides.
pub fn field_of(view: crate::url::FieldView<'_>, on_input: Callback<FieldInput>) -> Html {
    html! {
        <ParamField spec={view.spec} text={AttrValue::from(view.text.to_string())}
            error={view.error.map(AttrValue::from)} on_input={on_input} />
    }
}

/// The callback a field's input sends to a lab's reducer as an [`Edit`] of the parameter `name`.
pub fn edits<A: From<Edit> + 'static>(on_action: &Callback<A>, name: &'static str) -> Callback<FieldInput> {
    on_action.reform(move |i: FieldInput| {
        let how = if i.left { EditHow::Left } else { EditHow::Typing };
        A::from(Edit { param: name, text: i.text, bad_input: i.bad_input, how })
    })
}

/// The field widget of a slot: spec, text and error from the state, edits to the lab's reducer.
pub fn slot_field<S, T, A>(slot: &'static Slot<S, Param<T>>, state: &S, on_action: &Callback<A>) -> Html
where
    T: Clone + PartialEq + Sync + 'static,
    A: From<Edit> + 'static,
{
    field_of(slot.view(state), edits(on_action, slot.name))
}
