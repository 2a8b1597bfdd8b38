//! The rescale trace check: a generated event trace with known per-key totals runs through a
//! simulated keyed job (a running sum per key, state kept per key group) at parallelism p1; a
//! snapshot is taken at an offset; the job is restored at p2 and the rest of the trace
//! follows. Every key's final total and the source position are checked against the truth
//! computed from the trace alone.
//!
//! Invariant: in a restore that succeeds with an unchanged key function and operator id,
//! every key group is handed to exactly one new subtask and totals are conserved.

use std::collections::BTreeMap;

use super::java_hash::Key;
use super::key_group::{MaxParallelism, Parallelism};
use super::restore::{RestoreInput, RestoreOutcome, SavedHow};

/// The scenarios the lab offers; the page opens on the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scenario {
    PlainRescale,
    HotKey,
    MaxParallelismChanged,
    KeyFunctionChanged,
    UidChangedAllowNonRestored,
    SchemaCompatible,
    SchemaIncompatible,
}

impl Scenario {
    pub const ALL: [Scenario; 7] = [
        Scenario::PlainRescale,
        Scenario::HotKey,
        Scenario::MaxParallelismChanged,
        Scenario::KeyFunctionChanged,
        Scenario::UidChangedAllowNonRestored,
        Scenario::SchemaCompatible,
        Scenario::SchemaIncompatible,
    ];

    /// The name used in URLs.
    pub fn slug(self) -> &'static str {
        match self {
            Scenario::PlainRescale => "plain",
            Scenario::HotKey => "hot-key",
            Scenario::MaxParallelismChanged => "maxp-changed",
            Scenario::KeyFunctionChanged => "key-function",
            Scenario::UidChangedAllowNonRestored => "uid-changed",
            Scenario::SchemaCompatible => "schema-compatible",
            Scenario::SchemaIncompatible => "schema-incompatible",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Scenario::PlainRescale => "Plain rescale",
            Scenario::HotKey => "A hot key",
            Scenario::MaxParallelismChanged => "Max parallelism changed",
            Scenario::KeyFunctionChanged => "Key function changed",
            Scenario::UidChangedAllowNonRestored => "Operator uid changed, --allowNonRestoredState",
            Scenario::SchemaCompatible => "State schema: compatible change",
            Scenario::SchemaIncompatible => "State schema: incompatible change",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.slug() == slug)
    }
}

/// The trace and the job's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceInput {
    pub scenario: Scenario,
    pub p1: Parallelism,
    /// The parallelism after restore (validated against the same max parallelism).
    pub p2: u32,
    pub keys: u32,
    pub events: u32,
    /// The source offset at which the snapshot is taken (events before it are in the snapshot).
    pub snapshot_at: u32,
}

/// One key's check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRow {
    pub key: String,
    pub key_group: u32,
    pub expected: i64,
    /// The total the restored job holds for this key (under the key function it now uses).
    pub actual: Option<i64>,
    pub owner_before: u32,
    pub owner_after: Option<u32>,
}

impl KeyRow {
    pub fn moved(&self) -> bool {
        self.owner_after.is_some_and(|o| o != self.owner_before)
    }
}

/// The check's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TraceVerdict {
    /// Every key's total and the source position are right.
    Preserved,
    /// The restore was refused: the job never ran at p2.
    Refused { reason: String },
    /// The job runs, but some totals are wrong.
    Lost,
}

