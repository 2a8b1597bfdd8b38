//! The planner on the seed's worked case and on each verdict.

use super::*;

pub(super) fn seed() -> PlanInput {
    // Seed 004: parallelism 24 → 200, 4 TiB of keyed state, max parallelism never set; planned
    // here for the job while it still runs (the incident's job is down: see below).
    PlanInput { job: JobStatus::Running, ..PlanInput::default() }
}

#[test]
fn seed_case_needs_a_rewrite_to_1200() {
    let plan = seed().plan();
    assert_eq!(plan.saved_max, 128);
    assert!(!plan.saved_known);
    assert_eq!(plan.verdict, Verdict::RewriteNeeded);
    assert!(matches!(plan.direct_restore, RestoreOutcome::Fails(_)));
    assert_eq!(plan.suggested_max, 1200);
    assert!(plan.suggested_divisors.contains(&200) && plan.suggested_divisors.contains(&240));
    // A savepoint of 4 TiB outlasts the default timeout: the running job is restarted with a
    // longer one first.
    assert!(plan.steps[0].text.starts_with("A savepoint of this job would outlast Flink's default checkpoint timeout, so restart it with a longer one first"), "{}", plan.steps[0].text);
    assert!(plan.steps[0].text.contains("execution.checkpointing.timeout at 467 min"), "{}", plan.steps[0].text);
    assert!(plan.steps[2].text.contains("1200: a multiple of the parallelisms this plan runs (24 and 200)"));
    let pnr: Vec<usize> = plan.steps.iter().enumerate().filter(|(_, s)| s.point_of_no_return).map(|(i, _)| i).collect();
    assert_eq!(pnr, vec![6]);
    assert!(plan.steps[..6].iter().all(|s| s.reversible));
    assert!(plan.steps[6].text.contains("first commits output"));
    let rewrite = plan.timeline.phases.iter().find(|e| e.what.starts_with("rewrite the stop savepoint")).unwrap();
    assert_eq!(rewrite.arithmetic, "2 × 4 TiB ÷ 300 MiB/s = 7 h 46 min");
    assert!(plan.warnings.iter().any(|w| w.contains("transactional id prefix")));
}

#[test]
fn verdict_table() {
    let cases = [
        (PlanInput { target: 100, ..seed() }, Verdict::DirectRestore),
        (PlanInput { partitions: 24, ..seed() }, Verdict::RewriteNeeded),
        (PlanInput { ttl_s: Some(6 * 3600), ..seed() }, Verdict::RebuildFromLog),
        (PlanInput { ttl_s: Some(30 * 86_400), ..seed() }, Verdict::RewriteNeeded),
        (PlanInput { saved_max: Some(MaxParallelism::new(1024).unwrap()), ..seed() }, Verdict::DirectRestore),
        (PlanInput { first: 200, ..seed() }, Verdict::DirectRestore),
    ];
    for (input, expected) in cases {
        assert_eq!(input.plan().verdict, expected, "{input:?}");
    }
    let direct = PlanInput { target: 100, ..seed() }.plan();
    assert_eq!(direct.steps.iter().filter(|s| s.point_of_no_return).count(), 1);
}

