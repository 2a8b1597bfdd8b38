//! The planner's plans and the trace check.

use crate::prelude::*;
use crate::strategies::*;

// ---------------------------------------------------------------------------------------------
// Planner and trace
// ---------------------------------------------------------------------------------------------

/// The plan's invariants, whatever the input.
pub(crate) fn check_plan(input: &PlanInput) -> Result<(), TestCaseError> {
    let plan = input.plan();
    prop_assert!((1..=32768).contains(&plan.saved_max));
    // Transactional sinks: the timeout asked covers one checkpoint interval more.
    let timeout = plan.kafka.iter().find(|c| c.key == "transaction-timeout");
    prop_assert_eq!(timeout.is_some(), input.transactional_sinks);
    if let (Some(t), Some(i)) = (timeout, input.checkpoint_interval_s) {
        prop_assert!(t.at_least_s >= i);
    }
    prop_assert_eq!(plan.saved_known, input.saved_max.is_some());
    let expected_saved = input
        .saved_max
        .or_else(|| default_max_parallelism(i64::from(input.first)).ok())
        .map_or(32768, MaxParallelism::get);
    prop_assert_eq!(plan.saved_max, expected_saved);
    prop_assert!(plan.suggested_max <= 32768);
    let target = input.target.clamp(1, 32768);
    prop_assert!(plan.suggested_max.is_multiple_of(target) && plan.suggested_max >= target);
    if plan.max_choice_note.is_none() {
        prop_assert!(plan.suggested_max.is_multiple_of(input.current.clamp(1, 32768)));
    }
    prop_assert!(plan.suggested_divisors.len() <= 6);
    prop_assert!(plan.suggested_divisors.windows(2).all(|w| w[0] < w[1]));
    prop_assert!(plan.suggested_divisors.iter().all(|d| plan.suggested_max.is_multiple_of(*d)));
    // The partitions cap the source vertex, and after a rewrite of the keyed state the cutover
    // pins it at the snapshot's max parallelism (`cutover`); the keyed vertices run at the
    // target, capped by the max parallelism the plan ends with.
    let [source, keyed] = plan.vertices;
    let pin = source.pinned_at.unwrap_or(u32::MAX);
    prop_assert_eq!(
        (source.now, source.after),
        (input.current.min(input.partitions), input.target.min(input.partitions).min(pin).min(32768))
    );
    prop_assert_eq!(
        source.pinned_at,
        (plan.verdict == PlanVerdict::RewriteNeeded && plan.saved_max < input.partitions).then_some(plan.saved_max)
    );
    prop_assert_eq!(plan.cutover.len(), 4);
    prop_assert_eq!(keyed.after, input.target.min(keyed.cap));
    prop_assert!(plan
        .imbalance
        .is_none_or(|i| plan.verdict == PlanVerdict::DirectRestore && i.parallelism == input.target && !i.is_even()));
    if plan.verdict == PlanVerdict::DirectRestore {
        prop_assert!(input.target <= plan.saved_max);
    }
    if matches!(plan.verdict, PlanVerdict::RewriteNeeded | PlanVerdict::RebuildFromLog) {
        prop_assert!(input.target > plan.saved_max);
    }
    prop_assert_eq!(matches!(plan.direct_restore, RestoreOutcome::Ok { .. }), input.target <= plan.saved_max);
    prop_assert!(!plan.steps.is_empty() && plan.steps.iter().all(|s| !s.text.trim().is_empty()));
    let cutovers: Vec<_> = plan.steps.iter().filter(|s| s.point_of_no_return).collect();
    prop_assert_eq!(cutovers.len(), 1);
    prop_assert!(cutovers.iter().all(|s| !s.reversible));
    let pass = input.state_bytes / input.throughput.max(1);
    let t = &plan.timeline;
    prop_assert_eq!(t.total_s(), t.phases.iter().fold(0u64, |a, p| a.saturating_add(p.seconds)));
    prop_assert!(t.downtime_s() <= t.total_s() && t.point_of_no_return_s() <= t.total_s());
    prop_assert!(t.phases.iter().all(|p| !p.what.is_empty() && !p.arithmetic.is_empty()));
    // Restores of a canonical savepoint read it once (a retained checkpoint's or a native
    // savepoint's read, the backend's own files, depends on the overlap).
    let native = |p: &&Phase| p.what.contains("native savepoint");
    let restores: Vec<_> = t
        .phases
        .iter()
        .filter(|p| p.what.starts_with("restore") && !p.what.contains("checkpoint") && !native(p))
        .collect();
    prop_assert!(restores.iter().all(|p| p.seconds == input.state_bytes / input.restore_rate.max(1)));
    // A retained checkpoint's restore reads at least one pass: RocksDB's files at the download
    // rate, a heap snapshot at the restore rate.
    let downloads: Vec<_> = t
        .phases
        .iter()
        .filter(|p| (p.what.contains("retained") && p.what.contains("checkpoint")) || native(p))
        .collect();
    let checkpoint_rate = match input.backend {
        Backend::RocksDb => input.incremental_rate,
        Backend::HashMap => input.restore_rate,
    };
    prop_assert!(downloads.iter().all(|p| p.seconds >= input.state_bytes / checkpoint_rate.max(1)));
    if matches!(plan.verdict, PlanVerdict::RewriteNeeded | PlanVerdict::RebuildFromLog) {
        // The offline rewrite reads and writes everything: twice the bytes over the rate,
        // divided once (so never less than twice one pass), saturating (a doubling past
        // u64::MAX once overflowed: minimal state_bytes = 2^63, throughput 0).
        let twice = u128::from(input.state_bytes) * 2 / u128::from(input.throughput.max(1));
        let rewrite = twice.min(u128::from(u64::MAX)) as u64;
        prop_assert!(rewrite >= pass.saturating_mul(2));
        if plan.verdict == PlanVerdict::RewriteNeeded {
            prop_assert!(t.phases.iter().filter(|p| p.what.contains("rewrite")).all(|p| p.seconds == rewrite));
        }
        prop_assert_eq!(plan.verdict == PlanVerdict::RebuildFromLog, input.ttl_s.is_some_and(|ttl| ttl < rewrite));
    }
    // A job that is down is down from the start; a running one is not, unless its savepoints
    // outlast the default checkpoint timeout (10 min) while its own checkpoints are incremental
    // (RocksDB): then it is restarted with a longer one first. A heap job's checkpoints are all
    // full: one that checkpoints runs with a timeout its savepoint fits in already.
    let warm = input.job == JobStatus::Running
        && input.backend == Backend::RocksDb
        && input.state_bytes / input.savepoint_rate.max(1) > 600;
    prop_assert_eq!(
        t.phases.first().is_some_and(|p| p.downtime),
        input.job == JobStatus::Down || plan.verdict == PlanVerdict::DirectRestore || warm
    );
    prop_assert!(t.point_of_no_return_s() == t.windows().last().map_or(t.total_s(), |w| w.1));
    prop_assert_eq!(t.downtime_s(), t.windows().iter().map(|w| w.1 - w.0).sum::<u64>());
    // The standing warnings; a job that is down and restored straight at the target stops
    // nothing, so the two on how to stop one are left out.
    let stops_nothing = input.job == JobStatus::Down && plan.verdict == PlanVerdict::DirectRestore;
    let stopping = plan
        .warnings
        .iter()
        .filter(|w| w.starts_with("Stop with a savepoint") || w.starts_with("Leave out --drain"))
        .count();
    prop_assert_eq!(stopping, if stops_nothing { 0 } else { 2 });
    prop_assert!(plan.warnings.len() >= 4 && plan.warnings.iter().all(|w| !w.trim().is_empty()));
    Ok(())
}

