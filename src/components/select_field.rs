//! A labelled `<select>` over a fixed list of (value, label) options.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SelectFieldProps {
    pub id: AttrValue,
    pub label: AttrValue,
    /// `(value, visible label)` pairs, in order.
    pub options: Vec<(AttrValue, AttrValue)>,
    pub selected: AttrValue,
    pub on_change: Callback<String>,
}

#[function_component]
pub fn SelectField(props: &SelectFieldProps) -> Html {
    let on_change = props.on_change.clone();
    let onchange = Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        on_change.emit(select.value());
    });
    html! {
        <div class="field">
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <select id={props.id.clone()} {onchange}>
                { for props.options.iter().map(|(value, label)| html! {
                    <option key={value.to_string()} value={value.clone()} selected={*value == props.selected}>
                        { label.clone() }
                    </option>
                }) }
            </select>
        </div>
    }
}
