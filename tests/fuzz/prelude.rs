//! What every fuzz area names: the crates' items, proptest, the case count, and the bounds
//! the targets hold.

#![cfg(not(target_arch = "wasm32"))]
pub(crate) use crate::support::fuzz_config;
pub(crate) use proptest::collection::vec;
pub(crate) use proptest::prelude::*;
pub(crate) use proptest::sample::select;
pub(crate) use rescale_lab::lab::Lab;
pub(crate) use rescale_lab::labs::coverage::progress::{Progress, RUNS};
pub(crate) use rescale_lab::labs::coverage::state::CoverageState;
pub(crate) use rescale_lab::labs::frame::LabState;
pub(crate) use rescale_lab::labs::owners::query::MAX_KEY_CHARS;
pub(crate) use rescale_lab::labs::owners::state::OwnersState;
pub(crate) use rescale_lab::labs::planner::state::PlannerState;
pub(crate) use rescale_lab::labs::skew::query::{KeySource, MAX_SALT, TOTAL};
pub(crate) use rescale_lab::labs::skew::state::SkewState;
pub(crate) use rescale_lab::labs::trace::state::TraceState;
pub(crate) use rescale_lab::model::coverage::{Orbit, Verdict as Graded, MAX_MILLIS, MAX_MODULUS, MAX_STRIDE};
pub(crate) use rescale_lab::model::number::{
    format_millis_as_seconds, parse_in_range, parse_seconds_as_millis, parse_whole,
};
pub(crate) use rescale_lab::model::planner::outage::Phase;
pub(crate) use rescale_lab::model::planner::snapshot_kinds::SnapshotKind;
pub(crate) use rescale_lab::model::planner::{parse_ttl, JobStatus, PlanInput, Verdict as PlanVerdict};
pub(crate) use rescale_lab::model::restore::{FailedCheck, RestoreInput, RestoreOutcome, SavedHow};
pub(crate) use rescale_lab::model::skew::csv::{keys_to_csv, parse_csv, CsvImporter, MAX_ERRORS_KEPT};
pub(crate) use rescale_lab::model::skew::presets::{Preset, BYTES_PER_EVENT, MAX_PRESET_KEYS};
pub(crate) use rescale_lab::model::skew::units::{
    format_bytes, format_milli, parse_bytes, parse_milli, MAX_BYTES, MAX_EVENTS_PER_S,
};
pub(crate) use rescale_lab::model::skew::KeyLoad;
pub(crate) use rescale_lab::model::trace::{event, Backend, Scenario, TraceInput, TraceVerdict};
pub(crate) use rescale_lab::model::{
    default_max_parallelism, DefaultMaxDerivation, Key, KeyType, MaxParallelism, ModelError, Parallelism,
};
pub(crate) use rescale_lab::url::{
    decode_component, encode_component, format_hash, valid_origin, CommonQuery, Location, Notice, Route,
};
pub(crate) use std::collections::{BTreeMap, HashSet};

// ---------------------------------------------------------------------------------------------
// Configuration (cases per target: `support::fuzz_config`)
// ---------------------------------------------------------------------------------------------

/// The longest error or notice text a person should have to read: values in them are cut
/// (to 60 characters in a notice, 40 in an error), so a novel pasted into a field never comes
/// back as a novel. Debug escaping can still write one character as up to 10 (`\u{100000}`).
pub(crate) const MAX_MESSAGE_CHARS: usize = 1500;

/// The most events per second a key set holds, in thousandths (10^12 events per second).
pub(crate) const MAX_TOTAL_MILLI: u64 = MAX_EVENTS_PER_S * 1000;

/// 10^15 bytes: from here to [`MAX_BYTES`] a bare byte count has 16 digits, which
/// `parse_bytes` once refused (found by this fuzzing: a `1024 TB` row did not survive a reload).
pub(crate) const SIXTEEN_DIGITS: u64 = 1_000_000_000_000_000;
