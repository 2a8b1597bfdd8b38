//! Key groups and who owns them: a port of Flink's `KeyGroupRangeAssignment`.
//!
//! A key's *key group* is `murmurHash(key.hashCode()) % maxParallelism`. It depends only on
//! the key and the max parallelism, so it never changes when the job rescales; what a
//! rescale changes is which *operator index* (subtask) owns each group. Each subtask owns one
//! contiguous, inclusive range of groups, and the ranges partition `0..maxParallelism`.
//!
//! Invariant: a [`Parallelism`] always satisfies `1 <= p <= max parallelism <= 32768`, so every
//! range it yields is non-empty and no function here can fail or overflow.

use super::error::ModelError;
use super::java_hash::Key;
use super::murmur::{murmur_hash, round_up_to_power_of_two};

/// Flink's `UPPER_BOUND_MAX_PARALLELISM`: the largest max parallelism, `2^15`.
pub const UPPER_BOUND_MAX_PARALLELISM: u32 = 1 << 15;
/// Flink's `DEFAULT_LOWER_BOUND_MAX_PARALLELISM`: the smallest derived max parallelism.
pub const DEFAULT_LOWER_BOUND_MAX_PARALLELISM: u32 = 128;

/// The number of key groups, `1..=32768`. Fixed for the life of a job's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MaxParallelism(u32);

impl MaxParallelism {
    /// The largest max parallelism Flink accepts, 32768.
    pub const LARGEST: MaxParallelism = MaxParallelism(UPPER_BOUND_MAX_PARALLELISM);

    /// Validates `1 <= value <= 32768`.
    pub fn new(value: i64) -> Result<Self, ModelError> {
        match u32::try_from(value) {
            Ok(v) if (1..=UPPER_BOUND_MAX_PARALLELISM).contains(&v) => Ok(MaxParallelism(v)),
            _ => Err(ModelError::MaxParallelismOutOfRange { value }),
        }
    }

    /// The number of key groups.
    pub fn get(self) -> u32 {
        self.0
    }

    /// The key group of a Java hash code (Flink's `computeKeyGroupForKeyHash`).
    #[inline(always)]
    pub fn key_group_of_hash(self, java_hash: i32) -> KeyGroup {
        KeyGroup(murmur_hash(java_hash) % self.0)
    }

    /// The key group of a key (Flink's `assignToKeyGroup`).
    #[inline(always)]
    pub fn key_group_of(self, key: &Key) -> KeyGroup {
        self.key_group_of_hash(key.java_hash())
    }

    /// The key group with this index, if it exists under this max parallelism.
    pub fn key_group(self, index: u32) -> Option<KeyGroup> {
        (index < self.0).then_some(KeyGroup(index))
    }

    /// Every key group, in order.
    pub fn key_groups(self) -> impl Iterator<Item = KeyGroup> {
        (0..self.0).map(KeyGroup)
    }
}

/// Flink's `computeDefaultMaxParallelism`: for a job first started at `parallelism` with no max
/// parallelism set, `clamp(roundUpToPowerOfTwo(p + p/2), 128, 32768)`. Defined for `1..=32768`.
pub fn default_max_parallelism(parallelism: i64) -> Result<MaxParallelism, ModelError> {
    DefaultMaxDerivation::new(parallelism).map(|d| d.result)
}

/// Each step of Flink's default max-parallelism derivation, for showing the arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DefaultMaxDerivation {
    /// The parallelism the job was first started with.
    pub parallelism: u32,
    /// `p + p / 2` (integer division): head-room of one half.
    pub with_headroom: u32,
    /// The smallest power of two at or above `with_headroom`.
    pub rounded: u32,
    /// `rounded` clamped to `128..=32768`.
    pub result: MaxParallelism,
}

impl DefaultMaxDerivation {
    /// Derives for `1 <= parallelism <= 32768`, as Flink does.
    pub fn new(parallelism: i64) -> Result<Self, ModelError> {
        let p = match i32::try_from(parallelism) {
            Ok(p) if p >= 1 && p as u32 <= UPPER_BOUND_MAX_PARALLELISM => p,
            _ => return Err(ModelError::DerivationParallelismOutOfRange { value: parallelism }),
        };
        let with_headroom = p + p / 2;
        let rounded = round_up_to_power_of_two(with_headroom);
        let clamped = rounded.max(DEFAULT_LOWER_BOUND_MAX_PARALLELISM as i32).min(UPPER_BOUND_MAX_PARALLELISM as i32);
        Ok(DefaultMaxDerivation {
            parallelism: p as u32,
            with_headroom: with_headroom as u32,
            rounded: rounded as u32,
            result: MaxParallelism(clamped as u32),
        })
    }
}

/// One key group: the atomic unit of keyed state that rescaling moves between subtasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeyGroup(u32);

