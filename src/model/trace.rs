//! The rescale trace check: a generated event trace with known per-key totals runs through a
//! simulated keyed job (source `src` → keyBy → a running sum per key in operator `sum-per-key`,
//! state kept per key group) at parallelism p1; a snapshot is taken at an offset; the job is
//! restored at p2 and the rest of the trace follows. Every key's final total and the position
//! the source resumed from are checked against the truth computed from the trace alone.
//!
//! What a restore does is what Flink 2.3.0 did in a MiniCluster: the max-parallelism checks
//! (`tests/flink-restore/`, through [`super::restore`]), a changed uid with and without
//! `--allowNonRestoredState` (`tests/flink-opstate/`, part 2), a state serializer change
//! ([`schema`], `tests/flink-schema/`) and operator state ([`operator_state`]).
//!
//! Invariant: in a restore that succeeds with an unchanged key function and operator ids,
//! every key group is handed to exactly one new subtask and totals are conserved.

use std::collections::HashMap;

use super::java_hash::Key;
use super::key_group::{MaxParallelism, Parallelism};
use super::restore::{FailedCheck, RestoreInput, RestoreOutcome, SavedHow};
use super::savepoint::operator_id_hex;

pub mod kit;
pub mod operator_state;
pub mod output;
pub mod output_reader;
pub mod result;
mod scenario;
pub mod schema;

pub use kit::{event, event_index, key_name};
pub use result::{KeyRow, NewKey, TraceResult, TraceVerdict};
pub use scenario::{skipping_log, unmatched_refusal, Scenario, SOURCE_UID, SOURCE_UID_NEW, SUM_UID, SUM_UID_NEW};
pub use schema::{Backend, Failing};

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
    /// The state backend (it words a serializer failure, and migrates differently).
    pub backend: Backend,
}

/// Keyed state (one subtask's, or the whole snapshot's): each key's running sum, by key group
/// and key. A hash map: the order never shows, and a B-tree's code was about 10 KB of the
/// trace lab's first screen.
type Groups = HashMap<(u32, String), i64>;

fn key_group(max: MaxParallelism, key: &str) -> u32 {
    max.key_group_of(&Key::Str(key.to_string())).index()
}

impl TraceInput {
    /// The run; a snapshot offset past the trace's end is taken at its end, and a note says so
    /// first (the field's bound is not the trace's length, which another field sets).
    pub fn run(&self) -> TraceResult {
        let mut result = self.run_to_end();
        if self.snapshot_at > self.events {
            result.notes.insert(0, format!(
                "The snapshot offset {} is past the end of the trace ({} events): the snapshot is taken at its end, offset {}.",
                self.snapshot_at, self.events, self.events
            ));
        }
        result
    }

