//! The planner page's parameters and URL state. The snapshot, shared by the restore predictor
//! and the plan: `saved_maxp` (absent = unknown, then derived from `first`; an old link's
//! `plan_maxp` is read into it), `saved_maxp_set` (`explicit|derived`), `first`, `other_maxp`
//! (the least max parallelism another operator records, where the snapshot's differ). Restore
//! predictor: `p`, `maxp` (absent = not set). Planner: `current`, `target`, `state` (a size
//! such as `4 TiB`; binary, `4 TB` reads the same), `rate` (State Processor API rewrite
//! throughput per second, such as `300 MiB`), `sp_rate` (savepoint write throughput),
//! `restore_rate` (restore throughput from a canonical savepoint: every key written into the
//! backend again), `inc_rate` (download throughput of a retained incremental checkpoint's
//! files), `partitions`, `ttl`
//! (such as `6h`, or `none`), `txn` (`1` transactional sinks, `0` not). In place: `scheduler`
//! (`default|adaptive`), `slots` (task slots for the job; absent = as many as asked). Defaults are
//! seed 004's case. Runbook and snapshot table: `release` (the Flink release the commands are
//! named for, `1.15` … `2.3`; default `2.3`), `snapshot` (the job's latest snapshots:
//! `canonical|native|checkpoint|unaligned`; default `checkpoint`, seed 004's retained checkpoints), `backend`
//! (`rocksdb|hashmap`; default `rocksdb`, seed 004's), `job` (`down|running`; default `down`: seed 004's
//! restart failed, so the plan starts by bringing the job back from its latest snapshot, of the kind `snapshot` names). Every parameter is one line of `slots!` below, which binds it to its field of
//! [`PlannerState`] with its default; nothing is read by hand but the two old names (`target`,
//! `plan_maxp`), read after the slots by [`read_old_names`].

use crate::model::planner::in_place::Scheduler;
use crate::model::planner::release::Release;
use crate::model::planner::snapshot_kinds::SnapshotKind;
use crate::model::planner::JobStatus;
use crate::model::restore::SavedHow;
use crate::model::trace::Backend;
use crate::url::{notice, slots, Notice, Param, Params, Pick, MAX_P};

const MIB: u64 = 1 << 20;

/// A throughput per second, with a binary unit (never 0).
const fn throughput(
    name: &'static str,
    what: &'static str,
    label: &'static str,
    id: &'static str,
    hint: &'static str,
) -> Param<u64> {
    Param::rate(name, what).control(label, id).hint(hint)
}

