//! What a big-text box keeps for a reload of its tab ([`Draft`]): the entry in session storage
//! (the text beside the base it was typed over), written when the typing pauses and forgotten
//! once the box is read.

use std::cell::RefCell;
use std::rc::Rc;

use super::SYNC_LIMIT;
use crate::browser;

/// Where a box keeps its text for a reload of this tab: a session-storage key, and what the
/// text typed is typed over (the skew lab's key set as its link gives it), kept beside it so that
/// a page opened on another key set starts as its link says.
#[derive(Clone, PartialEq)]
pub struct Draft {
    pub key: &'static str,
    pub base: String,
}

/// The entry kept: the base's length, a line break, the base, then the text.
pub(super) fn draft_entry(base: &str, text: &str) -> String {
    format!("{}\n{base}{text}", base.len())
}

/// The text of an entry [`draft_entry`] wrote over `base`; none for another base or a damaged
/// entry.
pub(super) fn draft_text<'a>(entry: &'a str, base: &str) -> Option<&'a str> {
    let (len, rest) = entry.split_once('\n')?;
    let len: usize = len.parse().ok()?;
    (rest.get(..len)? == base).then(|| rest.get(len..)).flatten()
}

/// The text area typed in since its text was last kept (the element, held to read it even after
/// it has left the page).
pub(super) type Typed = Rc<RefCell<Option<wasm_bindgen::JsValue>>>;

/// Forgets the text kept for a reload: it has been read (or replaced by a paste held out of
/// the box, or a file).
pub(super) fn forget(kept: &RefCell<Option<Draft>>, typed: &Typed) {
    typed.borrow_mut().take();
    if let Some(d) = kept.borrow().as_ref() {
        browser::session_remove(d.key);
    }
}

/// Keeps the text typed since it was last kept (a pause: the box left, the page hidden, the box
/// gone): under the draft's key, or forgotten for an empty box or one too large.
pub(super) fn keep_typed(kept: &RefCell<Option<Draft>>, typed: &Typed) {
    let (Some(area), Some(d)) = (typed.borrow_mut().take(), kept.borrow().clone()) else { return };
    match browser::value_text(&area) {
        (text, _) if !text.is_empty() && text.len() <= SYNC_LIMIT => {
            if !browser::session_set(d.key, &draft_entry(&d.base, &text)) {
                browser::session_remove(d.key);
            }
        }
        _ => browser::session_remove(d.key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kept text comes back only over the base it was typed over: any text, base or line
    /// breaks; another base or a damaged entry gives nothing.
    #[test]
    fn a_draft_comes_back_over_its_own_base_only() {
        for (base, text) in [("", "a,1\nb,2"), ("k,5\n", "k,5\nz,9"), ("é\n12", "\n"), ("x", "")] {
            let entry = draft_entry(base, text);
            assert_eq!(draft_text(&entry, base), Some(text), "{base:?} {text:?}");
            assert_eq!(draft_text(&entry, "other"), None);
        }
        for damaged in ["", "a,1", "9\nshort", "x\nabc", "1\né"] {
            assert_eq!(draft_text(damaged, ""), None, "{damaged:?}");
        }
    }
}
