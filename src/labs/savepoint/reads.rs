//! The savepoint reads of one page, shared by the lab's instances in turn. A link to the lab
//! opens it afresh (a new instance), while a read the last one started may still be on its way,
//! or finished while no instance was shown: the new instance takes the read over, where it
//! stands, and a file read well is shown again from memory, not read again from the tab's
//! storage (which only a reload needs). Each read has a ticket; only the newest one's actions
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
mod tests {
    use super::*;
    use crate::model::savepoint::Snapshot;

    fn sent() -> (Rc<RefCell<Vec<SavepointAction>>>, Callback<SavepointAction>) {
        let log = Rc::new(RefCell::new(Vec::new()));
        let to = Rc::clone(&log);
        (log, Callback::from(move |a| to.borrow_mut().push(a)))
    }

    fn snapshot() -> Shared<Snapshot> {
        Shared(Rc::new(crate::model::savepoint::parse(Sample::ALL[0].bytes()).unwrap()))
    }

    /// A read an instance started (to 40%) before it left: the reads, what the instance was
    /// sent, the read's ticket.
    fn started_then_left(name: &str) -> (Reads, Rc<RefCell<Vec<SavepointAction>>>, u32) {
        let reads = Reads::default();
        let (first, send) = sent();
        let id = reads.attach(send);
        let ticket = reads.start(name.into(), None, 9);
        reads.progress(ticket, 400);
        reads.leave(id);
        (reads, first, ticket)
    }

    #[test]
    fn a_read_left_on_its_way_reports_to_the_next_instance_where_it_stands() {
        let (reads, first, ticket) = started_then_left("big");
        reads.progress(ticket, 600);
        assert_eq!(first.borrow().len(), 2, "nothing reaches an instance that left");
        let (second, send) = sent();
        reads.attach(send);
        assert_eq!(reads.take_over(), Found::UnderWay);
        reads.done(ticket, Ok(snapshot()), Timing::default());
        let second = second.borrow();
        assert_eq!(
            second[..2],
            [
                SavepointAction::ReadStarted { ticket, name: "big".into(), sample: None, bytes: 9 },
                SavepointAction::ReadProgress { ticket, permille: 600 },
            ]
        );
        assert!(matches!(second[2], SavepointAction::ReadDone { ticket: t, result: Ok(_), .. } if t == ticket));
    }

    #[test]
    fn a_file_read_while_no_instance_was_shown_is_shown_by_the_next_from_memory() {
        let (reads, _, ticket) = started_then_left("f");
        let snap = snapshot();
        reads.done(ticket, Ok(snap.clone()), Timing { total_ms: 5, longest_step_ms: 2, steps: 3 });
        let (next, send) = sent();
        reads.attach(send);
        assert_eq!(reads.take_over(), Found::Shown);
        let next = next.borrow();
        assert!(matches!(&next[0], SavepointAction::ReadStarted { name, sample: None, .. } if name == "f"));
        assert!(
            matches!(&next[1], SavepointAction::ReadDone { result: Ok(s), timing, .. } if *s == snap && timing.total_ms == 5)
        );
    }

    /// Found by a walk-through: a read that failed while no instance was shown was forgotten,
    /// and a read taken over left the report read before unshown.
    #[test]
    fn the_next_instance_gets_the_report_then_the_failure_then_the_read_on_its_way() {
        let (reads, _, ticket) = started_then_left("good");
        let snap = snapshot();
        reads.done(ticket, Ok(snap.clone()), Timing::default());
        let bad = reads.start("cut".into(), None, 9);
        reads.done(bad, Err(ReadFailure::Browser("cut short".into())), Timing::default());
        let on_way = reads.start("again".into(), None, 9);
        reads.progress(on_way, 300);
        let (next, send) = sent();
        reads.attach(send);
        assert_eq!(reads.take_over(), Found::UnderWay);
        let words: Vec<String> = next
            .borrow()
            .iter()
            .map(|a| match a {
                SavepointAction::ReadStarted { name, .. } => format!("start {name}"),
                SavepointAction::ReadDone { result: Ok(s), .. } if *s == snap => "report".to_string(),
                SavepointAction::ReadDone { result: Err(ReadFailure::Browser(why)), .. } => format!("failed: {why}"),
                SavepointAction::ReadProgress { permille, .. } => format!("at {permille}"),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(words, ["start good", "report", "start again", "at 300"], "a newer read clears the failure");
        // Its failure too, once it ends.
        reads.done(on_way, Err(ReadFailure::Browser("cut again".into())), Timing::default());
        let (last, send) = sent();
        reads.attach(send);
        assert_eq!(reads.take_over(), Found::Shown);
        assert_eq!(last.borrow().len(), 4, "the report, then the failure");
        assert!(matches!(&last.borrow()[3], SavepointAction::ReadDone { result: Err(_), .. }));
    }

    #[test]
    fn a_sample_is_not_shown_again_a_failure_is_and_a_sample_after_a_file_keeps_it() {
        let reads = Reads::default();
        let sample = Sample::ALL[0];
        let t = reads.start("s".into(), Some(sample), 9);
        reads.done(t, Ok(snapshot()), Timing::default());
        assert_eq!(reads.take_over(), Found::Nothing, "a sample: the link names it");
        let t = reads.start("bad".into(), None, 9);
        reads.done(t, Err(ReadFailure::Browser("no".into())), Timing::default());
        assert_eq!(reads.take_over(), Found::Shown, "a failure, said again");
        let old = reads.start("old".into(), None, 9);
        let new = reads.start("new".into(), None, 9);
        reads.done(old, Ok(snapshot()), Timing::default());
        assert_eq!(reads.take_over(), Found::UnderWay, "the newer read is still on its way");
        reads.done(new, Ok(snapshot()), Timing::default());
        let t = reads.start("s".into(), Some(Sample::ALL[1]), 9);
        reads.done(t, Ok(snapshot()), Timing::default());
        assert_eq!(reads.take_over(), Found::Shown, "a sample read after a file leaves the file to show");
    }
}
