//! **Check output**'s read of the job output: a text up to [`SYNC_LIMIT`] at once, a larger one
//! (up to 4 MB, 100,000 rows) in steps of about 40 ms with its progress in the state, so the
//! page stays responsive while it reads. Only the newest read may finish: each one stops the
//! one before it, and the panel stops its read when it goes.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::platform::spawn_local;
use yew::prelude::*;

use super::state::TraceAction;
use crate::browser::steps::{for_a_step, next_task};
use crate::components::big_text::SYNC_LIMIT;
use crate::model::trace::output_reader::OutputReader;

/// Rows read between two looks at the clock.
const ROWS: usize = 2_000;

/// The callback that reads a text and hands the result to `act` (see the module's header).
#[hook]
pub fn use_output_read(act: Callback<TraceAction>) -> Callback<String> {
    let current = use_mut_ref(|| Rc::new(Cell::new(false)));
    {
        let current = current.clone();
        use_effect_with((), move |_| move || current.borrow().set(true));
    }
    Callback::from(move |text: String| {
        // The panel has gone (a file read finishing after it): nothing to start.
        if current.borrow().get() {
            return;
        }
        let cancelled = Rc::new(Cell::new(false));
        RefCell::replace(&current, cancelled.clone()).set(true);
        if text.len() <= SYNC_LIMIT {
            act.emit(TraceAction::check_output(&text));
        } else {
            read_in_steps(text, cancelled, act.clone());
        }
    })
}

fn read_in_steps(text: String, cancelled: Rc<Cell<bool>>, act: Callback<TraceAction>) {
    act.emit(TraceAction::OutputProgress { permille: 0 });
    spawn_local(async move {
        let done = |read: Result<_, String>| TraceAction::OutputRead { read: read.map(Rc::new) };
        let mut reader = match OutputReader::new(&text) {
            Ok(reader) => reader,
            Err(e) => return act.emit(done(Err(e.to_string()))),
        };
        let mut failed = None;
        while !reader.done() {
            if !next_task(&cancelled).await {
                return;
            }
            for_a_step(|| match reader.step(&text, ROWS) {
                Ok(()) => reader.done(),
                Err(e) => {
                    failed = Some(e);
                    true
                }
            });
            if let Some(e) = failed {
                return act.emit(done(Err(e.to_string())));
            }
            act.emit(TraceAction::OutputProgress { permille: reader.permille(&text) });
        }
        act.emit(done(Ok(reader.finish())));
    });
}
