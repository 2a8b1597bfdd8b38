//! Table tests for what the plan asks of Kafka: each route's retention and transaction timeouts,
//! and the texts of which snapshot commits a sink, held by Flink 2.3.0's report.

use super::super::snapshot_kinds::SnapshotKind;
use super::super::{PlanInput, Verdict};
use super::*;
use crate::observed::{CHECKPOINTS_DURING_SAVEPOINT as DURING, CONFIG_KEYS_2_3 as KEYS, SAVEPOINT_COMMITS as COMMITS};

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
    // The broker's bound is the sink's, with what the plan cannot count named the same way.
    assert!(
        text[2].text.contains(
            "the sink's timeout (at least 3 h 53 min plus one checkpoint interval, plus however long the job has been down already here)"
        ),
        "{}",
        text[2].text
    );
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

/// No checkpoint starts while a running job's savepoint is pending at Flink's default of one at
/// a time (one under way completes; with two allowed, one started): the plan's note on the
/// live job's savepoint and the commit texts say so, from Flink 2.3.0's report.
#[test]
fn no_checkpoint_starts_while_a_savepoint_is_pending_at_the_default() {
    assert!(DURING.starts_with("Flink version: 2.3.0"));
    let (default, two) = DURING.split_once("max-concurrent-checkpoints 2:").unwrap();
    for line in [
        "max-concurrent-checkpoints not set (the default, 1):",
        "  checkpoints in flight when it was triggered: some, each completed before it",
        "  checkpoints triggered while it was pending: none",
        "  the operator told the savepoint completed: no",
    ] {
        assert!(default.lines().any(|l| l == line), "not in the report: {line}");
    }
    assert!(two.lines().any(|l| l == "  checkpoints triggered while it was pending: some"));
    assert!(KEYS.contains("option execution.checkpointing.max-concurrent-checkpoints | CheckpointingOptions.MAX_CONCURRENT_CHECKPOINTS |  | 1\n"));
    let gap = PlanInput::default().plan().timeline.commit_gap_note().unwrap();
    assert!(gap.contains("(execution.checkpointing.max-concurrent-checkpoints: 1) no checkpoint starts while it is pending; only one already under way completes"), "{gap}");
    assert!(SAVEPOINTS_COMMIT.contains("none starts while it is taken, observed"));
}

/// What the transaction texts say commits a sink, each beside the line of Flink 2.3.0's report
/// (`tests/flink-savepoint-commits`, a Sink V2 with a committer) that shows it.
#[test]
fn what_commits_a_sink_is_what_flink_did() {
    for (said, observed) in [
        (SAVEPOINTS_COMMIT, "stop-with-savepoint (canonical, no drain): committed before the job reached FINISHED: 20 of 20 pending records"),
        (SAVEPOINTS_COMMIT, "intermediate savepoint (canonical): committed at its completion: 0 of 37 pending records; committed by checkpoint 4 after it: 37"),
        (FIRST_CHECKPOINT_COMMITS, "retained checkpoint: committed at its completion: 10 of 10 pending records"),
        (CHECKPOINT_RESTORE_COMMITS, "restore from a retained checkpoint whose commit never ran (job cancelled in notifyCheckpointComplete): committed at restore: 9 of 9 pending records"),
        (STOP_SAVEPOINT_LEAVES_NONE, "restore from the stop-with-savepoint: committed at restore: 20 records, already committed by the stopped job: all"),
        (STOP_SAVEPOINT_LEAVES_NONE, "restore from an intermediate savepoint (its job cancelled before any commit): committed at restore: 12 of the savepoint's 12 pending records"),
    ] {
        assert!(COMMITS.lines().any(|l| l.starts_with(observed)), "not in the report: {observed}");
        let transactional = [JobStatus::Running, JobStatus::Down].into_iter().flat_map(|job| {
            SnapshotKind::ALL.into_iter().map(move |latest| PlanInput { job, latest, ..PlanInput::default() })
        });
        let texts: Vec<String> = transactional.map(|input| checks(&input.plan().timeline, &input)[1].text.clone()).collect();
        assert!(texts.iter().any(|t| t.contains(said)), "no plan says: {said}");
    }
}

