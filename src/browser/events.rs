//! What the labs read from DOM events: an input's text (with its lone-surrogate and
//! bad-input flags), a select's value, a checkbox's state. The components call these instead
//! of casting event targets themselves.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::{Event, InputEvent, TargetCast};

/// An input's text after an edit, whether it held a lone UTF-16 surrogate, and whether the
/// browser could not read it as a number (number inputs only).
pub fn input_text(event: &InputEvent) -> (String, bool, bool) {
    let input: HtmlInputElement = event.target_unchecked_into();
    let (text, lone) = super::value_text(&input);
    (text, lone, input.validity().bad_input())
}

/// A `<select>`'s value after a change.
pub fn select_value(event: &Event) -> String {
    event.target_unchecked_into::<HtmlSelectElement>().value()
}

/// Whether the checkbox that fired a change is checked now.
pub fn checked(event: &Event) -> bool {
    event.target_dyn_into::<HtmlInputElement>().is_some_and(|i| i.checked())
}
