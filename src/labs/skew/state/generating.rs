//! Large key sets on their way, made in steps outside the reducer: a preset generated (see
//! `import::generate`), or a set of the person's own read again as another key type (see
//! `import::reread`); each request numbered, so that a superseded one is cancelled. Types only:
//! the state (`query.rs`) holds them, and `SkewState::use_preset` and `SkewState::retyped` ask
//! for them.

use std::rc::Rc;

use crate::model::skew::aggregate::{GroupLoads, Ranked};
use crate::model::skew::presets::Preset;

/// Presets with more keys than this are generated in steps, outside the reducer.
pub const STEPPED_KEYS: u32 = 20_000;

/// A preset being generated in steps: which request (a newer one supersedes it), the preset,
/// the total it spreads, and how far it is (thousandths).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generating {
    pub job: u32,
    pub preset: Preset,
    pub total_milli: u64,
    pub permille: u32,
    /// The key type once the keys arrive: the preset's, or a link's.
    pub key_type: crate::model::KeyType,
}

/// A set of the person's own read again as `key_type` in steps (its CSV text, or the set
/// written as CSV when it came from edits or storage): too large to read in one task. The keys
/// stay the previous set, each of its own type, until the read is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rereading {
    pub job: u32,
    pub key_type: crate::model::KeyType,
}

/// A large key set's per-key work, done in steps by the job that made it, so that its first
/// render does not hash and sort a million keys in one task: the key groups (at the max
/// parallelism in force when the job started) and the sorted load curve.
#[derive(Debug, Clone, PartialEq)]
pub struct Derived {
    pub groups: Rc<GroupLoads>,
    pub ranked: Rc<Ranked>,
}