impl TraceVerdict {
    pub fn as_str(&self) -> &'static str {
        match self {
            TraceVerdict::Preserved => "preserved",
            TraceVerdict::Refused { .. } => "refused",
            TraceVerdict::Lost => "lost",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceResult {
    pub verdict: TraceVerdict,
    pub rows: Vec<KeyRow>,
    pub source_expected: u32,
    pub source_actual: Option<u32>,
    /// The share of events after the restore that the busiest subtask handled, per mille.
    pub busiest_share_permille: u32,
    pub notes: Vec<String>,
}

/// The key of event `offset`: deterministic, and 60 % on key 0 in the hot-key scenario.
pub fn event(offset: u32, keys: u32, hot: bool) -> (String, i64) {
    let mix = offset.wrapping_mul(2_654_435_761).rotate_left(13) ^ 0x9e37_79b9;
    let k = if hot && mix % 10 < 6 { 0 } else { mix % keys.max(1) };
    (format!("customer-{k}"), i64::from(offset % 7) + 1)
}

type Groups = BTreeMap<u32, BTreeMap<String, i64>>;

fn key_group(max: MaxParallelism, key: &str) -> u32 {
    max.key_group_of(&Key::Str(key.to_string())).index()
}

impl TraceInput {
    pub fn run(&self) -> TraceResult {
        let max = self.p1.max();
        let hot = self.scenario == Scenario::HotKey;
        let snapshot_at = self.snapshot_at.min(self.events);
        let mut truth: BTreeMap<String, i64> = BTreeMap::new();
        for offset in 0..self.events {
            let (k, v) = event(offset, self.keys, hot);
            *truth.entry(k).or_default() += v;
        }
        // Phase 1: each subtask keeps the state of the key groups it owns.
        let mut subtasks: Vec<Groups> = vec![Groups::new(); self.p1.get() as usize];
        for offset in 0..snapshot_at {
            let (k, v) = event(offset, self.keys, hot);
            let group = max.key_group_of(&Key::Str(k.clone()));
            let owner = self.p1.owner_of(group);
            *subtasks[owner.index() as usize].entry(group.index()).or_default().entry(k).or_default() += v;
        }
        // The snapshot: state by key group, and the source offset.
        let mut snapshot: Groups = Groups::new();
        for groups in subtasks {
            snapshot.extend(groups);
        }
        let rows_base = |restored: Option<Parallelism>, actual: &dyn Fn(&str) -> Option<i64>| -> Vec<KeyRow> {
            truth
                .iter()
                .map(|(k, &expected)| {
                    let g = key_group(max, k);
                    let group = max.key_group(g);
                    KeyRow {
                        key: k.clone(),
                        key_group: g,
                        expected,
                        actual: actual(k),
                        owner_before: group.map_or(0, |gr| self.p1.owner_of(gr).index()),
                        owner_after: restored.and_then(|p| group.map(|gr| p.owner_of(gr).index())),
                    }
                })
                .collect()
        };
        let refuse = |reason: String, notes: Vec<String>| TraceResult {
            verdict: TraceVerdict::Refused { reason },
            rows: rows_base(None, &|_| None),
            source_expected: self.events,
            source_actual: None,
            busiest_share_permille: 0,
            notes,
        };
        // Restore: Flink's checks first.
        // Doubled, or halved when doubling would pass Flink's 32768 (or for max 1, 2): changed.
        let changed = if max.get() * 2 <= 32768 { max.get() * 2 } else { max.get() / 2 };
        let new_max = if self.scenario == Scenario::MaxParallelismChanged {
            MaxParallelism::new(i64::from(changed)).unwrap_or(max)
        } else {
            max
        };
        let explicit = (self.scenario == Scenario::MaxParallelismChanged).then_some(new_max);
        let check =
            RestoreInput { saved: Some((max, SavedHow::Explicit)), parallelism: self.p2, max_parallelism: explicit }
                .predict();
        if let RestoreOutcome::Fails(f) = check {
            return refuse(f.flink_message(), vec![format!("Refused by {}.", f.check_name())]);
        }
        if self.scenario == Scenario::SchemaIncompatible {
            return refuse(
                "org.apache.flink.util.StateMigrationException: the new state serializer for 'total' (a String) is incompatible with the one in the snapshot (a Long)".to_string(),
                vec!["An incompatible serializer stops the restore: no state is read, nothing is lost, and nothing runs.".to_string()],
            );
        }
        let Ok(p2) = Parallelism::new(i64::from(self.p2), max) else {
            return refuse("parallelism out of range".to_string(), Vec::new());
        };
        let mut notes = Vec::new();
        let mut after: Vec<Groups> = vec![Groups::new(); p2.get() as usize];
        if self.scenario == Scenario::UidChangedAllowNonRestored {
            notes.push("The snapshot's state belongs to uid \"sum-per-key\"; the new job has \"sum-per-key-v2\". With --allowNonRestoredState Flink skips the unmatched state and starts: the job is RUNNING with empty state.".to_string());
        } else {
            // Each new subtask reads exactly the key groups in its range.
            let mut handed = 0usize;
            for (op, range) in p2.ranges() {
                for g in range.first()..=range.last() {
                    if let Some(state) = snapshot.get(&g) {
                        after[op.index() as usize].insert(g, state.clone());
                        handed += 1;
                    }
                }
            }
            debug_assert_eq!(handed, snapshot.len());
            if self.scenario == Scenario::SchemaCompatible {
                notes.push("The state type gained a field with a default; its serializer migrates the old values on restore, so every total carries over.".to_string());
            }
        }
        // Phase 2: the rest of the trace at p2, under the key function now in force.
        let key_fn =
            |k: &str| if self.scenario == Scenario::KeyFunctionChanged { k.to_uppercase() } else { k.to_string() };
        if self.scenario == Scenario::KeyFunctionChanged {
            notes.push("The new job keys by the upper-cased customer id: \"customer-3\" and \"CUSTOMER-3\" are different keys with different hashes, so new events start a second history beside the restored one.".to_string());
        }
        let mut per_subtask = vec![0u64; p2.get() as usize];
        for offset in snapshot_at..self.events {
            let (k, v) = event(offset, self.keys, hot);
            let k = key_fn(&k);
            let g = key_group(max, &k);
            let owner = max.key_group(g).map_or(0, |gr| p2.owner_of(gr).index()) as usize;
            per_subtask[owner] += 1;
            *after[owner].entry(g).or_default().entry(k).or_default() += v;
        }
        let total_after: u64 = per_subtask.iter().sum();
        let busiest_share_permille =
            per_subtask.iter().max().map_or(0, |&m| (m * 1000).checked_div(total_after).unwrap_or(0) as u32);
        let lookup = |k: &str| -> Option<i64> {
            let k = key_fn(k);
            let g = key_group(max, &k);
            after.iter().find_map(|groups| groups.get(&g).and_then(|m| m.get(&k))).copied()
        };
        let rows = rows_base(Some(p2), &|k| lookup(k).or(Some(0)));
        let verdict = if rows.iter().all(|r| r.actual == Some(r.expected)) {
            TraceVerdict::Preserved
        } else {
            TraceVerdict::Lost
        };
        if hot {
            notes.push(format!("After the restore one subtask handles {}.{}% of the events: the hot key's group has one owner at any parallelism.", busiest_share_permille / 10, busiest_share_permille % 10));
        }
        TraceResult {
            verdict,
            rows,
            source_expected: self.events,
            source_actual: Some(self.events),
            busiest_share_permille,
            notes,
        }
    }
}

/// List operator state redistributed on restore at `p` subtasks: even split (each subtask a
/// contiguous share, sizes differing by at most one) or union (every subtask gets all).
pub fn redistribute_list(entries: &[String], p: u32, union: bool) -> Vec<Vec<String>> {
    let p = p.max(1) as usize;
    if union {
        return vec![entries.to_vec(); p];
    }
    let (base, extra) = (entries.len() / p, entries.len() % p);
    let mut out = Vec::with_capacity(p);
    let mut start = 0;
    for i in 0..p {
        let len = base + usize::from(i < extra);
        out.push(entries[start..start + len].to_vec());
        start += len;
    }
    out
}

#[cfg(test)]
mod tests;
