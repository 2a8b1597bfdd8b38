//! What the inspector and the CLI say about a parsed snapshot: subtasks in Flink's order,
//! each subtask's key-group range checked against Flink's `KeyGroupRangeAssignment` for the
//! operator's (max parallelism, parallelism), the kind of keyed handle, and the data skew of
//! keyed state bytes across subtasks, computed as the skew lab computes it (FLIP-418).

use super::sizes::{key_group_bytes, KeyGroupBytes};
use super::types::{KeyGroupsKind, KeyedHandle, Operator, Snapshot, StreamHandle, Subtask};
use crate::skew::aggregate::data_skew_percent;
use crate::{MaxParallelism, Parallelism};

/// The subtasks as Flink holds them: by index, a later entry for the same index replacing an
/// earlier one (Flink puts them into a map).
pub fn subtasks_by_index(operator: &Operator) -> Vec<&Subtask> {
    // A map too: no sort is compiled into the inspector's module for it.
    let mut by_index = std::collections::BTreeMap::new();
    for s in &operator.subtasks {
        by_index.insert(s.index, s);
    }
    by_index.into_values().collect()
}

/// A subtask's keyed-state range as (first, last) inclusive, if it has keyed state.
pub fn key_group_range(subtask: &Subtask) -> Option<(u32, u32)> {
    let handle = subtask.state.managed_keyed.as_deref().or(subtask.state.raw_keyed.as_deref())?;
    let (first, count) = handle.key_groups();
    (count > 0).then(|| (first as u32, (first + count - 1) as u32))
}

/// The outcome of comparing a range with Flink's assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeCheck {
    /// No keyed state, so nothing to check.
    NoKeyedState,
    /// The range is the one Flink assigns to this subtask.
    Matches,
    /// The range differs from Flink's `(first, last)` for this subtask.
    Differs { expected: (u32, u32) },
    /// The operator's parallelism or max parallelism is outside Flink's bounds.
    Unchecked,
}

/// Compares a subtask's range with `computeKeyGroupRangeForOperatorIndex(max, p, index)`.
pub fn check_range(operator: &Operator, subtask: &Subtask) -> RangeCheck {
    let Some(range) = key_group_range(subtask) else { return RangeCheck::NoKeyedState };
    match expected_range(operator, subtask.index) {
        None => RangeCheck::Unchecked,
        Some(expected) if expected == range => RangeCheck::Matches,
        Some(expected) => RangeCheck::Differs { expected },
    }
}

/// Flink's range for subtask `index` of this operator, if its parallelisms are valid.
pub fn expected_range(operator: &Operator, index: u32) -> Option<(u32, u32)> {
    let max = MaxParallelism::new(i64::from(operator.max_parallelism)).ok()?;
    let p = Parallelism::new(i64::from(operator.parallelism), max).ok()?;
    let range = p.range_of(p.operator(index)?);
    Some((range.first(), range.last()))
}

/// Keyed state bytes of each subtask, in index order.
pub fn keyed_bytes_per_subtask(operator: &Operator) -> Vec<u64> {
    subtasks_by_index(operator).iter().map(|s| s.state.keyed_state_size().max(0) as u64).collect()
}

/// The data skew % of keyed state bytes across subtasks (as the Flink web UI computes skew),
/// or `None` if the operator holds no keyed state.
pub fn keyed_state_skew_percent(operator: &Operator) -> Option<u32> {
    let bytes = keyed_bytes_per_subtask(operator);
    let has_keyed = operator.subtasks.iter().any(|s| s.state.managed_keyed.is_some() || s.state.raw_keyed.is_some());
    has_keyed.then(|| data_skew_percent(&bytes))
}

/// The same skew over the key groups' bytes alone: each subtask's groups summed, the stream's
/// meta information before its first group left out (the bytes the inspector's skew lab link
/// carries). `None` without keyed state, or where a handle's offsets do not tell.
pub fn group_bytes_skew_percent(operator: &Operator) -> Option<u32> {
    let mut sums = Vec::new();
    for s in subtasks_by_index(operator) {
        match s.state.managed_keyed.as_deref().map(key_group_bytes) {
            Some(KeyGroupBytes::Known { bytes, .. }) => sums.push(bytes.iter().sum()),
            Some(_) => return None,
            None => sums.push(0),
        }
    }
    keyed_state_skew_percent(operator).map(|_| data_skew_percent(&sums))
}

