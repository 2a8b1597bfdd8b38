//! The first checkpoint's timeout and the heap backend's checkpoints, held against Flink 2.3.0's
//! reports (`tests/flink-first-checkpoint`, `tests/flink-config-keys`, `tests/flink-cancel-retention`).

use super::*;

use crate::observed::{CANCEL_RETENTION as CANCEL, CONFIG_KEYS_2_3 as KEYS, FIRST_CHECKPOINT as OBSERVED};

/// The retention the restart asks for is the one whose cancel left a checkpoint; the default
/// and DELETE_ON_CANCELLATION left none, as the sentence says.
#[test]
fn only_retain_on_cancellation_leaves_a_checkpoint_after_a_cancel() {
    assert!(CANCEL.starts_with("Flink version: 2.3.0"));
    for (retention, leaves) in [
        ("not set (the default)", "no checkpoint on disk"),
        ("RETAIN_ON_CANCELLATION", "its latest checkpoint on disk"),
        ("DELETE_ON_CANCELLATION", "no checkpoint on disk"),
    ] {
        assert!(CANCEL.contains(&format!("retention {retention}: a cancelled job leaves {leaves}\n")), "{retention}");
    }
    assert!(CANCEL.contains("retention not set (the default):   before the cancel: 1 checkpoint(s) on disk"));
    assert!(KEYS.contains("option execution.checkpointing.externalized-checkpoint-retention | CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION |  | NO_EXTERNALIZED_CHECKPOINTS"));
    assert!(CANCEL_KEEPS.contains("RETAIN_ON_CANCELLATION, set when it was started"));
    assert!(CANCEL_KEEPS.contains("NO_EXTERNALIZED_CHECKPOINTS), or DELETE_ON_CANCELLATION, a cancel deletes"));
}

fn line(label: &str) -> &'static str {
    OBSERVED.lines().find(|l| l.starts_with(&format!("{label} "))).unwrap_or_else(|| panic!("no line {label}"))
}

/// The heap backend's steady checkpoints were full, the key for incremental ones set or
/// not, and incremental with the changelog state backend, as the sentences say.
#[test]
fn heap_checkpoints_are_full_and_changelog_ones_incremental_as_observed() {
    for (label, kind) in [("F1", "full"), ("F2", "full"), ("F3", "incremental")] {
        assert!(line(label).ends_with(&format!("into the hot phase: {kind}, {kind}, {kind}")), "{}", line(label));
    }
    assert!(line("F2").contains("hashmap, execution.checkpointing.incremental=true"));
    assert!(line("F3").contains("hashmap + changelog (state.changelog.enabled=true)"));
    assert!(OBSERVED.contains("F3's cluster: state.changelog.storage=filesystem, dstl.dfs.base-path=<work>/changelog; changelog files written there: yes"));
    // Where the sentences send the operator to tell whether the changelog is on: the REST
    // API's checkpoint configuration said so of each job, off and on.
    for (label, on) in [("F1", false), ("F3", true)] {
        assert!(OBSERVED.contains(&format!(
            "   {label} GET /jobs/:id/checkpoints/config (the job running): state_changelog_enabled={on};"
        )));
    }
    assert!(after_the_cutover(Backend::HashMap).contains("with execution.checkpointing.incremental set or not"));
    assert!(after_the_cutover(Backend::HashMap)
        .contains("with the changelog state backend on only the changes, observed too), and every savepoint of it is bound by the same timeout"));
    assert!(savepoint_check(13_981, Backend::HashMap, true)
        .unwrap()
        .contains("(observed in Flink 2.3.0, tests/flink-first-checkpoint"));
    assert!(savepoint_check(13_981, Backend::HashMap, true)
        .unwrap()
        .contains("Not with the changelog state backend on (state.changelog.enabled: true; GET /jobs/<job-id>/checkpoints/config returns \"state_changelog_enabled\": true): its checkpoints upload only the changes (observed too), so its timeout says nothing of a full pass, and this plan, made for a heap job without it, does not restart it first"));
    assert!(restarted_to_raise(Backend::RocksDb) && !restarted_to_raise(Backend::HashMap));
}

#[test]
fn the_first_checkpoint_is_as_observed() {
    for (label, restored) in
        [("B", Restored::CheckpointNoClaim), ("C", Restored::CheckpointClaim), ("D", Restored::CanonicalSavepoint)]
    {
        let want = if first_checkpoint_is_full(restored) { "full" } else { "incremental" };
        assert!(line(label).contains(&format!("first checkpoint: {want}; second: incremental")), "{}", line(label));
    }
    // The steady checkpoint the comparison starts from was incremental.
    assert!(line("A").ends_with("a steady checkpoint: incremental"));
}

