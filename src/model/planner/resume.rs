//! What a job that is down restarts from: its latest snapshot, of the kind the planner's "The
//! job's latest snapshots" names. The plan of such a job names that snapshot in its steps, the
//! runbook's paths and the time estimate, so a job whose latest snapshots are savepoints is not
//! told to restore from a retained checkpoint it may not have, and the reverse.

use super::snapshot_kinds::SnapshotKind;

impl SnapshotKind {
    pub fn is_savepoint(self) -> bool {
        matches!(self, SnapshotKind::CanonicalSavepoint | SnapshotKind::NativeSavepoint)
    }

    /// The latest snapshot of this kind, as a step names it: "latest retained checkpoint".
    pub fn latest(self) -> &'static str {
        match self {
            SnapshotKind::CanonicalSavepoint => "latest canonical savepoint",
            SnapshotKind::NativeSavepoint => "latest native savepoint",
            SnapshotKind::AlignedCheckpoint | SnapshotKind::UnalignedCheckpoint => "latest retained checkpoint",
        }
    }

    /// The same with its article: what the new job's sources resume from.
    pub fn the_latest(self) -> &'static str {
        match self {
            SnapshotKind::CanonicalSavepoint => "the latest canonical savepoint",
            SnapshotKind::NativeSavepoint => "the latest native savepoint",
            SnapshotKind::AlignedCheckpoint | SnapshotKind::UnalignedCheckpoint => "the latest retained checkpoint",
        }
    }

    /// The timeline's phase that brings a job that is down back at its old parallelism.
    pub fn bring_back(self) -> &'static str {
        match self {
            SnapshotKind::CanonicalSavepoint => {
                "restore the stopped job now from its latest canonical savepoint, at its old parallelism (NO_CLAIM)"
            }
            SnapshotKind::NativeSavepoint => {
                "restore the stopped job now from its latest native savepoint, at its old parallelism (NO_CLAIM)"
            }
            SnapshotKind::AlignedCheckpoint | SnapshotKind::UnalignedCheckpoint => {
                "restore the stopped job now from its latest retained checkpoint, at its old parallelism (NO_CLAIM)"
            }
        }
    }

    /// "checkpoint" or "savepoint": what a step calls it the second time.
    pub fn short(self) -> &'static str {
        if self.is_savepoint() {
            "savepoint"
        } else {
            "checkpoint"
        }
    }

    /// The runbook's placeholder for its path.
    pub fn latest_path(self) -> &'static str {
        if self.is_savepoint() {
            "<latest-savepoint-path>"
        } else {
            "<latest-checkpoint-path>"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SnapshotKind;

    #[test]
    fn each_kind_names_its_latest_snapshot_and_path() {
        for k in SnapshotKind::ALL {
            assert_eq!(k.the_latest(), format!("the {}", k.latest()));
            assert!(k.bring_back().contains(&format!("from its {},", k.latest())), "{}", k.bring_back());
        }
        let names: Vec<_> = SnapshotKind::ALL.iter().map(|k| (k.latest(), k.short(), k.latest_path())).collect();
        assert_eq!(
            names,
            [
                ("latest canonical savepoint", "savepoint", "<latest-savepoint-path>"),
                ("latest native savepoint", "savepoint", "<latest-savepoint-path>"),
                ("latest retained checkpoint", "checkpoint", "<latest-checkpoint-path>"),
                ("latest retained checkpoint", "checkpoint", "<latest-checkpoint-path>"),
            ]
        );
    }
}
