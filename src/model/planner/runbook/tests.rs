//! Table tests of the runbook (`runbook.rs`): every option and key exists in its release, the
//! backend is kept, each verdict's steps.

use super::super::release::tests::observed;
use super::*;

pub(super) fn input(release: Release, verdict: Verdict) -> RunbookInput {
    let max_parallelism = if verdict == Verdict::DirectRestore { 128 } else { 1000 };
    let target = if max_parallelism == 128 { 100 } else { 200 };
    RunbookInput {
        release,
        verdict,
        target,
        max_parallelism,
        backend: Backend::RocksDb,
        current: 24,
        job: JobStatus::Running,
        latest: SnapshotKind::AlignedCheckpoint,
        first_checkpoint_s: 13_981,
        saved_max: 128,
        partitions: 256,
        transactional: true,
    }
}

/// The backend the snapshot was taken with is the one the restored job is configured with:
/// a heap job gets `hashmap` and no incremental key, RocksDB gets both, in every release.
#[test]
fn the_restored_job_keeps_its_backend() {
    for r in Release::ALL {
        let k = r.keys();
        for v in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog] {
            let heap = RunbookInput { backend: Backend::HashMap, ..input(r, v) }.runbook();
            let config: Vec<_> = heap.steps.iter().flat_map(|s| s.config.iter()).collect();
            assert!(config.iter().any(|(key, value)| *key == k.backend && value == "hashmap"), "{r:?} {v:?}");
            assert!(config.iter().all(|(key, value)| *key != k.incremental && value != "rocksdb"), "{r:?} {v:?}");
            assert!(heap.notes.iter().all(|n| !n.contains("RocksDB")), "{r:?} {v:?}");
            let rocks = input(r, v).runbook();
            let config: Vec<_> = rocks.steps.iter().flat_map(|s| s.config.iter()).collect();
            assert!(config.iter().any(|(key, value)| *key == k.backend && value == "rocksdb"), "{r:?} {v:?}");
            assert!(config.iter().any(|(key, value)| *key == k.incremental && value == "true"), "{r:?} {v:?}");
        }
    }
}

/// Every option word of every command (`-p`, `--savepointPath`, `-D` of `-Dkey=value`) is
/// accepted by that command's verb in that release (`flink stop` is asked whether it takes
/// `--type`, not whether some verb does), as Flink's own CLI parser merges the verb's options
/// (`verb` lines of the observation); every configuration key is one of its primary keys. Both
/// job states: a running job's runbook and a job-is-down one.
#[test]
fn every_command_option_and_key_exists_in_the_release() {
    let mut checked = 0;
    for r in Release::ALL {
        let o = observed(r);
        for v in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog] {
            for job in [JobStatus::Running, JobStatus::Down] {
                let book = RunbookInput { job, ..input(r, v) }.runbook();
                for st in &book.steps {
                    for c in &st.cli {
                        let mut words = c.split_whitespace();
                        assert_eq!(words.next(), Some("flink"), "{c}");
                        let verb = words.next().unwrap_or_default();
                        let accepted =
                            o.verbs.get(verb).unwrap_or_else(|| panic!("{}: no verb {verb} ({c})", r.slug()));
                        for w in c.split_whitespace().filter(|w| w.starts_with('-')) {
                            let opt = if w.starts_with("-D") { "-D" } else { w };
                            assert!(
                                accepted.contains(opt),
                                "{}: flink {verb} of {} does not take {opt} ({c})",
                                r.slug(),
                                r.checked()
                            );
                            checked += 1;
                        }
                    }
                    for (k, _) in &st.config {
                        assert!(o.keys.contains(*k), "{}: {k}", r.slug());
                    }
                    for c in st.cli.iter().filter_map(|c| c.split("-Dpipeline.").nth(1)) {
                        let key = format!("pipeline.{}", c.split('=').next().unwrap());
                        assert!(o.keys.contains(&key), "{key}");
                    }
                }
            }
        }
    }
    assert!(checked > 100, "the runbooks name options to check: {checked}");
}

/// The verb matters: options that exist in the CLI but not for every verb, as observed.
#[test]
fn an_option_of_one_verb_is_not_taken_by_another() {
    let o = observed(Release::V2_3);
    // (verb, option, accepted)
    let cases = [
        ("run", "-s", true),
        ("run", "--claimMode", true),
        ("run", "-n", true),
        ("stop", "--savepointPath", true),
        ("stop", "--type", true),
        ("stop", "-s", false),
        ("cancel", "--claimMode", false),
        ("savepoint", "--type", true),
        ("savepoint", "--allowNonRestoredState", false),
    ];
    for (verb, opt, accepted) in cases {
        assert_eq!(o.verbs[verb].contains(opt), accepted, "flink {verb} {opt}");
    }
}

