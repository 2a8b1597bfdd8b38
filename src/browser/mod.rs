//! The few places the app touches the browser directly: the location hash, local storage,
//! the clock, keyboard listening, the document's theme and title, focus, messages to an
//! embedding page. Every call tolerates a missing window or document (it does nothing), and
//! what writes to the page or listens to it does nothing while this module's app is set aside
//! (`page::shown`: the reader is in a lab of another module, kept in the same page).
//!
//! - [`events`]: what components read from DOM events (input text, select value, checkbox).
//! - [`fetch`]: fetching a file of the site as text (the exercise sets).
//! - [`files`]: reading files a person chooses or drops; [`kept`]: keeping a large one for the tab.
//! - [`frame`]: talking to an embedding page (messages, resize watching, the xAPI post).
//! - [`watch`]: an element's width and the system's colour scheme, for charts.
//! - [`wanted`]: when a part below the first screen is wanted (near the view, or first input).
//! - [`lms`]: the SCORM run-time of a page an LMS launched; [`xapi`]: requests to an LRS.
//! - [`page`]: this module's root and whether it is shown, the next paint, timers.
//! - [`steps`]: long work run in steps that yield to the browser, and stop when superseded.
//! - `storage`: local and session storage (re-exported here; absent natively).
//!
//! Every listener guard here holds one or a few of gloo's `EventListener` (removed when dropped).

pub mod events;
pub mod fetch;
pub mod files;
pub mod frame;
pub mod kept;
pub mod lms;
pub mod page;
pub mod reveal;
pub mod steps;
mod storage;
pub mod wanted;
pub mod watch;
pub mod xapi;

pub use frame::*;
pub use storage::*;

use wasm_bindgen::{JsCast, JsValue};

use crate::url::Theme;
use gloo_events::EventListener as Listener;

/// `location.hash`, or empty when unavailable.
pub fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Replaces the hash without a new history entry and without a `hashchange` event.
pub fn replace_hash(hash: &str) {
    set_hash(hash, false);
}

/// Sets the hash as a new history entry (Back returns to the one before), without a
/// `hashchange` event.
pub fn push_hash(hash: &str) {
    set_hash(hash, true);
}

fn set_hash(hash: &str, new_entry: bool) {
    let Some(window) = web_sys::window().filter(|_| page::shown()) else {
        return;
    };
    if window.location().hash().ok().as_deref() == Some(hash) {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = match new_entry {
            true => history.push_state_with_url(&JsValue::NULL, "", Some(hash)),
            false => history.replace_state_with_url(&JsValue::NULL, "", Some(hash)),
        };
    }
}

/// Sets `data-theme` on `<html>` (absent = follow the system).
pub fn set_theme(theme: Theme) {
    let Some(root) =
        web_sys::window().filter(|_| page::shown()).and_then(|w| w.document()).and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = match theme {
        Theme::System => root.remove_attribute("data-theme"),
        Theme::Light => root.set_attribute("data-theme", "light"),
        Theme::Dark => root.set_attribute("data-theme", "dark"),
    };
}

/// Sets the document title.
pub fn set_title(title: &str) {
    if let Some(document) = web_sys::window().filter(|_| page::shown()).and_then(|w| w.document()) {
        document.set_title(title);
    }
}

/// Calls `on_change` with the new hash on every `hashchange` that leaves this app shown (the
/// boot loader's listener, which runs first, has then chosen its root), until the guard is
/// dropped.
pub struct HashListener {
    _held: Option<Listener>,
}

impl HashListener {
    pub fn new(mut on_change: impl FnMut(String) + 'static) -> HashListener {
        HashListener { _held: page::listen_on_window("hashchange", move |_: web_sys::Event| on_change(current_hash())) }
    }
}

/// Milliseconds since the epoch, from the browser's clock.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Scrolls the element with this id to the top of the view, if there is one.
pub fn scroll_to_id(id: &str) {
    if let Some(element) = element_by_id(id) {
        element.scroll_into_view();
    }
}

/// Opens the browser's print dialog (the page's print stylesheet decides what prints).
pub fn print_page() {
    if let Some(w) = web_sys::window() {
        let _ = w.print();
    }
}

/// Whether the key event's target is one of `tags` (upper case) or inside editable text.
fn focus_in(event: &web_sys::KeyboardEvent, tags: &[&str]) -> bool {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    tags.contains(&target.tag_name().as_str()) || target.closest("[contenteditable]").ok().flatten().is_some()
}

/// The controls where Space has a meaning of its own (it types, ticks, presses or opens).
const TAKES_SPACE: &str = "input, textarea, select, button, a[href], summary, [contenteditable], [role=button], \
     [role=checkbox], [role=radio], [role=switch], [role=slider], [role=tab], [role=option], [role=menuitem]";

/// Whether the key event goes to a text field or another control where Space has a meaning of
/// its own, so a page's Space shortcut must stand back; on the page, a heading, text or a
/// focusable figure it does not.
pub fn focus_takes_space(event: &web_sys::KeyboardEvent) -> bool {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    target.closest(TAKES_SPACE).ok().flatten().is_some()
}