/// Plan inputs: sizes and rates from `size`, an optional TTL from `ttl` and checkpoint
/// interval from `interval`, counts anything; a job with transactional sinks is `txn_job`,
/// any other the other status.
fn plan_inputs(
    size: impl Strategy<Value = u64> + Clone,
    ttl: impl Strategy<Value = u64>,
    interval: impl Strategy<Value = u64>,
    txn_job: JobStatus,
) -> impl Strategy<Value = PlanInput> {
    let counts = (any_u32(), any_u32(), proptest::option::of(max_parallelism()), any_u32(), any_u32());
    let sizes = (size.clone(), size.clone(), size);
    let flags = (proptest::option::of(ttl), any::<bool>(), any::<bool>(), proptest::option::of(interval));
    (counts, sizes, flags).prop_map(move |(counts, sizes, flags)| {
        let ((current, target, saved_max, first, partitions), (state_bytes, throughput, download)) = (counts, sizes);
        let (ttl_s, txn, heap, checkpoint_interval_s) = flags;
        let other = if txn_job == JobStatus::Down { JobStatus::Running } else { JobStatus::Down };
        PlanInput {
            current,
            target,
            saved_max,
            first,
            state_bytes,
            throughput,
            partitions,
            ttl_s,
            transactional_sinks: txn,
            savepoint_rate: throughput,
            restore_rate: throughput,
            incremental_rate: download,
            backend: if heap { Backend::HashMap } else { Backend::RocksDb },
            checkpoint_interval_s,
            job: if txn { txn_job } else { other },
            // Every kind of latest snapshot, spread by another fuzzed count.
            latest: SnapshotKind::ALL[(first % 4) as usize],
        }
    })
}

