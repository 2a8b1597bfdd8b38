//! Reading state handles: each starts with a one-byte type tag (Flink's
//! `MetadataV2V3SerializerBase` and the channel-state serializers), checked against the tags
//! Flink 1.15 to 2.3 write. Nesting is limited to [`MAX_DEPTH`] so a crafted file cannot
//! exhaust the stack.

use super::error::SavepointError;
use super::reader::Reader;
use super::types::{
    ChannelHandle, DistributionMode, KeyGroupsKind, KeyedHandle, NamedOperatorState, OperatorStateHandle, StreamHandle,
};

/// Deepest nesting of handles accepted (Flink writes at most 3: changelog → key groups → stream).
pub const MAX_DEPTH: usize = 8;

fn deeper(r: &Reader<'_>, depth: usize) -> Result<usize, SavepointError> {
    if depth >= MAX_DEPTH {
        return Err(SavepointError::TooDeep { offset: r.pos(), limit: MAX_DEPTH });
    }
    Ok(depth + 1)
}

/// A key-group range as written: first group and number of groups, checked as
/// `KeyGroupRange.of` does. A count of 0 is Flink's empty range, returned as (0, 0).
fn range(r: &mut Reader<'_>) -> Result<(i32, i32), SavepointError> {
    let offset = r.pos();
    let first = r.i32("the first key group")?;
    let count = r.i32("the number of key groups")?;
    if count == 0 {
        return Ok((0, 0));
    }
    let last = i64::from(first) + i64::from(count) - 1;
    if count < 0 || first < 0 || last > i64::from(i32::MAX) {
        return Err(SavepointError::Invalid {
            offset,
            what: "key-group range (first, count)",
            value: i64::from(count),
        });
    }
    Ok((first, count))
}

/// A stream handle (tags 0, 1, 2, 3, 6, 15, 16).
pub fn stream(r: &mut Reader<'_>, depth: usize) -> Result<Option<StreamHandle>, SavepointError> {
    let depth = deeper(r, depth)?;
    let offset = r.pos();
    let tag = r.u8("a stream handle type")?;
    Ok(Some(match tag {
        0 => return Ok(None),
        1 => {
            let name = r.utf("the inline handle's name")?;
            let (offset, len) = r.byte_run("the inline state's length")?;
            StreamHandle::Inline { name, offset, len }
        }
        2 => {
            let size = r.i64("the file's size")?;
            let path = r.utf("the file's path")?;
            StreamHandle::File { path, size }
        }
        3 => {
            let (first, count) = range(r)?;
            let offsets = r.longs(count as usize, "key-group offsets")?;
            let inner = stream(r, depth)?.map(Box::new);
            StreamHandle::KeyGroups { first, offsets, inner }
        }
        6 => {
            let path = r.utf("the relative file's path")?;
            let size = r.i64("the relative file's size")?;
            StreamHandle::Relative { path, size }
        }
        15 => {
            let start = r.i64("the segment's start")?;
            let size = r.i64("the segment's size")?;
            let scope = r.i32("the segment's scope")?;
            let path = r.utf("the segment file's path")?;
            let logical_file = r.utf("the segment's logical file id")?;
            if !(0..=1).contains(&scope) {
                return Err(SavepointError::Invalid { offset, what: "segment scope", value: i64::from(scope) });
            }
            StreamHandle::Segment { path, start, size, scope, logical_file }
        }
        16 => StreamHandle::EmptySegment,
        tag => return Err(SavepointError::UnknownTag { offset, what: "stream handle", tag }),
    }))
}

/// A list of (local path or handle id, stream handle) pairs.
fn named_streams(
    r: &mut Reader<'_>,
    depth: usize,
    what: &'static str,
) -> Result<Vec<(String, Option<StreamHandle>)>, SavepointError> {
    let n = r.count_of(what, 3)?;
    let mut out = Vec::new();
    for _ in 0..n {
        let name = r.utf("a file's local path")?;
        out.push((name, stream(r, depth)?));
    }
    Ok(out)
}

