//! A [`TextField`] wired from a parameter's description ([`crate::url::FieldSpec`]): id,
//! label, input kind, bounds, placeholder (what empty means), hint and lock all come from the
//! lab's table, so no lab writes them twice. A lab may pass a hint or placeholder that depends
//! on the state (for example the max parallelism Flink would derive).

use yew::prelude::*;

use super::{FieldInput, TextField};
use crate::url::{Edit, EditHow, FieldView, Param, Slot};

/// The field of a parameter's view; `hint` and `placeholder`, when given, replace the table's.
pub fn view_field(
    view: FieldView<'_>,
    on_input: Callback<FieldInput>,
    hint: Option<String>,
    placeholder: Option<String>,
) -> Html {
    refused_view_field(view, on_input, (hint, placeholder), None)
}

/// [`view_field`], refused by a message elsewhere while `problem` (that message's id) is given:
/// a value the field reads well that finds nothing (a key group beyond the max parallelism).
fn refused_view_field(
    view: FieldView<'_>,
    on_input: Callback<FieldInput>,
    (hint, placeholder): (Option<String>, Option<String>),
    problem: Option<&'static str>,
) -> Html {
    let spec = view.spec;
    let bound = |v: Option<i64>| v.map(|v| AttrValue::from(v.to_string()));
    html! {
        <TextField id={spec.id} label={spec.label} kind={if spec.number { "number" } else { "text" }}
            min={bound(spec.min)} max={bound(spec.max)}
            placeholder={placeholder.map(AttrValue::from).or(spec.empty.map(AttrValue::Static))}
            hint={hint.map(AttrValue::from).or(spec.hint.map(AttrValue::Static))}
            value={AttrValue::from(view.text.to_string())} error={view.error.map(AttrValue::from)}
            param={AttrValue::Static(spec.name)} settles=true on_input={on_input}
            problem={problem.map(AttrValue::Static)} />
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
    slot_field_with(slot, state, on_action, None, None)
}

/// [`slot_field`] with a hint or placeholder that depends on the state.
pub fn slot_field_with<S, T, A>(
    slot: &'static Slot<S, Param<T>>,
    state: &S,
    on_action: &Callback<A>,
    hint: Option<String>,
    placeholder: Option<String>,
) -> Html
where
    T: Clone + PartialEq + Sync + 'static,
    A: From<Edit> + 'static,
{
    view_field(slot.view(state), edits(on_action, slot.name), hint, placeholder)
}

/// [`slot_field`] refused by the message whose id is `problem`, while it is given.
pub fn refused_slot_field<S, T, A>(
    slot: &'static Slot<S, Param<T>>,
    state: &S,
    on_action: &Callback<A>,
    problem: Option<&'static str>,
) -> Html
where
    T: Clone + PartialEq + Sync + 'static,
    A: From<Edit> + 'static,
{
    refused_view_field(slot.view(state), edits(on_action, slot.name), (None, None), problem)
}