proptest! {
    #![proptest_config(fuzz_config())]

    /// `PlanInput::plan` for every input the planner page can build (sizes up to 1 PB from
    /// `parse_bytes`, TTLs up to ten years from `parse_ttl`, counts anything): the verdict
    /// follows the rules, exactly one step is the point of no return (none when source
    /// bound), the divisors divide the suggestion, the estimates are size ÷ rate and twice it.
    #[test]
    fn ctor_plan(input in plan_inputs(
        prop_oneof![0u64..=MAX_BYTES, select(vec![0u64, 1, MAX_BYTES])],
        prop_oneof![0u64..=3650 * 86_400, select(vec![0u64, 3650 * 86_400])],
        1u64..=86_400,
        JobStatus::Down,
    )) {
        check_plan(&input)?;
    }

    /// `PlanInput::plan` with every field arbitrary (sizes, rates and TTLs up to `u64::MAX`,
    /// beyond what the page can build): the same invariants, and no panic.
    #[test]
    fn ctor_plan_arbitrary_fields(input in plan_inputs(any_u64(), any_u64(), any_u64(), JobStatus::Running)) {
        check_plan(&input)?;
    }

    /// `TraceInput::run` with small traces, every scenario and backend and any p2 and snapshot
    /// offset: refused exactly when Flink refuses, failing (RUNNING, restarts, FAILED) exactly
    /// for an incompatible serializer that passes those checks, totals preserved in every
    /// scenario that keeps state, key function and source position, rows are the trace's keys
    /// with its totals, owners in range.
    #[test]
    fn ctor_trace_run(
        scenario in select(Scenario::ALL.to_vec()),
        backend in select(Backend::ALL.to_vec()),
        max in prop_oneof![4 => 1i64..=300, 1 => select(vec![1i64, 128, 4096, 32768])],
        p1_seed in any::<u32>(),
        p2 in prop_oneof![8 => 0u32..=320, 1 => select(vec![0u32, 1, 32768, 32769, u32::MAX])],
        keys in prop_oneof![0u32..=40, Just(200u32)],
        events in 0u32..=300,
        snapshot_at in prop_oneof![0u32..=320, any::<u32>()],
    ) {
        let max = MaxParallelism::new(max).expect("in range");
        let p1 = Parallelism::new(i64::from(p1_seed % max.get().min(512)) + 1, max).expect("p1 <= max");
        let input = TraceInput { scenario, p1, p2, keys, events, snapshot_at, backend };
        let result = input.run();
        prop_assert_eq!(result.source_expected, events);
        prop_assert_eq!(result.resume_expected, snapshot_at.min(events));
        prop_assert!(result.busiest_share_permille <= 1000);
        let mut truth: BTreeMap<String, i64> = BTreeMap::new();
        for offset in 0..events {
            let (k, v) = event(offset, keys, scenario == Scenario::HotKey);
            *truth.entry(k).or_default() += v;
        }
        let rows: BTreeMap<String, i64> = result.rows.iter().map(|r| (r.key.clone(), r.expected)).collect();
        prop_assert_eq!(rows.len(), result.rows.len());
        prop_assert_eq!(&rows, &truth);
        // "Max parallelism changed" doubles it (halves it at the 32768 cap): always a change.
        let refused = matches!(
            scenario,
            Scenario::MaxParallelismChanged | Scenario::UidChangedRefused | Scenario::SourceUidChangedRefused
        ) || p2 == 0
            || p2 > max.get();
        match &result.verdict {
            TraceVerdict::Refused { reason, check } => {
                prop_assert!(refused, "refused: {}", reason);
                // Refused by one of Flink's restore checks (its message), or else by an unmatched
                // uid or a parallelism of 0, which name no check (and raise no alert).
                match check {
                    Some(check) => prop_assert_eq!(reason, &check.flink_message()),
                    None => prop_assert!(
                        matches!(scenario, Scenario::UidChangedRefused | Scenario::SourceUidChangedRefused) || p2 == 0,
                        "{:?}",
                        input
                    ),
                }
                prop_assert!(!reason.trim().is_empty());
                prop_assert_eq!(result.source_actual, None);
                prop_assert_eq!(result.resumed_from, None);
                prop_assert!(result.rows.iter().all(|r| r.owner_after.is_none() && r.actual.is_none()));
            }
            TraceVerdict::Failing(f) => {
                prop_assert!(!refused && scenario == Scenario::SchemaIncompatible, "{:?}", input);
                prop_assert_eq!((f.running_phases, f.restarts, f.backend), (4, 3, backend));
                prop_assert_eq!((result.source_actual, result.resumed_from), (None, None));
                prop_assert!(result.rows.iter().all(|r| r.actual.is_none() && r.owner_after.is_some_and(|o| o < p2)));
            }
            verdict => {
                prop_assert!(!refused && scenario != Scenario::SchemaIncompatible, "{:?} should not run", input);
                prop_assert_eq!(result.source_actual, Some(events));
                let source_reset = scenario == Scenario::SourceUidChangedAllowNonRestored;
                let resumed = if source_reset { 0 } else { snapshot_at.min(events) };
                prop_assert_eq!(result.resumed_from, Some(resumed));
                // A changed key function leaves the trace's keys with what was restored: any
                // event after the snapshot goes to a new key (the second table), so the trace's
                // keys are short of it.
                let renamed = scenario == Scenario::KeyFunctionChanged && events > snapshot_at.min(events);
                let state_lost = renamed
                    || (matches!(scenario, Scenario::UidChangedAllowNonRestored | Scenario::SourceUidChangedAllowNonRestored)
                        && snapshot_at.min(events) > 0);
                prop_assert_eq!(verdict == &TraceVerdict::Lost, state_lost, "{:?}", input);
                prop_assert_eq!(!result.new_keys.is_empty(), renamed, "{:?}", input);
                for new in &result.new_keys {
                    let old = result.rows.iter().find(|r| r.key == new.from);
                    prop_assert!(old.is_some_and(|r| r.actual.unwrap_or(0) + new.total == r.expected), "{:?}", input);
                    prop_assert!(new.key_group < max.get() && new.owner < p2);
                }
                for r in &result.rows {
                    prop_assert!(r.key_group < max.get() && r.owner_before < p1.get());
                    prop_assert!(r.owner_after.is_some_and(|o| o < p2));
                }
            }
        }
    }
}
