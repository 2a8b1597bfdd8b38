//! What a `_metadata` file tells the rescale planner about the job that wrote it: the kind of
//! snapshot (canonical or native savepoint, aligned or unaligned checkpoint) and, where its
//! keyed handles show it, the state backend. A canonical savepoint is backend-neutral, so it
//! records no backend; RocksDB writes its own (incremental) handle for checkpoints and (from
//! Flink 1.16; 1.15's holds canonical handles) native savepoints; the heap backend writes one
//! key-groups stream per subtask. On Flink 2.3.0 RocksDB writes its own handle with incremental
//! checkpoints off too (`tests/flink-snapshot-kinds`, its handles line); older releases were not
//! run that way, and by Flink's sources may write key-groups streams then.
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
    /// No properties trailer (format 3), but keyed state held only in savepoint key-groups
    /// handles (Flink's `KeyGroupsSavepointStateHandle`, tag 7), which in every fixture only
    /// savepoints write: a canonical savepoint, or 1.15's RocksDB native one, which has the
    /// same layout and restores the same way.
    CanonicalLayout,
    /// No properties trailer (format 3) and no keyed handle that tells, or a type this reader
    /// does not know.
    Unknown,
}

/// What the keyed handles show of the state backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordedBackend {
    /// RocksDB's own handle (a checkpoint, incremental or full, or a native savepoint).
    RocksDbIncremental,
    /// Key-groups streams in a native savepoint: the heap backend.
    HashMap,
    /// Key-groups streams in a checkpoint: the heap backend (RocksDB wrote its own handle with
    /// incremental checkpoints off too, observed on 1.20.5 to 2.3.0; older releases not run).
    HashMapCheckpoint,
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
        None if canonical_layout(s) => RecordedKind::CanonicalLayout,
        _ => RecordedKind::Unknown,
    }
}

/// Whether the job stopped with this savepoint: `Some(true)` for a stop-with-savepoint
/// ("Suspend Savepoint", every savepoint fixture; "Terminate Savepoint" with --drain), `Some(false)`
/// for one taken of a job that went on running ("Savepoint"), `None` for a checkpoint or a file
/// that does not say (format 3).
pub fn recorded_stop(s: &Snapshot) -> Option<bool> {
    let p = s.properties.as_ref().filter(|p| p.kind == SnapshotKind::Savepoint)?;
    match p.type_name.as_deref()? {
        "Suspend Savepoint" | "Terminate Savepoint" => Some(true),
        "Savepoint" => Some(false),
        _ => None,
    }
}

/// The type name Flink records for a stop-with-savepoint taken with `--drain`
/// (`tests/flink-drain`; a plain stop records "Suspend Savepoint").
pub const DRAINED_STOP: &str = "Terminate Savepoint";

/// Whether this savepoint was taken by a stop with `--drain`: before it Flink moved event time
/// to its end, so every event-time timer still pending fired at the stop, and the savepoint
/// holds none of them (`tests/flink-drain`, on Flink 2.3.0).
pub fn recorded_drain(s: &Snapshot) -> bool {
    s.properties
        .as_ref()
        .is_some_and(|p| p.kind == SnapshotKind::Savepoint && p.type_name.as_deref() == Some(DRAINED_STOP))
}

/// Keyed state, and all of it in savepoint key-groups handles.
fn canonical_layout(s: &Snapshot) -> bool {
    let mut handles = keyed_handles(s).peekable();
    handles.peek().is_some()
        && handles.all(|h| matches!(h, KeyedHandle::KeyGroups { kind: KeyGroupsKind::Savepoint, .. }))
}

fn keyed_handles(s: &Snapshot) -> impl Iterator<Item = &KeyedHandle> {
    s.operators
        .iter()
        .flat_map(|o| &o.subtasks)
        .flat_map(|t| [t.state.managed_keyed.as_deref(), t.state.raw_keyed.as_deref()])
        .flatten()
}

pub fn recorded_backend(s: &Snapshot) -> RecordedBackend {
    let (mut incremental, mut streams, mut changelog) = (false, false, false);
    for h in keyed_handles(s) {
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
        (false, false, true) => RecordedBackend::HashMapCheckpoint,
        (false, false, false) => RecordedBackend::NotRecorded,
    }
}
