//! What the plan asks of Kafka, from its own clock: how long the source topic must keep its
//! records (every restore resumes from offsets saved hours earlier), and how long a
//! transactional sink's transactions must be allowed to stay open. Which snapshot commits a
//! two-phase sink is observed in Flink 2.3.0 (`tests/flink-savepoint-commits`, a Sink V2 with a
//! committer): a checkpoint and a stop savepoint as they complete, a savepoint taken while the
//! job runs never (the checkpoint after it does), and a restore commits what its snapshot still
//! carries (a checkpoint's or a running job's savepoint's pending transactions; a stop
//! savepoint's again, already committed). Kafka itself is not observed: no broker or connector
//! jar is reachable here. Its defaults are read from Kafka's configuration reference
//! (`log.retention.hours` 168, `transaction.max.timeout.ms` 15 min) and from the Flink Kafka
//! connector's `KafkaSinkBuilder` (`transaction.timeout.ms` 1 h when not set); the page says so.

use super::format_duration;
use super::outage::{PhaseKind, Timeline};
use super::{JobStatus, PlanInput};

/// Kafka's default `log.retention.hours` (7 days), in seconds.
pub const LOG_RETENTION_DEFAULT_S: u64 = 168 * 3600;
/// The broker's default `transaction.max.timeout.ms` (15 minutes), in seconds.
pub const BROKER_TXN_MAX_DEFAULT_S: u64 = 15 * 60;
/// `KafkaSinkBuilder`'s `transaction.timeout.ms` when the job sets none (1 hour), in seconds.
pub const SINK_TXN_TIMEOUT_DEFAULT_S: u64 = 3600;
/// Where these numbers come from.
pub const SOURCE: &str = "not observed (no Kafka here): Kafka's configuration reference and the Flink Kafka connector's KafkaSinkBuilder; which snapshot commits a sink's transactions was observed on Flink 2.3.0 with a sink that commits through a committer (tests/flink-savepoint-commits)";

/// Which snapshots commit the sink's transactions (observed, `tests/flink-savepoint-commits`).
pub const SAVEPOINTS_COMMIT: &str = "a stop savepoint (flink stop) commits the sink's transactions as it completes, and a savepoint taken while the job runs commits none: the checkpoint after it does (and at Flink's default of one checkpoint at a time, none starts while it is taken, observed)";
/// What the first checkpoint after a restore holds open (observed: it is full,
/// `tests/flink-first-checkpoint`; a checkpoint commits as it completes).
pub const FIRST_CHECKPOINT_COMMITS: &str = "the first checkpoint after a restore uploads the whole state, and commits the transactions opened since the restore only as it completes";
/// What a job that is down commits once restored from a retained checkpoint (observed).
pub const CHECKPOINT_RESTORE_COMMITS: &str =
    "the job that is down commits the transactions its latest retained checkpoint still holds only once it is back";
/// What a job stopped with a savepoint has left to commit while it is down (observed).
pub const STOP_SAVEPOINT_LEAVES_NONE: &str = "the job that is down was stopped with its latest savepoint, which committed its transactions before the job finished (restoring it commits them again, which the sink must take as done), so none waits while it is down; if that savepoint was taken while the job ran instead, its transactions are committed only once the job is back from it, and the timeout must also outlive the time the job has been down";

/// Pairs of (the phase that saves the position, the phase whose restore resumes from it).
const RESUMES: [(PhaseKind, PhaseKind); 4] = [
    (PhaseKind::LiveSavepoint, PhaseKind::ShadowRestore),
    (PhaseKind::StopWithSavepoint, PhaseKind::RestoreAtTarget),
    (PhaseKind::StopWithSavepoint, PhaseKind::Restore),
    (PhaseKind::StopWithSavepoint, PhaseKind::RestartOnLiveSinks),
];

/// One requirement, with its number and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KafkaCheck {
    /// `log-retention`, `transaction-timeout` or `broker-transaction-max`.
    pub key: &'static str,
    /// The least it must be, in seconds.
    pub at_least_s: u64,
    /// It is above Kafka's (or the connector's) default: change it before the plan starts.
    pub above_default: bool,
    pub text: String,
}

