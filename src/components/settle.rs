//! The page's settled signal: `data-settled` on `<main>` says that the page has stopped moving
//! and holds the state of the link it shows. The shell provides one [`Settle`]; every part of
//! a page that is still on its way (a part whose code loads, a slot not yet told whether the
//! first screen wants it, a render still in steps, a stepped import or read, a running
//! playback, an exercise file being fetched) holds it busy with [`use_busy`] while it is.
//!
//! When nothing is busy, `<main>` carries `data-settled` set to the hash the page shows, which
//! a lab has already written in its canonical form (the lab writes its URL in the effects of
//! its first render, before it can be settled). A spec waits until that value equals
//! `location.hash`: a value left from the route shown before a navigation cannot pass.
//!
//! Invariant: every increment of the busy count is undone by the effect's destructor, so a
//! page that unmounts mid-load leaves no count behind. A part clears the mark in the render that
//! makes it busy (yew may yield to the browser between a long render and its effects, and the DOM
//! then already shows the part), and the mark is written again only from effects: after each
//! change of the count, each render in which a part stops being busy, each URL write of a lab
//! and each render of the shell. So between tasks the DOM never shows a moving part beside a
//! mark.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser;

/// The shell's count of what is still on its way; `==` is identity (one per app).
#[derive(Clone, Default)]
pub struct Settle(Rc<Cell<u32>>);

impl PartialEq for Settle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Settle {
    /// Writes the mark: the current hash when nothing is busy, else none.
    pub fn mark(&self) {
        let hash = (self.0.get() == 0).then(browser::current_hash);
        browser::mark_settled(hash.as_deref());
    }

    fn hold(&self) {
        self.0.set(self.0.get() + 1);
        self.mark();
    }

    fn release(&self) {
        self.0.set(self.0.get().saturating_sub(1));
        self.mark();
    }
}

/// Holds the page unsettled while `busy` is true (and the component is mounted).
#[hook]
pub fn use_busy(busy: bool) {
    let settle = use_context::<Settle>();
    // Cleared in the render that makes the part busy, not only in its effect: yew may yield to
    // the browser between a long render and its effects, and the DOM then already shows the
    // part. Only on that render: a part that stays busy (playback's every step) touches no DOM.
    let was_busy = use_mut_ref(|| false).replace(busy);
    if busy && !was_busy && settle.is_some() {
        browser::mark_settled(None);
    }
    // Each change of `busy` in a render counts, so the effect runs after it even where the part
    // was busy and idle again between two effects (a check refused at once: yew ran no effect
    // for the busy render, the deps were idle before and after, and the mark cleared above was
    // never written again). Idle, the effect writes the mark itself.
    let changes = use_mut_ref(|| 0u32);
    if busy != was_busy {
        *changes.borrow_mut() += 1;
    }
    let changed = *changes.borrow();
    use_effect_with((busy, changed), move |&(busy, _)| {
        let held = settle.clone().filter(|_| busy);
        match (&held, &settle) {
            (Some(s), _) => s.hold(),
            (None, Some(s)) => s.mark(),
            (None, None) => {}
        }
        move || {
            if let Some(s) = held {
                s.release();
            }
        }
    });
}
