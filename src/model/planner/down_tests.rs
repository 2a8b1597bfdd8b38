//! A job that is down restarts from its latest snapshot, named by the kind it has ("The job's
//! latest snapshots"): the steps, the time estimate, the relief, the runbook's paths and the
//! rollback note say which, and a plan that stops nothing says nothing of a stop savepoint.

use super::runbook::RunbookInput;
use super::snapshot_kinds::SnapshotKind::{self, AlignedCheckpoint, CanonicalSavepoint, NativeSavepoint};
use super::*;
use crate::planner::release::Release;
use crate::trace::Backend;

fn down(latest: SnapshotKind, target: u32) -> PlanInput {
    PlanInput { job: JobStatus::Down, latest, target, saved_max: MaxParallelism::new(128).ok(), ..PlanInput::default() }
}

#[test]
fn a_job_that_is_down_restarts_from_its_latest_snapshot_of_the_kind_it_has() {
    let cases = [
        (AlignedCheckpoint, "latest retained checkpoint", "restore from the latest retained incremental checkpoint (every old file overlapping a new subtask's range)"),
        (CanonicalSavepoint, "latest canonical savepoint", "restore from its latest canonical savepoint (read every byte once)"),
        (NativeSavepoint, "latest native savepoint", "restore from its latest native savepoint (every old file overlapping a new subtask's range)"),
    ];
    for (latest, noun, phase) in cases {
        let plan = down(latest, 100).plan();
        assert_eq!(plan.verdict, Verdict::DirectRestore);
        let steps: Vec<&str> = plan.steps.iter().map(|s| s.text.as_str()).collect();
        assert!(
            steps[0].starts_with(&format!("Read the max parallelism in the {noun}'s metadata: 128")),
            "{}",
            steps[0]
        );
        // How to read it: the lab's own reader of the file.
        assert!(steps[0].ends_with("The savepoint inspector (#/savepoint) reads it from the snapshot's _metadata file in the browser, as does keygroups savepoint <path> on the command line."), "{}", steps[0]);
        // A snapshot max parallelism not given is said to be assumed, not read.
        let unknown = PlanInput { saved_max: None, first: 24, ..down(latest, 100) }.plan();
        assert!(
            unknown.steps[0].text.starts_with(&format!(
                "Read the max parallelism in the {noun}'s metadata (a failed restore's message names it too): this plan assumes 128 (Flink's default for the job's first parallelism, as if the job never set one), at or above the target 100. If it reads otherwise, plan again with that value."
            )),
            "{}",
            unknown.steps[0].text
        );
        assert!(
            steps[1].contains(&format!("start it from its {noun} at parallelism 100 in NO_CLAIM mode")),
            "{}",
            steps[1]
        );
        assert_eq!(plan.timeline.phases[0].what, phase);
        assert_eq!(plan.resumes_from, format!("the {noun}"));
        // Nothing running is stopped: no stop savepoint, no advice on how to stop.
        let kafka: Vec<&str> = plan.kafka.iter().map(|k| k.text.as_str()).collect();
        let said = [
            steps.join(" "),
            plan.warnings.join(" "),
            plan.rollback.clone(),
            plan.no_return_when.clone(),
            kafka.join(" "),
        ]
        .join(" ");
        assert!(
            kafka.len() >= 2 && plan.no_return_when.contains(&format!("beyond the {}'s position", latest.short())),
            "{said}"
        );
        assert!(
            !said.contains("stop savepoint") && !said.contains("Stop with a savepoint") && !said.contains("--drain"),
            "{said}"
        );
        if latest.is_savepoint() {
            assert!(!said.contains("retained checkpoint") && !said.contains("checkpoint's"), "{said}");
        }
    }
    // A canonical savepoint is read whole at the restore rate (4 TiB ÷ 300 MiB/s), a retained
    // incremental checkpoint 24 → 100 reads the overlapping files.
    let times: Vec<String> = [CanonicalSavepoint, AlignedCheckpoint]
        .map(|k| format_duration(down(k, 100).plan().timeline.phases[0].seconds))
        .to_vec();
    assert_eq!(times[0], "3 h 53 min");
    assert_ne!(times[0], times[1]);
    // One job at a time: no advice on a shadow's transactional ids; a rewrite has a shadow.
    assert!(!down(CanonicalSavepoint, 100).plan().warnings.iter().any(|w| w.contains("shadow job")));
    assert!(down(CanonicalSavepoint, 200)
        .plan()
        .warnings
        .iter()
        .any(|w| w.contains("give the shadow job its own transactional id")));
    // A running job is stopped: the advice on stopping stays.
    let running = PlanInput { job: JobStatus::Running, ..down(CanonicalSavepoint, 100) }.plan();
    assert!(running.warnings.iter().any(|w| w.starts_with("Stop with a savepoint rather than cancel")));
    assert_eq!(running.resumes_from, "the stop savepoint");
}

