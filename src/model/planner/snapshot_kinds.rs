//! Which snapshot can do what: canonical savepoint, native savepoint, retained aligned
//! checkpoint, retained unaligned checkpoint, against the operations a rescale needs (another
//! parallelism, another state backend, read by the State Processor API, restored in CLAIM or
//! NO_CLAIM mode). Each cell says where it comes from: an observation of Flink 2.3.0 in a
//! MiniCluster (`tests/flink-snapshot-kinds/observed-flink-2.3.0.txt`, held by the table test)
//! or, where nothing was observed, Flink's documentation ("Checkpoints vs. Savepoints"). Then
//! the plan is checked against the table: what each route asks of which snapshot.

use super::{JobStatus, Verdict};

/// A kind of snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SnapshotKind {
    CanonicalSavepoint,
    NativeSavepoint,
    /// What Flink retains unless told otherwise.
    #[default]
    AlignedCheckpoint,
    UnalignedCheckpoint,
}

/// An operation a rescale may ask of a snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    ChangeParallelism,
    ChangeBackend,
    /// The input of a State Processor API job (a rewrite reads it and writes a new savepoint).
    StateProcessorRead,
    /// Restored in CLAIM mode: Flink owns the snapshot and deletes it once a newer checkpoint
    /// subsumes it.
    ClaimDeletes,
    /// Restored in NO_CLAIM mode: the snapshot stays the user's, Flink never deletes it.
    NoClaimKeeps,
}

/// Where a cell comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Seen in Flink 2.3.0 (tests/flink-snapshot-kinds).
    Observed,
    /// Seen in Flink 2.3.0 for an unaligned checkpoint taken with its input frozen, so with no
    /// in-flight data in it: what a checkpoint holding in-flight buffers does was not observed.
    ObservedWithoutInFlight,
    /// Flink's documentation; not observed here.
    Documented,
}

/// One cell of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub yes: bool,
    /// False where it works today but Flink does not promise it will (its table's "!"): the
    /// State Processor API reading a native savepoint or an aligned checkpoint.
    pub guaranteed: bool,
    pub source: Source,
}

impl Cell {
    /// "yes", "no", or "works, not guaranteed".
    pub fn answer(self) -> &'static str {
        match (self.yes, self.guaranteed) {
            (false, _) => "no",
            (true, true) => "yes",
            (true, false) => "works, not guaranteed",
        }
    }
}

impl SnapshotKind {
    pub const ALL: [SnapshotKind; 4] = [
        SnapshotKind::CanonicalSavepoint,
        SnapshotKind::NativeSavepoint,
        SnapshotKind::AlignedCheckpoint,
        SnapshotKind::UnalignedCheckpoint,
    ];

    /// The URL's word (`snapshot=`).
    pub fn slug(self) -> &'static str {
        match self {
            SnapshotKind::CanonicalSavepoint => "canonical",
            SnapshotKind::NativeSavepoint => "native",
            SnapshotKind::AlignedCheckpoint => "checkpoint",
            SnapshotKind::UnalignedCheckpoint => "unaligned",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            SnapshotKind::CanonicalSavepoint => "canonical savepoint",
            SnapshotKind::NativeSavepoint => "native savepoint",
            SnapshotKind::AlignedCheckpoint => "retained checkpoint (aligned)",
            SnapshotKind::UnalignedCheckpoint => "retained checkpoint (unaligned)",
        }
    }

    /// What the table says of this kind and operation.
    pub fn can(self, op: Operation) -> Cell {
        use Operation::*;
        use SnapshotKind::*;
        let observed = |yes| Cell { yes, guaranteed: true, source: Source::Observed };
        let documented = |yes| Cell { yes, guaranteed: true, source: Source::Documented };
        match (op, self) {
            // Restored at 3 from snapshots taken at 2: every key's count came back. The unaligned
            // checkpoint was taken with the input frozen: it held no in-flight data.
            (ChangeParallelism, UnalignedCheckpoint) => {
                Cell { source: Source::ObservedWithoutInFlight, ..observed(true) }
            }
            (ChangeParallelism, _) => observed(true),
            // hashmap -> rocksdb worked from the canonical savepoint; the others were refused.
            (ChangeBackend, CanonicalSavepoint) => observed(true),
            (ChangeBackend, _) => observed(false),
            (StateProcessorRead, UnalignedCheckpoint) => documented(false),
            // Flink's table marks these "!": they work, but support is not promised.
            (StateProcessorRead, NativeSavepoint | AlignedCheckpoint) => Cell { guaranteed: false, ..documented(true) },
            (StateProcessorRead, CanonicalSavepoint) => documented(true),
            // CLAIM: the canonical savepoint and the aligned checkpoint were deleted once the
            // restored job had checkpointed; NO_CLAIM: both stayed.
            (ClaimDeletes, CanonicalSavepoint | AlignedCheckpoint) => observed(true),
            (ClaimDeletes, _) => documented(true),
            (NoClaimKeeps, CanonicalSavepoint | AlignedCheckpoint) => observed(true),
            (NoClaimKeeps, _) => documented(true),
        }
    }
}

