//! The planner page's parameters and URL state. The snapshot, shared by the restore predictor
//! and the plan: `saved_maxp` (absent = unknown, then derived from `first`; an old link's
//! `plan_maxp` is read into it), `saved_maxp_set` (`explicit|derived`), `first`. Restore
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
//! restart failed, so the plan starts by bringing the job back from its retained checkpoint). Every parameter is one [`Param`] or [`Pick`] (a menu) of [`PARAMS`]; nothing is
//! read by hand but the two old names (`target`, `plan_maxp`).

use crate::model::planner::in_place::Scheduler;
use crate::model::planner::JobStatus;
use crate::model::planner::release::Release;
use crate::model::planner::snapshot_kinds::SnapshotKind;
use crate::model::restore::SavedHow;
use crate::model::trace::Backend;
use crate::url::{notice, Notice, Param, ParamTable, Params, Pick, MAX_P};

pub static SAVED_MAXP: Param<Option<u32>> =
    Param::optional("saved_maxp", "snapshot max parallelism", 1, MAX_P, "unknown: Flink's default for the first parallelism")
        .control("Snapshot max parallelism", "pl-saved-maxp")
        .hint("Stored in the savepoint or retained checkpoint; a failed restore's message names it. Empty if unknown.")
        .fallback("using the default for the first parallelism")
        .lockable();
pub static P: Param<u32> = Param::whole("p", "new parallelism", 1, MAX_P).control("New parallelism", "pl-p").lockable();
pub static MAXP: Param<Option<u32>> = Param::optional("maxp", "new max parallelism", 1, MAX_P, "not set")
    .control("New max parallelism", "pl-maxp")
    .hint("Leave empty if the new job does not set it.")
    .lockable();
pub static CURRENT: Param<u32> =
    Param::whole("current", "current parallelism", 1, MAX_P).control("Current parallelism", "pl-current");
/// The plan's old target field, read into `p` (the page has one new parallelism; a link that
/// gives both with different values keeps `p`, with a notice).
pub static TARGET: Param<u32> = Param::whole("target", "target parallelism", 1, MAX_P);
/// The planner's own snapshot field before the two forms shared one (old links): read into
/// `saved_maxp` when that is absent; never written.
pub static PLAN_MAXP: Param<Option<u32>> = Param::optional("plan_maxp", "snapshot max parallelism", 1, MAX_P, "unknown");
pub static FIRST: Param<u32> = Param::whole("first", "first parallelism", 1, MAX_P)
    .control("First parallelism", "pl-first")
    .hint("The job's parallelism when it first ran, if the max is unknown.");
pub static STATE: Param<u64> = Param::size_iec("state", "state size", false)
    .control("State size", "pl-state")
    .hint("With a binary unit: B, KiB, MiB, GiB, TiB (1 TiB = 1024 GiB); KB … TB are read as the same.");
pub static RATE: Param<u64> = Param::size_iec("rate", "rewrite throughput", true)
    .control("Rewrite throughput per second", "pl-rate")
    .hint("The State Processor API job's, aggregate (it reads and writes every byte), such as 300 MiB.");
pub static SP_RATE: Param<u64> = Param::size_iec("sp_rate", "savepoint write throughput", true)
    .control("Savepoint write throughput per second", "pl-sp-rate")
    .hint("Aggregate, writing a savepoint to the snapshot store, such as 300 MiB.");
pub static RESTORE_RATE: Param<u64> = Param::size_iec("restore_rate", "restore throughput", true)
    .control("Restore throughput per second", "pl-restore-rate")
    .hint("Aggregate, from a canonical savepoint: every key read and written into the state backend again (with RocksDB, bound by CPU), such as 300 MiB.");
pub static INC_RATE: Param<u64> = Param::size_iec("inc_rate", "checkpoint download throughput", true)
    .control("Checkpoint download throughput per second", "pl-inc-rate")
    .hint("Aggregate, restoring from a retained incremental checkpoint (RocksDB): its files are downloaded as they are, such as 300 MiB.");