/// Whether keyboard focus is where arrow and page keys edit or choose (a text field, a select,
/// a radio group, editable text), so a page-wide shortcut on them must stand back.
pub fn focus_in_text_entry(event: &web_sys::KeyboardEvent) -> bool {
    focus_in(event, &["INPUT", "TEXTAREA", "SELECT"])
}

/// Calls `on_key` for every `keydown` on the document while this app is shown, until the guard
/// is dropped.
pub struct KeyListener {
    _held: Option<Listener>,
}

impl KeyListener {
    pub fn new(on_key: impl FnMut(web_sys::KeyboardEvent) + 'static) -> KeyListener {
        let document = web_sys::window().and_then(|w| w.document());
        KeyListener { _held: document.map(|d| page::listen_while_shown(&d, "keydown", on_key)) }
    }
}

/// Offers `contents` as a file download named `filename` (a Blob and a temporary link).
pub fn download(filename: &str, mime: &str, contents: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&JsValue::from_str(contents));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(link) =
        document.create_element("a").and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().map_err(JsValue::from))
    {
        link.set_href(&url);
        link.set_download(filename);
        link.click();
    }
    // Revoke later: the download starts asynchronously.
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// Runs `f` once, `ms` milliseconds from now (a page's timer; it is never cancelled).
pub fn later(ms: u32, f: impl FnOnce() + 'static) {
    gloo_timers::callback::Timeout::new(ms, f).forget();
}

/// The page's origin (`https://lab.example`).
pub fn page_origin() -> String {
    web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
}

/// The page's URL without its hash (what an `<iframe>` of this lab should load).
pub fn page_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|href| href.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

/// Opens `url` in a new tab without giving it a handle on this page.
pub fn open_new_tab(url: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.open_with_url_and_target_and_features(url, "_blank", "noopener");
    }
}

/// Copies text to the clipboard, where the browser allows it.
pub async fn copy_text(text: &str) -> bool {
    // A page served over plain HTTP has no clipboard (`navigator.clipboard` is undefined), and a
    // browser may refuse the write: both answer false, for the page to say so.
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return false };
    let has_clipboard =
        js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")).is_ok_and(|c| !c.is_undefined());
    if !has_clipboard {
        return false;
    }
    wasm_bindgen_futures::JsFuture::from(navigator.clipboard().write_text(text)).await.is_ok()
}

/// A JavaScript string as Rust text, and whether it held lone UTF-16 surrogates (which the
/// conversion replaces by U+FFFD).
pub fn js_text(value: &JsValue) -> Option<(String, bool)> {
    let js = value.dyn_ref::<js_sys::JsString>()?;
    let text = String::from(js);
    // Every lone surrogate comes out as U+FFFD, so text without one had none. Only text with
    // one is checked unit by unit: `is_valid_utf16` calls into JavaScript once per unit.
    let lone = text.contains('\u{fffd}') && !js.is_valid_utf16();
    Some((text, lone))
}

/// `object.value` of an input or text area, as [`js_text`] reads it.
pub fn value_text(element: &JsValue) -> (String, bool) {
    js_sys::Reflect::get(element, &JsValue::from_str("value")).ok().as_ref().and_then(js_text).unwrap_or_default()
}

/// The element with this id, if the document has one; while this app is set aside, its own
/// element (never one of the app shown).
pub fn element_by_id(id: &str) -> Option<web_sys::Element> {
    match page::set_aside_root() {
        Some(root) => root.query_selector(&format!("[id=\"{}\"]", id.replace(['"', '\\'], ""))).ok().flatten(),
        None => web_sys::window()?.document()?.get_element_by_id(id),
    }
}

/// Moves the keyboard focus to the element with this id.
pub fn focus_by_id(id: &str) {
    if let Some(element) = element_by_id(id).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// The `content` of `<meta name="…">` in the page, if present and not empty.
pub fn meta_content(name: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let element = document.query_selector(&format!("meta[name=\"{name}\"]")).ok()??;
    element.get_attribute("content").filter(|c| !c.is_empty())
}

/// Sets `data-settled` on `<main id="main">` to `hash`, or removes it (`None`): the page's
/// settled signal (`components::settle`).
pub fn mark_settled(hash: Option<&str>) {
    let Some(main) = element_by_id("main") else {
        return;
    };
    let _ = match hash {
        Some(hash) => main.set_attribute("data-settled", hash),
        None => main.remove_attribute("data-settled"),
    };
    // Told on the window too ([`SETTLED_EVENT`]): a frame reports its height then, which a
    // browser that pauses an off-screen frame's resize observer would otherwise leave unsaid.
    if hash.is_some() {
        if let (Some(window), Ok(event)) = (web_sys::window(), web_sys::Event::new(SETTLED_EVENT)) {
            let _ = window.dispatch_event(&event);
        }
    }
}

/// The window event [`mark_settled`] fires each time the page settles.
pub const SETTLED_EVENT: &str = "rescale-lab-settled";
