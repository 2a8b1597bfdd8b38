//! The plan's cautions that say what Flink does, held to the reports that saw it.

use super::*;
use crate::observed::{OPSTATE, SAVEPOINT_COMMITS, SNAPSHOT_KINDS};

/// A stop savepoint's transactions, committed by the stopped job, are committed again when the
/// new job restores from it (`tests/flink-savepoint-commits`, 4a).
#[test]
fn a_stop_savepoints_commits_come_again_as_observed() {
    assert!(
        STOP_WITH_SAVEPOINT.contains("commits that savepoint's transactions again when the new job restores from it")
    );
    assert!(STOP_WITH_SAVEPOINT.contains("the stopped job had committed each of them already"));
    let line = SAVEPOINT_COMMITS.lines().find(|l| l.starts_with("4a restore from stop-with-savepoint")).expect("4a");
    assert!(line.contains("committed at restore (initializeState): records"), "{line}");
    assert!(line.ends_with("each already committed by job A at the stop: yes"), "{line}");
    let stop =
        SAVEPOINT_COMMITS.lines().find(|l| l.contains("stop-with-savepoint 5 (Suspend Savepoint")).expect("the stop");
    assert!(stop.contains("commits from endInput: 0"), "{stop}");
}

/// NO_CLAIM kept the restored snapshot and CLAIM deleted it once the restored job had
/// checkpointed (`tests/flink-snapshot-kinds`); an unmatched operator's state is skipped with
/// --allowNonRestoredState (`tests/flink-opstate`).
#[test]
fn the_ownership_and_unmatched_state_cautions_as_observed() {
    let summary = SNAPSHOT_KINDS.split("==== SUMMARY ====").nth(1).expect("the summary");
    assert!(summary.contains(
        "retained aligned checkpoint (third) (rocksdb) -> rocksdb at p=3, NO_CLAIM: restored, snapshot kept"
    ));
    assert!(summary.contains(
        "retained aligned checkpoint (second) (rocksdb) -> rocksdb at p=3, CLAIM: restored, snapshot deleted"
    ));
    assert!(OPSTATE.contains("log: Skipping savepoint state for operator "));
    assert!(OPSTATE.contains("because the operator is not available in the new program"));
}
