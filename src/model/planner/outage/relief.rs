//! The fastest relief's route in words: straight from the retained checkpoint, or stopped with a
//! savepoint and restored from it (a job that is down brought back first), and why that way.

use super::super::super::imbalance::Imbalance;
use super::super::snapshot_kinds::SnapshotKind;
use super::super::{adds_up, format_duration, format_sum};
use super::read_factor::ReadFactor;
use super::RestoreFrom;
use crate::trace::Backend;

/// The relief's arithmetic, and where its parts written to the minute do not add up to its
/// outage so written (found by review: 2 h 54 min + 2 h 54 min + 1 h 27 min under "7 h 16 min"),
/// the sum to the second after it.
pub(super) fn to_the_second(arithmetic: String, parts: impl Iterator<Item = u64>) -> String {
    let parts: Vec<u64> = parts.filter(|&t| t > 0).collect();
    match adds_up(&parts) {
        true => arithmetic,
        false => format!("{arithmetic}; to the second, {}", format_sum(&parts)),
    }
}

/// The fastest relief: run at the snapshot's max parallelism now, no rewrite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interim {
    pub parallelism: u32,
    pub imbalance: Imbalance,
    pub restore_from: RestoreFrom,
    /// How many times over the restore reads the state.
    pub read: ReadFactor,
    pub arithmetic: String,
    pub seconds: u64,
    /// How the relief restarts, and why that way, in a sentence.
    pub how: String,
}

/// The relief's route: from `from`, for a job that is `down` or running, with the state
/// `backend` (what a retained checkpoint is), `current` → `parallelism`.
pub(super) struct Route {
    pub down: bool,
    /// Running, but its savepoint outlasts the default checkpoint timeout: restarted with a
    /// longer one before any savepoint.
    pub warm: bool,
    pub from: RestoreFrom,
    pub backend: Backend,
    /// The kind of the job's latest snapshots: what a job that is down restarts from.
    pub latest: SnapshotKind,
    pub current: u32,
    pub parallelism: u32,
}

impl Route {
    /// The route in a sentence: how, and why that way (`read`: how many times over a restore
    /// from the checkpoint reads the state; `back_s`: how long bringing a stopped job back takes).
    pub fn words(&self, read: ReadFactor, back_s: u64) -> String {
        let Route { down, warm, from, backend, latest, current, parallelism: p } = *self;
        let reads = format!("{read} × the state");
        let checkpoint = match (backend, latest) {
            // A job that is down restarts from its own latest snapshot, whatever its kind.
            (_, SnapshotKind::CanonicalSavepoint) if down => {
                "its latest canonical savepoint (read every byte once)".to_string()
            }
            (Backend::RocksDb, SnapshotKind::NativeSavepoint) if down => {
                format!("its latest native savepoint, which reads {reads}")
            }
            (Backend::HashMap, SnapshotKind::NativeSavepoint) if down => {
                "its latest native savepoint (a heap snapshot: each key group read once)".to_string()
            }
            (Backend::RocksDb, _) => format!("its latest retained incremental checkpoint, which reads {reads}"),
            (Backend::HashMap, _) => {
                "its latest retained checkpoint (a heap snapshot: each key group read once)".to_string()
            }
        };
        match (down, from) {
            (true, RestoreFrom::IncrementalCheckpoint) => format!("The job is down, so there is no savepoint to take: restore it at {p} straight from {checkpoint}, in NO_CLAIM mode; that is down less than bringing it back at {current} first and then stopping it with a savepoint."),
            (true, RestoreFrom::Savepoint) => format!("The job is down: bring it back at {current} first, as the plan's first step does ({}), then stop it with a savepoint and restore at {p}. That is down less in all than restoring {current} → {p} straight from {checkpoint}, and the job serves again after the first window.", format_duration(back_s)),
            (false, RestoreFrom::IncrementalCheckpoint) if warm => format!("Cancel it, if it keeps its checkpoints when cancelled (RETAIN_ON_CANCELLATION: with the default a cancel deletes them, observed), and restore it at {p} straight from {checkpoint}, in NO_CLAIM mode: its savepoint would outlast the default checkpoint timeout, and restarting it at {current} with a longer one first, as the plan's first step does, then stopping it with a savepoint, keeps it down longer in all."),
            (false, RestoreFrom::Savepoint) if warm => format!("Its savepoint would outlast the default checkpoint timeout: restart it at {current} with a longer one first, as the plan's first step does ({}), then stop it with a savepoint and restore at {p}. That is down less in all than restoring {current} → {p} straight from {checkpoint}, and the job serves again after the first window.", format_duration(back_s)),
            (false, RestoreFrom::IncrementalCheckpoint) => format!("Restart from {checkpoint}: still quicker than writing and reading a savepoint; only for a job that keeps its checkpoints when cancelled (RETAIN_ON_CANCELLATION: with the default a cancel deletes them, observed)."),
            (false, RestoreFrom::Savepoint) => format!("Stop with a savepoint and restore from it: quicker here than restarting {current} → {p} from a retained incremental checkpoint, which reads {reads}."),
        }
    }
}
