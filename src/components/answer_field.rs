//! An answer field of an exercise: yes/no questions as two radio buttons in a fieldset whose
//! legend names the question, numbers as a text box that opens a phone's number keypad
//! (`inputmode=numeric`); in either, Enter checks the answer. An answer that is no answer (not
//! a number, below 0) is said under the field, tied to it as its error.

use yew::prelude::*;

use crate::browser;

#[derive(Properties, PartialEq)]
pub struct AnswerFieldProps {
    /// The id of the text box, or the stem of the radios' ids and their group name.
    pub id: AttrValue,
    /// The visible label or legend ("Your answer").
    pub label: AttrValue,
    /// Said after the label to a screen reader only (the step's title, which the heading above
    /// already shows): the accessible name is `label: context` (an `aria-label` that starts
    /// with the visible label).
    #[prop_or_default]
    pub context: Option<AttrValue>,
    /// Two radios (Yes, No) instead of a text box.
    pub yes_no: bool,
    /// The current response: text, or `yes` / `no` (anything else checks no radio).
    pub value: AttrValue,
    pub hint: AttrValue,
    /// Why the last answer checked could not be graded.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// How many checks there were: each one draws its error anew, so the same error checked
    /// twice is said twice.
    #[prop_or_default]
    pub checks: u32,
    pub on_input: Callback<String>,
    /// Enter was pressed: the text box's text, or `None` for the radios (the response kept).
    pub on_submit: Callback<Option<String>>,
}

fn on_enter(on_submit: &Callback<Option<String>>, text_box: bool) -> Callback<KeyboardEvent> {
    let on_submit = on_submit.clone();
    Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" && !e.repeat() {
            e.prevent_default();
            on_submit.emit(text_box.then(|| browser::events::input_value(&e)));
        }
    })
}

#[function_component]
pub fn AnswerField(props: &AnswerFieldProps) -> Html {
    let hint_id = format!("{}-hint", props.id);
    let name: Option<AttrValue> = props.context.as_ref().map(|c| AttrValue::from(format!("{}: {c}", props.label)));
    let error_id = format!("{}-error", props.id);
    let described = if props.error.is_some() { format!("{hint_id} {error_id}") } else { hint_id.clone() };
    let error =
        // A list of its own: a keyed element among unkeyed siblings is not how yew diffs.
        props.error.clone().map(|why| html! { <><p key={props.checks.to_string()} class="field-error" id={error_id.clone()} role="alert">{ why }</p></> });
    if props.yes_no {
        let radio = |value: &'static str, label: &'static str| {
            let on_change = props.on_input.reform(move |_: Event| value.to_string());
            html! {
                <label class="answer-choice">
                    <input type="radio" name={props.id.clone()} id={format!("{}-{value}", props.id)} value={value}
                        checked={props.value.as_str() == value} onchange={on_change}
                        onkeydown={on_enter(&props.on_submit, false)} />
                    { label }
                </label>
            }
        };
        html! {
            <fieldset class="answer-radios" aria-label={name.clone()} aria-describedby={described}>
                <legend>{ props.label.clone() }</legend>
                { radio("yes", "Yes") }
                { radio("no", "No") }
                <p class="field-hint" id={hint_id}>{ props.hint.clone() }</p>
                { error.unwrap_or_default() }
            </fieldset>
        }
    } else {
        let on_input = props.on_input.reform(|e: InputEvent| browser::events::input_value(&e));
        html! {
            <div class="field">
                <label for={props.id.clone()}>{ props.label.clone() }</label>
                <input id={props.id.clone()} type="text" inputmode="numeric" autocomplete="off" spellcheck="false" aria-label={name}
                    aria-describedby={described} aria-invalid={props.error.as_ref().map(|_| "true")}
                    value={props.value.clone()} oninput={on_input} onkeydown={on_enter(&props.on_submit, true)} />
                <p class="field-hint" id={hint_id}>{ props.hint.clone() }</p>
                { error.unwrap_or_default() }
            </div>
        }
    }
}
