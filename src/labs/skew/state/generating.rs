//! A large preset on its way: generated in steps outside the reducer (see `import::generate`),
//! each request numbered so that a late answer to a superseded one is ignored. Types only: the
//! state (`query.rs`) holds them, and `SkewState::use_preset` asks for them.

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

/// A large key set's per-key work, done in steps by the job that made it, so that its first
/// render does not hash and sort a million keys in one task: the key groups (at the max
/// parallelism in force when the job started) and the sorted load curve.
#[derive(Debug, Clone, PartialEq)]
pub struct Derived {
    pub groups: Rc<GroupLoads>,
    pub ranked: Rc<Ranked>,
}