    fn run_to_end(&self) -> TraceResult {
        let max = self.p1.max();
        let hot = self.scenario == Scenario::HotKey;
        let snapshot_at = self.snapshot_at.min(self.events);
        // The keys in their numbers' order (customer-2 before customer-10), as the tables list them.
        let order = kit::Trace::of(self).totals_by_number();
        // Phase 1: each subtask keeps the state of the key groups it owns.
        let mut subtasks: Vec<Groups> = vec![Groups::new(); self.p1.get() as usize];
        for offset in 0..snapshot_at {
            let (k, v) = event(offset, self.keys, hot);
            let group = max.key_group_of(&Key::Str(k.clone()));
            let owner = self.p1.owner_of(group);
            *subtasks[owner.index() as usize].entry((group.index(), k)).or_default() += v;
        }
        // The snapshot: state by key group, and the source offset.
        let mut snapshot: Groups = Groups::new();
        for groups in subtasks {
            snapshot.extend(groups);
        }
        let rows_base = |restored: Option<Parallelism>, actual: &dyn Fn(&str) -> Option<i64>| -> Vec<KeyRow> {
            order
                .iter()
                .map(|(k, expected)| {
                    let (k, expected) = (k.as_str(), *expected);
                    let g = key_group(max, k);
                    let group = max.key_group(g);
                    KeyRow {
                        key: k.to_string(),
                        key_group: g,
                        expected,
                        actual: actual(k),
                        owner_before: group.map_or(0, |gr| self.p1.owner_of(gr).index()),
                        owner_after: restored.and_then(|p| group.map(|gr| p.owner_of(gr).index())),
                    }
                })
                .collect()
        };
        // A run that never reads a record after the restore: no source position, no load.
        let unread = |verdict: TraceVerdict, rows: Vec<KeyRow>, notes: Vec<String>| TraceResult {
            verdict,
            rows,
            source_expected: self.events,
            source_actual: None,
            resume_expected: snapshot_at,
            resumed_from: None,
            busiest_share_permille: 0,
            new_keys: Vec::new(),
            log: Vec::new(),
            notes,
        };
        let refuse = |reason: String, check: Option<FailedCheck>, notes: Vec<String>| {
            unread(TraceVerdict::Refused { reason, check }, rows_base(None, &|_| None), notes)
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
        let check = RestoreInput::of((max, SavedHow::Explicit), self.p2, explicit).predict();
        let refused_by =
            |f: FailedCheck| refuse(f.flink_message(), Some(f), vec![format!("Refused by {}.", f.check_name())]);
        // Building the job comes first; the snapshot's operators are matched while it is loaded,
        // before any state is assigned.
        if let RestoreOutcome::Fails(f @ FailedCheck::ParallelismAboveMax { .. }) = check {
            return refused_by(f);
        }
        let uid_change = self.scenario.uid_change();
        if let Some((old, new, false)) = uid_change {
            let id = operator_id_hex(old);
            return refuse(
                unmatched_refusal(&id),
                None,
                vec![format!(
                    "The snapshot holds state for uid \"{old}\" (operator id {id}); the new job calls that operator \"{new}\" (operator id {}). Without --allowNonRestoredState the JobMaster does not start: the job ends FAILED without running (org.apache.flink.runtime.client.JobInitializationException: Could not start the JobMaster.).",
                    operator_id_hex(new)
                )],
            );
        }
        if let RestoreOutcome::Fails(f) = check {
            return refused_by(f);
        }
        let Ok(p2) = Parallelism::new(i64::from(self.p2), max) else {
            return refuse("parallelism out of range".to_string(), None, Vec::new());
        };
        if self.scenario == Scenario::SchemaIncompatible {
            return unread(
                TraceVerdict::Failing(Failing::observed(self.backend)),
                rows_base(Some(p2), &|_| None),
                vec![
                    "The running sum was a Long and the new job declares it a String. Flink does not check serializers when the JobMaster restores: the job reports RUNNING, and each keyed subtask fails while it registers the state, still INITIALIZING, before it reads a record.".to_string(),
                    format!(
                        "The restart strategy (fixed-delay, {} attempts, {} s apart) restarts the job {} times; the job reports RUNNING {} times, then FAILED. Observed in Flink 2.3.0 with the heap backend and with RocksDB (canonical and native savepoints), restoring at an unchanged parallelism; at another parallelism, as this check runs it, it was not observed (the owners below are where each key's group would go).",
                        schema::RESTART_ATTEMPTS,
                        schema::RESTART_DELAY_MS / 1000,
                        schema::RESTART_ATTEMPTS,
                        schema::RESTART_ATTEMPTS + 1
                    ),
                ],
            );
        }
        let mut notes = Vec::new();
        let mut log = Vec::new();
        let mut after: Vec<Groups> = vec![Groups::new(); p2.get() as usize];
        let mut resumed_from = snapshot_at;
        if let Some((old, new, true)) = uid_change {
            let id = operator_id_hex(old);
            log.push(skipping_log(&id));
            if old == SOURCE_UID {
                resumed_from = 0;
                notes.push(format!("The source's uid changed from \"{old}\" (operator id {id}) to \"{new}\": its state, the position in the trace, matches no operator of the new job. With --allowNonRestoredState (the option execution.state-recovery.ignore-unclaimed-state; its old name execution.savepoint.ignore-unclaimed-state still works in 2.3) Flink drops it and the source starts without state: observed in Flink 2.3.0, a generator source started again from 0. The keyed sums are restored, so every event before the snapshot is counted twice."));
            } else {
                notes.push(format!("The snapshot's keyed state belongs to uid \"{old}\" (operator id {id}); the new job has \"{new}\". With --allowNonRestoredState Flink skips the unmatched state (the option execution.state-recovery.ignore-unclaimed-state) and starts: the job is RUNNING with empty state, and the source continues from the snapshot."));
            }
        }
        if uid_change.is_none_or(|(old, _, _)| old != SUM_UID) {
            // Each key group's state goes to the one new subtask whose range holds it.
            for ((g, k), sum) in &snapshot {
                if let Some(group) = max.key_group(*g) {
                    after[p2.owner_of(group).index() as usize].insert((*g, k.clone()), *sum);
                }
            }
            if self.scenario == Scenario::SchemaCompatible {
                notes.push(schema::migration_note(self.backend).to_string());
            }
        }
        // Phase 2: the rest of the trace at p2 (from where the source resumed), under the key
        // function now in force.
        // The keys are ASCII ("customer-3"), where Java's toUpperCase and Rust's ASCII one agree;
        // str::to_uppercase would bring core's Unicode case tables into the trace module.
        let key_fn = |k: &str| {
            if self.scenario == Scenario::KeyFunctionChanged {
                k.to_ascii_uppercase()
            } else {
                k.to_string()
            }
        };
        if self.scenario == Scenario::KeyFunctionChanged {
            notes.push("The new job keys by the upper-cased customer id: \"customer-3\" and \"CUSTOMER-3\" are different keys with different hashes, in different key groups. The restored totals stay under the old keys and take no new event; the events after the restore start a second history under the new keys (the second table). Observed in Flink 2.3.0: the job ended with both, 24 keys for 12 customers.".to_string());
        }
        let mut per_subtask = vec![0u64; p2.get() as usize];
        for offset in resumed_from..self.events {
            let (k, v) = event(offset, self.keys, hot);
            let k = key_fn(&k);
            let g = key_group(max, &k);
            let owner = max.key_group(g).map_or(0, |gr| p2.owner_of(gr).index()) as usize;
            per_subtask[owner] += 1;
            *after[owner].entry((g, k)).or_default() += v;
        }
        let total_after: u64 = per_subtask.iter().sum();
        let busiest_share_permille =
            per_subtask.iter().max().map_or(0, |&m| (m * 1000).checked_div(total_after).unwrap_or(0) as u32);
        let lookup = |k: &str| -> Option<i64> {
            let g = key_group(max, k);
            let at = (g, k.to_string());
            after.iter().find_map(|groups| groups.get(&at)).copied()
        };
        let rows = rows_base(Some(p2), &|k| lookup(k).or(Some(0)));
        let new_keys = order
            .iter()
            .filter_map(|(from, _)| {
                let key = key_fn(from);
                let total = lookup(&key).filter(|_| key != *from)?;
                let g = key_group(max, &key);
                let owner = max.key_group(g).map_or(0, |gr| p2.owner_of(gr).index());
                Some(NewKey { key, from: from.clone(), key_group: g, owner, total })
            })
            .collect();
        let verdict = if rows.iter().all(|r| r.actual == Some(r.expected)) && resumed_from == snapshot_at {
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
            resume_expected: snapshot_at,
            resumed_from: Some(resumed_from),
            busiest_share_permille,
            new_keys,
            log,
            notes,
        }
    }
}

#[cfg(test)]
mod tests;
