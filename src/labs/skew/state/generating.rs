//! Large key sets on their way, made in steps outside the reducer: a preset generated (see
//! `import::generate`), or a CSV text read (see `import::read`); each request numbered, so that
//! the answer of a superseded one is dropped. Types only: the state (`query.rs`) holds them, and
//! `SkewState::use_preset` and `SkewState::start_reading` ask for them.

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

/// A key set read in steps outside the reducer (`import::read`): a large paste, a stored set,
/// or a set of the person's own read again under a new key type. `text` is what is read; empty,
/// the set in force is written as CSV first (in steps too). Numbered: the answer of a read that
/// a newer one (or a newer key set) superseded is dropped. The keys stay the previous set, each
/// of its own type, until the read arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub job: u32,
    pub key_type: crate::model::KeyType,
    pub text: Rc<String>,
    /// The browser's text held lone UTF-16 surrogates (seen before it became Rust text).
    pub lone_surrogates: bool,
    /// A read again of the set in force under a new type (not a paste): an edit of the set
    /// made meanwhile is read again under that type too.
    pub retype: bool,
}

/// A large key set's per-key work, done in steps by the job that made it, so that its first
/// render does not hash and sort a million keys in one task: the key groups (at the max
/// parallelism in force when the job started) and the sorted load curve.
#[derive(Debug, Clone, PartialEq)]
pub struct Derived {
    pub groups: Rc<GroupLoads>,
    pub ranked: Rc<Ranked>,
}
