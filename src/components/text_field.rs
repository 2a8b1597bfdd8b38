//! A labelled text or number input with an optional hint and an inline error.
//!
//! The error is tied to the input with `aria-describedby` and `aria-invalid`, so a screen
//! reader hears it. The input shows what the person typed; the lab decides what is valid.

use yew::prelude::*;

/// What the input held after an edit.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldInput {
    pub text: String,
    /// The browser could not read the text as a number (number inputs only).
    pub bad_input: bool,
    /// The browser's text held no lone UTF-16 surrogate (which `text` cannot keep).
    pub well_formed: bool,
}

#[derive(Properties, PartialEq)]
pub struct TextFieldProps {
    /// Unique id of the input; the hint and error ids derive from it.
    pub id: AttrValue,
    pub label: AttrValue,
    pub value: AttrValue,
    #[prop_or_default]
    pub error: Option<AttrValue>,
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// `text` or `number`.
    #[prop_or(AttrValue::Static("text"))]
    pub kind: AttrValue,
    #[prop_or_default]
    pub min: Option<AttrValue>,
    #[prop_or_default]
    pub max: Option<AttrValue>,
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
    #[prop_or_default]
    pub disabled: bool,
    /// The URL parameter this field edits; an embedding page may lock it.
    #[prop_or_default]
    pub param: Option<AttrValue>,
    pub on_input: Callback<FieldInput>,
}

#[function_component]
pub fn TextField(props: &TextFieldProps) -> Html {
    let on_input = props.on_input.clone();
    let oninput = Callback::from(move |e: InputEvent| {
        let (text, lone, bad_input) = crate::browser::events::input_text(&e);
        on_input.emit(FieldInput { text, bad_input, well_formed: !lone });
    });
    let locked = super::use_locked(props.param.clone());
    let hint_id = format!("{}-hint", props.id);
    let locked_id = format!("{}-locked", props.id);
    let error_id = format!("{}-error", props.id);
    let described: Vec<&str> = [
        props.hint.as_ref().map(|_| hint_id.as_str()),
        props.error.as_ref().map(|_| error_id.as_str()),
        locked.then_some(locked_id.as_str()),
    ]
    .into_iter()
    .flatten()
    .collect();
    html! {
        <div class={classes!("field", props.error.as_ref().map(|_| "field-invalid"), super::locked_class(locked))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input
                id={props.id.clone()}
                type={props.kind.clone()}
                value={props.value.clone()}
                min={props.min.clone()}
                max={props.max.clone()}
                placeholder={props.placeholder.clone()}
                disabled={props.disabled || locked}
                spellcheck="false"
                autocomplete="off"
                aria-invalid={props.error.as_ref().map(|_| "true")}
                aria-describedby={(!described.is_empty()).then(|| described.join(" "))}
                {oninput}
            />
            if let Some(hint) = &props.hint {
                <p class="field-hint" id={hint_id.clone()}>{ hint.clone() }</p>
            }
            if locked {
                <super::LockNote id={locked_id.clone()} />
            }
            if let Some(error) = &props.error {
                <p class="field-error" id={error_id.clone()}>{ error.clone() }</p>
            }
        </div>
    }
}
