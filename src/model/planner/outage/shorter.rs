//! The shorter cutovers a plan may offer beside its own: restarting from the retained checkpoint
//! (a job with no rewrite), from the shadow job's own state (a rewrite's shadow), or, for a job
//! that is down, back at its old parallelism first and then moved with a savepoint; each with
//! what it needs and what it risks.

use super::{Restart, SnapshotKind};
use crate::trace::Backend;

/// A shorter cutover than the plan's own, with what it needs and what can go wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    pub what: &'static str,
    pub arithmetic: String,
    pub seconds: u64,
    pub conditions: Vec<&'static str>,
    pub risks: Vec<&'static str>,
    /// It stands in for the whole outage, not the cutover alone (it takes no savepoint, so a
    /// running job's restart with a longer timeout is not needed either).
    pub replaces_all: bool,
}

impl Alternative {
    /// The outage it is compared with, in seconds: the whole, or the cutover alone.
    pub fn instead_of_s(&self, timeline: &super::Timeline) -> u64 {
        match self.replaces_all {
            true => timeline.downtime_s(),
            false => timeline.cutover_outage().0,
        }
    }

    /// Its outage in all: "11 h 39 min in all".
    pub fn total(&self) -> String {
        format!("{} in all", super::super::format_duration(self.seconds))
    }
}

/// What restarting from the retained checkpoint needs, and what it risks.
pub const CHECKPOINT_CONDITIONS: [&str; 2] = [
    "The job keeps its checkpoints on cancellation (RETAIN_ON_CANCELLATION: with the default a cancel deletes them, observed), and it is cancelled just after one completes: the events since are read again.",
    "RocksDB with incremental checkpoints: the restore downloads whole files of each old subtask, then drops the key groups the new subtask does not own (how Flink's RocksDB restore works, read from its sources; not measured here).",
];
/// Where the restore's first checkpoint (a full one) needs a longer timeout than the default.
pub const RAISED_TIMEOUT_CONDITION: &str = "Start the new job with the checkpoint timeout and tolerable failures the runbook raises for each restore (its configuration): its first checkpoint uploads the whole state, and at the defaults it would expire, or come close, and fail the job over, again and again.";
/// The second condition for a heap job's checkpoint.
pub const HEAP_CHECKPOINT_CONDITION: &str =
    "A heap checkpoint: each key group is read once, at the restore rate, whatever the parallelism.";
pub const CHECKPOINT_RISKS: [&str; 2] = [
    "Events after that checkpoint are processed again: a transactional sink aborts what it had not committed and writes it again, any other sink writes those records twice (the sinks' contract; not observed here).",
    "The checkpoint belongs to the old job: restore it in NO_CLAIM mode, or the new job may delete files the rollback still needs.",
];

/// What bringing a job that is down back first, then moving it with a savepoint, needs and risks.
pub const TWO_HOP_CONDITIONS: [&str; 2] = [
    "Bring it back with the runbook's raised checkpoint timeout: its savepoint must complete within it (observed: past the timeout a savepoint fails).",
    "It serves at its old parallelism between the two windows, so the consumers see output again after the first.",
];
pub const TWO_HOP_RISKS: [&str; 1] = [
    "Two restores instead of one: two windows of no output, and a stop with a savepoint between them (the second restore's rollback point).",
];

/// The shadow-state cutover's conditions and risks.
pub const SHADOW_CONDITIONS: [&str; 3] = [
    "The shadow reads the same input (same topic, its own consumer group) and has caught up with the head of the log.",
    "Its output matched the live job's over the whole comparison, so its state is the state the live job would have.",
    "Take the shadow's savepoint just before stopping the live job with a savepoint: that stop savepoint is the rollback point (a job stopped with flink stop leaves no retained checkpoint behind, observed in tests/flink-runbook).",
];
pub const SHADOW_RISKS: [&str; 3] = [
    "The shadow keeps its own position in the log: events the live job handled after the shadow's savepoint are processed again, so the sinks must be idempotent (upserts) or that window reconciled.",
    "Anything nondeterministic (processing time, external lookups, random ids) makes the shadow's state differ from the live job's.",
    "Point the restarted shadow at the live sinks with the live transactional id prefix retired first, or the two fence each other.",
];

/// A running job restored within its max parallelism: cancelled, and restarted from its retained
/// checkpoint at the target, where that is quicker than a savepoint's write and read
/// ([`Restart::shortcut`]); `raise`: its full first checkpoint needs the longer timeout, which
/// the new submission takes from its start. `held` adds what that checkpoint holds the sinks for.
pub(super) fn from_checkpoint(
    restart: &Restart,
    raise: bool,
    held: impl Fn(&str, u64) -> (String, u64),
) -> Option<Alternative> {
    restart.shortcut().map(|from| {
        let (arithmetic, seconds) = held(&from.arithmetic, from.seconds);
        let mut conditions = match restart.backend {
            Backend::RocksDb => CHECKPOINT_CONDITIONS.to_vec(),
            Backend::HashMap => vec![CHECKPOINT_CONDITIONS[0], HEAP_CHECKPOINT_CONDITION],
        };
        if raise {
            conditions.push(RAISED_TIMEOUT_CONDITION);
        }
        Alternative {
            what: from.what,
            arithmetic,
            seconds,
            conditions,
            risks: CHECKPOINT_RISKS.to_vec(),
            // No savepoint: a running job's restart with a longer timeout is not needed.
            replaces_all: true,
        }
    })
}

/// A job that is down, restored within its max parallelism: brought back at its old parallelism
/// first (`same`: each subtask its own files), then stopped with a savepoint and restored at the
/// target, where that is down less in all than `restart`'s straight restore from its latest
/// snapshot (RocksDB's files read several times over at a rescale). `held` adds what the first
/// checkpoint after a restore holds the sinks for.
pub(super) fn two_hop(
    restart: &Restart,
    same: &Restart,
    latest: SnapshotKind,
    held: impl Fn(&str, u64) -> (String, u64),
) -> Option<Alternative> {
    let straight = restart.from_latest(latest);
    let back = same.from_latest(latest);
    let (back_words, back_s) = held(&back.arithmetic, back.seconds);
    let parts = restart.from_savepoint.iter().map(|ph| ph.arithmetic.as_str()).collect::<Vec<_>>().join(", then ");
    let (sp_words, sp_s) = held(&parts, restart.savepoint_s());
    let straight_s = held(&straight.arithmetic, straight.seconds).1;
    (back_s.saturating_add(sp_s) < straight_s).then(|| Alternative {
        what:
            "bring it back at its old parallelism first, then stop it with a savepoint and restore that at the target",
        arithmetic: format!("{back_words}; then {sp_words}"),
        seconds: back_s.saturating_add(sp_s),
        conditions: TWO_HOP_CONDITIONS.to_vec(),
        risks: TWO_HOP_RISKS.to_vec(),
        replaces_all: true,
    })
}
