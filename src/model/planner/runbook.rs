//! The runbook: for each step of the plan, the `flink` CLI commands, the configuration keys and
//! the Kubernetes operator `FlinkDeployment` fields that carry it out, named for the Flink
//! release the user picks ([`Release`]), and the same as Markdown text to copy or download.
//! Angle-bracketed words (`<job-id>`) are placeholders the user fills in. Every option, key and
//! field is one the release's jar or the operator's CRD defines (table tests).

use super::super::key_group::prefix::key_group_prefix_bytes;
use super::super::key_group::MaxParallelism;
use super::cutover::{CutoverInput, Fate};
use super::first_checkpoint::{
    about, after_the_cutover_sentence, config_minutes, cutover_timeout_s, needs_raise, restarted_to_raise,
    savepoint_outlasts_default, CUTOVER_TOLERABLE, DEFAULT_TIMEOUT_S, DEFAULT_TOLERABLE,
};
use super::release::{Keys, Release, OPERATOR_RELEASE};
use super::snapshot_kinds::SnapshotKind;
use super::{JobStatus, Verdict};
use crate::trace::Backend;

/// What the runbook is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunbookInput {
    pub release: Release,
    pub verdict: Verdict,
    pub target: u32,
    /// The max parallelism the new job runs with: the snapshot's for a direct restore, the new
    /// one for a rewrite or a rebuild.
    pub max_parallelism: u32,
    /// The job's state backend: what the restored job is configured with.
    pub backend: Backend,
    /// The job's parallelism now (a job that is down comes back at it first).
    pub current: u32,
    pub job: JobStatus,
    /// The kind of the job's latest snapshots: what a job that is down restarts from.
    pub latest: SnapshotKind,
    /// The first checkpoint after a restore (a full one): the checkpoint timeout is raised to
    /// cover it when the default does not (`first_checkpoint::needs_raise`).
    pub first_checkpoint_s: u64,
    /// The snapshot's max parallelism: what the cutover pins the operators a rewrite keeps at.
    pub saved_max: u32,
    /// The source's partitions.
    pub partitions: u32,
    /// The sinks are transactional: a second job beside the live one needs its own
    /// transactional id prefix.
    pub transactional: bool,
}

/// One step: what it does, its commands, its configuration and its `FlinkDeployment` fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunbookStep {
    pub title: String,
    pub cli: Vec<String>,
    pub config: Vec<(&'static str, String)>,
    pub k8s: Vec<String>,
}

/// The whole runbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Runbook {
    pub release: Release,
    pub steps: Vec<RunbookStep>,
    pub notes: Vec<String>,
}