/// The partition count caps the source vertex, and after a rewrite so does the cutover's pin at
/// the snapshot's max parallelism; the keyed vertices after keyBy run at their own parallelism
/// (observed: source at 1, keyed operator at 4, 8, 16, in
/// `tests/flink-adaptive/observed-flink-2.3.0.txt` and `tests/flink-rest-metrics/`).
#[test]
fn partitions_and_the_cutover_pin_cap_the_source_vertex() {
    let cases = [
        // partitions, target, plan_max, source now → after, keyed now → after (cap)
        (24, 200, None, (24, 24), (24, 200, 1200)),
        (24, 100, None, (24, 24), (24, 100, 128)),
        (64, 100, None, (24, 64), (24, 100, 128)),
        // 256 partitions, but the cutover pins the source at the snapshot's 128 (`cutover`).
        (256, 200, None, (24, 128), (24, 200, 1200)),
        (10, 12, Some(128), (10, 10), (24, 12, 128)),
    ];
    for (partitions, target, plan_max, (s_now, s_after), (k_now, k_after, cap)) in cases {
        let plan =
            PlanInput { partitions, target, saved_max: plan_max.map(|m| MaxParallelism::new(m).unwrap()), ..seed() }
                .plan();
        let [source, keyed] = plan.vertices;
        assert_eq!(
            (source.kind, source.now, source.after, source.cap),
            (VertexKind::Source, s_now, s_after, partitions)
        );
        assert_eq!(
            (keyed.kind, keyed.now, keyed.after, keyed.cap),
            (VertexKind::Keyed, k_now, k_after, cap),
            "{partitions} {target}"
        );
    }
    let plan = PlanInput { partitions: 256, ..seed() }.plan();
    assert_eq!(plan.vertices[0].pinned_at, Some(128));
    let w = plan.warnings.iter().find(|w| w.contains("pins the source")).unwrap();
    assert!(w.contains("128 subtasks read its 256 partitions"), "{w}");
    let plan = PlanInput { partitions: 24, ..seed() }.plan();
    assert_eq!(plan.vertices[0].pinned_at, None);
    assert!(!plan.warnings.iter().any(|w| w.contains("pins the source")));
    assert!(!plan.vertices[0].gains() && plan.vertices[1].gains());
    let w = plan.warnings.iter().find(|w| w.contains("caps the source vertex only")).unwrap();
    assert!(w.contains("the source gains nothing from the change"), "{w}");
    assert!(w.contains("keyed operators after keyBy run at their own parallelism, 200 here"), "{w}");
    assert_eq!(plan.steps.iter().filter(|s| s.point_of_no_return).count(), 1);
}

/// A direct restore at a parallelism that does not divide max parallelism works, unevenly: Flink's
/// ranges (`KeyGroupRangeAssignment`, checked against Flink's jar in tests/flink-vectors/).
#[test]
fn uneven_direct_restore_warns() {
    let plan = PlanInput { target: 100, ..seed() }.plan();
    assert_eq!(plan.verdict, Verdict::DirectRestore);
    let i = plan.imbalance.unwrap();
    assert_eq!((i.busy_subtasks, i.most, i.idle_subtasks, i.fewest), (28, 2, 72, 1));
    let w = plan.warnings.iter().find(|w| w.starts_with("At parallelism 100 over 128 key groups")).unwrap();
    assert!(w.contains("28 subtasks own 2 key groups and 72 own 1"), "{w}");
    assert!(w.contains("2.00 × the work") && w.contains("36.0% of its capacity idles") && w.contains("64, 128"), "{w}");
    for even in [64, 128, 32] {
        assert_eq!(PlanInput { target: even, ..seed() }.plan().imbalance, None, "{even}");
    }
    assert_eq!(seed().plan().imbalance, None, "no direct restore, no imbalance of it");
}

/// Rebuilding from the log: complete once the replay catches up (retention ≥ TTL), and the new
/// job keeps its own position in the log, so it cannot start from the old job's stop offsets.
#[test]
fn rebuild_steps_are_consistent() {
    let plan = PlanInput { ttl_s: Some(6 * 3600), ..seed() }.plan();
    assert_eq!(plan.verdict, Verdict::RebuildFromLog);
    assert!(plan.steps[1].text.contains("the log still holds at least one time-to-live"));
    assert!(plan.steps[3].text.contains("once the replay has caught up"));
    assert!(!plan.steps.iter().any(|s| s.text.contains("one time-to-live has passed")));
    let cutover = plan.steps.iter().find(|s| s.point_of_no_return).unwrap();
    assert!(cutover.text.contains("cannot take the old job's stop offsets"), "{}", cutover.text);
}

