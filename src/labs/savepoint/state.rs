//! The savepoint lab's state and pure reducer: the typed uid and new parallelism, the report
//! shown (the last file read successfully), the read in progress with its progress, the last
//! failure, and the operator chosen for details and plans. Reading happens outside the
//! reducer (`reader.rs`) and arrives as actions carrying a ticket: only the newest read's
//! actions count, so a slow older file can never replace a newer one.
//!
//! Invariant: a failed read never clears the report shown; it only sets `error`.

use std::rc::Rc;

use yew::Reducible;

use super::facts::default_operator;
use super::query::{uid_problem, SavepointQuery, P};
use crate::model::savepoint::{SavepointError, Snapshot};
use crate::model::training::Sample;
use crate::url::{Field, FieldView};

/// A value shared between renders, equal only to itself (a snapshot can hold millions of
/// offsets: comparing them on every render would be slow).
#[derive(Debug)]
pub struct Shared<T>(pub Rc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Rc::clone(&self.0))
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// How long a read took in the browser, in whole milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Timing {
    pub total_ms: u32,
    /// The longest main-thread task of the stepped parse.
    pub longest_step_ms: u32,
    pub steps: u32,
}

/// A file read successfully.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    pub name: String,
    pub sample: Option<Sample>,
    pub snapshot: Shared<Snapshot>,
    pub timing: Timing,
}

/// A read in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub ticket: u32,
    pub name: String,
    pub sample: Option<Sample>,
    pub bytes: usize,
    pub permille: u32,
}

/// Why the last file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    pub name: String,
    pub message: String,
}

/// The number fields of the page (one: the new parallelism).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SavepointField {
    P,
}

impl SavepointField {
    pub const ALL: [SavepointField; 1] = [SavepointField::P];
}

#[derive(Debug, Clone, PartialEq)]
pub struct SavepointState {
    pub uid: Field<String>,
    pub p: Field<Option<u32>>,
    /// The sample the link asked for, until a read starts.
    pub wanted_sample: Option<Sample>,
    pub loaded: Option<Loaded>,
    pub reading: Option<Reading>,
    pub error: Option<ReadError>,
    /// Index into the shown snapshot's operators: details and plans are for this one.
    pub operator: Option<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SavepointAction {
    /// Typed into **Operator uid**; `well_formed`: the browser's text held no lone surrogate.
    SetUid {
        text: String,
        well_formed: bool,
    },
    Set {
        field: SavepointField,
        text: String,
        bad_input: bool,
    },
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
    pub fn from_query(q: &SavepointQuery) -> SavepointState {
        SavepointState {
            uid: Field::valid(q.uid.clone(), q.uid.clone()),
            p: P.field(q.p),
            wanted_sample: q.sample,
            loaded: None,
            reading: None,
            error: None,
            operator: None,
        }
    }

    pub fn to_query(&self) -> SavepointQuery {
        let sample = match (&self.reading, &self.loaded) {
            (Some(r), _) => r.sample,
            (None, Some(l)) => l.sample,
            (None, None) => self.wanted_sample,
        };
        SavepointQuery { uid: self.uid.value.clone(), p: self.p.value, sample }
    }

    pub fn field(&self, which: SavepointField) -> FieldView<'_> {
        match which {
            SavepointField::P => FieldView::of(&P, &self.p),
        }
    }

    /// The snapshot shown, if any.
    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.loaded.as_ref().map(|l| &*l.snapshot.0)
    }

    fn set_uid(&mut self, text: String, well_formed: bool) {
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
            SavepointAction::Set { field: SavepointField::P, text, bad_input } => P.apply(&mut s.p, text, bad_input),
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

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
