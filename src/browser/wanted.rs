//! When a part below the first screen is wanted: [`WantedWatch`] calls back once, when its
//! element comes within [`NEAR_VIEW`] of the viewport (scrolling, a wider window, printing's
//! layout) or the reader first gives the page input (a pointer, a key, typing, the wheel, a
//! touch) while its app is shown, whichever is first. The page then fetches the part's code
//! only for a reader who looks at it or works with the page, not on every open, and a lab set
//! aside for another module's is not woken by input to that one.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// How far outside the viewport an element counts as near: half a viewport's height below
/// (or above) it, so a part's code is fetched before it scrolls into view.
pub const NEAR_VIEW: &str = "50% 0px 50% 0px";

/// The page events that count as the reader's input (listened to on the window, capturing).
const INPUT_EVENTS: [&str; 6] = ["pointerdown", "keydown", "input", "wheel", "touchstart", "beforeprint"];

/// The watches waiting for input: each one's id and what it calls.
type Waiting = Vec<(u64, Box<dyn Fn()>)>;

thread_local! {
    /// Whether the reader has given the page input since it started ([`watch_first_input`]).
    static ENGAGED: Cell<bool> = const { Cell::new(false) };
    /// Whether the page's one input listener is installed.
    static LISTENING: Cell<bool> = const { Cell::new(false) };
    /// The watches waiting for input, by id: the one listener calls them all.
    static WAITING: RefCell<Waiting> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u64> = const { Cell::new(0) };
}

/// Whether the reader has given the page input: a part mounted after that (a lab that draws
/// its parts in steps) is wanted at once.
pub fn reader_engaged() -> bool {
    ENGAGED.with(Cell::get)
}

/// How many watches wait for the reader's input (a dropped watch leaves the list).
pub fn waiting_for_input() -> usize {
    WAITING.with(|w| w.borrow().len())
}

/// Installs the page's one input listener (once; later calls do nothing). It notes the reader's
/// first input for [`reader_engaged`] and, on every trusted input, calls the waiting watches.
/// Called at the app's start, so input given before any part is drawn still counts.
pub fn watch_first_input() {
    if LISTENING.with(|l| l.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let note = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| {
        // Input to another lab's app, while this one is set aside, is not this lab's reader
        // working with it: its parts would fetch their code for nobody (a spec saw the planner's
        // seven part chunks fetched by a key press on the trace lab).
        if !e.is_trusted() || !super::page::shown() {
            return;
        }
        ENGAGED.with(|c| c.set(true));
        // Taken out first: a call may drop a watch (a part mounting), which edits the list.
        let waiting = WAITING.with(|w| std::mem::take(&mut *w.borrow_mut()));
        for (_, fire) in &waiting {
            fire();
        }
    });
    for name in INPUT_EVENTS {
        let _ = window.add_event_listener_with_callback_and_bool(name, note.as_ref().unchecked_ref(), true);
    }
    // Listens as long as the page lives.
    note.forget();
}

/// Calls `on_wanted` at most once (see the module docs), and `on_observed` after each of the
/// observer's reports (the first comes soon after the element is observed, near or not: until
/// then nobody knows whether the first screen wants the part); stops watching when dropped.
pub struct WantedWatch {
    observer: Option<web_sys::IntersectionObserver>,
    /// Called by the observer; kept alive as long as the observer may call it.
    _near: Closure<dyn FnMut(js_sys::Array)>,
    /// This watch's place in the input listener's list.
    id: u64,
}

impl WantedWatch {
    pub fn new(
        element: &web_sys::Element,
        on_wanted: impl FnOnce() + 'static,
        on_observed: impl Fn() + 'static,
    ) -> WantedWatch {
        // Shared by both triggers: the first to fire takes it.
        let once = Rc::new(Cell::new(Some(Box::new(on_wanted) as Box<dyn FnOnce()>)));
        let fire = move || {
            if let Some(f) = once.take() {
                f();
            }
        };
        let near = {
            let fire = fire.clone();
            Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                let near =
                    entries.iter().any(|e| e.unchecked_into::<web_sys::IntersectionObserverEntry>().is_intersecting());
                if near {
                    fire();
                }
                on_observed();
            })
        };
        let init = web_sys::IntersectionObserverInit::new();
        init.set_root_margin(NEAR_VIEW);
        let observer = web_sys::IntersectionObserver::new_with_options(near.as_ref().unchecked_ref(), &init).ok();
        if let Some(observer) = &observer {
            observer.observe(element);
        }
        watch_first_input();
        let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
        WAITING.with(|w| w.borrow_mut().push((id, Box::new(fire))));
        WantedWatch { observer, _near: near, id }
    }
}

impl Drop for WantedWatch {
    fn drop(&mut self) {
        if let Some(observer) = self.observer.take() {
            observer.disconnect();
        }
        // try_borrow_mut: a watch dropped while the listener calls the others finds the list
        // already emptied (taken out), and is not in it.
        WAITING.with(|w| {
            if let Ok(mut w) = w.try_borrow_mut() {
                w.retain(|(id, _)| *id != self.id);
            }
        });
    }
}