#[test]
fn a_checkpoint_past_its_timeout_fails_the_job_over_only_at_the_defaults() {
    let e1 = line("E1");
    assert!(e1.contains("tolerable-failed-checkpoints=(default)") && e1.contains("RESTARTING; failures 2 or more"));
    assert!(e1.contains("checkpoints completed 0"));
    assert!(OBSERVED.contains("first failure: org.apache.flink.util.FlinkRuntimeException: Exceeded checkpoint tolerable failure threshold. The latest checkpoint failed due to Checkpoint expired before completing."));
    // A savepoint is bound by the checkpoint timeout too.
    assert!(line("E4").ends_with(
        "failed: org.apache.flink.runtime.checkpoint.CheckpointException: Checkpoint expired before completing."
    ));
    assert_eq!(savepoint_check(DEFAULT_TIMEOUT_S, Backend::RocksDb, true), None);
    let check = savepoint_check(13_981, Backend::RocksDb, true).unwrap();
    assert!(check.contains("takes about 3 h 53 min") && check.contains("at least 467 min (7 h 47 min)"), "{check}");
    // A running heap job checkpoints its whole state each time: its timeout lets that pass
    // already, so no restart is asked for, only a check.
    let heap = savepoint_check(13_981, Backend::HashMap, true).unwrap();
    assert!(heap.contains("already runs with a timeout above that"), "{heap}");
    assert!(heap.contains("or it is below 467 min (7 h 47 min), restart it with that timeout first"), "{heap}");
    assert!(savepoint_check(13_981, Backend::HashMap, false)
        .unwrap()
        .contains("the plan's first step restarts or brings back the job"));
    // Tolerated failures, or a timeout longer than the checkpoint: the job keeps running.
    assert!(line("E2").contains("RUNNING; failures 0"));
    assert!(line("E3").contains("RUNNING; failures 0; checkpoints completed 1 or more"));
}

#[test]
fn the_defaults_are_the_jars() {
    assert!(
        KEYS.contains("option execution.checkpointing.timeout | CheckpointingOptions.CHECKPOINTING_TIMEOUT |  | PT10M")
    );
    assert_eq!(DEFAULT_TIMEOUT_S, 10 * 60);
    assert!(KEYS.contains(&format!(
        "option execution.checkpointing.tolerable-failed-checkpoints | CheckpointingOptions.TOLERABLE_FAILURE_NUMBER |  | {DEFAULT_TOLERABLE}"
    )));
}

#[test]
fn the_cutover_timeout_is_twice_the_estimate_in_whole_minutes() {
    // (full checkpoint seconds, timeout seconds, as configuration, as every sentence says it:
    // with hours from an hour on, so the heap check and the cutover's say one value alike)
    for (full, timeout, text, said) in [
        (0, 600, "10 min", "10 min"),
        (100, 600, "10 min", "10 min"),
        (301, 660, "11 min", "11 min"),
        (1770, 3540, "59 min", "59 min"),
        (1800, 3600, "60 min", "60 min (1 h)"),
        (13_981, 28_020, "467 min", "467 min (7 h 47 min)"),
        // The largest: the fuzz target found the sentence's hours overflowing there.
        (u64::MAX, u64::MAX, "307445734561825861 min", "307445734561825861 min (5124095576030431 h)"),
    ] {
        assert_eq!(cutover_timeout_s(full), timeout, "{full}");
        assert_eq!(config_minutes(timeout), text);
        assert_eq!(timeout_value(timeout), said);
    }
    assert!(timeout_check(13_981, Backend::RocksDb)
        .unwrap()
        .contains("(about 3 h 53 min). Flink's defaults give a checkpoint 10 min and tolerate no failed one: it would expire, the job would fail over and restore again, in a loop. Raise execution.checkpointing.timeout to twice that, in whole minutes, 467 min (7 h 47 min), and execution.checkpointing.tolerable-failed-checkpoints to 3"));
    // Flink reads the runbook's minutes as minutes (observed).
    assert!(OBSERVED.contains(
        "execution.checkpointing.timeout: 467 min -> PT7H47M; execution.checkpointing.tolerable-failed-checkpoints: 3 -> 3"
    ));
}

/// A first checkpoint that fits the default timeout twice over needs no raised key: the
/// observed job with a checkpoint of 3 s under a 10 s timeout, at the default tolerance, ran
/// on (E3); only one past its timeout failed over (E1). Above 5 min the margin is gone.
#[test]
fn the_keys_are_raised_only_when_the_checkpoint_needs_it() {
    let e3 = line("E3");
    assert!(e3.contains("timeout=10 s") && e3.contains("tolerable-failed-checkpoints=(default)"), "{e3}");
    assert!(e3.contains("RUNNING; failures 0"), "{e3}");
    for (full, raised) in [(0, false), (3, false), (300, false), (301, true), (600, true), (13_981, true)] {
        assert_eq!((needs_raise(full), timeout_check(full, Backend::RocksDb).is_some()), (raised, raised), "{full}");
    }
    assert!(timeout_check(360, Backend::RocksDb).unwrap().contains("about 6 min). Flink's defaults give a checkpoint 10 min and tolerate no failed one: an upload only a little slower"));
    assert!(timeout_check(601, Backend::RocksDb).unwrap().contains("no failed one: it would expire"));
    // After the cutover: RocksDB's checkpoints are incremental again, the heap backend's are
    // all full, so its keys stay raised.
    for (backend, after) in [
        (Backend::RocksDb, "afterwards set them back at the next planned restart (the defaults: 10 min and 0)"),
        (Backend::HashMap, "afterwards keep them raised: every checkpoint of the heap backend uploads the whole state"),
    ] {
        let check = timeout_check(13_981, backend).unwrap();
        assert!(check.contains(after), "{backend:?}: {check}");
    }
}
