//! State sizes as Flink computes them (`getStateSize`, `getCheckpointedSize` of each handle
//! class), and state bytes per key group where a handle's offsets allow it.
//!
//! Per key group: a key-groups handle has one offset per group into its stream. Heap
//! checkpoints and native savepoints set every offset (increasing); canonical savepoints and
//! RocksDB full snapshots write only non-empty groups and leave the others at 0. So a group's
//! bytes run from its offset to the next non-zero offset (or the end of the stream), and a
//! group at offset 0 holds none. Incremental and changelog handles keep no per-group offsets.

use super::types::{ChannelHandle, KeyedHandle, Operator, OperatorStateHandle, StreamHandle, SubtaskState};

fn stream_size(s: &Option<StreamHandle>) -> i64 {
    s.as_ref().map_or(0, StreamHandle::state_size)
}

impl StreamHandle {
    /// Flink's `getStateSize`.
    pub fn state_size(&self) -> i64 {
        match self {
            StreamHandle::Inline { len, .. } => *len as i64,
            StreamHandle::File { size, .. } | StreamHandle::Relative { size, .. } => *size,
            StreamHandle::Segment { size, .. } => *size,
            StreamHandle::KeyGroups { inner, .. } => inner.as_deref().map_or(0, StreamHandle::state_size),
            StreamHandle::EmptySegment => 0,
        }
    }
}

impl KeyedHandle {
    /// Flink's `getStateSize`: the bytes the handle refers to.
    pub fn state_size(&self) -> i64 {
        match self {
            KeyedHandle::KeyGroups { stream, .. } => stream_size(stream),
            KeyedHandle::Incremental { metadata, shared, private, .. } => {
                let files = shared.iter().chain(private).fold(0i64, |acc, (_, s)| acc.wrapping_add(stream_size(s)));
                stream_size(metadata).wrapping_add(files)
            }
            KeyedHandle::Changelog { materialized, non_materialized, .. } => {
                materialized.iter().chain(non_materialized).fold(0i64, |acc, h| acc.wrapping_add(h.state_size()))
            }
            KeyedHandle::ChangelogBytes { change_bytes, .. } => {
                change_bytes.iter().fold(0i64, |acc, (_, n)| acc.wrapping_add(*n as i64))
            }
            KeyedHandle::ChangelogFiles { size, .. } => *size,
        }
    }

    /// Flink's `getCheckpointedSize`: the bytes this checkpoint added (−1 where unknown).
    pub fn checkpointed_size(&self) -> i64 {
        match self {
            KeyedHandle::KeyGroups { .. } | KeyedHandle::ChangelogBytes { .. } => self.state_size(),
            KeyedHandle::Incremental { checkpointed_size, .. } => checkpointed_size.unwrap_or(-1),
            KeyedHandle::Changelog { checkpointed_size, .. }
            | KeyedHandle::ChangelogFiles { checkpointed_size, .. } => *checkpointed_size,
        }
    }

    /// The key-group range as (first, count); count 0 is Flink's empty range.
    pub fn key_groups(&self) -> (i32, i32) {
        match self {
            KeyedHandle::KeyGroups { first, offsets, .. } => (*first, offsets.len() as i32),
            KeyedHandle::Incremental { first, count, .. }
            | KeyedHandle::Changelog { first, count, .. }
            | KeyedHandle::ChangelogBytes { first, count, .. }
            | KeyedHandle::ChangelogFiles { first, count, .. } => (*first, *count),
        }
    }
}

impl OperatorStateHandle {
    /// Flink's `getStateSize`: the size of the stream.
    pub fn state_size(&self) -> i64 {
        stream_size(&self.stream)
    }
}

impl ChannelHandle {
    /// Flink's `getStateSize` for channel state.
    pub fn state_size(&self) -> i64 {
        match self {
            ChannelHandle::Single { size, .. } | ChannelHandle::Merged { size, .. } => *size,
        }
    }
}

impl SubtaskState {
    /// Bytes of keyed state (managed and raw).
    pub fn keyed_state_size(&self) -> i64 {
        let managed = self.managed_keyed.as_deref().map_or(0, KeyedHandle::state_size);
        managed.wrapping_add(self.raw_keyed.as_deref().map_or(0, KeyedHandle::state_size))
    }

    /// Flink's `OperatorSubtaskState.getStateSize`: every handle of the subtask.
    pub fn state_size(&self) -> i64 {
        let operator = [&self.managed_operator, &self.raw_operator]
            .iter()
            .fold(0i64, |acc, h| acc.wrapping_add(h.as_deref().map_or(0, OperatorStateHandle::state_size)));
        let channels = self
            .input_channels
            .iter()
            .chain(&self.result_subpartitions)
            .fold(0i64, |acc, h| acc.wrapping_add(h.state_size()));
        operator.wrapping_add(self.keyed_state_size()).wrapping_add(channels)
    }
}

impl Operator {
    /// Flink's `OperatorState.getStateSize`: coordinator state plus every subtask.
    pub fn state_size(&self) -> i64 {
        let coordinator = self.coordinator.as_ref().map_or(0, StreamHandle::state_size);
        self.subtasks.iter().fold(coordinator, |acc, s| acc.wrapping_add(s.state.state_size()))
    }
}

/// State bytes per key group of one keyed handle, or why they cannot be known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyGroupBytes {
    /// One entry per key group of the handle's range, in order; `header` is the part of the
    /// stream before the first group (the state's meta information).
    Known { first: i32, bytes: Vec<u64>, header: u64 },
    /// The handle keeps no usable per-group offsets; the text says why.
    Unavailable(&'static str),
}

/// Bytes per key group of a keyed handle (see the module documentation for the rule).
pub fn key_group_bytes(handle: &KeyedHandle) -> KeyGroupBytes {
    let (first, offsets, stream) = match handle {
        KeyedHandle::KeyGroups { first, offsets, stream, .. } => (*first, offsets, stream),
        KeyedHandle::Incremental { .. } => {
            return KeyGroupBytes::Unavailable(
                "an incremental or native RocksDB handle lists SST files, each holding many key groups; \
                 it has no per-group offsets",
            )
        }
        _ => return KeyGroupBytes::Unavailable("a changelog handle keeps changes, not per-group offsets"),
    };
    let Some(stream) = stream else {
        return KeyGroupBytes::Unavailable("the handle has no stream");
    };
    let end = stream.state_size();
    if end < 0 {
        return KeyGroupBytes::Unavailable("the stream's size is negative");
    }
    let end = end as u64;
    let mut bytes = vec![0u64; offsets.len()];
    let mut next = end;
    for (i, &offset) in offsets.iter().enumerate().rev() {
        if offset == 0 {
            continue;
        }
        if offset < 0 || offset as u64 > next {
            return KeyGroupBytes::Unavailable("the offsets do not increase through the stream");
        }
        bytes[i] = next - offset as u64;
        next = offset as u64;
    }
    KeyGroupBytes::Known { first, bytes, header: next }
}