/// The suggested max parallelism is divisible by the parallelisms the plan runs (current and
/// target); the power of two the old rule picked is shown with how unevenly it shares them.
#[test]
fn suggestion_is_divisible_by_the_planned_parallelisms() {
    let cases = [
        // current, target, suggested, note (no common multiple), power of two, busy/idle at it
        (24, 200, 1200, false, 1024, Some((24, 6, 176, 5))),
        (200, 200, 1200, false, 1024, Some((24, 6, 176, 5))),
        (64, 256, 1536, false, 1024, None),
        (199, 200, 1200, true, 1024, Some((24, 6, 176, 5))),
        (24, 100, 600, false, 512, Some((12, 6, 88, 5))),
    ];
    for (current, target, suggested, noted, pow2, at_pow2) in cases {
        let plan = PlanInput { current, target, ..seed() }.plan();
        assert_eq!(plan.suggested_max, suggested, "{current} {target}");
        assert!(suggested.is_multiple_of(target));
        assert_eq!(plan.max_choice_note.is_some(), noted, "{current} {target}");
        if !noted {
            assert!(suggested.is_multiple_of(current));
        }
        assert_eq!(plan.max_choice.power_of_two, pow2);
        let i = plan.power_of_two_imbalance.map(|i| (i.busy_subtasks, i.most, i.idle_subtasks, i.fewest));
        assert_eq!(i, at_pow2, "{current} {target}");
    }
}

/// Seed 004's clock: 4 TiB at 300 MiB/s each way. The outage is the stop savepoint, its rewrite
/// and the restore (hours); the plan, with the shadow's day, about two days end to end.
#[test]
fn seed_case_downtime_and_duration() {
    use super::outage::RestoreFrom;
    let plan = seed().plan();
    let t = &plan.timeline;
    // The seed's sinks are transactional: the consumers' outage lasts until the first
    // checkpoint after the restore (a full one, observed) has completed.
    // A savepoint of 4 TiB outlasts the default timeout: the job is first restarted with a longer
    // one (from its retained checkpoint, and its first checkpoint), a window of its own.
    assert_eq!(t.phases.len(), 10);
    assert_eq!(t.phases.iter().filter(|p| p.downtime).count(), 6);
    assert_eq!(t.downtime_s(), 27_962 + 13_981 + 27_962 + 13_981 + 13_981);
    assert_eq!(
        t.downtime_arithmetic(),
        "3 h 53 min + 3 h 53 min + 3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 27 h 11 min"
    );
    assert_eq!(t.cutover_outage().1, "3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 19 h 25 min");
    assert_eq!((format_duration(t.total_s()), format_days(t.total_s())), ("66 h 43 min".into(), "2.7 days".into()));
    // Without transactional sinks the job serves while its first checkpoint uploads.
    let plain = PlanInput { transactional_sinks: false, ..seed() }.plan().timeline;
    assert_eq!(plain.cutover_outage().1, "3 h 53 min + 7 h 46 min + 3 h 53 min = 15 h 32 min");
    assert_eq!(plain.total_s(), t.total_s());
    assert!(plain.point_of_no_return_s() < plain.total_s());
    assert_eq!(t.point_of_no_return_s(), t.total_s());
    assert_eq!(t.downtime(), Some((t.total_s() - t.cutover_outage().0, t.total_s())));
    let alt = plan.alternative.as_ref().unwrap();
    assert!(alt.what.starts_with("cut over from the shadow job's own state"));
    // Its restore is followed by a full first checkpoint too, which transactional sinks wait for.
    assert_eq!(
        (alt.seconds, alt.arithmetic.as_str()),
        (27_962, "4 TiB ÷ 300 MiB/s = 3 h 53 min, then the first checkpoint: 4 TiB ÷ 300 MiB/s = 3 h 53 min")
    );
    assert!(alt.risks.iter().any(|r| r.contains("its own position in the log")));
    // The interim: run at 128 now. From the retained incremental checkpoint each new subtask
    // downloads its old subtask's whole files: 5.375 × the state, so the savepoint is quicker.
    let i = plan.interim.as_ref().unwrap();
    assert_eq!((i.parallelism, i.read_milli, i.restore_from), (128, 5375, RestoreFrom::Savepoint));
    assert!(i.imbalance.is_even());
    // Its restore's first checkpoint is full as well, and the seed's sinks wait for it.
    assert_eq!(i.seconds, 27_962 + 13_981);
    assert!(
        i.how.starts_with("Stop with a savepoint and restore from it: quicker here than restarting 24 → 128"),
        "{}",
        i.how
    );
    // Seed 004's job is down. Straight from its incremental checkpoint 24 → 128 reads 5.375 ×
    // the state: 20 h 52 min and the first checkpoint, 24 h 45 min down. Brought back at 24
    // first (the plan's first step, 7 h 46 min with its first checkpoint), then stopped with a
    // savepoint and restored at 128 (11 h 39 min): 19 h 25 min in all, so that is the relief.
    let down = PlanInput { job: JobStatus::Down, ..seed() }.plan();
    let i = down.interim.as_ref().unwrap();
    assert_eq!((i.parallelism, i.read_milli, i.restore_from, i.seconds), (128, 5375, RestoreFrom::Savepoint, 69_905));
    assert_eq!(format_duration(i.seconds), "19 h 25 min");
    assert_eq!(i.arithmetic, "7 h 46 min to bring it back at 24, then 7 h 46 min to stop it with a savepoint and restore it at 128 (4 TiB ÷ 300 MiB/s = 3 h 53 min, then 4 TiB ÷ 300 MiB/s = 3 h 53 min), then the first checkpoint: 4 TiB ÷ 300 MiB/s = 3 h 53 min");
    assert!(i.how.starts_with("The job is down: bring it back at 24 first, as the plan's first step does (7 h 46 min), then stop it with a savepoint and restore at 128."), "{}", i.how);
    let heap = PlanInput { job: JobStatus::Down, backend: crate::trace::Backend::HashMap, ..seed() }.plan();
    // A heap checkpoint is read once: straight from it is down less (7 h 46 min with its first
    // checkpoint, against 7 h 46 min + 11 h 39 min).
    let i = heap.interim.as_ref().unwrap();
    assert_eq!((i.read_milli, i.seconds, i.restore_from), (1000, 13_981 + 13_981, RestoreFrom::IncrementalCheckpoint));
    assert!(i.how.starts_with("The job is down, so there is no savepoint to take: restore it at 128 straight from its latest retained checkpoint (a heap snapshot: each key group read once)"), "{}", i.how);
}