/// One step; an empty `FlinkDeployment` line (a key set that is not raised) is left out.
fn step(title: &str, cli: Vec<String>, config: Vec<(&'static str, String)>, mut k8s: Vec<String>) -> RunbookStep {
    k8s.retain(|line| !line.is_empty());
    RunbookStep { title: title.to_string(), cli, config, k8s }
}

impl RunbookInput {
    pub fn runbook(&self) -> Runbook {
        let r = self.release;
        let k = r.keys();
        let (p, m) = (self.target, self.max_parallelism);
        let claim = r.claim_option();
        let stop = |job: &str| format!("flink stop --type canonical --savepointPath <savepoint-dir> {job}");
        let run = |from: &str, jar: &str| {
            format!("flink run -d -s {from} -p {p} {claim} NO_CLAIM -Dpipeline.max-parallelism={m} {jar}")
        };
        let backend = |k: &Keys| match self.backend {
            Backend::RocksDb => vec![(k.backend, "rocksdb".to_string()), (k.incremental, "true".to_string())],
            Backend::HashMap => vec![(k.backend, "hashmap".to_string())],
        };
        // Every restore that brings a job into service gets the raised checkpoint keys when its
        // first checkpoint, a full one (observed, `first_checkpoint`), needs them; an empty
        // FlinkDeployment line is left out (`step`).
        let raise = needs_raise(self.first_checkpoint_s);
        let timeout = config_minutes(cutover_timeout_s(self.first_checkpoint_s));
        let raised = |k: &Keys| match raise {
            true => {
                vec![(k.checkpoint_timeout, timeout.clone()), (k.tolerable_failures, CUTOVER_TOLERABLE.to_string())]
            }
            false => vec![],
        };
        let (raised_k8s, raised_extra) = match raise {
            true => (
                format!(
                    "spec.flinkConfiguration: {{ {}: \"{timeout}\", {}: \"{CUTOVER_TOLERABLE}\" }}",
                    k.checkpoint_timeout, k.tolerable_failures
                ),
                format!(", {}: \"{timeout}\", {}: \"{CUTOVER_TOLERABLE}\"", k.checkpoint_timeout, k.tolerable_failures),
            ),
            false => (String::new(), String::new()),
        };
        let restored = |k: &Keys| {
            let mut c = vec![(k.max_parallelism, m.to_string()), (k.claim_mode, "NO_CLAIM".to_string())];
            c.extend(backend(k));
            c.push((k.retention, "RETAIN_ON_CANCELLATION".to_string()));
            c.extend(raised(k));
            c
        };
        // A direct restore leaves max parallelism unset: each operator keeps the one its state
        // was saved with (observed in 2.3.0: SP_DERIVED(128) -> p=100, max parallelism unset,
        // ran with 128, tests/flink-restore g1), while a job-wide value that differs from any
        // stateful operator's saved one stops the restore (b1, b3: "Max parallelism mismatch").
        let resume = |from: &str| format!("flink run -d -s {from} -p {p} {claim} NO_CLAIM job.jar");
        let resumed = |k: &Keys| {
            let mut c = vec![(k.claim_mode, "NO_CLAIM".to_string())];
            c.extend(backend(k));
            c.push((k.retention, "RETAIN_ON_CANCELLATION".to_string()));
            c.extend(raised(k));
            c
        };
        let fconf = |extra: &str| format!("spec.flinkConfiguration: {{ {}: \"{m}\"{extra} }}", k.max_parallelism);
        let down = self.job == JobStatus::Down;
        let (latest, latest_path) = (self.latest.latest(), self.latest.latest_path());
        let back = |p: u32| format!("flink run -d -s {latest_path} -p {p} {claim} NO_CLAIM job.jar");
        let back_k8s = |p: u32| {
            vec![
                format!("spec.job.initialSavepointPath: {latest_path}"),
                "spec.job.savepointRedeployNonce: <a new number>".to_string(),
                format!("spec.job.parallelism: {p}"),
                raised_k8s.clone(),
            ]
        };
        // The rewrite keeps every operator but the keyed ones at the snapshot's max parallelism:
        // the job's code pins them (observed, `cutover`), or -D would stop the restore.
        let pins = format!("its code pins the operators the rewrite keeps at {}: see the notes", self.saved_max);
        let mut steps = match self.verdict {
            Verdict::DirectRestore if down => vec![
                step(&format!("The job is down: start it from its {latest} at the new parallelism (NO_CLAIM), max parallelism left unset so each operator keeps its own from the snapshot"), vec![resume(latest_path)], resumed(&k), back_k8s(p)),
            ],
            Verdict::DirectRestore => vec![
                step("Stop the job with a canonical savepoint (no --drain)", vec![stop("<job-id>")], vec![], vec![
                    "spec.job.upgradeMode: savepoint".to_string(),
                ]),
                step("Start it from that savepoint at the new parallelism, max parallelism left unset so each operator keeps its own from the snapshot", vec![resume("<stop-savepoint-path>")], resumed(&k), vec![
                    format!("spec.job.parallelism: {p}"),
                    raised_k8s.clone(),
                    "(the operator stops the job with a savepoint and restarts it from it, because upgradeMode is savepoint)".to_string(),
                ]),
            ],
            Verdict::RewriteNeeded => vec![
                step("Take a canonical savepoint of the running job", vec![format!("flink savepoint --type canonical <job-id> <savepoint-dir>")], vec![], vec![
                    "spec.job.savepointTriggerNonce: <a new number>".to_string(),
                ]),
                step("Rewrite it with your State Processor API job (a batch job you write)", vec![format!("flink run -c <RewriteJob> rewrite.jar <savepoint-path> <rewritten-path> {m}")], vec![], vec![]),
                step(&format!("Start the shadow job from the rewritten savepoint (its own consumer group{} and scratch sinks; {pins})", if self.transactional { ", transactional id prefix" } else { "" }), vec![run("<rewritten-path>", "shadow.jar")], restored(&k), vec![
                    "a second FlinkDeployment, for the shadow:".to_string(),
                    "spec.job.initialSavepointPath: <rewritten-path>".to_string(),
                    format!("spec.job.parallelism: {p}"),
                    fconf(&raised_extra),
                ]),
                step("Stop the live job with a canonical savepoint (no --drain), and rewrite that one the same way", vec![stop("<live-job-id>"), format!("flink run -c <RewriteJob> rewrite.jar <stop-savepoint-path> <rewritten-stop-path> {m}")], vec![], vec![
                    "spec.job.upgradeMode: savepoint".to_string(),
                    "spec.job.state: suspended".to_string(),
                ]),
                step(&format!("Cut over: start the new configuration on the live sinks from the rewritten stop savepoint, then retire the shadow ({pins})"), vec![run("<rewritten-stop-path>", "job.jar"), "flink cancel <shadow-job-id>".to_string()], restored(&k), vec![
                    "spec.job.initialSavepointPath: <rewritten-stop-path>".to_string(),
                    "spec.job.savepointRedeployNonce: <a new number>".to_string(),
                    format!("spec.job.parallelism: {p}"),
                    "spec.job.state: running".to_string(),
                    fconf(&raised_extra),
                ]),
            ],
            Verdict::RebuildFromLog => vec![
                step("Start the new job without state, reading the log from one time-to-live ago (the source's start position is set in your job)", vec![format!("flink run -d -p {p} -Dpipeline.max-parallelism={m} new-job.jar")],
                    // Stopped later with a savepoint of the whole state: the longer timeout too.
                    [vec![(k.max_parallelism, m.to_string())], backend(&k), raised(&k)].concat(), vec![
                    "a new FlinkDeployment with no initialSavepointPath:".to_string(),
                    format!("spec.job.parallelism: {p}"),
                    "spec.job.upgradeMode: savepoint".to_string(),
                    fconf(&raised_extra),
                ]),
                step("Once it has caught up: stop the live job with a canonical savepoint (no --drain), at the same moment as the next step stops the new job (side by side, the cutover waits for one savepoint)", vec![stop("<live-job-id>")], vec![], vec![
                    "spec.job.state: suspended".to_string(),
                ]),
                step("Stop the new job with a savepoint and start it from it on the live sinks", vec![stop("<new-job-id>"), run("<new-job-savepoint-path>", "job.jar")], restored(&k), vec![
                    "spec.job.initialSavepointPath: <new-job-savepoint-path>".to_string(),
                    "spec.job.savepointRedeployNonce: <a new number>".to_string(),
                    raised_k8s.clone(),
                ]),
            ],
        };
        if down && self.verdict != Verdict::DirectRestore {
            let first = step(
                &format!("The job is down: bring it back first, from its {latest} at its old parallelism (NO_CLAIM)"),
                vec![back(self.current)],
                [vec![(k.claim_mode, "NO_CLAIM".to_string())], raised(&k)].concat(),
                back_k8s(self.current),
            );
            steps.insert(0, first);
        } else if !down && restarted_to_raise(self.backend) && savepoint_outlasts_default(self.first_checkpoint_s) {
            // Its savepoints would outlast the default timeout: restarted with a longer one first,
            // from its latest retained checkpoint (a stop savepoint would expire as well).
            let first = step(
                &format!("Restart the running job with a longer checkpoint timeout first, only if it keeps its checkpoints when cancelled ({}: RETAIN_ON_CANCELLATION, set when it was started; the default keeps none): cancel it, then start it from its latest checkpoint at its old parallelism (NO_CLAIM)", k.retention),
                vec!["flink cancel <job-id>".to_string(), format!("flink run -d -s <latest-checkpoint-path> -p {} {claim} NO_CLAIM job.jar", self.current)],
                [vec![(k.claim_mode, "NO_CLAIM".to_string()), (k.retention, "RETAIN_ON_CANCELLATION".to_string())], raised(&k)].concat(),
                vec!["spec.job.upgradeMode: last-state".to_string(), format!("spec.job.parallelism: {}", self.current), raised_k8s.clone()],
            );
            steps.insert(0, first);
        }
        let mut notes = vec![
            format!("Flink {} (names checked against the {} jar).", r.slug(), r.checked()),
            match raise {
                true => format!("{} and {} are raised for each restore: its first checkpoint uploads the whole state ({}), and at the defaults ({} and {DEFAULT_TOLERABLE}) it would expire, or come close, and fail the job over, again and again. {}. On the command line: -D{}='{timeout}' -D{}={CUTOVER_TOLERABLE}.", k.checkpoint_timeout, k.tolerable_failures, about(self.first_checkpoint_s), config_minutes(DEFAULT_TIMEOUT_S), after_the_cutover_sentence(self.backend), k.checkpoint_timeout, k.tolerable_failures),
                false => format!("The first checkpoint after each restore uploads the whole state ({}): well inside the default {} of {}, so {} and {} stay at their defaults.", about(self.first_checkpoint_s), k.checkpoint_timeout, config_minutes(DEFAULT_TIMEOUT_S), k.checkpoint_timeout, k.tolerable_failures),
            },
            format!("{} NO_CLAIM keeps the snapshot yours: Flink never deletes it, so it stays a rollback point. The same setting as configuration: {}.", claim, k.claim_mode),
            "Add -n (--allowNonRestoredState) only for an operator you removed on purpose: it drops that operator's state.".to_string(),
            match r.no_in_place_call() {
                None => format!("In-place rescaling instead (PUT /jobs/<job-id>/resource-requirements) needs {}: adaptive, and stays within max parallelism.", k.scheduler),
                Some(why) => format!("No in-place rescaling: {why}."),
            },
            format!("FlinkDeployment fields as in the CRD of {OPERATOR_RELEASE} (their names and values read from it; what the operator does with each, from its sources and documentation, not observed here: no Kubernetes); spec.flinkVersion: {}.", r.operator_version()),
        ];
        if self.verdict == Verdict::RewriteNeeded {
            let table = CutoverInput {
                verdict: self.verdict,
                saved: self.saved_max,
                new_max: m,
                target: p,
                partitions: self.partitions,
            }
            .table();
            let code: Vec<String> =
                table.iter().filter(|r| r.chosen.fate == Fate::Pinned).map(|r| r.chosen.in_job.clone()).collect();
            notes.insert(1, format!(
                "The shadow's and the cutover's code, for the operators the rewrite keeps at {} (the -Dpipeline.max-parallelism={m} above reaches every operator not pinned, and Flink refuses state saved at {} under it): {}.",
                self.saved_max, self.saved_max, code.join("; ")
            ));
        }
        if self.backend == Backend::RocksDb {
            // The key-group prefix note is about RocksDB's keys.
            notes.insert(2, match MaxParallelism::new(i64::from(m)).map(key_group_prefix_bytes) {
                Ok(1) => format!("Max parallelism {m}: RocksDB writes a 1-byte key-group prefix before every key (2 bytes above 128 key groups)."),
                Ok(b) => format!("Max parallelism {m}: RocksDB writes a {b}-byte key-group prefix before every key, one byte more than at 128 key groups or fewer: a small cost per key, in memory and on disk."),
                Err(e) => e.to_string(),
            });
        }
        if !r.operator_release_accepts() {
            notes.push(format!(
                "{OPERATOR_RELEASE}'s CRD does not list {}; it needs a later operator (main lists it).",
                r.operator_version()
            ));
        }
        Runbook { release: r, steps, notes }
    }
}

pub mod markdown;

#[cfg(test)]
mod cli_tests;
#[cfg(test)]
mod operator_tests;
#[cfg(test)]
mod tests;
