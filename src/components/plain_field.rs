//! A labelled text input whose value a form holds (the class view's and the live workshop's
//! connection fields): the label, the input type, no autocomplete or spell check (addresses,
//! keys and secrets), and the typed text handed up on every keystroke.

use yew::prelude::*;

use crate::browser::events::input_text;

#[derive(Properties, PartialEq)]
pub struct PlainFieldProps {
    pub id: AttrValue,
    pub label: AttrValue,
    /// `text`, `url` or `password`.
    #[prop_or(AttrValue::Static("text"))]
    pub kind: AttrValue,
    pub value: AttrValue,
    pub on_input: Callback<String>,
}

#[function_component]
pub fn PlainField(props: &PlainFieldProps) -> Html {
    let oninput = props.on_input.reform(|e: InputEvent| input_text(&e).0);
    html! {
        <p class="field">
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input id={props.id.clone()} type={props.kind.clone()} value={props.value.clone()} {oninput}
                autocomplete="off" spellcheck="false" />
        </p>
    }
}

/// One [`PlainField`] of a form kept whole in `form`: typing writes the text into the form's
/// member through `set` (`|form, text| form.key = text`).
pub fn form_field<F: Clone + 'static>(
    form: &UseStateHandle<F>,
    id: &str,
    (label, kind): (&'static str, &'static str),
    value: &str,
    set: fn(&mut F, String),
) -> Html {
    let form = form.clone();
    let on_input = Callback::from(move |text: String| {
        let mut next = (*form).clone();
        set(&mut next, text);
        form.set(next);
    });
    html! { <PlainField id={id.to_string()} {label} {kind} value={value.to_string()} {on_input} /> }
}
