//! The part the whole lab comes up at after **Show the whole lab**: focused, brought into view,
//! and held there while the page grows above it (parts that load late), until the reader does
//! anything or moves the focus away.

use wasm_bindgen::JsCast;

/// The element [`reveal_first`] brought into view, held there while the page grows above it
/// (parts that load late), until the reader does anything (a key, a pointer, a wheel, a touch)
/// or moves the focus away.
struct Revealing {
    _resized: Option<super::watch::Resized>,
    _listeners: Vec<gloo_events::EventListener>,
}

thread_local! {
    static REVEALING: std::cell::RefCell<Option<Revealing>> = const { std::cell::RefCell::new(None) };
}

/// Gives the focus to the first element the first of `selectors` that matches any matches, as
/// a group named `label` (only that one: the parts around it stay unnamed, so a screen reader
/// says the name once), and brings its top into view; again each time the page grows, while it
/// keeps the focus and the reader has done nothing yet.
pub fn reveal_first(selectors: &[&str], label: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let found = selectors.iter().find_map(|s| document.query_selector(s).ok().flatten());
    let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) else { return };
    let _ = element.set_attribute("role", "group");
    let _ = element.set_attribute("aria-label", label);
    let _ = element.focus();
    element.scroll_into_view();
    let moved = std::rc::Rc::new(std::cell::Cell::new(false));
    let listeners = ["keydown", "pointerdown", "wheel", "touchstart"]
        .into_iter()
        .filter_map(|name| {
            let moved = moved.clone();
            super::page::listen_on_window(name, move |_: web_sys::Event| moved.set(true))
        })
        .collect();
    let held = element.clone();
    let resized = document.body().and_then(|body| {
        super::watch::Resized::observe(&body, move || {
            let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
            if !moved.get() && focused.is_some_and(|f| f == *held.as_ref()) {
                held.scroll_into_view();
            }
        })
    });
    REVEALING.with(|r| r.replace(Some(Revealing { _resized: resized, _listeners: listeners })));
}
