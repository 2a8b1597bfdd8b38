//! One event listener on a window, document or element, held by a guard that removes it when
//! dropped. The guards the app uses ([`crate::browser::HashListener`], the message, key, drop
//! and shown listeners) are each a listener or a few; `page::listen_while_shown` makes one that
//! is silent while this module's app is set aside.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

pub struct Listener {
    target: web_sys::EventTarget,
    name: &'static str,
    closure: Closure<dyn FnMut(web_sys::Event)>,
}

impl Listener {
    /// Calls `on_event` for every `name` event on `target`; `None` when the browser refused
    /// the listener.
    pub fn on(
        target: &web_sys::EventTarget,
        name: &'static str,
        on_event: impl FnMut(web_sys::Event) + 'static,
    ) -> Option<Listener> {
        let closure = Closure::<dyn FnMut(web_sys::Event)>::new(on_event);
        target.add_event_listener_with_callback(name, closure.as_ref().unchecked_ref()).ok()?;
        Some(Listener { target: target.clone(), name, closure })
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.target.remove_event_listener_with_callback(self.name, self.closure.as_ref().unchecked_ref());
    }
}
