//! What the savepoint page holds of the files it reads: the report shown (a file read
//! successfully, with its timing), the read in progress, and why the last read failed. Types
//! only: the state (`query.rs`) holds them, the reducer (`state.rs`) fills them.

use std::rc::Rc;

use crate::model::savepoint::Snapshot;
use crate::model::training::Sample;

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
