//! What the labs read from DOM events: an input's text (with its lone-surrogate and
//! bad-input flags), a select's value, a checkbox's state. The components call these instead
//! of casting event targets themselves.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::{Event, InputEvent, TargetCast};

/// An input's text after an edit, whether it held a lone UTF-16 surrogate, and whether the
/// browser could not read it as a number (number inputs only). A letter typed over a number
/// input's selected text is dropped by Chromium, which reports an insertion that left the box
/// empty and no bad input (observed): that is read as bad input too, not as a field emptied on
/// purpose (an optional field's "not set").
pub fn input_text(event: &InputEvent) -> (String, bool, bool) {
    let input: HtmlInputElement = event.target_unchecked_into();
    let (text, lone) = super::value_text(&input);
    // Read as a plain property: an `input` event a script made (`new Event("input")`) has no
    // `inputType`, and web-sys's getter would throw on it.
    let kind = js_sys::Reflect::get(event.as_ref(), &wasm_bindgen::JsValue::from_str("inputType"))
        .ok()
        .and_then(|v| v.as_string());
    let dropped = input.type_() == "number" && kind.as_deref() == Some("insertText") && text.is_empty();
    (text, lone, input.validity().bad_input() || dropped)
}

/// The element that fired `event`, held to read its value later ([`super::value_text`]), even
/// after it has left the page.
pub fn event_target(event: &Event) -> Option<wasm_bindgen::JsValue> {
    event.target().map(Into::into)
}

/// The value of the input that fired any event, and whether it held a lone UTF-16 surrogate.
pub fn changed_text(event: &Event) -> (String, bool) {
    super::value_text(&event.target_unchecked_into::<HtmlInputElement>())
}

/// The value of the input (or text area) that fired any event.
pub fn input_value(event: &Event) -> String {
    changed_text(event).0
}

/// A `<select>`'s value after a change.
pub fn select_value(event: &Event) -> String {
    event.target_unchecked_into::<HtmlSelectElement>().value()
}

/// Whether the checkbox that fired a change is checked now.
pub fn checked(event: &Event) -> bool {
    event.target_dyn_into::<HtmlInputElement>().is_some_and(|i| i.checked())
}

/// The plain text of a paste, and whether it held lone UTF-16 surrogates; `None` when the
/// event carries no text.
pub fn pasted_text(event: &Event) -> Option<(String, bool)> {
    use wasm_bindgen::JsCast;
    let data = event.dyn_ref::<web_sys::ClipboardEvent>()?.clipboard_data()?;
    // Called through JS so the text arrives as a JS string, whose surrogates can be checked.
    let get = js_sys::Reflect::get(&data, &"getData".into()).ok()?.dyn_into::<js_sys::Function>().ok()?;
    super::js_text(&get.call1(&data, &"text/plain".into()).ok()?)
}

/// Puts `value` in the `<select>` behind `node` when it shows another: a person's pick that the
/// page did not keep (yew sets an option's `selected` only when the page's value changes).
pub fn keep_select_value(node: &yew::NodeRef, value: &str) {
    if let Some(select) = node.cast::<HtmlSelectElement>() {
        if select.value() != value {
            select.set_value(value);
        }
    }
}

/// The text of the element a node reference points at (a text area), as [`super::value_text`]
/// reads it.
pub fn node_text(node: &yew::NodeRef) -> Option<(String, bool)> {
    node.get().map(|element| super::value_text(&element))
}

/// The first file chosen in the file input that fired the change.
pub fn chosen_file(event: &Event) -> Option<web_sys::File> {
    event.target_unchecked_into::<HtmlInputElement>().files()?.get(0)
}

/// A file's contents as text (with the lone-surrogate flag); `None` when it cannot be read.
pub async fn file_text(file: web_sys::File) -> Option<(String, bool)> {
    wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().as_ref().and_then(super::js_text)
}
