//! Which snapshot can do what: canonical savepoint, native savepoint, retained aligned
//! checkpoint, retained unaligned checkpoint, against the operations a rescale needs (another
//! parallelism, another state backend, read by the State Processor API, restored in CLAIM or
//! NO_CLAIM mode). Each cell says where it comes from: an observation of Flink 2.3.0 in a
//! MiniCluster (`tests/flink-snapshot-kinds/observed-flink-2.3.0.txt`, held by the table test)
//! or, where nothing was observed, Flink's documentation ("Checkpoints vs. Savepoints"). Then
//! the plan is checked against the table: what each route asks of which snapshot.

use super::Verdict;

/// A kind of snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SnapshotKind {
    CanonicalSavepoint,
    NativeSavepoint,
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
    /// Flink's documentation; not observed here.
    Documented,
}

/// One cell of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub yes: bool,
    pub source: Source,
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

    pub fn from_slug(slug: &str) -> Option<SnapshotKind> {
        SnapshotKind::ALL.into_iter().find(|k| k.slug() == slug)
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
        let observed = |yes| Cell { yes, source: Source::Observed };
        let documented = |yes| Cell { yes, source: Source::Documented };
        match (op, self) {
            // Restored at 3 from snapshots taken at 2: every key's count came back.
            (ChangeParallelism, _) => observed(true),
            // hashmap -> rocksdb worked from the canonical savepoint; the others were refused.
            (ChangeBackend, CanonicalSavepoint) => observed(true),
            (ChangeBackend, _) => observed(false),
            (StateProcessorRead, UnalignedCheckpoint) => documented(false),
            (StateProcessorRead, _) => documented(true),
            // CLAIM: the canonical savepoint and the aligned checkpoint were deleted once the
            // restored job had checkpointed; NO_CLAIM: both stayed.
            (ClaimDeletes, CanonicalSavepoint | AlignedCheckpoint) => observed(true),
            (ClaimDeletes, _) => documented(true),
            (NoClaimKeeps, CanonicalSavepoint | AlignedCheckpoint) => observed(true),
            (NoClaimKeeps, _) => documented(true),
        }
    }
}

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

