//! The first checkpoint after a restore, and the two keys that decide whether a slow one is
//! survived. Observed in Flink 2.3.0 (`tests/flink-first-checkpoint`, RocksDB, incremental):
//! after a NO_CLAIM restore of a retained checkpoint, and after a restore of a canonical
//! savepoint at another parallelism, the first checkpoint uploads every byte of the state
//! (full); after a CLAIM restore it is incremental. A canonical stop savepoint restored at the
//! same parallelism gave a full one too (`tests/flink-runbook`, the stop-savepoint route). A checkpoint that outlives
//! `execution.checkpointing.timeout` expires, and with `tolerable-failed-checkpoints` at its
//! default of 0 the job fails over and restores again, over and over (observed: RESTARTING,
//! "Exceeded checkpoint tolerable failure threshold"); a longer timeout, or tolerated failures,
//! keep it running. Defaults as the 2.3.0 jar states them (`tests/flink-config-keys`).

use super::format_duration;
use crate::trace::Backend;

/// What to do with the raised keys after the cutover: RocksDB's later checkpoints are
/// incremental, so the defaults suit them again; the heap backend's are all full (it has no
/// incremental checkpoints, by Flink's documentation of its state backends; not observed here),
/// so the keys stay raised.
pub fn after_the_cutover(backend: Backend) -> &'static str {
    match backend {
        Backend::RocksDb => "set them back at the next planned restart",
        Backend::HashMap => "keep them raised: the heap backend has no incremental checkpoints, by Flink's documentation of its state backends (not observed here), so every checkpoint uploads the whole state",
    }
}

/// [`after_the_cutover`] as a sentence: "Set them back at the next planned restart".
pub fn after_the_cutover_sentence(backend: Backend) -> String {
    let phrase = after_the_cutover(backend);
    phrase[..1].to_uppercase() + &phrase[1..]
}

/// How the job was restored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restored {
    /// A retained checkpoint, NO_CLAIM (the lab's runbooks always restore this way).
    CheckpointNoClaim,
    /// A retained checkpoint, CLAIM.
    CheckpointClaim,
    /// A canonical savepoint (observed at another parallelism, and at the same one).
    CanonicalSavepoint,
}

/// Whether the first checkpoint after that restore uploads the whole state (observed).
pub fn first_checkpoint_is_full(restored: Restored) -> bool {
    !matches!(restored, Restored::CheckpointClaim)
}

/// `execution.checkpointing.timeout`'s default: 10 minutes.
pub const DEFAULT_TIMEOUT_S: u64 = 600;
/// `execution.checkpointing.tolerable-failed-checkpoints`' default.
pub const DEFAULT_TOLERABLE: u32 = 0;
/// Failed checkpoints the cutover tolerates while the first full one is on its way.
pub const CUTOVER_TOLERABLE: u32 = 3;

/// The timeout a cutover needs: twice the first full checkpoint's estimate, in whole minutes,
/// never below the default.
pub fn cutover_timeout_s(full_checkpoint_s: u64) -> u64 {
    full_checkpoint_s.saturating_mul(2).div_ceil(60).saturating_mul(60).max(DEFAULT_TIMEOUT_S)
}

/// A duration as Flink's configuration writes one, in minutes (`480 min`).
pub fn config_minutes(seconds: u64) -> String {
    format!("{} min", seconds.div_ceil(60))
}

/// How long the first checkpoint takes, in words: `about 3 s`, or `under a second`.
pub fn about(full_checkpoint_s: u64) -> String {
    match full_checkpoint_s {
        0 => "under a second".to_string(),
        s => format!("about {}", format_duration(s)),
    }
}

/// Whether a cutover raises the two keys: when the first full checkpoint, twice over (the
/// margin [`cutover_timeout_s`] gives), would not fit the default timeout. A checkpoint well
/// inside it completes at the defaults (observed: E3, 3 s under a 10 s timeout, kept running).
pub fn needs_raise(full_checkpoint_s: u64) -> bool {
    cutover_timeout_s(full_checkpoint_s) > DEFAULT_TIMEOUT_S
}