crate::choice::choice_value!(SnapshotKind, title);

impl Operation {
    pub const ALL: [Operation; 5] = [
        Operation::ChangeParallelism,
        Operation::ChangeBackend,
        Operation::StateProcessorRead,
        Operation::ClaimDeletes,
        Operation::NoClaimKeeps,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Operation::ChangeParallelism => "Restore at another parallelism",
            Operation::ChangeBackend => "Restore with another state backend",
            Operation::StateProcessorRead => "Read (and so rewrite) with the State Processor API",
            Operation::ClaimDeletes => "CLAIM: Flink takes it over and deletes it later",
            Operation::NoClaimKeeps => "NO_CLAIM: it stays yours, never deleted",
        }
    }
}

impl Operation {
    /// The CSV's word for it.
    pub fn slug(self) -> &'static str {
        match self {
            Operation::ChangeParallelism => "change_parallelism",
            Operation::ChangeBackend => "change_backend",
            Operation::StateProcessorRead => "state_processor_read",
            Operation::ClaimDeletes => "claim_deletes",
            Operation::NoClaimKeeps => "no_claim_keeps",
        }
    }
}

/// The table as `snapshot-kinds.csv`: `snapshot,operation,allowed,source,guaranteed`, one row
/// per cell (`guaranteed` is `no` where it works without Flink's promise).
pub fn snapshot_kinds_csv() -> String {
    let mut out = String::from("snapshot,operation,allowed,source,guaranteed\n");
    for k in SnapshotKind::ALL {
        for op in Operation::ALL {
            let c = k.can(op);
            let source = match c.source {
                Source::Observed => "observed",
                Source::ObservedWithoutInFlight => "observed_without_in_flight_data",
                Source::Documented => "documented",
            };
            let yes_no = |b: bool| if b { "yes" } else { "no" };
            out.push_str(&format!("{},{},{},{source},{}\n", k.slug(), op.slug(), yes_no(c.yes), yes_no(c.guaranteed)));
        }
    }
    out
}

/// One thing the plan asks of a snapshot, and whether the table allows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Need {
    pub step: &'static str,
    pub kind: SnapshotKind,
    pub op: Operation,
    pub cell: Cell,
}

/// What the plan asks of which snapshot, for a job whose latest snapshots are of kind `have`.
/// A job that is down and restored straight at the target restarts from its own latest
/// snapshot (at another parallelism, in NO_CLAIM mode); every other route takes its own
/// canonical savepoint before it relies on one, so a job with only retained checkpoints (seed
/// 004's) is never told to rewrite or switch backends from them.
pub fn plan_needs(verdict: Verdict, have: SnapshotKind, job: JobStatus) -> Vec<Need> {
    let need = |step, kind: SnapshotKind, op| Need { step, kind, op, cell: kind.can(op) };
    let canonical = SnapshotKind::CanonicalSavepoint;
    if job == JobStatus::Down && verdict == Verdict::DirectRestore {
        return vec![
            need("the job is down: restart from its latest snapshot at the target", have, Operation::ChangeParallelism),
            need("restart in NO_CLAIM mode: that snapshot stays a rollback point", have, Operation::NoClaimKeeps),
        ];
    }
    let mut needs = vec![];
    if have != canonical {
        needs.push(need("the job's own snapshots are not used for the move", have, Operation::NoClaimKeeps));
    }
    match verdict {
        Verdict::DirectRestore => {
            needs.push(need(
                "stop with a canonical savepoint, restart at the target",
                canonical,
                Operation::ChangeParallelism,
            ));
            needs.push(need(
                "restart in NO_CLAIM mode: the stop savepoint stays a rollback point",
                canonical,
                Operation::NoClaimKeeps,
            ));
        }
        Verdict::RewriteNeeded => {
            needs.push(need("take a canonical savepoint and rewrite it", canonical, Operation::StateProcessorRead));
            needs.push(need(
                "start the shadow and the new job from the rewritten savepoint at the target",
                canonical,
                Operation::ChangeParallelism,
            ));
            needs.push(need("start them in NO_CLAIM mode", canonical, Operation::NoClaimKeeps));
        }
        Verdict::RebuildFromLog => {
            needs.push(need(
                "the rebuilt job's own savepoint, restarted on the live sinks",
                canonical,
                Operation::NoClaimKeeps,
            ));
        }
    }
    needs
}

#[cfg(test)]
mod tests;
