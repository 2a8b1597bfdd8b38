//! What the plan asks of Kafka, from its own clock: how long the source topic must keep its
//! records (every restore resumes from offsets saved hours earlier), and how long a
//! transactional sink's transactions must be allowed to stay open (a savepoint commits its
//! transactions only when it completes). Not observed: no Kafka broker or connector jar is
//! reachable here. The defaults are read from Kafka's configuration reference
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
pub const SOURCE: &str =
    "not observed (no Kafka here): Kafka's configuration reference and the Flink Kafka connector's KafkaSinkBuilder";

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
    // What a rollback restarts from, and what a job that is down commits once back: a plan that
    // stops nothing (a job that is down, restored straight) has no stop savepoint.
    let stops_nothing = input.stops_nothing(input.verdict());
    let (rollback, latest) = (
        if stops_nothing {
            format!("its {}", input.latest.latest())
        } else {
            "the old job's stop savepoint".to_string()
        },
        input.latest.short(),
    );
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
    // A savepoint commits the sink's transactions when it completes: they stay open for as long
    // as it takes. A job that is down commits its last checkpoint's transactions when restored.
    // The phases that take a savepoint (not the restore of a job that is down from one).
    let longest_savepoint = timeline.phases.iter().filter(|p| p.kind.takes_savepoint()).map(|p| p.seconds).max();
    let saving = match (down, job) {
        (Some((_, seconds)), JobStatus::Down) => longest_savepoint.unwrap_or(0).max(seconds),
        _ => longest_savepoint.unwrap_or(0),
    };
    // A transaction opened just after a checkpoint is committed by the next completed one.
    let open = saving.saturating_add(input.checkpoint_interval_s.unwrap_or(0));
    let interval = match input.checkpoint_interval_s {
        Some(i) => format!(" plus one checkpoint interval ({}), {}", format_duration(i), format_duration(open)),
        None => " plus one checkpoint interval".to_string(),
    };
    let txn = format!(
        "The sink's transaction.timeout.ms ({} when the job sets none) must be at least {}{interval}{}: a savepoint commits its transactions only when it completes{}, and a transaction older than the timeout is aborted by the broker, its records lost.",
        format_duration(SINK_TXN_TIMEOUT_DEFAULT_S),
        format_duration(saving),
        if job == JobStatus::Down { ", plus however long the job has been down already" } else { "" },
        if job == JobStatus::Down { format!(", and the job that is down commits the transactions of the {latest} it restarts from only once it is back") } else { String::new() }
    );
    out.push(KafkaCheck {
        key: "transaction-timeout",
        at_least_s: open,
        above_default: open >= SINK_TXN_TIMEOUT_DEFAULT_S,
        text: txn,
    });
    let broker = open.max(SINK_TXN_TIMEOUT_DEFAULT_S);
    out.push(KafkaCheck {
        key: "broker-transaction-max",
        at_least_s: broker,
        above_default: true,
        text: format!(
            "The brokers' transaction.max.timeout.ms ({} by default) must be at least the sink's timeout ({} here): a producer asking for more is refused when it starts (\"The transaction timeout is larger than the maximum value allowed by the broker\"), and the job with it.",
            format_duration(BROKER_TXN_MAX_DEFAULT_S),
            format_duration(broker)
        ),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::super::{PlanInput, Verdict};
    use super::*;

    fn keys(input: &PlanInput) -> Vec<(&'static str, u64, bool)> {
        let plan = input.plan();
        checks(&plan.timeline, input).into_iter().map(|c| (c.key, c.at_least_s, c.above_default)).collect()
    }

    const PASS: u64 = (4 << 40) / (300 << 20); // 4 TiB at 300 MiB/s: 3 h 53 min

    /// Seed 004 (down, rewrite): the cutover resumes from the stop savepoint's offsets after
    /// the savepoint, the rewrite and the restore: 15 h 32 min; each savepoint keeps the sink's
    /// transactions open 3 h 53 min, past the connector's 1 h and the broker's 15 min.
    #[test]
    fn seed_004_needs_its_transactions_open_for_a_savepoint() {
        let input = PlanInput::default();
        assert_eq!(input.plan().verdict, Verdict::RewriteNeeded);
        assert_eq!(
            keys(&input),
            vec![
                ("log-retention", 4 * PASS, false),
                ("transaction-timeout", PASS, true),
                ("broker-transaction-max", PASS, true),
            ]
        );
        let plan = input.plan();
        let text = checks(&plan.timeline, &input);
        assert!(
            text[0].text.contains(
                "at least 15 h 32 min of records, from the stop with savepoint to the end of the restore at target"
            ),
            "{}",
            text[0].text
        );
        assert!(text[1].text.contains("at least 3 h 53 min plus one checkpoint interval"), "{}", text[1].text);
        assert!(text[2].text.contains("15 min by default"), "{}", text[2].text);
    }

    /// A checkpoint interval, when given, is added to the transaction timeout the plan asks for,
    /// and named with the sum; the retention does not change.
    #[test]
    fn a_checkpoint_interval_lengthens_the_transaction_timeout() {
        let input = PlanInput { checkpoint_interval_s: Some(120), ..PlanInput::default() };
        assert_eq!(
            keys(&input),
            vec![
                ("log-retention", 4 * PASS, false),
                ("transaction-timeout", PASS + 120, true),
                ("broker-transaction-max", PASS + 120, true),
            ]
        );
        let text = checks(&input.plan().timeline, &input);
        assert!(
            text[1].text.contains("at least 3 h 53 min plus one checkpoint interval (2 min), 3 h 55 min"),
            "{}",
            text[1].text
        );
        let one_hour = PlanInput { state_bytes: 1 << 30, checkpoint_interval_s: Some(3600), ..PlanInput::default() };
        let asked = keys(&one_hour);
        assert!(
            asked.contains(&(
                "transaction-timeout",
                3600 + keys(&PlanInput { state_bytes: 1 << 30, ..PlanInput::default() })[1].1,
                true
            )),
            "{asked:?}"
        );
    }

    /// Without transactional sinks only the retention is asked; a direct restore of a running
    /// job resumes after its stop savepoint and the restore; a small state keeps the defaults.
    #[test]
    fn each_route_asks_its_own_retention() {
        let running =
            PlanInput { job: JobStatus::Running, transactional_sinks: false, target: 100, ..PlanInput::default() };
        assert_eq!(keys(&running), vec![("log-retention", 2 * PASS, false)]);
        let small = PlanInput { state_bytes: 1 << 30, ..PlanInput::default() };
        assert!(keys(&small).iter().all(|(k, _, above)| *k == "broker-transaction-max" || !above));
        let rebuild = PlanInput { ttl_s: Some(6 * 3600), transactional_sinks: false, ..PlanInput::default() };
        assert_eq!(rebuild.plan().verdict, Verdict::RebuildFromLog);
        let need = keys(&rebuild)[0].1;
        assert!(need >= 6 * 3600, "{need}");
        let week = PlanInput {
            ttl_s: Some(8 * 86_400),
            state_bytes: 400 << 40,
            transactional_sinks: false,
            ..PlanInput::default()
        };
        assert_eq!(week.plan().verdict, Verdict::RebuildFromLog);
        assert!(keys(&week)[0].2, "a rebuild reading 8 days back outlives the default retention");
    }
}
