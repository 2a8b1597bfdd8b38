//! The trace lab's scenarios (names, slugs, which uid each one changes), the job's uids before
//! and after a change, and Flink's messages for an unmatched operator's state.

/// The scenarios the lab offers; the page opens on the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scenario {
    #[default]
    PlainRescale,
    HotKey,
    MaxParallelismChanged,
    KeyFunctionChanged,
    /// The keyed operator's uid changed; restored with `--allowNonRestoredState`.
    UidChangedAllowNonRestored,
    /// The keyed operator's uid changed; restored without `--allowNonRestoredState`.
    UidChangedRefused,
    /// The source's uid changed; restored with `--allowNonRestoredState`.
    SourceUidChangedAllowNonRestored,
    /// The source's uid changed; restored without `--allowNonRestoredState`.
    SourceUidChangedRefused,
    SchemaCompatible,
    SchemaIncompatible,
}

/// The uids of the trace's job, before and after a uid change.
pub const SOURCE_UID: &str = "src";
pub const SOURCE_UID_NEW: &str = "src-v2";
pub const SUM_UID: &str = "sum-per-key";
pub const SUM_UID_NEW: &str = "sum-per-key-v2";

impl Scenario {
    pub const ALL: [Scenario; 10] = [
        Scenario::PlainRescale,
        Scenario::HotKey,
        Scenario::MaxParallelismChanged,
        Scenario::KeyFunctionChanged,
        Scenario::UidChangedAllowNonRestored,
        Scenario::UidChangedRefused,
        Scenario::SourceUidChangedAllowNonRestored,
        Scenario::SourceUidChangedRefused,
        Scenario::SchemaCompatible,
        Scenario::SchemaIncompatible,
    ];

    /// The name used in URLs.
    pub fn slug(self) -> &'static str {
        match self {
            Scenario::PlainRescale => "plain",
            Scenario::HotKey => "hot-key",
            Scenario::MaxParallelismChanged => "maxp-changed",
            Scenario::KeyFunctionChanged => "key-function",
            Scenario::UidChangedAllowNonRestored => "uid-changed",
            Scenario::UidChangedRefused => "uid-refused",
            Scenario::SourceUidChangedAllowNonRestored => "source-uid-changed",
            Scenario::SourceUidChangedRefused => "source-uid-refused",
            Scenario::SchemaCompatible => "schema-compatible",
            Scenario::SchemaIncompatible => "schema-incompatible",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Scenario::PlainRescale => "Plain rescale",
            Scenario::HotKey => "A hot key",
            Scenario::MaxParallelismChanged => "Max parallelism changed",
            Scenario::KeyFunctionChanged => "Key function changed",
            Scenario::UidChangedAllowNonRestored => "Operator uid changed, --allowNonRestoredState",
            Scenario::UidChangedRefused => "Operator uid changed, no --allowNonRestoredState",
            Scenario::SourceUidChangedAllowNonRestored => "Source uid changed, --allowNonRestoredState",
            Scenario::SourceUidChangedRefused => "Source uid changed, no --allowNonRestoredState",
            Scenario::SchemaCompatible => "State schema: compatible change",
            Scenario::SchemaIncompatible => "State schema: incompatible change",
        }
    }

    /// The uid the snapshot's state belongs to and the new job's, when one changed, and
    /// whether the restore allows non-restored state.
    pub(super) fn uid_change(self) -> Option<(&'static str, &'static str, bool)> {
        match self {
            Scenario::UidChangedAllowNonRestored => Some((SUM_UID, SUM_UID_NEW, true)),
            Scenario::UidChangedRefused => Some((SUM_UID, SUM_UID_NEW, false)),
            Scenario::SourceUidChangedAllowNonRestored => Some((SOURCE_UID, SOURCE_UID_NEW, true)),
            Scenario::SourceUidChangedRefused => Some((SOURCE_UID, SOURCE_UID_NEW, false)),
            _ => None,
        }
    }
}

crate::choice::choice_value!(Scenario, title);

/// Flink 2.3.0's refusal when the snapshot holds state for an operator id the new job lacks and
/// `--allowNonRestoredState` is not set (`tests/flink-opstate/`; `<path>` is the snapshot's).
pub fn unmatched_refusal(operator_id: &str) -> String {
    format!(
        "java.lang.IllegalStateException: Failed to rollback to checkpoint/savepoint <path>. Cannot map \
         checkpoint/savepoint state for operator {operator_id} to the new program, because the operator is not \
         available in the new program. If you want to allow to skip this, you can set the --allowNonRestoredState \
         option on the CLI."
    )
}

/// The JobManager's log line when `--allowNonRestoredState` drops an operator's state.
pub fn skipping_log(operator_id: &str) -> String {
    format!("Skipping savepoint state for operator {operator_id}.")
}
