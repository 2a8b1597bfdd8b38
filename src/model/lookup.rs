//! "Where does this key go?" as one value: the key's Java hash, Flink's murmur value, its
//! key group, and (when the job can start) the subtask that owns it.

use super::java_hash::Key;
use super::key_group::{KeyGroup, MaxParallelism, OperatorIndex, Parallelism};

/// Every intermediate of Flink's key routing for one key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyLookup {
    /// `key.hashCode()` in Java.
    pub java_hash: i32,
    /// `MathUtils.murmurHash(java_hash)`, never negative.
    pub murmur: u32,
    /// `murmur % max parallelism`.
    pub key_group: KeyGroup,
    /// The owning subtask, or `None` when no valid parallelism was given.
    pub subtask: Option<OperatorIndex>,
}

impl KeyLookup {
    /// Routes `key` under `max`, and to a subtask when `parallelism` is known.
    pub fn new(key: &Key, max: MaxParallelism, parallelism: Option<Parallelism>) -> Self {
        let java_hash = key.java_hash();
        let key_group = max.key_group_of_hash(java_hash);
        KeyLookup {
            java_hash,
            murmur: super::murmur::murmur_hash(java_hash),
            key_group,
            subtask: parallelism.map(|p| p.owner_of(key_group)),
        }
    }
}

/// Routes every key and returns the sum of their key groups and owning subtasks: the work a
/// benchmark times, and a checksum that native, wasm and JavaScript must agree on.
pub fn route_checksum(keys: &[Key], p: Parallelism) -> u64 {
    let max = p.max();
    keys.iter()
        .map(|key| {
            let group = max.key_group_of(key);
            u64::from(group.index()) + u64::from(p.owner_of(group).index())
        })
        .sum()
}
