//! What a `_metadata` file tells the rescale planner about the job that wrote it: the kind of
//! snapshot (canonical or native savepoint, aligned or unaligned checkpoint) and, where its
//! keyed handles show it, the state backend. A canonical savepoint is backend-neutral, so it
//! records no backend; RocksDB writes its incremental handle for checkpoints and (from Flink
//! 1.16; 1.15's holds canonical handles) native savepoints; the heap backend writes one
//! key-groups stream per subtask, and so does RocksDB when its incremental checkpoints are off.
//! Held against every committed fixture of 1.15.4 to 2.3.0 (`tests/savepoint.rs`).

use super::types::{KeyGroupsKind, KeyedHandle, SavepointFormat, Snapshot, SnapshotKind};

/// The kind of snapshot, in the planner's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordedKind {
    CanonicalSavepoint,
    NativeSavepoint,
    AlignedCheckpoint,
    /// A checkpoint holding in-flight channel data.
    UnalignedCheckpoint,
    /// No properties trailer (format 3), or a type this reader does not know.
    Unknown,
}

/// What the keyed handles show of the state backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordedBackend {
    /// RocksDB's incremental handle (an incremental checkpoint or a native savepoint).
    RocksDbIncremental,
    /// Key-groups streams in a native savepoint: the heap backend.
    HashMap,
    /// Key-groups streams in a checkpoint: the heap backend, or RocksDB with incremental
    /// checkpoints off.
    HashMapOrFullRocksDb,
    /// The changelog backend's handles.
    Changelog,
    /// A canonical savepoint (backend-neutral), or no keyed state at all.
    NotRecorded,
}

pub fn recorded_kind(s: &Snapshot) -> RecordedKind {
    let unaligned = || {
        s.operators
            .iter()
            .flat_map(|o| &o.subtasks)
            .any(|t| !t.state.input_channels.is_empty() || !t.state.result_subpartitions.is_empty())
    };
    match s.properties.as_ref().map(|p| (p.kind, p.format)) {
        Some((SnapshotKind::Savepoint, SavepointFormat::Canonical)) => RecordedKind::CanonicalSavepoint,
        Some((SnapshotKind::Savepoint, SavepointFormat::Native)) => RecordedKind::NativeSavepoint,
        Some((SnapshotKind::Checkpoint, _)) if unaligned() => RecordedKind::UnalignedCheckpoint,
        Some((SnapshotKind::Checkpoint, _)) => RecordedKind::AlignedCheckpoint,
        _ => RecordedKind::Unknown,
    }
}

pub fn recorded_backend(s: &Snapshot) -> RecordedBackend {
    let handles = s
        .operators
        .iter()
        .flat_map(|o| &o.subtasks)
        .flat_map(|t| [t.state.managed_keyed.as_deref(), t.state.raw_keyed.as_deref()])
        .flatten();
    let (mut incremental, mut streams, mut changelog) = (false, false, false);
    for h in handles {
        match h {
            KeyedHandle::Incremental { .. } => incremental = true,
            KeyedHandle::KeyGroups { kind: KeyGroupsKind::Savepoint, .. } => {}
            KeyedHandle::KeyGroups { .. } => streams = true,
            _ => changelog = true,
        }
    }
    let native = recorded_kind(s) == RecordedKind::NativeSavepoint;
    match (changelog, incremental, streams) {
        (true, _, _) => RecordedBackend::Changelog,
        (false, true, _) => RecordedBackend::RocksDbIncremental,
        (false, false, true) if native => RecordedBackend::HashMap,
        (false, false, true) => RecordedBackend::HashMapOrFullRocksDb,
        (false, false, false) => RecordedBackend::NotRecorded,
    }
}
