//! Per-key-group and per-subtask load, and the data-skew percentage as the Flink web UI
//! shows it (FLIP-418, `DoubleAccumulator.DoubleDataSkew`, Flink 1.20+): the mean absolute
//! deviation of the per-subtask values over their mean, ×100, capped at 100, rounded half up
//! by the UI. Computed here in exact integer arithmetic.
//!
//! Invariant: totals are conserved: the sums over subtasks, over key groups and over keys
//! agree for keys, events and bytes.

use super::KeyLoad;
use crate::imbalance::Imbalance;
use crate::{MaxParallelism, Parallelism};

/// Load of one key group or one subtask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Load {
    pub keys: u64,
    pub events_milli: u64,
    pub bytes: u64,
}

impl Load {
    fn add(&mut self, other: &Load) {
        self.keys += other.keys;
        self.events_milli += other.events_milli;
        self.bytes += other.bytes;
    }
}

/// Keys bucketed by key group: the part that depends only on the keys and max parallelism,
/// so a change of parallelism does not rehash a single key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupLoads {
    pub max: MaxParallelism,
    /// One entry per key group.
    pub groups: Vec<Load>,
    /// The key group of each key, in key order.
    pub group_of_key: Vec<u32>,
    pub total: Load,
}

impl GroupLoads {
    pub fn new(keys: &[KeyLoad], max: MaxParallelism) -> GroupLoads {
        let mut groups = GroupLoads::start(max, keys.len());
        groups.extend(keys);
        groups
    }

    /// No key yet: [`GroupLoads::extend`] adds them a slice at a time (a browser hashes a
    /// million keys in steps), with room for `capacity` keys.
    pub fn start(max: MaxParallelism, capacity: usize) -> GroupLoads {
        GroupLoads {
            max,
            groups: vec![Load::default(); max.get() as usize],
            group_of_key: Vec::with_capacity(capacity),
            total: Load::default(),
        }
    }

    /// Adds the next keys, in key order: extending by every slice of a key set in turn gives
    /// what [`GroupLoads::new`] gives for the whole set.
    pub fn extend(&mut self, keys: &[KeyLoad]) {
        for k in keys {
            let g = self.max.key_group_of(&k.key).index();
            self.group_of_key.push(g);
            let load = Load { keys: 1, events_milli: k.events_milli, bytes: k.bytes };
            self.groups[g as usize].add(&load);
            self.total.add(&load);
        }
    }

    /// How many keys it holds so far.
    pub fn len(&self) -> usize {
        self.group_of_key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.group_of_key.is_empty()
    }
}

/// Per-subtask load at one parallelism, with the statistics the lab reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtaskLoads {
    pub parallelism: Parallelism,
    /// One entry per subtask; `keys` counts keys, and `key_groups` the groups owned.
    pub subtasks: Vec<Load>,
    pub key_groups: Vec<u32>,
    pub total: Load,
    /// Data skew % of events per second over subtasks, as the Flink web UI shows it.
    pub skew_percent: u32,
    /// The subtask with the most events (lowest index on ties).
    pub busiest: u32,
}

impl SubtaskLoads {
    pub fn new(groups: &GroupLoads, p: Parallelism) -> SubtaskLoads {
        let mut subtasks = Vec::with_capacity(p.get() as usize);
        let mut key_groups = Vec::with_capacity(p.get() as usize);
        for (_, range) in p.ranges() {
            let mut load = Load::default();
            for g in range.first()..=range.last() {
                load.add(&groups.groups[g as usize]);
            }
            subtasks.push(load);
            key_groups.push(range.len());
        }
        let events: Vec<u64> = subtasks.iter().map(|s| s.events_milli).collect();
        let busiest =
            events.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0))).map_or(0, |(i, _)| i as u32);
        SubtaskLoads {
            parallelism: p,
            skew_percent: data_skew_percent(&events),
            busiest,
            subtasks,
            key_groups,
            total: groups.total,
        }
    }

    /// Largest per-subtask value ÷ mean, in thousandths (1000 = perfectly even).
    pub fn max_over_mean_milli(&self, value: impl Fn(&Load) -> u64) -> u64 {
        let n = self.subtasks.len() as u128;
        let total: u128 = self.subtasks.iter().map(|s| u128::from(value(s))).sum();
        let max = self.subtasks.iter().map(|s| u128::from(value(s))).max().unwrap_or(0);
        (max * n * 1000).checked_div(total).map_or(1000, |v| v as u64)
    }
}

