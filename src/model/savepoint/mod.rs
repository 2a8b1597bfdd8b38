//! Reading a checkpoint's or savepoint's `_metadata` file (metadata format versions 3 to 6,
//! written by Flink 1.11 to 2.3), checked field by field against what Flink's own
//! `Checkpoints.loadCheckpointMetadata` reports for real files (`tests/flink-savepoints/`).
//!
//! - [`error`]: [`SavepointError`], every refusal with the byte offset and what was expected.
//! - [`reader`]: the bounds-checked big-endian cursor (Java `DataInputStream` values).
//! - [`types`]: the snapshot, operators, subtasks and state handles as typed values.
//! - [`body`], [`handles`]: the header, operator and subtask records, and every handle tag.
//! - [`javaser`], [`properties`]: the Java-serialized properties trailer (format 4+): checkpoint
//!   or savepoint, canonical or native.
//! - [`stepper`]: [`SnapshotParser`], parsing in bounded steps with progress; [`parse`].
//! - [`sizes`]: state sizes as Flink computes them; bytes per key group from the offsets.
//! - [`report`]: key-group range checks against Flink's assignment, skew of state bytes.
//! - [`operator_id`]: the operator id Flink derives from a uid (MurmurHash3 x64 128).
//! - [`json`], [`table`]: the report as the CLI's JSON and as a text table.
//! - [`recorded`]: what the file tells a planner: the snapshot's kind and, where its handles
//!   show it, the state backend.
//! - [`unmatched`]: what a restore does with an operator the new job lacks (skipped or refused).
//!
//! Invariant: no input makes this module panic. Memory grows linearly with the file: every
//! length and count is checked against the bytes left before it is used, and every element read
//! consumes bytes of the file.

pub mod body;
pub mod error;
pub mod handles;
pub mod javaser;
pub mod json;
pub mod operator_id;
pub mod properties;
pub mod reader;
pub mod recorded;
pub mod report;
pub mod sizes;
pub mod stepper;
pub mod table;
pub mod types;
pub mod unmatched;

pub use error::SavepointError;
pub use operator_id::{operator_id_from_uid, operator_id_hex};
pub use sizes::{key_group_bytes, KeyGroupBytes};
pub use stepper::{parse, Budget, SnapshotParser, Step};
pub use types::{
    DistributionMode, KeyGroupsKind, KeyedHandle, Operator, OperatorId, SavepointFormat, Snapshot, SnapshotKind,
    StreamHandle, Subtask,
};

#[cfg(test)]
mod tests;