/// The table as `snapshot-kinds.csv`: `snapshot,operation,allowed,source`, one row per cell.
pub fn snapshot_kinds_csv() -> String {
    let mut out = String::from("snapshot,operation,allowed,source\n");
    for k in SnapshotKind::ALL {
        for op in Operation::ALL {
            let c = k.can(op);
            let source = match c.source {
                Source::Observed => "observed",
                Source::Documented => "documented",
            };
            out.push_str(&format!("{},{},{},{source}\n", k.slug(), op.slug(), if c.yes { "yes" } else { "no" }));
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
/// Every route takes its own canonical savepoint before it relies on one, so a job with only
/// retained checkpoints (seed 004's) is never told to rewrite or switch backends from them.
pub fn plan_needs(verdict: Verdict, have: SnapshotKind) -> Vec<Need> {
    let need = |step, kind: SnapshotKind, op| Need { step, kind, op, cell: kind.can(op) };
    let canonical = SnapshotKind::CanonicalSavepoint;
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
mod tests {
    use super::*;

    const OBSERVED: &str = include_str!("../../../tests/flink-snapshot-kinds/observed-flink-2.3.0.txt");

    /// The summary line of one restore: `<kind> (<backend>) -> <backend> at p=3, <MODE>: <verdict>`.
    fn summary(prefix: &str) -> &'static str {
        let summary = OBSERVED.split("==== SUMMARY ====").nth(1).unwrap_or("");
        summary.lines().find(|l| l.starts_with(prefix)).map(|l| l.rsplit(": ").next().unwrap()).unwrap_or("")
    }

    fn prefix(kind: SnapshotKind) -> &'static str {
        match kind {
            SnapshotKind::CanonicalSavepoint => "canonical savepoint (hashmap)",
            SnapshotKind::NativeSavepoint => "native savepoint (rocksdb)",
            SnapshotKind::AlignedCheckpoint => "retained aligned checkpoint (rocksdb)",
            SnapshotKind::UnalignedCheckpoint => "retained unaligned checkpoint (hashmap)",
        }
    }

    fn other(backend: &str) -> &str {
        if backend == "hashmap" {
            "rocksdb"
        } else {
            "hashmap"
        }
    }

    /// Every observed cell is what Flink 2.3.0 did.
    #[test]
    fn observed_cells_hold() {
        assert!(OBSERVED.starts_with("Flink version: 2.3.0"));
        for kind in SnapshotKind::ALL {
            let p = prefix(kind);
            let backend = p.split('(').nth(1).unwrap().trim_end_matches(')');
            let same = summary(&format!("{p} -> {backend} at p=3, NO_CLAIM"));
            assert_eq!(same, "restored", "{kind:?}");
            assert_eq!(kind.can(Operation::ChangeParallelism), Cell { yes: true, source: Source::Observed });
            let switched = summary(&format!("{p} -> {} at p=3, NO_CLAIM", other(backend)));
            let cell = kind.can(Operation::ChangeBackend);
            assert_eq!(cell.source, Source::Observed);
            assert_eq!(switched == "restored", cell.yes, "{kind:?}: {switched}");
            assert_eq!(switched == "refused", !cell.yes, "{kind:?}: {switched}");
        }
        let line_of = |kind: &str, mode: &str| {
            OBSERVED.lines().find(|l| l.starts_with(kind) && l.contains(&format!(", {mode}: "))).unwrap_or("")
        };
        assert!(line_of("canonical savepoint (second)", "CLAIM").ends_with("snapshot deleted"));
        assert!(line_of("retained aligned checkpoint (second)", "CLAIM").ends_with("snapshot deleted"));
        assert!(line_of("canonical savepoint (third)", "NO_CLAIM").ends_with("snapshot kept"));
        assert!(line_of("retained aligned checkpoint (third)", "NO_CLAIM").ends_with("snapshot kept"));
        for (kind, op) in [
            (SnapshotKind::CanonicalSavepoint, Operation::ClaimDeletes),
            (SnapshotKind::AlignedCheckpoint, Operation::ClaimDeletes),
            (SnapshotKind::AlignedCheckpoint, Operation::NoClaimKeeps),
            (SnapshotKind::CanonicalSavepoint, Operation::NoClaimKeeps),
        ] {
            assert_eq!(kind.can(op).source, Source::Observed, "{kind:?} {op:?}");
        }
        assert!(OBSERVED.contains("Unexpected state handle type"));
    }

    /// The plan never asks a snapshot for what the table refuses, whatever the job keeps.
    #[test]
    fn plans_ask_only_what_the_table_allows() {
        for v in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog] {
            for have in SnapshotKind::ALL {
                let needs = plan_needs(v, have);
                assert!(!needs.is_empty());
                for n in &needs {
                    assert!(n.cell.yes, "{v:?} {have:?}: {} asks {:?} of {:?}", n.step, n.op, n.kind);
                    assert!(n.kind == have || n.kind == SnapshotKind::CanonicalSavepoint);
                }
                // Nothing is ever rewritten or switched from a retained checkpoint.
                assert!(!needs.iter().any(|n| n.kind != SnapshotKind::CanonicalSavepoint
                    && matches!(n.op, Operation::StateProcessorRead | Operation::ChangeBackend)));
            }
        }
        // Seed 004: only retained checkpoints, a rewrite.
        let seed = plan_needs(Verdict::RewriteNeeded, SnapshotKind::AlignedCheckpoint);
        assert_eq!(seed[0].kind, SnapshotKind::AlignedCheckpoint);
        assert!(seed
            .iter()
            .any(|n| n.op == Operation::StateProcessorRead && n.kind == SnapshotKind::CanonicalSavepoint));
        assert_eq!(SnapshotKind::from_slug("checkpoint"), Some(SnapshotKind::AlignedCheckpoint));
        assert!(!SnapshotKind::UnalignedCheckpoint.can(Operation::StateProcessorRead).yes);
    }

    #[test]
    fn csv_has_a_row_per_cell() {
        let csv = snapshot_kinds_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 1 + 4 * 5);
        assert_eq!(lines[0], "snapshot,operation,allowed,source");
        assert!(lines.contains(&"native,change_backend,no,observed"));
        assert!(lines.contains(&"unaligned,state_processor_read,no,documented"));
        assert!(csv.ends_with('\n'));
    }
}
