//! A labelled `<select>` over a fixed list of (value, label) options.

use yew::prelude::*;

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
    html! {
        <div class={classes!("field", super::locked_class(locked))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <select id={props.id.clone()} {onchange} disabled={locked} aria-describedby={locked.then(|| locked_id.clone())}>
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