/// A job that is down waits for its retained checkpoint's transactions until it is back; one
/// stopped with its savepoint has none open, so only the plan's own holds count. Either way the
/// first (full) checkpoint after a restore holds the new ones open: a plan that stops nothing
/// still asks for it.
#[test]
fn a_job_stopped_with_its_savepoint_has_no_transaction_open_while_down() {
    // Checkpoint files downloaded at a third of the other rates: the bring-back takes 3 passes.
    let slow = (300 << 20) / 3;
    let at_least = |latest: SnapshotKind, target: u32| {
        let input = PlanInput { latest, target, incremental_rate: slow, ..PlanInput::default() };
        let plan = input.plan();
        let txn = checks(&plan.timeline, &input).into_iter().find(|c| c.key == "transaction-timeout").unwrap();
        (txn.at_least_s, txn.text.contains("plus however long the job has been down already"))
    };
    // Seed 004 (a rewrite): the savepoints hold one pass; bringing the job back from its
    // checkpoint holds its transactions for three.
    let (checkpoint, waits) = at_least(SnapshotKind::AlignedCheckpoint, 200);
    assert!(checkpoint > 2 * PASS && waits, "{checkpoint}");
    assert_eq!(at_least(SnapshotKind::CanonicalSavepoint, 200), (PASS, false));
    // A direct restore that stops nothing: the first checkpoint after it, a full upload.
    assert_eq!(at_least(SnapshotKind::CanonicalSavepoint, 100), (PASS, false));
}

/// A job that is down with savepoints of either format was stopped with one (as the inspector's
/// link means it): no transaction waits while it is down; with retained checkpoints, the
/// checkpoint's transactions wait for the job to be back.
#[test]
fn a_job_down_is_told_what_its_own_kind_of_snapshot_holds() {
    for (latest, holds) in [
        (SnapshotKind::AlignedCheckpoint, CHECKPOINT_RESTORE_COMMITS),
        (SnapshotKind::UnalignedCheckpoint, CHECKPOINT_RESTORE_COMMITS),
        (SnapshotKind::CanonicalSavepoint, STOP_SAVEPOINT_LEAVES_NONE),
        (SnapshotKind::NativeSavepoint, STOP_SAVEPOINT_LEAVES_NONE),
    ] {
        let plan = PlanInput { latest, ..PlanInput::default() }.plan();
        let said = plan.kafka.iter().map(|k| k.text.as_str()).collect::<Vec<_>>().join(" ");
        assert!(said.contains(holds), "{latest:?}: {said}");
    }
}

/// Where the plan asks less of the sink than its 1 h default, the brokers must allow that
/// default, and what the sink's timeout adds only if it passes it.
#[test]
fn the_brokers_allow_the_sinks_default_where_the_plan_asks_less() {
    let broker = |input: PlanInput| {
        let plan = input.plan();
        plan.kafka.iter().find(|k| k.key == "broker-transaction-max").map(|k| k.text.clone()).unwrap()
    };
    let small = PlanInput { state_bytes: 1 << 30, job: JobStatus::Running, ..PlanInput::default() };
    let text = broker(small);
    assert!(
        text.contains("(at least 1 h, the sink's default, or 3 s plus one checkpoint interval if that is longer here)"),
        "{text}"
    );
    let with_interval = PlanInput { checkpoint_interval_s: Some(120), ..small };
    assert!(broker(with_interval).contains("(at least 1 h, the sink's default here)"));
    let seed = broker(PlanInput::default());
    assert!(
        seed.contains(" plus one checkpoint interval, plus however long the job has been down already here)")
            && !seed.contains("sink's default,"),
        "{seed}"
    );
}
