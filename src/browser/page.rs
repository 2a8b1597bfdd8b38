//! The page as a whole: the root this wasm module's app lives in (the boot loader keeps one per
//! module it has loaded, and only the route's is in the document), waiting for the next paint,
//! and the timers (gloo's, re-exported so that components name them through this module).

use std::cell::{Cell, RefCell};

use wasm_bindgen::JsCast;

use gloo_events::{EventListener as Listener, EventListenerOptions};

pub use gloo_timers::callback::{Interval, Timeout};

thread_local! {
    static MODULE: Cell<Option<&'static str>> = const { Cell::new(None) };
    static ROOT: RefCell<Option<web_sys::Element>> = const { RefCell::new(None) };
}

/// Names the wasm module this app runs in, as the boot loader names it (a lab's slug, or
/// `home`): its start export does, before the app mounts.
pub fn set_module(name: Option<&'static str>) {
    MODULE.with(|module| module.set(name));
}

/// The wasm module this app runs in (see [`set_module`]); `None` in a build that holds every
/// page.
pub fn module() -> Option<&'static str> {
    MODULE.with(Cell::get)
}

/// The element the app mounts into: the root the boot loader made for this module
/// (`static/boot.js`), else `#app`. Kept: [`shown`] asks it whether it is in the document.
pub fn mount_root() -> Option<web_sys::Element> {
    let from_boot = module().and_then(|name| {
        let roots = js_sys::Reflect::get(&js_sys::global(), &"rescaleLabRoots".into()).ok()?;
        js_sys::Reflect::get(&roots, &name.into()).ok()?.dyn_into::<web_sys::Element>().ok()
    });
    let root = from_boot.or_else(|| web_sys::window()?.document()?.get_element_by_id("app"));
    ROOT.with(|kept| kept.replace(root.clone()));
    root
}

/// Whether this module's app is the one the page shows: its root is in the document. An app
/// set aside (the reader moved to a lab of another module) writes nothing to the page: no link,
/// title, theme, focus, settled mark on another app's page, or message to a host.
pub fn shown() -> bool {
    ROOT.with(|root| root.borrow().as_ref().is_none_or(|root| root.is_connected()))
}

/// Gives the focus to the page's `<main>`, without scrolling, where it was lost: on `<body>`
/// or on nothing, the element that held it gone with the view it was in (a lab opened afresh,
/// Back or Forward within this module). Between modules the boot loader does the same.
pub fn focus_main_if_lost() {
    let Some(document) = web_sys::window().and_then(|w| w.document()).filter(|_| shown()) else { return };
    let lost = document.active_element().is_none_or(|e| e.tag_name() == "BODY" || !e.is_connected());
    if let Some(main) = document.get_element_by_id("main").and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok()) {
        if lost {
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(true);
            let _ = main.focus_with_options(&options);
        }
    }
}

/// The root, while it is set aside (detached): where the app's own elements are looked up.
pub(super) fn set_aside_root() -> Option<web_sys::Element> {
    ROOT.with(|root| root.borrow().clone().filter(|root| !root.is_connected()))
}

/// How the page came to its current entry, as the boot loader tells it: `Some(true)` for Back
/// and Forward, `Some(false)` for a link or a typed address (with the Navigation API; without
/// it, a plain click on a link of the page), `None` where it is not known.
pub fn arrived_by_traverse() -> Option<bool> {
    let arrival = js_sys::Reflect::get(&js_sys::global(), &"rescaleLabArrival".into())
        .ok()?
        .as_string()
        .filter(|a| !a.is_empty())?;
    Some(arrival == "traverse")
}

/// An event listener (gloo's, removed when dropped) that calls `on_event` only while this
/// module's app is shown, with the event as the type `E` its name promises. Not passive (gloo's
/// default): a key or drop handler may prevent the browser's default.
pub fn listen_while_shown<E: JsCast>(
    target: &web_sys::EventTarget,
    name: &'static str,
    mut on_event: impl FnMut(E) + 'static,
) -> Listener {
    Listener::new_with_options(target, name, EventListenerOptions::enable_prevent_default(), move |event| {
        if shown() {
            on_event(event.clone().unchecked_into());
        }
    })
}

/// [`listen_while_shown`] on the window.
pub fn listen_on_window<E: JsCast>(name: &'static str, on_event: impl FnMut(E) + 'static) -> Option<Listener> {
    web_sys::window().map(|window| listen_while_shown(&window, name, on_event))
}

/// Calls `on_shown` each time the boot loader shows this module's root again after another
/// module's (its `rescale-lab-shown` event), until the guard is dropped: what the app read from
/// storage may have changed meanwhile.
pub struct ShownWatch {
    _held: Option<Listener>,
}

const SHOWN_EVENT: &str = "rescale-lab-shown";

impl ShownWatch {
    pub fn new(mut on_shown: impl FnMut() + 'static) -> ShownWatch {
        let root = ROOT.with(|root| root.borrow().clone());
        ShownWatch { _held: root.map(|root| Listener::new(&root, SHOWN_EVENT, move |_| on_shown())) }
    }
}

/// Calls `on_change` each time another tab of this site changes its local storage (the
/// window's `storage` event), while this app is shown, until the guard is dropped: a lab's
/// copy of what it stored there (the coverage exercise's runs) is read again, so it never
/// writes an older copy over the other tab's (found by a walk-through: Reset all progress in
/// one tab was undone by the next run in another).
pub struct StorageWatch {
    _held: Option<Listener>,
}

impl StorageWatch {
    pub fn new(mut on_change: impl FnMut() + 'static) -> StorageWatch {
        StorageWatch { _held: listen_on_window("storage", move |_: web_sys::Event| on_change()) }
    }
}

/// Asks the boot loader to show the module of the current route; false without a boot loader
/// that can (a page of another build), where only a reload loads it.
pub fn show_route_module() -> bool {
    let show = js_sys::Reflect::get(&js_sys::global(), &"rescaleLabShowRoute".into()).ok();
    match show.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        Some(show) => show.call0(&wasm_bindgen::JsValue::NULL).is_ok(),
        None => false,
    }
}

/// Resolves after the next animation frame, or after `max_wait_ms` at most: frames of a page
/// out of view (an embed below the fold) may not come at all.
pub async fn next_frame(max_wait_ms: i32) {
    if let Some(window) = web_sys::window() {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let _ = window.request_animation_frame(&resolve);
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, max_wait_ms);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}

/// Reloads the page (the boot loader then picks the module of the route).
pub fn reload() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// Leaves the page for `url` (in this window).
pub fn go_to(url: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().assign(url);
    }
}