#[test]
fn a_job_that_is_down_is_brought_back_from_its_latest_snapshot_before_a_rewrite() {
    for (latest, noun) in [
        (AlignedCheckpoint, "latest retained checkpoint"),
        (CanonicalSavepoint, "latest canonical savepoint"),
        (NativeSavepoint, "latest native savepoint"),
    ] {
        let plan = down(latest, 200).plan();
        assert_eq!(plan.verdict, Verdict::RewriteNeeded);
        let first = &plan.steps[0].text;
        assert!(
            first.starts_with(&format!("The job is down: bring it back first, from its {noun} at its old")),
            "{first}"
        );
        let back = format!("restore the stopped job now from its {noun}, at its old parallelism (NO_CLAIM)");
        assert_eq!(plan.timeline.phases[0].what, back);
        let interim = plan.interim.unwrap();
        // A canonical savepoint is read whole, whatever the ranges; the backend's own files by overlap.
        assert_eq!(interim.read.is_once(), latest == CanonicalSavepoint, "{}", interim.read);
        let relief = interim.how;
        assert_eq!(relief.contains("retained"), !latest.is_savepoint(), "{relief}");
        assert!(!latest.is_savepoint() || relief.contains(&format!("its {noun}")), "{relief}");
    }
}

#[test]
fn the_runbook_restores_a_job_that_is_down_from_the_path_of_its_latest_snapshot() {
    for (latest, path) in
        [(AlignedCheckpoint, "<latest-checkpoint-path>"), (CanonicalSavepoint, "<latest-savepoint-path>")]
    {
        for (verdict, target, max_parallelism) in
            [(Verdict::DirectRestore, 100, 128), (Verdict::RewriteNeeded, 200, 1000)]
        {
            let book = RunbookInput {
                release: Release::V2_3,
                verdict,
                target,
                max_parallelism,
                backend: Backend::RocksDb,
                current: 24,
                job: JobStatus::Down,
                latest,
                first_checkpoint_s: 13_981,
                saved_max: 128,
                partitions: 256,
                transactional: true,
            }
            .runbook();
            let first = &book.steps[0];
            assert!(first.title.contains(latest.latest()), "{}", first.title);
            assert!(first.cli.iter().any(|c| c.starts_with(&format!("flink run -d -s {path} -p "))), "{:?}", first.cli);
            assert!(first.k8s.contains(&format!("spec.job.initialSavepointPath: {path}")), "{:?}", first.k8s);
        }
    }
}

/// The restore's time follows what the snapshot is: a canonical savepoint is read whole at the
/// restore rate; a native savepoint is the backend's own (RocksDB's files by overlap at the
/// download rate, a heap snapshot read once); an unaligned checkpoint restores as an aligned one.
#[test]
fn the_restore_of_a_job_that_is_down_is_timed_by_what_its_snapshot_is() {
    let timed = |latest, backend| {
        let plan = PlanInput { backend, ..down(latest, 100) }.plan();
        plan.timeline.phases[0].arithmetic.clone()
    };
    let cases = [
        (CanonicalSavepoint, Backend::RocksDb, "4 TiB ÷ 300 MiB/s = 3 h 53 min"),
        (CanonicalSavepoint, Backend::HashMap, "4 TiB ÷ 300 MiB/s = 3 h 53 min"),
        (NativeSavepoint, Backend::RocksDb, "4.1875 × 4 TiB ÷ 300 MiB/s = 16 h 15 min"),
        (NativeSavepoint, Backend::HashMap, "4 TiB ÷ 300 MiB/s = 3 h 53 min"),
        (AlignedCheckpoint, Backend::RocksDb, "4.1875 × 4 TiB ÷ 300 MiB/s = 16 h 15 min"),
        (SnapshotKind::UnalignedCheckpoint, Backend::RocksDb, "4.1875 × 4 TiB ÷ 300 MiB/s = 16 h 15 min"),
    ];
    for (latest, backend, arithmetic) in cases {
        assert_eq!(timed(latest, backend), arithmetic, "{latest:?} {backend:?}");
    }
}
