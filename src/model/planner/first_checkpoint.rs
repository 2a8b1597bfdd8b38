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
/// incremental, so the defaults suit them again; the heap backend's are all full (observed:
/// F1, F2 of `tests/flink-first-checkpoint`), so the keys stay raised. With the changelog state
/// backend its checkpoints were incremental (F3), but every savepoint of it is still a full pass
/// bound by the same timeout, so they stay raised then too.
pub fn after_the_cutover(backend: Backend) -> &'static str {
    match backend {
        Backend::RocksDb => "set them back at the next planned restart",
        Backend::HashMap => HEAP_FULL_AFTER,
    }
}

/// Where the heap backend's checkpoints were seen to be full, and the changelog's incremental.
const HEAP_OBSERVED: &str = "tests/flink-first-checkpoint: every steady checkpoint of the heap backend uploaded the whole state, with execution.checkpointing.incremental set or not";

/// The heap backend's keys after the cutover, with why (observed in Flink 2.3.0).
pub const HEAP_FULL_AFTER: &str = "keep them raised: every checkpoint of the heap backend uploads the whole state (observed in Flink 2.3.0, with execution.checkpointing.incremental set or not; with the changelog state backend on only the changes, observed too), and every savepoint of it is bound by the same timeout";

/// [`after_the_cutover`] as a sentence: "Set them back at the next planned restart".
pub fn after_the_cutover_sentence(backend: Backend) -> String {
    let phrase = after_the_cutover(backend);
    // The lab's own English: ASCII, so no Unicode case tables (www/e2e/code-size.spec.js).
    phrase[..1].to_ascii_uppercase() + &phrase[1..]
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

/// A timeout to set, in prose: as the configuration writes it, and from an hour on also in
/// hours (`467 min (7 h 47 min)`), so one value reads the same in every sentence that names it.
pub fn timeout_value(seconds: u64) -> String {
    match seconds >= 3600 {
        true => format!("{} ({})", config_minutes(seconds), format_duration(seconds.div_ceil(60).saturating_mul(60))),
        false => config_minutes(seconds),
    }
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
        "The first checkpoint after the restore uploads the whole state ({}). Flink's defaults give a checkpoint {} and tolerate no failed one: {consequence}. Raise execution.checkpointing.timeout to twice that, in whole minutes, {}, and execution.checkpointing.tolerable-failed-checkpoints to {CUTOVER_TOLERABLE} for the cutover; afterwards {} (the defaults: {} and {DEFAULT_TOLERABLE}).",
        about(full_checkpoint_s),
        format_duration(DEFAULT_TIMEOUT_S),
        timeout_value(cutover_timeout_s(full_checkpoint_s)),
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
/// default. A heap job's every checkpoint is full (observed, [`HEAP_FULL_AFTER`]): one that
/// checkpoints at all already runs with a timeout that a full pass fits in.
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
            "A savepoint of this job takes about {}, past Flink's default checkpoint timeout ({}), which a savepoint is bound by too: past it the savepoint fails (\"Checkpoint expired before completing.\"). With the heap backend each checkpoint uploads the whole state as well (observed in Flink 2.3.0, {HEAP_OBSERVED}), so a job whose checkpoints complete already runs with a timeout above that, and its savepoint, as long, fits it. Not with the changelog state backend on (state.changelog.enabled: true; GET /jobs/<job-id>/checkpoints/config returns \"state_changelog_enabled\": true): its checkpoints upload only the changes (observed too), so its timeout says nothing of a full pass, and this plan, made for a heap job without it, does not restart it first: do so as below before the first savepoint, which adds that restore to the outage. Compare the duration of its latest checkpoints (the web UI's checkpoint history, or GET /jobs/<job-id>/checkpoints) with its execution.checkpointing.timeout: where they come close to it, or it is below {}, restart it with that timeout first, as the plan would a RocksDB job: {}",
            format_duration(savepoint_s),
            format_duration(DEFAULT_TIMEOUT_S),
            timeout_value(cutover_timeout_s(savepoint_s)),
            "cancel it, only if it keeps its checkpoints when cancelled (RETAIN_ON_CANCELLATION), and start it from its latest checkpoint at its old parallelism with that timeout.",
        ));
    }
    savepoint_outlasts_default(savepoint_s).then(|| {
        format!(
            "A savepoint of this job takes about {}, and Flink lets a savepoint run no longer than execution.checkpointing.timeout ({} by default): past it the savepoint fails (\"Checkpoint expired before completing.\"). Run the job with a timeout of at least {} before the plan's first savepoint (the plan's first step restarts or brings back the job with it), and keep it until the cutover.",
            format_duration(savepoint_s),
            format_duration(DEFAULT_TIMEOUT_S),
            timeout_value(cutover_timeout_s(savepoint_s)),
        )
    })
}

#[cfg(test)]
#[path = "first_checkpoint_tests.rs"]
mod tests;