/// Bytes per key group over the whole operator (index = key group), if every subtask's
/// handle has usable offsets; otherwise the first reason one does not.
pub fn operator_key_group_bytes(operator: &Operator) -> Result<Vec<u64>, &'static str> {
    let max = usize::try_from(operator.max_parallelism).ok().filter(|m| (1..=32768).contains(m));
    let mut out = vec![0u64; max.ok_or("the max parallelism is outside 1..=32768")?];
    let mut any = false;
    for s in subtasks_by_index(operator) {
        let Some(handle) = s.state.managed_keyed.as_deref() else { continue };
        match key_group_bytes(handle) {
            KeyGroupBytes::Known { first, bytes, .. } => {
                for (i, b) in bytes.iter().enumerate() {
                    let slot = usize::try_from(first).ok().and_then(|f| f.checked_add(i)).and_then(|g| out.get_mut(g));
                    *slot.ok_or("a key group lies beyond the max parallelism")? += b;
                }
                any = true;
            }
            KeyGroupBytes::Unavailable(reason) => return Err(reason),
        }
    }
    if any {
        Ok(out)
    } else {
        Err("the operator has no keyed state")
    }
}

/// Where a stream's bytes are: inline in `_metadata`, or in files.
pub fn storage(stream: &StreamHandle) -> &'static str {
    match stream {
        StreamHandle::Inline { .. } => "inline",
        StreamHandle::File { .. } => "file",
        StreamHandle::Relative { .. } => "relative file",
        StreamHandle::Segment { .. } | StreamHandle::EmptySegment => "file segment",
        StreamHandle::KeyGroups { inner, .. } => inner.as_deref().map_or("none", storage),
    }
}

/// A short description of a keyed handle: full / incremental / changelog, and its storage.
pub fn handle_kind(handle: &KeyedHandle) -> String {
    match handle {
        KeyedHandle::KeyGroups { kind, stream, .. } => {
            let what = match kind {
                KeyGroupsKind::Savepoint => "full (canonical savepoint)",
                KeyGroupsKind::V1 | KeyGroupsKind::V2 => "full",
            };
            format!("{what}, {}", stream.as_ref().map_or("no stream", storage))
        }
        KeyedHandle::Incremental { shared, private, .. } => {
            let files = shared.iter().chain(private).filter_map(|(_, s)| s.as_ref());
            let inline = files.clone().filter(|s| matches!(s, StreamHandle::Inline { .. })).count();
            let total = files.count();
            let place = match (inline, total) {
                (_, 0) => "no files",
                (i, t) if i == t => "all inline",
                (0, _) => "in files",
                _ => "partly inline",
            };
            format!("incremental RocksDB, {} shared + {} private files, {place}", shared.len(), private.len())
        }
        KeyedHandle::Changelog { .. } => "changelog".into(),
        KeyedHandle::ChangelogBytes { .. } | KeyedHandle::ChangelogFiles { .. } => "changelog increment".into(),
    }
}

/// Total keyed state bytes of the snapshot.
pub fn total_keyed_bytes(snapshot: &Snapshot) -> u64 {
    snapshot.operators.iter().flat_map(|o| &o.subtasks).map(|s| s.state.keyed_state_size().max(0) as u64).sum()
}

/// The keyed state this snapshot itself wrote: the sum of every keyed handle's checkpointed
/// size (Flink's `getCheckpointedSize`; an incremental handle counts only the files new in this
/// checkpoint, not those it shares with earlier ones). `None` when a handle does not record it.
pub fn total_keyed_checkpointed_bytes(snapshot: &Snapshot) -> Option<u64> {
    let handles =
        snapshot.operators.iter().flat_map(|o| &o.subtasks).flat_map(|s| [&s.state.managed_keyed, &s.state.raw_keyed]);
    handles.flatten().try_fold(0u64, |sum, h| u64::try_from(h.checkpointed_size()).ok().map(|b| sum + b))
}

/// The operators whose recorded max parallelism is not `max`, grouped by the one they record
/// (smallest first), each group's operators by their place in `operators`. Flink checks every
/// operator it restores against the new job's max parallelism for it, so a file whose operators
/// record more than one is not described by any one of them (a job restored with no max
/// parallelism was seen to save its source at the derived 128 beside 60 for the rest:
/// tests/flink-mixed-maxp).
pub fn other_max_parallelisms(operators: &[Operator], max: i32) -> Vec<(i32, Vec<usize>)> {
    let mut others: Vec<(i32, Vec<usize>)> = Vec::new();
    for (i, op) in operators.iter().enumerate().filter(|(_, op)| op.max_parallelism != max) {
        match others.iter_mut().find(|(m, _)| *m == op.max_parallelism) {
            Some((_, ops)) => ops.push(i),
            None => others.push((op.max_parallelism, vec![i])),
        }
    }
    others.sort_by_key(|(m, _)| *m);
    others
}