pub static PARTITIONS: Param<u32> =
    Param::whole("partitions", "source partitions", 1, 1_000_000).control("Source partitions", "pl-partitions");
pub static TTL: Param<Option<u64>> = Param::ttl("ttl", "state time-to-live")
    .control("State time-to-live", "pl-ttl")
    .hint("Such as 6h or 2d, or none.");

pub static SLOTS: Param<Option<u32>> = Param::optional("slots", "task slots", 1, 1_000_000, "as many as asked")
    .control("Task slots for the job", "pl-slots")
    .hint("What the cluster can give the job; empty if it gets what it asks for.");

pub static SAVED_HOW: Pick<SavedHow> = Pick::new("saved_maxp_set", "Snapshot max parallelism was", "pl-saved-how");
pub static TXN: Pick<bool> = Pick::new("txn", "Sinks are transactional (exactly-once)", "pl-txn");
pub static SCHEDULER: Pick<Scheduler> = Pick::new("scheduler", "Scheduler", "pl-scheduler");
pub static RELEASE: Pick<Release> = Pick::new("release", "Flink release", "pl-release");
pub static SNAPSHOT: Pick<SnapshotKind> = Pick::new("snapshot", "The job's latest snapshots", "pl-snapshot");
pub static BACKEND: Pick<Backend> = Pick::new("backend", "State backend", "pl-backend");
pub static JOB: Pick<JobStatus> = Pick::new("job", "The job now", "pl-job");

/// No section of this lab is shown alone yet: `view=` opens the whole lab, with a notice.
pub static SECTIONS: crate::url::Sections = &[];