/// A keyed-state handle (tags 0, 3, 5, 7 to 14).
pub fn keyed(r: &mut Reader<'_>, depth: usize) -> Result<Option<KeyedHandle>, SavepointError> {
    let depth = deeper(r, depth)?;
    let offset = r.pos();
    let tag = r.u8("a keyed state handle type")?;
    Ok(Some(match tag {
        0 => return Ok(None),
        3 | 7 | 12 => {
            let kind = match tag {
                3 => KeyGroupsKind::V1,
                7 => KeyGroupsKind::Savepoint,
                _ => KeyGroupsKind::V2,
            };
            let (first, count) = range(r)?;
            let offsets = r.longs(count as usize, "key-group offsets")?;
            let stream = stream(r, depth)?;
            let handle_id = if tag == 12 { Some(r.utf("the handle id")?) } else { None };
            KeyedHandle::KeyGroups { kind, first, offsets, stream, handle_id }
        }
        5 | 11 => {
            let v2 = tag == 11;
            let checkpoint_id = r.i64("the incremental handle's checkpoint id")?;
            let backend_id = r.utf("the backend id")?;
            let (first, count) = range(r)?;
            let checkpointed_size = if v2 { Some(r.i64("the checkpointed size")?) } else { None };
            let metadata = stream(r, depth)?;
            let shared = named_streams(r, depth, "number of shared files")?;
            let private = named_streams(r, depth, "number of private files")?;
            let handle_id = if v2 { Some(r.utf("the handle id")?) } else { None };
            KeyedHandle::Incremental {
                v2,
                checkpoint_id,
                backend_id,
                first,
                count,
                checkpointed_size,
                metadata,
                shared,
                private,
                handle_id,
            }
        }
        8 | 14 => {
            let v2 = tag == 14;
            let (first, count) = range(r)?;
            let checkpointed_size = r.i64("the checkpointed size")?;
            let materialized = keyed_list(r, depth, "number of materialized handles")?;
            let non_materialized = keyed_list(r, depth, "number of changelog handles")?;
            let materialization_id = r.i64("the materialization id")?;
            let checkpoint_id = if v2 { r.i64("the checkpoint id")? } else { materialization_id };
            let handle_id = r.utf("the handle id")?;
            KeyedHandle::Changelog {
                v2,
                first,
                count,
                checkpointed_size,
                materialized,
                non_materialized,
                materialization_id,
                checkpoint_id,
                handle_id,
            }
        }
        9 => {
            let (first, count) = range(r)?;
            let from = r.i64("the first sequence number")?;
            let to = r.i64("the last sequence number")?;
            let n = r.count_of("number of changes", 8)?;
            let mut change_bytes = Vec::with_capacity(n);
            for _ in 0..n {
                let group = r.i32("a change's key group")?;
                let (_, len) = r.byte_run("a change's length")?;
                change_bytes.push((group, len));
            }
            let handle_id = r.utf("the handle id")?;
            KeyedHandle::ChangelogBytes { first, count, from, to, change_bytes, handle_id }
        }
        10 | 13 => {
            let v2 = tag == 13;
            let (first, count) = range(r)?;
            let n = r.count_of("number of changelog files", 9)?;
            let mut streams = Vec::new();
            for _ in 0..n {
                let at = r.i64("an offset in a changelog file")?;
                streams.push((at, stream(r, depth)?));
            }
            let size = r.i64("the changelog size")?;
            let checkpointed_size = r.i64("the checkpointed size")?;
            let handle_id = r.utf("the handle id")?;
            let storage = if v2 { Some(r.utf("the storage identifier")?) } else { None };
            KeyedHandle::ChangelogFiles { v2, first, count, streams, size, checkpointed_size, handle_id, storage }
        }
        tag => return Err(SavepointError::UnknownTag { offset, what: "keyed state handle", tag }),
    }))
}