slots! {
    /// What the page holds: each field's typed text beside its last valid value, and each menu's
    /// pick. Its parameters, defaults (seed 004's case) and controls are the slots below.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct PlannerState {
        /// The one snapshot max parallelism of the page; `None` = unknown (derived from `first`).
        SAVED_MAXP: Param<Option<u32>> = saved_maxp, None,
            Param::optional("saved_maxp", "snapshot max parallelism", 1, MAX_P, "unknown: Flink's default for the first parallelism")
                .control("Snapshot max parallelism", "pl-saved-maxp")
                .hint("Stored in the savepoint or retained checkpoint; a failed restore's message names it. Empty if unknown.")
                .fallback("using the default for the first parallelism")
                .lockable();
        /// The least max parallelism another operator of the snapshot records, where they differ
        /// (the savepoint inspector's link gives it); `None` = they all record the snapshot's.
        OTHER_MAXP: Param<Option<u32>> = other_maxp, None,
            Param::optional("other_maxp", "other operators' least max parallelism", 1, MAX_P, "none: every operator records the snapshot's")
                .control("Other operators' least max parallelism", "pl-other-maxp")
                .hint("Where the snapshot's operators record different max parallelisms (the savepoint inspector says so): the least of the others. Empty if they all record the one above.")
                .fallback("taking every operator to record the snapshot's");
        SAVED_HOW: Pick<SavedHow> = saved_how, SavedHow::Derived, Pick::new("saved_maxp_set", "Snapshot max parallelism was", "pl-saved-how").noun("snapshot max parallelism set").lockable();
        P: Param<u32> = p, 200, Param::whole("p", "new parallelism", 1, MAX_P).control("New parallelism", "pl-p").lockable();
        MAXP: Param<Option<u32>> = maxp, None,
            Param::optional("maxp", "new max parallelism", 1, MAX_P, "not set")
                .control("New max parallelism", "pl-maxp")
                .hint("Leave empty if the new job does not set it.")
                .fallback("leaving it unset, as a job that does not set it")
                .lockable();
        CURRENT: Param<u32> = current, 24, Param::whole("current", "current parallelism", 1, MAX_P).control("Current parallelism", "pl-current");
        FIRST: Param<u32> = first, 24,
            Param::whole("first", "first parallelism", 1, MAX_P)
                .control("First parallelism", "pl-first")
                .hint("The job's parallelism when it first ran, if the max is unknown.");
        /// State size in bytes.
        STATE: Param<u64> = state, 4 << 40,
            Param::size_iec("state", "state size", false)
                .control("State size", "pl-state")
                .hint("With a binary unit: B, KiB, MiB, GiB, TiB (1 TiB = 1024 GiB); KB … TB are read as the same.");
        /// Rewrite throughput in bytes per second.
        RATE: Param<u64> = rate, 300 * MIB,
            throughput("rate", "rewrite throughput", "Rewrite throughput per second", "pl-rate",
                "The State Processor API job's, aggregate (it reads and writes every byte), such as 300 MiB.");
        /// Savepoint write throughput in bytes per second.
        SP_RATE: Param<u64> = sp_rate, 300 * MIB,
            throughput("sp_rate", "savepoint write throughput", "Savepoint write throughput per second", "pl-sp-rate",
                "Aggregate, writing a savepoint to the snapshot store, such as 300 MiB.");
        /// Restore throughput from a canonical savepoint, in bytes per second.
        RESTORE_RATE: Param<u64> = restore_rate, 300 * MIB,
            throughput("restore_rate", "restore throughput", "Restore throughput per second", "pl-restore-rate",
                "Aggregate, from a canonical savepoint: every key read and written into the state backend again (with RocksDB, bound by CPU), such as 300 MiB.");
        /// Download throughput of an incremental checkpoint's files, in bytes per second.
        INC_RATE: Param<u64> = inc_rate, 300 * MIB,
            throughput("inc_rate", "checkpoint download throughput", "Checkpoint download throughput per second", "pl-inc-rate",
                "Aggregate, restoring from a retained incremental checkpoint (RocksDB): its files are downloaded as they are, such as 300 MiB.");
        PARTITIONS: Param<u32> = partitions, 256, Param::whole("partitions", "source partitions", 1, 1_000_000).control("Source partitions", "pl-partitions");
        /// Time-to-live in seconds; `None` = no TTL.
        TTL: Param<Option<u64>> = ttl, None,
            Param::ttl("ttl", "state time-to-live")
                .control("State time-to-live", "pl-ttl")
                .hint("Such as 6h or 2d, or none.")
                .fallback("using no time-to-live");
        TXN: Pick<bool> = txn, true, Pick::new("txn", "Sinks are transactional (exactly-once)", "pl-txn").noun("transactional sinks");
        /// The job's checkpoint interval in seconds; `None` = not given.
        INTERVAL: Param<Option<u32>> = interval, None,
            Param::optional("interval", "checkpoint interval in seconds", 1, 86_400, "not given")
                .control("Checkpoint interval (seconds)", "pl-interval")
                .fallback("leaving the interval out of the estimates")
                .hint("The job's execution.checkpointing.interval: a transactional sink's timeout must cover one more.");
        SCHEDULER: Pick<Scheduler> = scheduler, Scheduler::Default, Pick::new("scheduler", "Scheduler", "pl-scheduler").noun("scheduler");
        /// Task slots for the job; `None` = as many as asked.
        SLOTS_FOR_JOB: Param<Option<u32>> = slots, None,
            Param::optional("slots", "task slots", 1, 1_000_000, "as many as asked")
                .control("Task slots for the job", "pl-slots")
                .hint("What the cluster can give the job; empty if it gets what it asks for.");
        /// The Flink release the runbook is named for.
        RELEASE: Pick<Release> = release, Release::V2_3, Pick::new("release", "Flink release", "pl-release");
        /// The kind of the job's latest snapshots.
        SNAPSHOT: Pick<SnapshotKind> = snapshot, SnapshotKind::AlignedCheckpoint, Pick::new("snapshot", "The job's latest snapshots", "pl-snapshot").noun("latest snapshots");
        /// The job's state backend (what the runbook configures).
        BACKEND: Pick<Backend> = backend, Backend::RocksDb, Pick::new("backend", "State backend", "pl-backend").noun("state backend");
        /// Running, or down (seed 004's: its restart at 200 failed).
        JOB: Pick<JobStatus> = job, JobStatus::Down, Pick::new("job", "The job now", "pl-job").noun("job");
    } read by read_old_names
}

/// The plan's old target field, read into `p` (the page has one new parallelism; a link that
/// gives both with different values keeps `p`, with a notice).
pub static TARGET: Param<u32> = Param::whole("target", "target parallelism", 1, MAX_P);
/// The planner's own snapshot field before the two forms shared one (old links): read into
/// `saved_maxp` when that is absent; never written.
pub static PLAN_MAXP: Param<Option<u32>> =
    Param::optional("plan_maxp", "snapshot max parallelism", 1, MAX_P, "unknown");

/// The sections `view=` shows alone, for a compact embed (the commands and the checklist go
/// with the whole lab only).
pub static SECTIONS: crate::url::Sections = &[
    crate::url::Section { name: "restore", label: "Will the restore start?" },
    crate::url::Section { name: "plan", label: "The plan: verdict, steps and time" },
    crate::url::Section { name: "steps", label: "The plan's steps and times alone" },
    crate::url::Section { name: "in-place", label: "In place with the adaptive scheduler" },
    crate::url::Section { name: "kinds", label: "Which snapshot can do what" },
];

/// Reads an old link's names into the state the slots opened: `plan_maxp` into `saved_maxp`,
/// `target` into `p`, each only where the new name is absent.
pub fn read_old_names(s: &mut PlannerState, params: &Params, n: &mut Vec<Notice>) {
    if let Some(v) = PLAN_MAXP.read(params, n).flatten() {
        match s.saved_maxp.value {
            None if params.get(SAVED_MAXP.name).is_none() => s.saved_maxp = SAVED_MAXP.field(Some(v)),
            Some(kept) if kept == v => {}
            kept => {
                // Named also where the link's saved_maxp was refused (it was left out unsaid).
                let why = match kept {
                    Some(kept) => format!("the page has one snapshot max parallelism now; using saved_maxp = {kept}"),
                    None => {
                        "the page has one snapshot max parallelism now, saved_maxp, and this link's was not used either"
                            .to_string()
                    }
                };
                n.push(notice(PLAN_MAXP.name, &v.to_string(), &why));
            }
        }
    }
    if let Some(v) = TARGET.read(params, n) {
        if params.get(P.name).is_none() {
            s.p = P.field(v);
        } else if v != s.p.value {
            let why = format!(
                "the page has one new parallelism now, for the predictor and the plan; using p = {}",
                s.p.value
            );
            n.push(notice(TARGET.name, &v.to_string(), &why));
        }
    }
}
