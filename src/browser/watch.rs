//! Watches a chart needs: an element's width (a `ResizeObserver`, so a chart is drawn for the
//! width it gets) and the system's colour scheme (`prefers-color-scheme: dark`, so a chart
//! follows the theme when the link leaves it to the system). Each lasts until its guard drops.
//! [`Resized`], the observer's guard, also serves the embed frame's resize watch (`frame.rs`).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use gloo_events::EventListener as Listener;

const DARK_QUERY: &str = "(prefers-color-scheme: dark)";

/// Whether the system asks for a dark colour scheme.
pub fn system_prefers_dark() -> bool {
    web_sys::window().and_then(|w| w.match_media(DARK_QUERY).ok().flatten()).is_some_and(|m| m.matches())
}

/// A `ResizeObserver` on one element, calling `on_resize` whenever its size changes (and once
/// when it starts), until the guard is dropped; `None` where the browser has none.
pub struct Resized {
    observer: web_sys::ResizeObserver,
    _closure: Closure<dyn FnMut()>,
}

impl Resized {
    pub fn observe(element: &web_sys::Element, on_resize: impl FnMut() + 'static) -> Option<Resized> {
        let closure = Closure::<dyn FnMut()>::new(on_resize);
        let observer = web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()).ok()?;
        observer.observe(element);
        Some(Resized { observer, _closure: closure })
    }
}

impl Drop for Resized {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Calls `on_width` with `element`'s content width in CSS pixels now and whenever it changes.
pub struct WidthWatch {
    element: web_sys::Element,
    _resized: Option<Resized>,
}

impl WidthWatch {
    /// Watches the element behind `node` (nothing, if it is not mounted).
    pub fn of(node: &yew::NodeRef, on_width: impl FnMut(u32) + 'static) -> Option<WidthWatch> {
        node.cast::<web_sys::Element>().map(|element| WidthWatch::new(element, on_width))
    }

    pub fn new(element: web_sys::Element, mut on_width: impl FnMut(u32) + 'static) -> WidthWatch {
        let watched = element.clone();
        let resized = Resized::observe(&element, move || on_width(watched.client_width().max(0) as u32));
        WidthWatch { element, _resized: resized }
    }

    /// Whether this watch follows the element now behind `node`.
    pub fn follows(&self, node: &yew::NodeRef) -> bool {
        node.cast::<web_sys::Element>().is_some_and(|e| e == self.element)
    }
}

/// Calls `on_change` with the system's dark preference whenever it changes.
pub struct SchemeWatch {
    _held: Option<Listener>,
}

impl SchemeWatch {
    pub fn new(mut on_change: impl FnMut(bool) + 'static) -> SchemeWatch {
        let list = web_sys::window().and_then(|w| w.match_media(DARK_QUERY).ok().flatten());
        SchemeWatch {
            _held: list.map(|list| Listener::new(&list, "change", move |_| on_change(system_prefers_dark()))),
        }
    }
}