/// A direct restore does not pin max parallelism job-wide, in commands, configuration or
/// FlinkDeployment: a job-wide value that differs from one stateful operator's saved max
/// parallelism stops the restore (observed, tests/flink-restore b1, b3), while leaving it unset
/// restores each operator with its own (g1, g3, g4, g5).
#[test]
fn a_direct_restore_leaves_max_parallelism_unset() {
    for r in Release::ALL {
        for job in [JobStatus::Running, JobStatus::Down] {
            let book = RunbookInput { job, ..input(r, Verdict::DirectRestore) }.runbook();
            for st in &book.steps {
                assert!(st.cli.iter().all(|c| !c.contains("max-parallelism")), "{r:?} {job:?}: {:?}", st.cli);
                assert!(
                    st.config.iter().all(|(k, _)| *k != r.keys().max_parallelism),
                    "{r:?} {job:?}: {:?}",
                    st.config
                );
                assert!(st.k8s.iter().all(|f| !f.contains("max-parallelism")), "{r:?} {job:?}: {:?}", st.k8s);
            }
            assert!(
                book.steps.iter().any(|s| s.cli.iter().any(|c| c.starts_with("flink run -d -s "))),
                "{r:?} {job:?}"
            );
        }
    }
    let observed = crate::observed::RESTORE;
    for line in [
        "g1  SP_DERIVED(128)  -> p=100 maxp unset                   OK    runtime keyed vertex p=100 maxp=128",
        "b1  SP_DERIVED(128)  -> p=4   maxp=256                     FAIL",
    ] {
        assert!(observed.contains(line), "the observation holds: {line}");
    }
}

/// The names change with the release, as observed.
#[test]
fn names_follow_the_release() {
    let cases = [
        (Release::V1_15, "-rm NO_CLAIM", "state.backend: rocksdb", "execution.savepoint-restore-mode: NO_CLAIM"),
        (Release::V1_18, "-rm NO_CLAIM", "state.backend.type: rocksdb", "state.backend.incremental: true"),
        (
            Release::V1_20,
            "-cm NO_CLAIM",
            "state.backend.type: rocksdb",
            "execution.state-recovery.claim-mode: NO_CLAIM",
        ),
        (Release::V2_3, "-cm NO_CLAIM", "execution.checkpointing.incremental: true", "pipeline.max-parallelism: 1000"),
    ];
    for (r, cli, key1, key2) in cases {
        let md = input(r, Verdict::RewriteNeeded).runbook().markdown();
        assert!(md.contains(cli) && md.contains(key1) && md.contains(key2), "{}:\n{md}", r.slug());
    }
    let md = input(Release::V2_3, Verdict::DirectRestore).runbook().markdown();
    assert!(md.starts_with("# Rescale runbook (Flink 2.3)\n"));
    assert!(md.contains("```sh\nflink stop --type canonical --savepointPath <savepoint-dir> <job-id>\n```"));
    assert!(md.contains("does not list v2_3"));
    assert!(md.contains("Max parallelism 128: RocksDB writes a 1-byte key-group prefix"));
    assert!(input(Release::V2_3, Verdict::RewriteNeeded)
        .runbook()
        .markdown()
        .contains("Max parallelism 1000: RocksDB writes a 2-byte"));
    assert!(!input(Release::V2_1, Verdict::DirectRestore).runbook().markdown().contains("does not list"));
}

