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

/// A vertex's working subtasks grow, stay or shrink with the plan: a scale-down is fewer, never
/// "stays at" the old parallelism (the plan once said so beside a predictor that said 50).
#[test]
fn a_scale_down_leaves_fewer_subtasks_doing_work() {
    use super::VertexChange::{Fewer, Gains, Same};
    for (partitions, current, target, source, keyed) in [
        (256, 100, 50, Fewer, Fewer),
        (30, 100, 50, Same, Fewer),
        (256, 24, 16, Fewer, Fewer),
        (256, 24, 24, Same, Same),
        (24, 24, 200, Same, Gains),
        (64, 24, 100, Gains, Gains),
    ] {
        let plan =
            PlanInput { partitions, current, target, saved_max: Some(MaxParallelism::new(128).unwrap()), ..seed() }
                .plan();
        let [s, k] = plan.vertices;
        assert_eq!((s.change(), k.change()), (source, keyed), "{current} → {target}, {partitions} partitions");
        assert_eq!(s.gains(), source == Gains);
    }
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

/// A retained incremental checkpoint restored at another parallelism: every old subtask's files
/// are read by each new subtask whose range overlaps its own (how many times over the state).
#[test]
fn incremental_restore_reads_the_overlap() {
    use super::outage::incremental_read;
    let at = |p: i64, m: i64| Parallelism::new(p, MaxParallelism::new(m).unwrap()).unwrap();
    for (old, new, max, factor) in [
        (24, 24, 128, "1"),
        (24, 128, 128, "5.375"),
        (24, 100, 128, "4.1875"),
        (24, 16, 128, "1.3125"),
        (128, 24, 128, "1"),
        (1, 4, 128, "4"),
        (2, 3, 128, "2"),
        (4, 8, 1024, "2"),
        (200, 200, 1200, "1"),
    ] {
        assert_eq!(incremental_read(at(old, max), at(new, max)).to_string(), factor, "{old} → {new} at {max}");
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

/// Test support: each of `parts` is found in `text`, in this order.
pub(crate) fn assert_in_order(text: &str, parts: &[&str]) {
    let mut from = 0;
    for part in parts {
        let at = text[from..].find(part).unwrap_or_else(|| panic!("{part:?} missing after byte {from}:\n{text}"));
        from += at + part.len();
    }
}