/// Why the keys are raised, in a sentence for the plan's checks; `None` when they need not be.
pub fn timeout_check(full_checkpoint_s: u64, backend: Backend) -> Option<String> {
    if !needs_raise(full_checkpoint_s) {
        return None;
    }
    let consequence = if full_checkpoint_s > DEFAULT_TIMEOUT_S {
        "it would expire, the job would fail over and restore again, in a loop"
    } else {
        "an upload only a little slower than this estimate would expire it, and the job would fail over and restore again, in a loop"
    };
    Some(format!(
        "The first checkpoint after the restore uploads the whole state ({}). Flink's defaults give a checkpoint {} and tolerate no failed one: {consequence}. Raise execution.checkpointing.timeout to {} and execution.checkpointing.tolerable-failed-checkpoints to {CUTOVER_TOLERABLE} for the cutover; afterwards {} (the defaults: {} and {DEFAULT_TOLERABLE}).",
        about(full_checkpoint_s),
        format_duration(DEFAULT_TIMEOUT_S),
        format_duration(cutover_timeout_s(full_checkpoint_s)),
        after_the_cutover(backend),
        config_minutes(DEFAULT_TIMEOUT_S),
    ))
}

/// A savepoint of `savepoint_s` outlasts the default checkpoint timeout: a running job must be
/// restarted with a longer one before the plan's first savepoint.
pub fn savepoint_outlasts_default(savepoint_s: u64) -> bool {
    savepoint_s > DEFAULT_TIMEOUT_S
}

/// Whether a running job of this backend may run at a timeout a full pass of its state outlasts,
/// and so must be restarted with a longer one first (before a savepoint, or an in-place rescale
/// whose first checkpoint is full): only with RocksDB, whose incremental checkpoints fit the
/// default. A heap job's every checkpoint is full, by Flink's documentation of its state
/// backends (not observed here): one that checkpoints at all already runs with a timeout that
/// a full pass fits in.
pub fn restarted_to_raise(backend: Backend) -> bool {
    backend == Backend::RocksDb
}

/// What a running job's restart with a longer timeout needs first: a cancel leaves its latest
/// checkpoint only with RETAIN_ON_CANCELLATION (observed: `tests/flink-cancel-retention`; with
/// the default, and with DELETE_ON_CANCELLATION, it was gone within seconds of CANCELED).
pub const CANCEL_KEEPS: &str = "Check before anything that it keeps its checkpoints when cancelled: execution.checkpointing.externalized-checkpoint-retention: RETAIN_ON_CANCELLATION, set when it was started. With Flink's default (NO_EXTERNALIZED_CHECKPOINTS), or DELETE_ON_CANCELLATION, a cancel deletes the job's checkpoint within seconds (observed in Flink 2.3.0: tests/flink-cancel-retention). If it does not keep them, do not cancel it: no savepoint of it completes at the default timeout, so no restart can keep its state.";