/// Every parameter of the page, in the order of its forms.
pub static PARAMS: ParamTable = &[
    &SAVED_MAXP,
    &SAVED_HOW,
    &P,
    &MAXP,
    &CURRENT,
    &FIRST,
    &STATE,
    &RATE,
    &SP_RATE,
    &RESTORE_RATE,
    &INC_RATE,
    &PARTITIONS,
    &TTL,
    &TXN,
    &SCHEDULER,
    &SLOTS,
    &RELEASE,
    &SNAPSHOT,
    &BACKEND,
    &JOB,
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannerQuery {
    /// The one snapshot max parallelism of the page; `None` = unknown (derived from `first`).
    pub saved_maxp: Option<u32>,
    pub saved_how: SavedHow,
    pub p: u32,
    pub maxp: Option<u32>,
    pub current: u32,
    pub first: u32,
    /// State size in bytes.
    pub state: u64,
    /// Rewrite throughput in bytes per second.
    pub rate: u64,
    /// Savepoint write throughput in bytes per second.
    pub sp_rate: u64,
    /// Restore throughput from a canonical savepoint, in bytes per second.
    pub restore_rate: u64,
    /// Download throughput of an incremental checkpoint's files, in bytes per second.
    pub inc_rate: u64,
    pub partitions: u32,
    /// Time-to-live in seconds; `None` = no TTL.
    pub ttl: Option<u64>,
    pub txn: bool,
    pub scheduler: Scheduler,
    /// Task slots for the job; `None` = as many as asked.
    pub slots: Option<u32>,
    /// The Flink release the runbook is named for.
    pub release: Release,
    /// The kind of the job's latest snapshots.
    pub snapshot: SnapshotKind,
    /// The job's state backend (what the runbook configures).
    pub backend: Backend,
    /// Running, or down (seed 004's: its restart at 200 failed).
    pub job: JobStatus,
}

impl Default for PlannerQuery {
    fn default() -> Self {
        PlannerQuery {
            saved_maxp: None,
            saved_how: SavedHow::Derived,
            p: 200,
            maxp: None,
            current: 24,
            first: 24,
            state: 4 << 40,
            rate: 300 << 20,
            sp_rate: 300 << 20,
            restore_rate: 300 << 20,
            inc_rate: 300 << 20,
            partitions: 256,
            ttl: None,
            txn: true,
            scheduler: Scheduler::Default,
            slots: None,
            release: Release::V2_3,
            snapshot: SnapshotKind::AlignedCheckpoint,
            backend: Backend::RocksDb,
            job: JobStatus::Down,
        }
    }
}

impl PlannerQuery {
    pub fn parse(params: &Params) -> (PlannerQuery, Vec<Notice>) {
        let d = PlannerQuery::default();
        let n = &mut Vec::new();
        let mut q = PlannerQuery {
            saved_maxp: SAVED_MAXP.read_or(params, n, d.saved_maxp),
            saved_how: SAVED_HOW.read_or(params, n, d.saved_how),
            p: P.read_or(params, n, d.p),
            maxp: MAXP.read_or(params, n, d.maxp),
            current: CURRENT.read_or(params, n, d.current),
            first: FIRST.read_or(params, n, d.first),
            state: STATE.read_or(params, n, d.state),
            rate: RATE.read_or(params, n, d.rate),
            sp_rate: SP_RATE.read_or(params, n, d.sp_rate),
            restore_rate: RESTORE_RATE.read_or(params, n, d.restore_rate),
            inc_rate: INC_RATE.read_or(params, n, d.inc_rate),
            partitions: PARTITIONS.read_or(params, n, d.partitions),
            ttl: TTL.read_or(params, n, d.ttl),
            txn: TXN.read_or(params, n, d.txn),
            scheduler: SCHEDULER.read_or(params, n, d.scheduler),
            slots: SLOTS.read_or(params, n, d.slots),
            release: RELEASE.read_or(params, n, d.release),
            snapshot: SNAPSHOT.read_or(params, n, d.snapshot),
            backend: BACKEND.read_or(params, n, d.backend),
            job: JOB.read_or(params, n, d.job),
        };
        if let Some(v) = PLAN_MAXP.read(params, n).flatten() {
            match q.saved_maxp {
                None if params.get(SAVED_MAXP.name).is_none() => q.saved_maxp = Some(v),
                Some(kept) if kept != v => {
                    let why = format!("the page has one snapshot max parallelism now; using saved_maxp = {kept}");
                    n.push(notice(PLAN_MAXP.name, &v.to_string(), &why));
                }
                _ => {}
            }
        }
        if let Some(v) = TARGET.read(params, n) {
            if params.get(P.name).is_none() {
                q.p = v;
            } else if v != q.p {
                let why = format!("the page has one new parallelism now, for the predictor and the plan; using p = {}", q.p);
                n.push(notice(TARGET.name, &v.to_string(), &why));
            }
        }
        (q, std::mem::take(n))
    }

    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = PlannerQuery::default();
        let out = &mut Vec::new();
        SAVED_MAXP.pair(&self.saved_maxp, &d.saved_maxp, out);
        P.pair(&self.p, &d.p, out);
        CURRENT.pair(&self.current, &d.current, out);
        FIRST.pair(&self.first, &d.first, out);
        PARTITIONS.pair(&self.partitions, &d.partitions, out);
        SAVED_HOW.pair(self.saved_how, d.saved_how, out);
        MAXP.pair(&self.maxp, &d.maxp, out);
        STATE.pair(&self.state, &d.state, out);
        RATE.pair(&self.rate, &d.rate, out);
        SP_RATE.pair(&self.sp_rate, &d.sp_rate, out);
        RESTORE_RATE.pair(&self.restore_rate, &d.restore_rate, out);
        INC_RATE.pair(&self.inc_rate, &d.inc_rate, out);
        TTL.pair(&self.ttl, &d.ttl, out);
        TXN.pair(self.txn, d.txn, out);
        SCHEDULER.pair(self.scheduler, d.scheduler, out);
        SLOTS.pair(&self.slots, &d.slots, out);
        RELEASE.pair(self.release, d.release, out);
        SNAPSHOT.pair(self.snapshot, d.snapshot, out);
        BACKEND.pair(self.backend, d.backend, out);
        JOB.pair(self.job, d.job, out);
        std::mem::take(out)
    }
}
