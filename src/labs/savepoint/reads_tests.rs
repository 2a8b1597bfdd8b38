//! The page's savepoint reads: what reaches the instance shown, and what a fresh instance is
//! shown of the reads before it.

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
