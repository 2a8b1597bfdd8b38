//! What a `_metadata` file holds, as typed values: the snapshot, its operators, their
//! subtasks and every kind of state handle Flink 1.15 to 2.3 writes. Field names follow
//! Flink's classes; inline state bytes are kept as a position in the file, never copied.

/// A whole checkpoint or savepoint `_metadata` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// Metadata format version from the header (3 to 6).
    pub version: i32,
    pub checkpoint_id: i64,
    pub master_states: Vec<MasterState>,
    /// In file order.
    pub operators: Vec<Operator>,
    /// The properties trailer (format 4 and later).
    pub properties: Option<Properties>,
    /// The file length in bytes.
    pub file_len: usize,
}

/// A master hook's state (rare; written by `MasterTriggerRestoreHook`s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MasterState {
    pub name: String,
    pub version: i32,
    pub bytes: usize,
}

/// What the checkpoint-properties trailer says the snapshot is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Properties {
    pub kind: SnapshotKind,
    pub format: SavepointFormat,
    /// The snapshot type's name, as Flink prints it ("Checkpoint", "Suspend Savepoint", …).
    pub type_name: Option<String>,
}

/// Checkpoint or savepoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SnapshotKind {
    Checkpoint,
    Savepoint,
    /// Format 3 has no trailer, or the trailer names a type this reader does not know.
    Unknown,
}

/// A savepoint's format type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SavepointFormat {
    Canonical,
    Native,
    /// A checkpoint, or a file without a trailer.
    Unknown,
}

/// The 16-byte operator id, in the order Flink writes and prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OperatorId(pub [u8; 16]);

impl OperatorId {
    /// 32 lowercase hex digits, as Flink's logs and REST API print it.
    pub fn hex(&self) -> String {
        super::operator_id::hex(&self.0)
    }
}

/// One operator's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operator {
    /// Format 5 and later; `None` when absent (written as an empty string).
    pub name: Option<String>,
    pub uid: Option<String>,
    pub id: OperatorId,
    pub parallelism: i32,
    pub max_parallelism: i32,
    /// The operator coordinator's state (always inline when present).
    pub coordinator: Option<StreamHandle>,
    /// Every subtask finished (written as a negative subtask count; then no subtasks follow).
    pub fully_finished: bool,
    /// In file order.
    pub subtasks: Vec<Subtask>,
    /// Byte offset of the operator's record in the file.
    pub offset: usize,
}

/// One subtask's entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subtask {
    pub index: u32,
    /// Finished subtasks carry no state.
    pub finished: bool,
    pub state: SubtaskState,
}

/// The handles of one subtask (all empty for a finished one). Handles are boxed so that the
/// many subtasks without state (stateless operators, finished subtasks) stay small.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SubtaskState {
    pub managed_operator: Option<Box<OperatorStateHandle>>,
    pub raw_operator: Option<Box<OperatorStateHandle>>,
    pub managed_keyed: Option<Box<KeyedHandle>>,
    pub raw_keyed: Option<Box<KeyedHandle>>,
    pub input_channels: Vec<ChannelHandle>,
    pub result_subpartitions: Vec<ChannelHandle>,
}

/// A stream of bytes: inline in the file, or a file elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamHandle {
    /// Tag 1: bytes inside `_metadata` (`ByteStreamStateHandle`).
    Inline { name: String, offset: usize, len: usize },
    /// Tag 2: an absolute path (`FileStateHandle`).
    File { path: String, size: i64 },
    /// Tag 6: a path relative to the snapshot's folder (`RelativeFileStateHandle`).
    Relative { path: String, size: i64 },
    /// Tag 3 used as a stream: key-group offsets over another stream.
    KeyGroups { first: i32, offsets: Vec<i64>, inner: Option<Box<StreamHandle>> },
    /// Tag 15: a segment of a merged file (file merging, 1.20+).
    Segment { path: String, start: i64, size: i64, scope: i32, logical_file: String },
    /// Tag 16: an empty segment.
    EmptySegment,
}

/// Which key-groups handle a tag names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyGroupsKind {
    /// Tag 3 (`KeyGroupsStateHandle`, before 1.15).
    V1,
    /// Tag 12: a checkpoint or native savepoint of the heap backend (adds a handle id).
    V2,
    /// Tag 7: a canonical savepoint (`KeyGroupsSavepointStateHandle`).
    Savepoint,
}

/// Keyed state of one subtask.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyedHandle {
    /// Tags 3, 12, 7: one stream with an offset per key group.
    KeyGroups {
        kind: KeyGroupsKind,
        first: i32,
        offsets: Vec<i64>,
        stream: Option<StreamHandle>,
        handle_id: Option<String>,
    },
    /// Tags 5 and 11: RocksDB's incremental (and native savepoint) handle.
    Incremental {
        v2: bool,
        checkpoint_id: i64,
        backend_id: String,
        first: i32,
        count: i32,
        checkpointed_size: Option<i64>,
        metadata: Option<StreamHandle>,
        shared: Vec<(String, Option<StreamHandle>)>,
        private: Vec<(String, Option<StreamHandle>)>,
        handle_id: Option<String>,
    },
    /// Tags 8 and 14: the changelog backend's handle over materialized and changelog parts.
    Changelog {
        v2: bool,
        first: i32,
        count: i32,
        checkpointed_size: i64,
        materialized: Vec<KeyedHandle>,
        non_materialized: Vec<KeyedHandle>,
        materialization_id: i64,
        checkpoint_id: i64,
        handle_id: String,
    },
    /// Tag 9: changelog changes held in memory.
    ChangelogBytes { first: i32, count: i32, from: i64, to: i64, change_bytes: Vec<(i32, usize)>, handle_id: String },
    /// Tags 10 and 13: changelog changes in files.
    ChangelogFiles {
        v2: bool,
        first: i32,
        count: i32,
        streams: Vec<(i64, Option<StreamHandle>)>,
        size: i64,
        checkpointed_size: i64,
        handle_id: String,
        storage: Option<String>,
    },
}

/// How a restore hands operator state (the state not tied to keys) to the new subtasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DistributionMode {
    /// `SPLIT_DISTRIBUTE` (list state): partitions are split among subtasks.
    Split,
    /// `UNION` (union list state): every subtask gets every partition.
    Union,
    /// `BROADCAST` (broadcast state): every subtask gets a copy.
    Broadcast,
}

impl DistributionMode {
    /// The contract's name: `split`, `union` or `broadcast`.
    pub fn name(self) -> &'static str {
        match self {
            DistributionMode::Split => "split",
            DistributionMode::Union => "union",
            DistributionMode::Broadcast => "broadcast",
        }
    }
}

/// One named operator state inside an operator-state handle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedOperatorState {
    pub name: String,
    pub mode: DistributionMode,
    /// One offset per partition (list element) in the handle's stream.
    pub offsets: Vec<i64>,
}

/// Operator state of one subtask (tag 4, or 17 with file merging).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatorStateHandle {
    /// In file order.
    pub states: Vec<NamedOperatorState>,
    /// Tag 17: the task-owned and shared directories and whether the segment is empty.
    pub file_merging: Option<(String, String, bool)>,
    pub stream: Option<StreamHandle>,
}

/// Unaligned-checkpoint channel state (in-flight data).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChannelHandle {
    /// One channel: its subtask, (gate or partition, channel or subpartition), offsets, size.
    Single { subtask: i32, info: (i32, i32), offsets: usize, size: i64, stream: Option<StreamHandle> },
    /// Format 6: many channels of one subtask in one handle.
    Merged { subtask: i32, size: i64, stream: Option<StreamHandle>, offsets_bytes: usize },
}