fn keyed_list(r: &mut Reader<'_>, depth: usize, what: &'static str) -> Result<Vec<KeyedHandle>, SavepointError> {
    let n = r.count_of(what, 1)?;
    let mut out = Vec::new();
    for _ in 0..n {
        // Flink skips null entries of the materialized part (with a warning); so do we.
        if let Some(h) = keyed(r, depth)? {
            out.push(h);
        }
    }
    Ok(out)
}

/// An operator-state handle (tags 0, 4, 17).
pub fn operator(r: &mut Reader<'_>, depth: usize) -> Result<Option<OperatorStateHandle>, SavepointError> {
    let depth = deeper(r, depth)?;
    let offset = r.pos();
    let tag = r.u8("an operator state handle type")?;
    if tag == 0 {
        return Ok(None);
    }
    if tag != 4 && tag != 17 {
        return Err(SavepointError::UnknownTag { offset, what: "operator state handle", tag });
    }
    let n = r.count_of("number of operator states", 7)?;
    let mut states = Vec::new();
    for _ in 0..n {
        let name = r.utf("an operator state's name")?;
        let at = r.pos();
        let mode = match r.u8("a distribution mode")? {
            0 => DistributionMode::Split,
            1 => DistributionMode::Union,
            2 => DistributionMode::Broadcast,
            m => return Err(SavepointError::Invalid { offset: at, what: "distribution mode", value: i64::from(m) }),
        };
        let count = r.count("number of partitions")?;
        let offsets = r.longs(count, "partition offsets")?;
        states.push(NamedOperatorState { name, mode, offsets });
    }
    let file_merging = if tag == 17 {
        let owned = r.utf("the task-owned directory")?;
        let shared = r.utf("the shared directory")?;
        let at = r.pos();
        let empty = match r.u8("the empty-segment flag")? {
            0 => false,
            1 => true,
            b => return Err(SavepointError::Invalid { offset: at, what: "boolean", value: i64::from(b) }),
        };
        Some((owned, shared, empty))
    } else {
        None
    };
    let stream = stream(r, depth)?;
    Ok(Some(OperatorStateHandle { states, file_merging, stream }))
}

/// A list of channel-state handles: format 6 puts a type byte before each.
pub fn channels(r: &mut Reader<'_>, version: i32, input: bool) -> Result<Vec<ChannelHandle>, SavepointError> {
    let what = if input { "number of input channel handles" } else { "number of result subpartition handles" };
    let n = r.count_of(what, 1)?;
    let mut out = Vec::new();
    for _ in 0..n {
        if version < 6 {
            out.push(single_channel(r)?);
            continue;
        }
        let offset = r.pos();
        let tag = r.u8("a channel state handle type")?;
        let (single, merged) = if input { (1, 3) } else { (2, 4) };
        if tag == single {
            out.push(single_channel(r)?);
        } else if tag == merged {
            let subtask = r.i32("the subtask index")?;
            let size = r.i64("the state size")?;
            let stream = stream(r, 0)?;
            let (_, offsets_bytes) = r.byte_run("the serialized channel offsets")?;
            out.push(ChannelHandle::Merged { subtask, size, stream, offsets_bytes });
        } else {
            return Err(SavepointError::UnknownTag { offset, what: "channel state handle", tag });
        }
    }
    Ok(out)
}

fn single_channel(r: &mut Reader<'_>) -> Result<ChannelHandle, SavepointError> {
    let subtask = r.i32("the subtask index")?;
    let info = (r.i32("the gate or partition index")?, r.i32("the channel or subpartition index")?);
    let count = r.count("number of channel offsets")?;
    let offsets = r.longs(count, "channel offsets")?.len();
    let size = r.i64("the state size")?;
    let stream = stream(r, 0)?;
    Ok(ChannelHandle::Single { subtask, info, offsets, size, stream })
}
