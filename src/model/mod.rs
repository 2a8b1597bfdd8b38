//! The pure core of Rescale Lab (the `rescale_core` crate; the app re-exports it as `model`):
//! every formula and rule, with no screen, no I/O and no panics.
//!
//! Nothing here imports yew, web-sys, js-sys or wasm-bindgen; the browser shell and the
//! `keygroups` CLI both call into it.
//!
//! - [`choice`]: a value picked from a fixed list (menus, yes/no): its slugs and labels.
//! - [`coverage`]: the modular coverage toy: the walk n·a mod m, playback steps, grading.
//! - [`csv`]: one CSV line's fields (double quotes, `""`), for every CSV the labs read.
//! - [`error`]: the one error enum, whose messages name the bound and the offending value.
//! - [`fnv`]: FNV-1a, a hash stable across builds and browsers.
//! - [`java_hash`]: keys, key types, and Java's `hashCode` for `String`, `Integer` and `Long`.
//! - [`murmur`]: Flink's `MathUtils.murmurHash`, `bitMix` and `roundUpToPowerOfTwo`.
//! - [`key_group`]: max parallelism, parallelism, key groups and their owners
//!   (Flink's `KeyGroupRangeAssignment`), centred on the key group as the stable unit.
//! - [`lookup`]: "where does this key go?" as one value.
//! - [`number`]: parsing whole numbers typed by a person, with bounds.
//! - [`observed`]: the committed reports of real Flink the table tests hold the labs to, each named once.
//! - [`savepoint`]: reading a checkpoint's or savepoint's `_metadata` (formats 3 to 6), uid → operator id.

pub mod autoscaler;
pub mod base64;
pub mod choice;
pub mod chooser;
pub mod coverage;
pub mod csv;
pub mod error;
pub mod export;
pub mod fnv;
pub mod imbalance;
pub mod java_hash;
pub mod json;
pub mod key_group;
pub mod key_type;
pub mod literal;
pub mod lookup;
pub mod markdown;
pub mod murmur;
pub mod number;
pub mod observed;
pub mod planner;
pub mod rescale;
pub mod restore;
pub mod savepoint;
pub mod skew;
pub mod trace;
pub mod training;

pub use error::ModelError;
pub use java_hash::{Key, KeyType};
pub use key_group::{
    default_max_parallelism, DefaultMaxDerivation, KeyGroup, KeyGroupRange, MaxParallelism, OperatorIndex, Parallelism,
    UPPER_BOUND_MAX_PARALLELISM,
};
pub use lookup::{route_checksum, KeyLookup};
