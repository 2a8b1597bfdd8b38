//! The slow path of the savepoint lab, outside the reducer: get a file's bytes (a chosen or
//! dropped file, or a bundled sample fetched from the site), then drive the model's stepped
//! parser in main-thread tasks of at most [`STEP_MS`] of parsing, yielding to the browser
//! between them and reporting progress. Each read has a ticket; a newer read stops an older
//! one at its next step.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use yew::platform::{spawn_local, time::sleep};
use yew::Callback;

use super::state::{ReadFailure, SavepointAction, Shared, Timing};
use crate::browser::{self, files};
use crate::model::savepoint::{Budget, SnapshotParser, Step};
use crate::model::training::Sample;

/// Parsing time per main-thread task before yielding (the task also holds one budget step).
pub const STEP_MS: f64 = 25.0;
/// One call of the stepper: small enough that a task ends soon after [`STEP_MS`].
const BUDGET: Budget = Budget { bytes: 256 * 1024, items: 250 };

/// The tickets of one page: each read takes the next, and only the newest may finish.
#[derive(Clone, Default)]
pub struct Tickets(Rc<Cell<u32>>);

impl Tickets {
    fn next(&self) -> u32 {
        self.0.set(self.0.get().wrapping_add(1));
        self.0.get()
    }

    fn current(&self, ticket: u32) -> bool {
        self.0.get() == ticket
    }
}

/// Reads a file the person chose or dropped.
pub fn read_file(file: files::File, tickets: &Tickets, send: Callback<SavepointAction>) {
    let ticket = tickets.next();
    let (tickets, name) = (tickets.clone(), files::name(&file));
    send.emit(SavepointAction::ReadStarted { ticket, name, sample: None, bytes: files::size(&file) });
    spawn_local(async move {
        let bytes = files::file_bytes(&file).await;
        parse_stepped(bytes, ticket, tickets, send).await;
    });
}

/// Reads a bundled sample from the site (the service worker keeps it for offline use).
pub fn read_sample(sample: Sample, tickets: &Tickets, send: Callback<SavepointAction>) {
    let ticket = tickets.next();
    let tickets = tickets.clone();
    let name = format!("{} ({})", sample.title(), sample.path());
    send.emit(SavepointAction::ReadStarted { ticket, name, sample: Some(sample), bytes: sample.bytes().len() });
    spawn_local(async move {
        let bytes = files::site_bytes(sample.path()).await;
        parse_stepped(bytes, ticket, tickets, send).await;
    });
}

async fn parse_stepped(bytes: Result<Vec<u8>, String>, ticket: u32, tickets: Tickets, send: Callback<SavepointAction>) {
    let bytes = match bytes {
        Ok(b) => b,
        Err(why) => {
            let result = Err(ReadFailure::Browser(why));
            return send.emit(SavepointAction::ReadDone { ticket, result, timing: Timing::default() });
        }
    };
    let started = browser::now_ms();
    let mut parser = SnapshotParser::new(bytes.len());
    let mut timing = Timing::default();
    loop {
        // Each task starts after a yield: the copy (or the last step) ran in the one before.
        sleep(Duration::ZERO).await;
        if !tickets.current(ticket) {
            return;
        }
        let task = browser::now_ms();
        let mut step = Step::Pending;
        while step == Step::Pending && browser::now_ms() - task < STEP_MS {
            step = parser.step(&bytes, BUDGET);
        }
        timing.steps += 1;
        timing.longest_step_ms = timing.longest_step_ms.max((browser::now_ms() - task).max(0.0) as u32);
        if step == Step::Done {
            break;
        }
        send.emit(SavepointAction::ReadProgress { ticket, permille: parser.progress_permille() });
    }
    drop(bytes);
    timing.total_ms = (browser::now_ms() - started).max(0.0) as u32;
    let result = match parser.into_result() {
        Some(Ok(snapshot)) => Ok(Shared(Rc::new(snapshot))),
        Some(Err(e)) => Err(ReadFailure::Parse(e)),
        None => Err(ReadFailure::Browser("the reader stopped before the end of the file".into())),
    };
    // The report renders in a task of its own, not after the last step's.
    sleep(Duration::ZERO).await;
    if tickets.current(ticket) {
        send.emit(SavepointAction::ReadDone { ticket, result, timing });
    }
}
