//! The savepoint reads of one page, shared by the lab's instances in turn. A link to the lab
//! opens it afresh (a new instance), while a read the last one started may still be on its way,
//! or finished while no instance was shown: the new instance is shown what one that stayed
//! would show, from memory (the file read well, the newest failure, the read on its way where
//! it stands), not read again from the tab's storage (which only a reload needs). Each read has a ticket; only the newest one's actions
//! count, and they go to the instance shown now.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::Callback;

use super::state::{ReadFailure, SavepointAction, Shared, Timing};
use crate::model::savepoint::Snapshot;
use crate::model::training::Sample;

/// The reads of this page (one lab instance is shown at a time; a component test mounts them
/// one after another).
#[derive(Clone, Default)]
pub struct Reads(Rc<Inner>);

#[derive(Default)]
struct Inner {
    ticket: Cell<u32>,
    /// The instance shown now, and where its actions go; none between two instances.
    shown: RefCell<Option<(u32, Callback<SavepointAction>)>>,
    instances: Cell<u32>,
    /// The newest read while it is on its way, with its progress.
    under_way: RefCell<Option<UnderWay>>,
    /// The file last read well (not a sample: a link names those; a sample read after it
    /// leaves it), with its timing.
    file: RefCell<Option<(String, Shared<Snapshot>, Timing)>>,
    /// The newest read, where it failed: its name, sample and why (said again beside the file
    /// last read well, as an instance that stayed would say it).
    failed: RefCell<Option<(String, Option<Sample>, ReadFailure)>>,
}

#[derive(Clone)]
struct UnderWay {
    ticket: u32,
    name: String,
    sample: Option<Sample>,
    bytes: usize,
    permille: u32,
}

thread_local! {
    static PAGE: Reads = Reads::default();
}

/// What a lab instance found on mounting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// A read on its way, now reporting to this instance.
    UnderWay,
    /// What the reads ended with, shown again: the file last read well, the newest failure.
    Shown,
    Nothing,
}

impl Reads {
    /// This page's reads.
    pub fn page() -> Reads {
        PAGE.with(Reads::clone)
    }

    /// A lab instance is shown: the reads' actions go to `send` from now on. Returns the
    /// instance's number, for [`Reads::leave`].
    pub fn attach(&self, send: Callback<SavepointAction>) -> u32 {
        let id = self.0.instances.get().wrapping_add(1);
        self.0.instances.set(id);
        self.0.shown.replace(Some((id, send)));
        id
    }

    /// The instance `id` is gone (unless another took its place since).
    pub fn leave(&self, id: u32) {
        let mut shown = self.0.shown.borrow_mut();
        if shown.as_ref().is_some_and(|(at, _)| *at == id) {
            *shown = None;
        }
    }

    /// Tells the instance just shown what is already here, as an instance that stayed would
    /// show it: the file last read well, then why the newest read failed (if it did), then the
    /// read on its way (where it stands); `Nothing` when there is none of them (found by a
    /// walk-through: a failure while away was forgotten, and a read taken over hid the report).
    pub fn take_over(&self) -> Found {
        // Replayed under the newest ticket: none of it stops the read on its way.
        let ticket = self.0.ticket.get();
        let mut found = Found::Nothing;
        let file = self.0.file.borrow().clone();
        if let Some((name, snapshot, timing)) = file {
            self.replay(ticket, name, None, Ok(snapshot), timing);
            found = Found::Shown;
        }
        let failed = self.0.failed.borrow().clone();
        if let Some((name, sample, why)) = failed {
            self.replay(ticket, name, sample, Err(why), Timing::default());
            found = Found::Shown;
        }
        let under_way = self.0.under_way.borrow().clone();
        if let Some(r) = under_way {
            let (name, sample, bytes) = (r.name, r.sample, r.bytes);
            self.send(SavepointAction::ReadStarted { ticket: r.ticket, name, sample, bytes });
            self.send(SavepointAction::ReadProgress { ticket: r.ticket, permille: r.permille });
            found = Found::UnderWay;
        }
        found
    }

    /// A read's start and end, sent again.
    fn replay(
        &self,
        ticket: u32,
        name: String,
        sample: Option<Sample>,
        result: Result<Shared<Snapshot>, ReadFailure>,
        timing: Timing,
    ) {
        self.send(SavepointAction::ReadStarted { ticket, name, sample, bytes: 0 });
        self.send(SavepointAction::ReadDone { ticket, result, timing });
    }

    /// A new read: its ticket, which stops every older read at its next step.
    pub fn start(&self, name: String, sample: Option<Sample>, bytes: usize) -> u32 {
        let ticket = self.0.ticket.get().wrapping_add(1);
        self.0.ticket.set(ticket);
        let under_way = UnderWay { ticket, name: name.clone(), sample, bytes, permille: 0 };
        self.0.under_way.replace(Some(under_way));
        self.0.failed.replace(None);
        self.send(SavepointAction::ReadStarted { ticket, name, sample, bytes });
        ticket
    }

    /// Whether `ticket` is the newest read's.
    pub fn current(&self, ticket: u32) -> bool {
        self.0.ticket.get() == ticket
    }

    pub fn progress(&self, ticket: u32, permille: u32) {
        if !self.current(ticket) {
            return;
        }
        if let Some(r) = self.0.under_way.borrow_mut().as_mut() {
            r.permille = permille;
        }
        self.send(SavepointAction::ReadProgress { ticket, permille });
    }

    /// The read of `ticket` ended; a file that read well is remembered for the next instance.
    pub fn done(&self, ticket: u32, result: Result<Shared<Snapshot>, ReadFailure>, timing: Timing) {
        if !self.current(ticket) {
            return;
        }
        match (&result, self.0.under_way.take()) {
            (Ok(snapshot), Some(read @ UnderWay { sample: None, .. })) => {
                self.0.file.replace(Some((read.name, snapshot.clone(), timing)));
            }
            (Err(why), Some(read)) => _ = self.0.failed.replace(Some((read.name, read.sample, why.clone()))),
            _ => {}
        }
        self.send(SavepointAction::ReadDone { ticket, result, timing });
    }

    fn send(&self, action: SavepointAction) {
        let shown = self.0.shown.borrow().as_ref().map(|(_, send)| send.clone());
        if let Some(send) = shown {
            send.emit(action);
        }
    }
}

#[cfg(test)]
#[path = "reads_tests.rs"]
mod tests;