/// Every step that starts a job from a snapshot (or a rebuild's new job, later stopped with a
/// savepoint of its whole state) raises the checkpoint timeout to twice the first (full)
/// checkpoint's estimate and tolerates failed checkpoints, in its configuration and its
/// FlinkDeployment; nothing else does (tests/flink-first-checkpoint: at the defaults a
/// checkpoint that outlives 10 min fails the job over, again and again).
#[test]
fn every_restore_raises_the_checkpoint_timeout() {
    for r in Release::ALL {
        for v in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog] {
            for job in [JobStatus::Running, JobStatus::Down] {
                let k = r.keys();
                for st in (RunbookInput { job, ..input(r, v) }).runbook().steps {
                    // A restore, or a new job that the plan stops with a savepoint of its whole
                    // state (a rebuild's).
                    let restores =
                        st.cli.iter().any(|c| c.starts_with("flink run -d -s ") || c.ends_with(" new-job.jar"));
                    let timeout = st.config.iter().find(|(key, _)| *key == k.checkpoint_timeout);
                    let tolerable = st.config.iter().find(|(key, _)| *key == k.tolerable_failures);
                    assert_eq!(
                        timeout.map(|t| t.1.as_str()),
                        restores.then_some("467 min"),
                        "{r:?} {v:?} {job:?} {}",
                        st.title
                    );
                    assert_eq!(tolerable.map(|t| t.1.as_str()), restores.then_some("3"), "{r:?} {v:?} {job:?}");
                    let k8s = st.k8s.iter().any(|f| f.contains(&format!("{}: \"467 min\"", k.checkpoint_timeout)));
                    assert_eq!(k8s, restores, "{r:?} {v:?} {job:?} {}: {:?}", st.title, st.k8s);
                }
            }
        }
    }
}

/// A first checkpoint that fits the default timeout twice over raises nothing: no step
/// configures either key or writes them into a FlinkDeployment (no empty line is left), and the
/// notes say why (tests/flink-first-checkpoint E3: 3 s under the timeout ran on at the defaults).
#[test]
fn a_small_first_checkpoint_keeps_the_defaults() {
    for r in Release::ALL {
        let k = r.keys();
        for v in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog] {
            for job in [JobStatus::Running, JobStatus::Down] {
                let book = RunbookInput { job, first_checkpoint_s: 3, ..input(r, v) }.runbook();
                for st in &book.steps {
                    let keys = [k.checkpoint_timeout, k.tolerable_failures];
                    assert!(!st.config.iter().any(|(key, _)| keys.contains(key)), "{r:?} {v:?} {}", st.title);
                    assert!(!st.k8s.iter().any(|f| f.contains(k.checkpoint_timeout) || f.is_empty()), "{:?}", st.k8s);
                }
                let note = format!("(about 3 s): well inside the default {} of 10 min, so", k.checkpoint_timeout);
                assert!(book.notes.iter().any(|n| n.contains(&note)), "{r:?} {:?}", book.notes);
                let none = RunbookInput { job, first_checkpoint_s: 0, ..input(r, v) }.runbook();
                assert!(
                    none.notes.iter().any(|n| n.contains("the whole state (under a second): well inside")),
                    "{:?}",
                    none.notes
                );
            }
        }
    }
}

/// After a rewrite of the keyed state, the shadow's and the cutover's code pin what the rewrite
/// kept at the snapshot's max parallelism (observed in `tests/flink-cutover/`: without the pins
/// the job-wide value stops the restore); the other verdicts pin nothing.
#[test]
fn the_rewrite_runbook_pins_what_the_rewrite_keeps() {
    for r in Release::ALL {
        let book = input(r, Verdict::RewriteNeeded).runbook();
        let note = book.notes.iter().find(|n| n.contains("keeps at 128")).expect("the pins");
        assert!(
            note.contains("source: .setMaxParallelism(128).setParallelism(128); each list or union state operator"),
            "{note}"
        );
        assert!(
            note.contains("sink: sinkTo(…).setMaxParallelism(128).setParallelism(128), a vertex of its own"),
            "{note}"
        );
        assert!(!note.contains("keyed operators"), "{note}");
        let titled =
            book.steps.iter().filter(|s| s.title.contains("pins the operators the rewrite keeps at 128")).count();
        assert_eq!(titled, 2, "the shadow and the cutover");
        for v in [Verdict::DirectRestore, Verdict::RebuildFromLog] {
            assert!(!input(r, v).runbook().notes.iter().any(|n| n.contains("keeps at")));
        }
    }
}

/// The in-place note follows the jar: a release without the REST call says it cannot rescale in
/// place; one with it names the call it would use.
#[test]
fn the_in_place_note_follows_the_rest_api_of_the_release() {
    for r in Release::ALL {
        let notes = input(r, Verdict::DirectRestore).runbook().notes;
        let has_put = observed(r).rest.contains("PUT /jobs/:jobid/resource-requirements");
        let names_call = notes
            .iter()
            .any(|n| n.starts_with("In-place rescaling instead (PUT /jobs/<job-id>/resource-requirements)"));
        let says_cannot = notes.iter().any(|n| {
            n.starts_with("No in-place rescaling: ") && n.contains("has no call to set a running job's parallelism")
        });
        assert_eq!((names_call, says_cannot), (has_put, !has_put), "{}", r.slug());
    }
}
