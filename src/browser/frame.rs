//! Talking to the page this lab is embedded in: whether there is one, posting messages to it
//! (the xAPI-shaped statement among them), listening to its messages, and watching the
//! content's height (and reading the page's title) so the host can size and name the frame.

use wasm_bindgen::JsValue;

use gloo_events::EventListener as Listener;

/// Whether this page runs inside a frame.
pub fn in_frame() -> bool {
    web_sys::window()
        .and_then(|w| w.parent().ok().flatten())
        .zip(web_sys::window())
        .is_some_and(|(parent, me)| parent != me)
}

/// Whether a page of another origin frames this one: its location cannot be read from here.
pub fn framed_by_another_origin() -> bool {
    in_frame()
        && web_sys::window().and_then(|w| w.parent().ok().flatten()).is_none_or(|p| p.location().origin().is_err())
}

/// Posts `message` (built by `build`) to the parent frame, for `target_origin` only; nothing
/// while this app is set aside (its height, say, is not the page's).
pub fn post_to_parent(target_origin: &str, build: impl FnOnce(&js_sys::Object)) {
    let Some(parent) = web_sys::window().filter(|_| super::page::shown()).and_then(|w| w.parent().ok().flatten())
    else {
        return;
    };
    let message = js_sys::Object::new();
    build(&message);
    let _ = parent.post_message(&message, target_origin);
}

/// Sets `object[key] = value`.
pub fn set(object: &js_sys::Object, key: &str, value: impl Into<JsValue>) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), &value.into());
}

/// The content's height in CSS pixels: the body's, which (unlike the root's) can be less than
/// the frame's current height, so a frame sized for a whole lab shrinks to one section.
pub fn content_height() -> u32 {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()).map_or(0, |b| b.scroll_height().max(0) as u32)
}

/// The document's title (what the shell last set: an embed's names its state and section).
pub fn page_title() -> String {
    web_sys::window().and_then(|w| w.document()).map_or_else(String::new, |d| d.title())
}

/// Calls `on_resize` whenever the page's content changes size, until the guard is dropped.
pub struct ResizeWatch {
    _resized: Option<super::watch::Resized>,
}

impl ResizeWatch {
    pub fn new(on_resize: impl FnMut() + 'static) -> ResizeWatch {
        let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body());
        ResizeWatch { _resized: body.and_then(|body| super::watch::Resized::observe(&body, on_resize)) }
    }
}

/// Calls `on_message` for every `message` event on the window while this app is shown, until
/// the guard is dropped.
pub struct MessageListener {
    _held: Option<Listener>,
}

impl MessageListener {
    pub fn new(on_message: impl FnMut(web_sys::MessageEvent) + 'static) -> MessageListener {
        MessageListener { _held: super::page::listen_on_window("message", on_message) }
    }
}

/// The `type` member of a message's data, when it is text.
pub fn message_type(event: &web_sys::MessageEvent) -> Option<String> {
    js_sys::Reflect::get(&event.data(), &JsValue::from_str("type")).ok().and_then(|v| v.as_string())
}

/// A fresh empty JavaScript object, for messages built with [`set`].
pub fn object() -> js_sys::Object {
    js_sys::Object::new()
}

/// Posts a graded answer to the parent page at `origin`, shaped like an xAPI statement.
pub fn post_statement(origin: &str, statement: &crate::model::training::Statement) {
    post_to_parent(origin, |m| {
        set(m, "type", "rescale-lab:statement");
        let verb = object();
        set(&verb, "id", statement.verb_id());
        let display = object();
        set(&display, "en-US", statement.verb);
        set(&verb, "display", display);
        let target = object();
        set(&target, "id", statement.object_id.as_str());
        let definition = object();
        let name = object();
        set(&name, "en-US", statement.object_name.as_str());
        set(&definition, "name", name);
        set(&target, "definition", definition);
        let score = object();
        set(&score, "raw", statement.raw);
        set(&score, "min", 0);
        set(&score, "max", statement.max);
        set(&score, "scaled", f64::from(statement.scaled_milli()) / 1000.0);
        let result = object();
        set(&result, "score", score);
        set(&result, "success", statement.success);
        set(&result, "response", statement.response.as_str());
        let xapi = object();
        set(&xapi, "verb", verb);
        set(&xapi, "object", target);
        set(&xapi, "result", result);
        set(m, "statement", xapi);
    });
}
