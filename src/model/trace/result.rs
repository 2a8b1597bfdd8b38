//! What a trace check finds: each key's row (expected beside actual, owners before and after),
//! the keys a changed key function made, and the verdict with where the source resumed.

use super::schema::Failing;
use crate::restore::FailedCheck;

/// One key's check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRow {
    pub key: String,
    pub key_group: u32,
    pub expected: i64,
    /// The total the restored job holds for this key.
    pub actual: Option<i64>,
    pub owner_before: u32,
    pub owner_after: Option<u32>,
}

/// A key the trace does not have, made by a changed key function from one it has
/// (`customer-3` → `CUSTOMER-3`): the events after the restore, in a key group of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewKey {
    pub key: String,
    /// The trace's key it was made from.
    pub from: String,
    pub key_group: u32,
    pub owner: u32,
    pub total: i64,
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
    /// The restore was refused: the job never ran at p2. `check`: the restore check that
    /// refused it, where one of Flink's three did (not an unmatched uid).
    Refused { reason: String, check: Option<FailedCheck> },
    /// The job runs, but some totals (or the source's position) are wrong.
    Lost,
    /// The restore starts and the job reports RUNNING, but its keyed task fails while it
    /// registers its state, and the restart strategy restarts it until it gives up (FAILED).
    Failing(Failing),
}

impl TraceVerdict {
    pub fn as_str(&self) -> &'static str {
        match self {
            TraceVerdict::Preserved => "preserved",
            TraceVerdict::Refused { .. } => "refused",
            TraceVerdict::Lost => "lost",
            TraceVerdict::Failing(_) => "failing",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceResult {
    pub verdict: TraceVerdict,
    pub rows: Vec<KeyRow>,
    /// The offset the source should end at (the end of the trace) and where it did.
    pub source_expected: u32,
    pub source_actual: Option<u32>,
    /// The offset the source should resume from after the restore (the snapshot's), and where
    /// it did; `None` when it never read after the restore.
    pub resume_expected: u32,
    pub resumed_from: Option<u32>,
    /// The share of events after the restore that the busiest subtask handled, per mille.
    pub busiest_share_permille: u32,
    /// Keys the restored job holds that the trace does not have (a changed key function).
    pub new_keys: Vec<NewKey>,
    /// The JobManager's log lines about the restore that the scenario makes Flink write.
    pub log: Vec<String>,
    pub notes: Vec<String>,
}

impl TraceResult {
    /// The keys whose total is above the truth (counted twice) and below it or missing (lost).
    pub fn above_and_below(&self) -> (usize, usize) {
        let n = |wrong: fn(&KeyRow) -> bool| self.rows.iter().filter(|r| wrong(r)).count();
        (n(|r| r.actual.is_some_and(|a| a > r.expected)), n(|r| r.actual.is_none_or(|a| a < r.expected)))
    }
}