/// Each step reads its own throughput; the outage follows them.
#[test]
fn separate_throughputs_table() {
    let cases = [
        // savepoint, rewrite, restore (MiB/s) → downtime arithmetic
        (300, 300, 300, "3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 19 h 25 min"),
        (1024, 300, 600, "1 h 8 min + 7 h 46 min + 1 h 56 min + 1 h 8 min = 11 h 59 min"),
        (300, 1200, 300, "3 h 53 min + 1 h 56 min + 3 h 53 min + 3 h 53 min = 13 h 35 min"),
    ];
    for (sp, rw, rs, text) in cases {
        let input = PlanInput { savepoint_rate: sp << 20, throughput: rw << 20, restore_rate: rs << 20, ..seed() };
        assert_eq!(input.plan().timeline.cutover_outage().1, text, "{sp} {rw} {rs}");
    }
    // A direct restore: stop with a savepoint and read it; no interim, no shadow.
    let direct = PlanInput { target: 100, ..seed() }.plan();
    assert_eq!(direct.timeline.cutover_outage().1, "3 h 53 min + 3 h 53 min + 3 h 53 min = 11 h 39 min");
    assert!(direct.interim.is_none() && direct.alternative.is_none());
    // Seed 004 as it happened (down): the job comes back from its retained incremental
    // checkpoint at the download rate; the rewritten savepoint is restored at the restore rate.
    let down =
        PlanInput { job: JobStatus::Down, restore_rate: 100 << 20, incremental_rate: 1000 << 20, ..seed() }.plan();
    let phase = |short: &str| down.timeline.phases.iter().find(|p| p.short() == short).unwrap().arithmetic.clone();
    assert_eq!(phase("bring the job back"), "4 TiB ÷ 1000 MiB/s = 1 h 9 min");
    assert_eq!(phase("restore at target"), "4 TiB ÷ 100 MiB/s = 11 h 39 min");
    // A heap job's retained checkpoint is a snapshot read once at the restore rate, whatever the
    // overlap; RocksDB's downloads each overlapping file (5.375 × from 24 to 128 subtasks).
    let direct = |backend| {
        let input = PlanInput {
            target: 128,
            restore_rate: 100 << 20,
            incremental_rate: 1000 << 20,
            backend,
            job: JobStatus::Down,
            ..seed()
        };
        let phases = input.plan().timeline.phases;
        phases.iter().find(|p| p.kind == outage::PhaseKind::RestoreFromCheckpoint).map(|p| p.arithmetic.clone())
    };
    assert_eq!(direct(crate::trace::Backend::HashMap).as_deref(), Some("4 TiB ÷ 100 MiB/s = 11 h 39 min"));
    assert_eq!(direct(crate::trace::Backend::RocksDb).as_deref(), Some("5.375 × 4 TiB ÷ 1000 MiB/s = 6 h 15 min"));
}