/// The checks for a plan's `timeline`: retention always, the transaction timeouts with
/// transactional sinks. The input's time-to-live is how far back a rebuild reads; its
/// checkpoint interval (when given) is how much longer a sink's transactions stay open.
pub fn checks(timeline: &Timeline, input: &PlanInput) -> Vec<KafkaCheck> {
    let (job, transactional, ttl_s) = (input.job, input.transactional_sinks, input.ttl_s);
    // What a rollback restarts from: a plan that stops nothing (a job that is down, restored
    // straight) has no stop savepoint.
    let rollback = if input.stops_nothing(input.verdict()) {
        format!("its {}", input.latest.latest())
    } else {
        "the old job's stop savepoint".to_string()
    };
    let starts = timeline.starts();
    let at = |kind: PhaseKind| timeline.phases.iter().position(|p| p.kind == kind);
    let end = |i: usize| starts[i].saturating_add(timeline.phases[i].seconds);
    let mut gaps: Vec<(u64, String)> = RESUMES
        .iter()
        .filter_map(|(saved, resumed)| {
            let (s, r) = (at(*saved)?, at(*resumed)?);
            (s < r).then(|| {
                (end(r) - starts[s], format!("from the {} to the end of the {}", saved.short(), resumed.short()))
            })
        })
        .collect();
    // A restore of a job that is down, from its latest snapshot: the position is older still.
    let down =
        timeline.phases.iter().position(|p| p.kind.restores_latest()).map(|i| (timeline.phases[i].short(), end(i)));
    if let Some((short, seconds)) = down {
        gaps.push((seconds, format!("to the end of the {short}, plus however long the job has been down already")));
    }
    if let (Some(i), Some(ttl)) = (at(PhaseKind::ReplayTheLog), ttl_s) {
        gaps.push((ttl.max(timeline.phases[i].seconds), "the rebuild reads one time-to-live back".to_string()));
    }
    let mut out = Vec::new();
    if let Some((need, why)) = gaps.into_iter().max_by_key(|(s, _)| *s) {
        out.push(KafkaCheck {
            key: "log-retention",
            at_least_s: need,
            above_default: need >= LOG_RETENTION_DEFAULT_S,
            text: format!(
                "Source topic retention (retention.ms, or the broker's log.retention.hours, {} by default) must keep at least {} of records, {why}: a restore resumes from offsets saved that long before, and a record deleted meanwhile is lost to the job. A rollback to {rollback} reads from its offsets too: keep the records from there on for the whole rollback window.",
                format_duration(LOG_RETENTION_DEFAULT_S),
                format_duration(need)
            ),
        });
    }
    if !transactional {
        return out;
    }
    // A stop savepoint commits the sink's transactions when it completes, a running job's
    // savepoint leaves them to the checkpoint after it, the first (full) checkpoint after a
    // restore commits when it completes: each holds them open for as long as it takes (not the
    // restore of a job that is down from a savepoint). A job that is down commits what its
    // retained checkpoint holds when restored; one stopped with its savepoint has none left.
    let holds = |p: &&super::outage::Phase| p.kind.takes_savepoint() || p.kind == PhaseKind::FirstCheckpoint;
    let longest_hold = timeline.phases.iter().filter(holds).map(|p| p.seconds).max().unwrap_or(0);
    let waits_down = job == JobStatus::Down && !input.latest.is_savepoint();
    let saving = match (down, waits_down) {
        (Some((_, seconds)), true) => longest_hold.max(seconds),
        _ => longest_hold,
    };
    // A transaction opened just after a checkpoint is committed by the next completed one.
    let open = saving.saturating_add(input.checkpoint_interval_s.unwrap_or(0));
    let interval = match input.checkpoint_interval_s {
        Some(i) => format!(" plus one checkpoint interval ({}), {}", format_duration(i), format_duration(open)),
        None => " plus one checkpoint interval".to_string(),
    };
    let has = |kind: fn(PhaseKind) -> bool| timeline.phases.iter().any(|p| kind(p.kind));
    let why = [
        has(PhaseKind::takes_savepoint).then_some(SAVEPOINTS_COMMIT),
        has(|k| k == PhaseKind::FirstCheckpoint).then_some(FIRST_CHECKPOINT_COMMITS),
        (job == JobStatus::Down && waits_down).then_some(CHECKPOINT_RESTORE_COMMITS),
        (job == JobStatus::Down && !waits_down).then_some(STOP_SAVEPOINT_LEAVES_NONE),
    ];
    let why = why.into_iter().flatten().collect::<Vec<_>>().join("; ");
    let txn = format!(
        "The sink's transaction.timeout.ms ({} when the job sets none) must be at least {}{interval}{}: {why}. A transaction older than the timeout is aborted by the broker, its records lost.",
        format_duration(SINK_TXN_TIMEOUT_DEFAULT_S),
        format_duration(saving),
        if waits_down { ", plus however long the job has been down already" } else { "" },
    );
    out.push(KafkaCheck {
        key: "transaction-timeout",
        at_least_s: open,
        above_default: open >= SINK_TXN_TIMEOUT_DEFAULT_S,
        text: txn,
    });
    let broker = open.max(SINK_TXN_TIMEOUT_DEFAULT_S);
    // What the sink's timeout adds that the plan cannot count: the same words as above.
    let more = [
        input.checkpoint_interval_s.is_none().then_some(" plus one checkpoint interval"),
        waits_down.then_some(", plus however long the job has been down already"),
    ]
    .into_iter()
    .flatten()
    .collect::<String>();
    // The sink's 1 h default, where the plan asks less: what it adds may still pass it.
    let bound = match open >= SINK_TXN_TIMEOUT_DEFAULT_S {
        true => format!("{}{more}", format_duration(broker)),
        false if more.is_empty() => format!("{}, the sink's default", format_duration(broker)),
        false => format!(
            "{}, the sink's default, or {}{more} if that is longer",
            format_duration(broker),
            format_duration(open)
        ),
    };
    out.push(KafkaCheck {
        key: "broker-transaction-max",
        at_least_s: broker,
        above_default: true,
        text: format!(
            "The brokers' transaction.max.timeout.ms ({} by default) must be at least the sink's timeout (at least {bound} here): a producer asking for more is refused when it starts (\"The transaction timeout is larger than the maximum value allowed by the broker\"), and the job with it.",
            format_duration(BROKER_TXN_MAX_DEFAULT_S)
        ),
    });
    out
}

#[cfg(test)]
#[path = "kafka_tests.rs"]
mod tests;
