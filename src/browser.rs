//! The few places the app touches the browser directly: the location hash, local storage,
//! the clock, keyboard listening, the document's
//! theme and title. Every call tolerates a missing window or document (it does nothing).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::url::Theme;

/// `location.hash`, or empty when unavailable.
pub fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Replaces the hash without a new history entry and without a `hashchange` event.
pub fn replace_hash(hash: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if window.location().hash().ok().as_deref() == Some(hash) {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(hash));
    }
}

/// Sets `data-theme` on `<html>` (absent = follow the system).
pub fn set_theme(theme: Theme) {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else {
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
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(title);
    }
}

/// Calls `on_change` with the new hash on every `hashchange`, until the guard is dropped.
pub struct HashListener {
    closure: Option<Closure<dyn FnMut()>>,
}

impl HashListener {
    pub fn new(mut on_change: impl FnMut(String) + 'static) -> HashListener {
        let Some(window) = web_sys::window() else {
            return HashListener { closure: None };
        };
        let closure = Closure::<dyn FnMut()>::new(move || on_change(current_hash()));
        let added = window.add_event_listener_with_callback("hashchange", closure.as_ref().unchecked_ref());
        HashListener { closure: added.ok().map(|_| closure) }
    }
}

impl Drop for HashListener {
    fn drop(&mut self) {
        if let (Some(window), Some(closure)) = (web_sys::window(), self.closure.take()) {
            let _ = window.remove_event_listener_with_callback("hashchange", closure.as_ref().unchecked_ref());
        }
    }
}

/// Milliseconds since the epoch, from the browser's clock.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Reads a local-storage entry; `None` when absent or when storage is unavailable.
pub fn storage_get(key: &str) -> Option<String> {
    local_storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Writes a local-storage entry; does nothing when storage is unavailable or full.
pub fn storage_set(key: &str, value: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(key, value);
    }
}

/// Whether keyboard focus is in a form control or link, where Space has its own meaning.
pub fn focus_in_control(event: &web_sys::KeyboardEvent) -> bool {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    matches!(target.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT" | "BUTTON" | "A" | "SUMMARY")
        || target.closest("[contenteditable]").ok().flatten().is_some()
}

/// Calls `on_key` for every `keydown` on the document, until the guard is dropped.
pub struct KeyListener {
    closure: Option<Closure<dyn FnMut(web_sys::KeyboardEvent)>>,
}

impl KeyListener {
    pub fn new(on_key: impl FnMut(web_sys::KeyboardEvent) + 'static) -> KeyListener {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return KeyListener { closure: None };
        };
        let closure = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(on_key);
        let added = document.add_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref());
        KeyListener { closure: added.ok().map(|_| closure) }
    }
}

impl Drop for KeyListener {
    fn drop(&mut self) {
        let document = web_sys::window().and_then(|w| w.document());
        if let (Some(document), Some(closure)) = (document, self.closure.take()) {
            let _ = document.remove_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref());
        }
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

/// Writes a local-storage entry; false when storage is unavailable or full.
pub fn storage_try_set(key: &str, value: &str) -> bool {
    local_storage().is_some_and(|s| s.set_item(key, value).is_ok())
}
