//! The reports of real Flink that the table tests hold the labs to, each named once: a program
//! under `tests/flink-<what>/` ran Flink's own jars (or a standalone cluster) and its output was
//! committed as `observed-flink-<release>.txt`. Tests read a report by its name here, never by
//! path, so `tests/architecture.rs` can hold that every committed report is named here and that
//! every name here is read by some test. Constants only: nothing of them reaches the app's build
//! unless a test names one.

/// A committed report's text, by its folder under `tests/` and its file name.
macro_rules! report {
    ($dir:literal, $file:literal) => {
        include_str!(concat!("../../tests/", $dir, "/", $file))
    };
}

/// One report per release of a folder (`observed-flink-<version>.txt`), as (version, text).
macro_rules! per_release {
    ($dir:literal: $($version:literal),+) => {
        [$(($version, include_str!(concat!("../../tests/", $dir, "/observed-flink-", $version, ".txt")))),+]
    };
}

/// `tests/flink-restore/`: every restore case's outcome and Flink's message, in check order.
pub const RESTORE: &str = report!("flink-restore", "observed-flink-2.3.0.txt");

/// `tests/flink-adaptive/`: rescaling in place with the adaptive scheduler, per release
/// (version as the jar reports it, report), oldest first.
pub const ADAPTIVE: [(&str, &str); 7] =
    per_release!("flink-adaptive": "1.18.1", "1.19.3", "1.20.5", "2.0.2", "2.1.3", "2.2.1", "2.3.0");

/// `tests/flink-config-keys/`: each release's option keys, defaults, CLI options and REST calls,
/// oldest first (one per [`crate::planner::release::Release`], in its order).
pub const CONFIG_KEYS: [(&str, &str); 10] = per_release!(
    "flink-config-keys": "1.15.4", "1.16.3", "1.17.2", "1.18.1", "1.19.3", "1.20.5", "2.0.2", "2.1.3", "2.2.1", "2.3.0"
);

/// The newest release's options ([`CONFIG_KEYS`]' last).
pub const CONFIG_KEYS_2_3: &str = CONFIG_KEYS[9].1;

/// `tests/flink-first-checkpoint/`: the first checkpoint after a restore, its timeout and the
/// heap backend's checkpoint sizes.
pub const FIRST_CHECKPOINT: &str = report!("flink-first-checkpoint", "observed-flink-2.3.0.txt");

/// `tests/flink-cancel-retention/`: which retention leaves a checkpoint after a cancel.
pub const CANCEL_RETENTION: &str = report!("flink-cancel-retention", "observed-flink-2.3.0.txt");

/// `tests/flink-checkpoints-during-savepoint/`: whether checkpoints start while a savepoint is
/// pending.
pub const CHECKPOINTS_DURING_SAVEPOINT: &str =
    report!("flink-checkpoints-during-savepoint", "observed-flink-2.3.0.txt");

/// `tests/flink-savepoint-commits/`: which snapshots make a two-phase sink commit.
pub const SAVEPOINT_COMMITS: &str = report!("flink-savepoint-commits", "observed-flink-2.3.0.txt");

/// `tests/flink-cutover/`: the trace's job cut over from a savepoint, with and without the checks.
pub const CUTOVER: &str = report!("flink-cutover", "observed-flink-2.3.0.txt");

/// `tests/flink-runbook/`: the planner's runbook run step by step on a standalone cluster.
pub const RUNBOOK: &str = report!("flink-runbook", "observed-flink-2.3.0.txt");

/// `tests/flink-runbook/`: the in-place plan run on a standalone cluster.
pub const RUNBOOK_IN_PLACE: &str = report!("flink-runbook", "observed-inplace-flink-2.3.0.txt");

/// `tests/flink-runbook/`: the stop-with-savepoint runbook run on a standalone cluster.
pub const RUNBOOK_STOP_SAVEPOINT: &str = report!("flink-runbook", "observed-stop-savepoint-flink-2.3.0.txt");

/// `tests/flink-mixed-maxp/`: what a job restored with no max parallelism records for its source
/// (the derived default, beside the snapshot's for the rest), and which restores of that accept.
pub const MIXED_MAXP: &str = report!("flink-mixed-maxp", "observed-flink-2.3.0.txt");

/// `tests/flink-drain/`: a stop with `--drain` against a plain stop: the type each savepoint
/// records, the event-time timers fired at the stop and after a restore.
pub const DRAIN: &str = report!("flink-drain", "observed-flink-2.3.0.txt");

/// `tests/flink-snapshot-kinds/`: what each kind of snapshot allows.
pub const SNAPSHOT_KINDS: &str = report!("flink-snapshot-kinds", "observed-flink-2.3.0.txt");

/// `tests/flink-snapshot-kinds/` on the releases before 2.3.0 (version, report), oldest first:
/// the same program, for the outcomes and keyed handles that do not change between releases.
pub const SNAPSHOT_KINDS_EARLIER: [(&str, &str); 4] =
    per_release!("flink-snapshot-kinds": "1.20.5", "2.0.2", "2.1.3", "2.2.1");

/// `tests/flink-empty-uid/`: the operator id Flink derives from a uid, the empty one included.
pub const EMPTY_UID: &str = report!("flink-empty-uid", "observed-flink-2.3.0.txt");

/// `tests/flink-keygroup-prefix/`: how many bytes of key-group prefix a key carries, per max
/// parallelism.
pub const KEYGROUP_PREFIX: &str = report!("flink-keygroup-prefix", "observed-flink-2.3.0.txt");

/// `tests/flink-opstate/`: operator (non-keyed) state through a rescale.
pub const OPSTATE: &str = report!("flink-opstate", "observed-flink-2.3.0.txt");

/// `tests/flink-schema/`: a state serializer changed across a restore.
pub const SCHEMA: &str = report!("flink-schema", "observed-flink-2.3.0.txt");

/// `tests/flink-rest-metrics/`: a skewed job's per-subtask counts and Flink's REST metrics.
pub const REST_METRICS: &str = report!("flink-rest-metrics", "observed-flink-2.3.0.txt");

/// `tests/flink-trace-kit/`: the trace lab's default trace run through a keyed sum and restored.
pub const TRACE_KIT: &str = report!("flink-trace-kit", "observed-flink-2.3.0.txt");