/// A retained incremental checkpoint restored at another parallelism: every old subtask's files
/// are read by each new subtask whose range overlaps its own (thousandths of the state).
#[test]
fn incremental_restore_reads_the_overlap() {
    use super::outage::incremental_read_milli;
    let at = |p: i64, m: i64| Parallelism::new(p, MaxParallelism::new(m).unwrap()).unwrap();
    for (old, new, max, milli) in [
        (24, 24, 128, 1000),
        (24, 128, 128, 5375),
        (128, 24, 128, 1000),
        (1, 4, 128, 4000),
        (2, 3, 128, 2000),
        (4, 8, 1024, 2000),
        (200, 200, 1200, 1000),
    ] {
        assert_eq!(incremental_read_milli(at(old, max), at(new, max)), milli, "{old} → {new} at {max}");
    }
}

/// The checkpoint timeout bounds savepoints and the first (full) checkpoint alike (observed,
/// tests/flink-first-checkpoint E1, E4): the warnings say so whenever the plan's passes outlast
/// the default 10 minutes, and only a plan that takes a savepoint is told about savepoints.
#[test]
fn the_checkpoint_timeout_is_checked_against_the_plans_savepoints() {
    let says = |input: PlanInput, part: &str| input.plan().warnings.iter().any(|w| w.contains(part));
    let savepoint = "A savepoint of this job takes about 3 h 53 min";
    let first = "The first checkpoint after the restore uploads the whole state (about 3 h 53 min)";
    let running = PlanInput { job: JobStatus::Running, ..seed() };
    assert!(says(running, savepoint) && says(running, first));
    // Down, within the ceiling: one restore from the checkpoint, no savepoint to take.
    let back = PlanInput { job: JobStatus::Down, target: 100, ..seed() };
    assert!(!says(back, savepoint) && says(back, first));
    // Down, above it: the plan brings the job back, then takes savepoints of it.
    assert!(says(PlanInput { job: JobStatus::Down, ..seed() }, savepoint));
    // A small state fits the default: neither the savepoint's nor the first checkpoint's
    // warning (a 3 s upload under a 10 min timeout completes, observed).
    let small = PlanInput { state_bytes: 1 << 30, ..running };
    assert!(!says(small, "A savepoint of this job") && !says(small, "The first checkpoint after the restore"));
}

/// The verdict alone (what the in-place part asks) is the plan's, for each route.
#[test]
fn the_verdict_alone_is_the_plans() {
    for (target, ttl_s, want) in [
        (100, None, Verdict::DirectRestore),
        (128, None, Verdict::DirectRestore),
        (200, None, Verdict::RewriteNeeded),
        (200, Some(3600), Verdict::RebuildFromLog),
    ] {
        let input = PlanInput { target, ttl_s, ..seed() };
        assert_eq!((input.verdict(), input.plan().verdict), (want, want), "{target} {ttl_s:?}");
    }
}