/// Flink's data skew: min(100, 100 · mean|v − mean| / mean), rounded half up; 0 when there
/// are no values or the mean is 0. Exact: 100·Σ|n·v − S| / (n·S).
pub fn data_skew_percent(values: &[u64]) -> u32 {
    let n = values.len() as u128;
    let sum: u128 = values.iter().map(|&v| u128::from(v)).sum();
    if n == 0 || sum == 0 {
        return 0;
    }
    let deviation: u128 = values.iter().map(|&v| (u128::from(v) * n).abs_diff(sum)).sum();
    let denominator = n * sum;
    let rounded = (200 * deviation + denominator) / (2 * denominator);
    rounded.min(100) as u32
}

/// What makes the busiest subtask busy, and whether another parallelism can help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkewCause {
    /// Skew under 10 %: nothing to fix.
    Balanced,
    /// One key carries more than a fair share of a subtask (total ÷ p). A key never leaves its
    /// key group, so no parallelism splits it.
    HotKey { key: usize, events_milli: u64 },
    /// Most of the skew comes from subtasks owning different numbers of key groups: a
    /// parallelism that divides max parallelism evens it out.
    UnevenGroups,
    /// Keys cluster in some key groups by chance of the hash.
    Clustering,
}

/// Diagnoses the load at one parallelism.
pub fn diagnose(keys: &[KeyLoad], loads: &SubtaskLoads) -> SkewCause {
    let p = u128::from(loads.parallelism.get());
    let total = u128::from(loads.total.events_milli);
    let hottest = keys.iter().enumerate().max_by(|a, b| a.1.events_milli.cmp(&b.1.events_milli).then(b.0.cmp(&a.0)));
    if let Some((i, k)) = hottest {
        if total > 0 && p > 1 && u128::from(k.events_milli) * p > total {
            return SkewCause::HotKey { key: i, events_milli: k.events_milli };
        }
    }
    if loads.skew_percent < 10 {
        return SkewCause::Balanced;
    }
    let imbalance = Imbalance::of(loads.parallelism);
    let from_counts = data_skew_percent(&loads.key_groups.iter().map(|&g| u64::from(g)).collect::<Vec<_>>());
    if !imbalance.is_even() && from_counts * 2 >= loads.skew_percent {
        SkewCause::UnevenGroups
    } else {
        SkewCause::Clustering
    }
}

/// The keys of one subtask with the most events, most first (at most `limit`).
pub fn top_keys_of(keys: &[KeyLoad], groups: &GroupLoads, p: Parallelism, subtask: u32, limit: usize) -> Vec<usize> {
    let Some(op) = p.operator(subtask) else {
        return Vec::new();
    };
    let range = p.range_of(op);
    let mine = groups.group_of_key.iter().enumerate().filter(|(_, &g)| g >= range.first() && g <= range.last());
    heaviest_of(keys, mine.map(|(i, _)| i), limit)
}

/// The `limit` heaviest keys among `candidates` (indexes, in increasing order), heaviest first
/// and the first on ties: one pass that keeps the best so far in order (a sort of a million
/// keys' share held the browser's main thread for up to 100 ms).
fn heaviest_of(keys: &[KeyLoad], candidates: impl Iterator<Item = usize>, limit: usize) -> Vec<usize> {
    let mut top: Vec<usize> = Vec::with_capacity(limit + 1);
    if limit == 0 {
        return top;
    }
    for i in candidates {
        // Candidates come in increasing order, so on a tie the one already kept stays ahead.
        let at = top.iter().position(|&j| keys[i].events_milli > keys[j].events_milli).unwrap_or(top.len());
        if at < limit {
            top.insert(at, i);
            top.truncate(limit);
        }
    }
    top
}

/// The keys' events per second (whole, rounded up) from heaviest to lightest, and the three
/// heaviest keys (indexes, heaviest first, the first on ties): the sorted load curve's data.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ranked {
    pub sorted_events: Vec<u64>,
    pub heaviest: Vec<usize>,
}

impl Ranked {
    pub fn of(keys: &[KeyLoad]) -> Ranked {
        let mut sorted_events: Vec<u64> = keys.iter().map(|k| k.events_milli.div_ceil(1000)).collect();
        sorted_events.sort_unstable();
        sorted_events.reverse();
        let heaviest = heaviest_of(keys, 0..keys.len(), 3);
        Ranked { sorted_events, heaviest }
    }
}

#[cfg(test)]
mod tests;
