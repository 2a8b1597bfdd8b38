//! A labelled `<select>` over a fixed list of (value, label) options, and [`pick_field`], the
//! menu of a typed [`Pick`] parameter.

use yew::prelude::*;

use crate::model::choice::ChoiceValue;
use crate::url::{Edit, Pick, Slot};

#[derive(Properties, PartialEq)]
pub struct SelectFieldProps {
    pub id: AttrValue,
    pub label: AttrValue,
    /// `(value, visible label)` pairs, in order.
    pub options: Vec<(AttrValue, AttrValue)>,
    pub selected: AttrValue,
    pub on_change: Callback<String>,
    /// The URL parameter this select sets; an embedding page may lock it.
    #[prop_or_default]
    pub param: Option<AttrValue>,
}

#[function_component]
pub fn SelectField(props: &SelectFieldProps) -> Html {
    let locked = super::use_locked(props.param.clone());
    let locked_id = format!("{}-locked", props.id);
    let on_change = props.on_change.clone();
    let onchange = Callback::from(move |e: Event| {
        on_change.emit(crate::browser::events::select_value(&e));
    });
    // A pick the page turns down (a key type no key of the set reads as) would stay shown: the
    // menu is set back to the value in force after every render.
    let node = use_node_ref();
    {
        let (node, selected) = (node.clone(), props.selected.clone());
        use_effect(move || crate::browser::events::keep_select_value(&node, &selected));
    }
    html! {
        <div class={classes!("field", super::locked_class(locked))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <select ref={node} id={props.id.clone()} {onchange} disabled={locked} aria-describedby={locked.then(|| locked_id.clone())}>
                { for props.options.iter().map(|(value, label)| html! {
                    <option key={value.to_string()} value={value.clone()} selected={*value == props.selected}>
                        { label.clone() }
                    </option>
                }) }
            </select>
            if locked {
                <super::LockNote id={locked_id.clone()} />
            }
        </div>
    }
}

/// The menu of a [`Pick`]: its id, label, lock and options all come from the one `static`, and
/// a change arrives as the typed value.
pub fn pick_field<T: ChoiceValue>(pick: &'static Pick<T>, selected: T, on_change: Callback<T>) -> Html {
    let options = pick
        .options()
        .into_iter()
        .map(|(slug, label)| (AttrValue::Static(slug), AttrValue::from(label)))
        .collect::<Vec<_>>();
    let on_change = Callback::from(move |text: String| {
        if let Some(value) = T::from_slug(&text) {
            on_change.emit(value);
        }
    });
    html! {
        <SelectField id={pick.id} label={pick.label} param={pick.name} {options}
            selected={AttrValue::Static(selected.slug())} {on_change} />
    }
}

/// The menu of a slot: [`pick_field`] with the state's value, a pick sent as an [`Edit`].
pub fn slot_pick<S, T, A>(slot: &'static Slot<S, Pick<T>>, state: &S, on_action: &Callback<A>) -> Html
where
    T: ChoiceValue + Sync,
    A: From<Edit> + 'static,
{
    pick_field(&slot.kind, *slot.value(state), on_action.reform(move |value: T| A::from(slot.edit(&value))))
}