impl KeyGroup {
    /// The group's index, `0..maxParallelism`.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// A subtask, numbered from 0 (Flink's operator index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OperatorIndex(u32);

impl OperatorIndex {
    /// The subtask's number, from 0.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// An inclusive, non-empty run of key groups owned by one subtask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyGroupRange {
    first: u32,
    last: u32,
}

impl KeyGroupRange {
    /// The first key group in the range.
    pub fn first(self) -> u32 {
        self.first
    }
    /// The last key group in the range (inclusive).
    pub fn last(self) -> u32 {
        self.last
    }
    /// How many key groups the range holds.
    pub fn len(self) -> u32 {
        self.last - self.first + 1
    }
    /// Never true for ranges built here; present for completeness of the range API.
    pub fn is_empty(self) -> bool {
        false
    }
    /// Whether the range holds this key group.
    pub fn contains(self, group: KeyGroup) -> bool {
        (self.first..=self.last).contains(&group.0)
    }
    /// The range in words: `key group 29 alone`, `key groups 77 to 78 (2 in all)`.
    pub fn words(self) -> String {
        match self.len() {
            1 => format!("key group {} alone", self.first),
            n => format!("key groups {} to {} ({n} in all)", self.first, self.last),
        }
    }
}

/// A job's parallelism together with its max parallelism: `1 <= p <= max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parallelism {
    value: u32,
    max: MaxParallelism,
}

impl Parallelism {
    /// Validates `1 <= value <= max`. Above `max` is the error Flink gives at submission.
    pub fn new(value: i64, max: MaxParallelism) -> Result<Self, ModelError> {
        if value < 1 {
            return Err(ModelError::ParallelismTooSmall { value });
        }
        if value > i64::from(max.0) {
            return Err(ModelError::ParallelismAboveMax { parallelism: value, max: max.0 });
        }
        Ok(Parallelism { value: value as u32, max })
    }

    /// The number of subtasks.
    pub fn get(self) -> u32 {
        self.value
    }

    /// The max parallelism this parallelism was validated against.
    pub fn max(self) -> MaxParallelism {
        self.max
    }

    /// The subtask owning a key group (Flink's `computeOperatorIndexForKeyGroup`):
    /// `group · p / max`. A group from a larger max parallelism is clamped to the last subtask.
    #[inline(always)]
    pub fn owner_of(self, group: KeyGroup) -> OperatorIndex {
        let index = u64::from(group.0) * u64::from(self.value) / u64::from(self.max.0);
        OperatorIndex((index as u32).min(self.value - 1))
    }

    /// The key group with this number, its owner and the owner's range; a number at or above
    /// the max parallelism names no group.
    pub fn find_group(self, index: u32) -> Result<(KeyGroup, OperatorIndex, KeyGroupRange), ModelError> {
        let group = self.max.key_group(index).ok_or(ModelError::KeyGroupBeyondMax { group: index, max: self.max.0 })?;
        let owner = self.owner_of(group);
        Ok((group, owner, self.range_of(owner)))
    }

    /// The subtask owning a key.
    pub fn owner_of_key(self, key: &Key) -> OperatorIndex {
        self.owner_of(self.max.key_group_of(key))
    }

    /// The subtask with this index, if it exists at this parallelism.
    pub fn operator(self, index: u32) -> Option<OperatorIndex> {
        (index < self.value).then_some(OperatorIndex(index))
    }

    /// The key groups a subtask owns (Flink's `computeKeyGroupRangeForOperatorIndex`):
    /// from `ceil(i · max / p)` to `floor(((i + 1) · max − 1) / p)`.
    pub fn range_of(self, operator: OperatorIndex) -> KeyGroupRange {
        let (max, p, i) = (u64::from(self.max.0), u64::from(self.value), u64::from(operator.0));
        let first = (i * max).div_ceil(p);
        let last = ((i + 1) * max - 1) / p;
        KeyGroupRange { first: first as u32, last: last as u32 }
    }

    /// The subtasks in two lists, each in order, in one pass over the ranges: those that own one
    /// key group more than the others (`max / p` rounded up; none when `p` divides `max`), and
    /// the rest. Where the larger fall follows from the rounding: at 128 over 3 they are
    /// subtasks 0 and 1, at 128 over 5 subtasks 0, 1 and 3.
    pub fn runs_by_size(self) -> (Vec<OperatorIndex>, Vec<OperatorIndex>) {
        let even = self.max.0.is_multiple_of(self.value);
        let larger = self.max.0.div_ceil(self.value);
        let (big, rest): (Vec<_>, Vec<_>) = self.ranges().partition(|(_, r)| !even && r.len() == larger);
        (big.into_iter().map(|(i, _)| i).collect(), rest.into_iter().map(|(i, _)| i).collect())
    }

    /// Every subtask with its range, in order.
    pub fn ranges(self) -> impl Iterator<Item = (OperatorIndex, KeyGroupRange)> {
        (0..self.value).map(move |i| (OperatorIndex(i), self.range_of(OperatorIndex(i))))
    }
}

pub mod prefix;

#[cfg(test)]
mod tests;