/// A savepoint is bound by the same timeout (observed: a savepoint past it failed with
/// "Checkpoint expired before completing."): the plan's savepoints of a running job need the
/// job to run with a longer one before they start. `None` when a savepoint fits the default.
/// A running heap job ([`restarted_to_raise`]) runs with one already: said so.
pub fn savepoint_check(savepoint_s: u64, backend: Backend, running: bool) -> Option<String> {
    if running && !restarted_to_raise(backend) && savepoint_outlasts_default(savepoint_s) {
        return Some(format!(
            "A savepoint of this job takes about {}, past Flink's default checkpoint timeout ({}), which a savepoint is bound by too: past it the savepoint fails (\"Checkpoint expired before completing.\"). With the heap backend each checkpoint uploads the whole state as well (by Flink's documentation of its state backends; not observed here), so a job whose checkpoints complete already runs with a timeout above that, and its savepoint, as long, fits it. Compare the duration of its latest checkpoints (the web UI's checkpoint history, or GET /jobs/<job-id>/checkpoints) with its execution.checkpointing.timeout: where they come close to it, or it is below {}, restart it with {} first, as the plan would a RocksDB job: {}",
            format_duration(savepoint_s),
            format_duration(DEFAULT_TIMEOUT_S),
            config_minutes(cutover_timeout_s(savepoint_s)),
            config_minutes(cutover_timeout_s(savepoint_s)),
            "cancel it, only if it keeps its checkpoints when cancelled (RETAIN_ON_CANCELLATION), and start it from its latest checkpoint at its old parallelism with that timeout.",
        ));
    }
    savepoint_outlasts_default(savepoint_s).then(|| {
        format!(
            "A savepoint of this job takes about {}, and Flink lets a savepoint run no longer than execution.checkpointing.timeout ({} by default): past it the savepoint fails (\"Checkpoint expired before completing.\"). Run the job with a timeout of at least {} before the plan's first savepoint (the plan's first step restarts or brings back the job with it), and keep it until the cutover.",
            format_duration(savepoint_s),
            format_duration(DEFAULT_TIMEOUT_S),
            config_minutes(cutover_timeout_s(savepoint_s)),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OBSERVED: &str = include_str!("../../../tests/flink-first-checkpoint/observed-flink-2.3.0.txt");
    const KEYS: &str = include_str!("../../../tests/flink-config-keys/observed-flink-2.3.0.txt");
    const CANCEL: &str = include_str!("../../../tests/flink-cancel-retention/observed-flink-2.3.0.txt");

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
            assert!(
                CANCEL.contains(&format!("retention {retention}: a cancelled job leaves {leaves}\n")),
                "{retention}"
            );
        }
        assert!(CANCEL.contains("retention not set (the default):   before the cancel: 1 checkpoint(s) on disk"));
        assert!(KEYS.contains("option execution.checkpointing.externalized-checkpoint-retention | CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION |  | NO_EXTERNALIZED_CHECKPOINTS"));
        assert!(CANCEL_KEEPS.contains("RETAIN_ON_CANCELLATION, set when it was started"));
        assert!(CANCEL_KEEPS.contains("NO_EXTERNALIZED_CHECKPOINTS), or DELETE_ON_CANCELLATION, a cancel deletes"));
    }

    fn line(label: &str) -> &'static str {
        OBSERVED.lines().find(|l| l.starts_with(&format!("{label} "))).unwrap_or_else(|| panic!("no line {label}"))
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
        assert!(check.contains("takes about 3 h 53 min") && check.contains("at least 467 min"), "{check}");
        // A running heap job checkpoints its whole state each time: its timeout lets that pass
        // already, so no restart is asked for, only a check.
        let heap = savepoint_check(13_981, Backend::HashMap, true).unwrap();
        assert!(heap.contains("already runs with a timeout above that"), "{heap}");
        assert!(heap.contains("or it is below 467 min, restart it with 467 min first"), "{heap}");
        assert!(savepoint_check(13_981, Backend::HashMap, false)
            .unwrap()
            .contains("the plan's first step restarts or brings back the job"));
        // Tolerated failures, or a timeout longer than the checkpoint: the job keeps running.
        assert!(line("E2").contains("RUNNING; failures 0"));
        assert!(line("E3").contains("RUNNING; failures 0; checkpoints completed 1 or more"));
    }

    #[test]
    fn the_defaults_are_the_jars() {
        assert!(KEYS.contains(
            "option execution.checkpointing.timeout | CheckpointingOptions.CHECKPOINTING_TIMEOUT |  | PT10M"
        ));
        assert_eq!(DEFAULT_TIMEOUT_S, 10 * 60);
        assert!(KEYS.contains(&format!(
            "option execution.checkpointing.tolerable-failed-checkpoints | CheckpointingOptions.TOLERABLE_FAILURE_NUMBER |  | {DEFAULT_TOLERABLE}"
        )));
    }

    #[test]
    fn the_cutover_timeout_is_twice_the_estimate_in_whole_minutes() {
        // (full checkpoint seconds, timeout seconds, as configuration)
        for (full, timeout, text) in [
            (0, 600, "10 min"),
            (100, 600, "10 min"),
            (301, 660, "11 min"),
            (13_981, 28_020, "467 min"),
            (u64::MAX, u64::MAX, "307445734561825861 min"),
        ] {
            assert_eq!(cutover_timeout_s(full), timeout, "{full}");
            assert_eq!(config_minutes(timeout), text);
        }
        assert!(timeout_check(13_981, Backend::RocksDb)
            .unwrap()
            .contains("to 7 h 47 min and execution.checkpointing.tolerable-failed-checkpoints to 3"));
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
            assert_eq!(
                (needs_raise(full), timeout_check(full, Backend::RocksDb).is_some()),
                (raised, raised),
                "{full}"
            );
        }
        assert!(timeout_check(360, Backend::RocksDb).unwrap().contains("about 6 min). Flink's defaults give a checkpoint 10 min and tolerate no failed one: an upload only a little slower"));
        assert!(timeout_check(601, Backend::RocksDb).unwrap().contains("no failed one: it would expire"));
        // After the cutover: RocksDB's checkpoints are incremental again, the heap backend's are
        // all full, so its keys stay raised.
        for (backend, after) in [
            (Backend::RocksDb, "afterwards set them back at the next planned restart (the defaults: 10 min and 0)"),
            (Backend::HashMap, "afterwards keep them raised: the heap backend has no incremental checkpoints"),
        ] {
            let check = timeout_check(13_981, backend).unwrap();
            assert!(check.contains(after), "{backend:?}: {check}");
        }
    }
}
