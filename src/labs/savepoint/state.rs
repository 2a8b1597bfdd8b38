//! The savepoint lab's pure reducer (its state and parameters are in `query.rs`, the files it
//! holds in `shown.rs`). Reading happens outside the reducer (`reader.rs`) and arrives as
//! actions carrying a ticket: only the newest read's actions count, so a slow older file can
//! never replace a newer one.

use std::rc::Rc;

use yew::Reducible;

use super::facts::default_operator;
pub use super::query::SavepointState;
use super::query::{uid_problem, SLOTS};
pub use super::shown::{Loaded, ReadError, Reading, Shared, Timing};
use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::model::savepoint::{SavepointError, Snapshot};
use crate::model::training::Sample;
use crate::url::{Edit, Field};

#[derive(Debug, Clone, PartialEq)]
pub enum SavepointAction {
    /// Typed into **Operator uid**; `well_formed`: the browser's text held no lone surrogate.
    SetUid {
        text: String,
        well_formed: bool,
    },
    /// **New parallelism**.
    Edit(Edit),
    SelectOperator {
        index: usize,
    },
    ReadStarted {
        ticket: u32,
        name: String,
        sample: Option<Sample>,
        bytes: usize,
    },
    ReadProgress {
        ticket: u32,
        permille: u32,
    },
    /// The parse finished (or the browser could not give the bytes: `SavepointError` absent).
    ReadDone {
        ticket: u32,
        result: Result<Shared<Snapshot>, ReadFailure>,
        timing: Timing,
    },
}

/// A read that failed: the parser's refusal (with its offset), or the browser's.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadFailure {
    Parse(SavepointError),
    Browser(String),
}

impl SavepointState {
    /// The snapshot shown, if any.
    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.loaded.as_ref().map(|l| &*l.snapshot.0)
    }

    pub(super) fn set_uid(&mut self, text: String, well_formed: bool) {
        let problem = if well_formed {
            uid_problem(&text)
        } else {
            Some(
                "this uid holds a lone UTF-16 surrogate (half of a pair), which Java encodes as \"?\" but this lab \
                 cannot keep exactly; the last valid uid is still used"
                    .to_string(),
            )
        };
        match problem {
            None => self.uid = Field::valid(text.clone(), text),
            Some(why) => {
                self.uid.error = Some(why);
                self.uid.text = text;
            }
        }
    }

    fn finish(&mut self, result: Result<Shared<Snapshot>, ReadFailure>, timing: Timing) {
        let Some(reading) = self.reading.take() else { return };
        match result {
            Ok(snapshot) => {
                self.operator = default_operator(&snapshot.0);
                self.loaded = Some(Loaded { name: reading.name, sample: reading.sample, snapshot, timing });
                self.error = None;
            }
            Err(failure) => {
                let message = match failure {
                    ReadFailure::Parse(e) => e.to_string(),
                    ReadFailure::Browser(why) => why,
                };
                self.error = Some(ReadError { name: reading.name, message });
            }
        }
    }
}

impl Reducible for SavepointState {
    type Action = SavepointAction;

    fn reduce(self: Rc<Self>, action: SavepointAction) -> Rc<Self> {
        let current = |ticket: u32| self.reading.as_ref().is_some_and(|r| r.ticket == ticket);
        let mut s = (*self).clone();
        match action {
            SavepointAction::SetUid { text, well_formed } => s.set_uid(text, well_formed),
            SavepointAction::Edit(edit) => edit.apply(SLOTS, &mut s),
            SavepointAction::SelectOperator { index } => {
                if s.snapshot().is_some_and(|snap| index < snap.operators.len()) {
                    s.operator = Some(index);
                }
            }
            SavepointAction::ReadStarted { ticket, name, sample, bytes } => {
                s.wanted_sample = None;
                s.reading = Some(Reading { ticket, name, sample, bytes, permille: 0 });
            }
            SavepointAction::ReadProgress { ticket, permille } => {
                if !current(ticket) {
                    return self;
                }
                if let Some(r) = s.reading.as_mut() {
                    r.permille = permille.min(1000);
                }
            }
            SavepointAction::ReadDone { ticket, result, timing } => {
                if !current(ticket) {
                    return self;
                }
                s.finish(result, timing);
            }
        }
        Rc::new(s)
    }
}

crate::url::edit_action!(SavepointAction::Edit);

impl LabState for SavepointState {
    const LAB: Lab = Lab::Savepoint;
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
