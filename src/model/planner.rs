//! The rescale planner: from the current and target parallelism, the snapshot's max
//! parallelism (or the first parallelism it was derived from), state size, rewrite
//! throughput, source partitions, state time-to-live and sink kind, a verdict, a suggested
//! max parallelism, ordered steps with the point of no return, time estimates with their
//! arithmetic, and the warnings a careful engineer gives. Which vertices gain: the partition
//! count caps the source vertex only; keyed operators after `keyBy` run at their own
//! parallelism, capped by max parallelism. [`in_place`] is the other route: rescaling a running
//! job with the adaptive scheduler, as Flink 2.3.0 answered it (`tests/flink-adaptive/`), with its
//! downtime ([`in_place_estimate`]) and the Kubernetes operator's way to ask for it ([`operator_route`]).

mod advice;
pub mod checklist;
pub mod cutover;
pub mod document;
mod duration;
pub mod first_checkpoint;
pub mod in_place;
pub mod in_place_estimate;
pub mod in_place_releases;
pub mod in_place_report;
pub mod kafka;
pub mod new_max;
pub mod operator_route;
pub mod outage;
pub mod release;
mod resume;
pub mod runbook;
pub mod snapshot_kinds;
mod vertices;

pub use duration::{
    about_days, adds_up, format_days, format_duration, format_moment, format_span, format_sum, parse_ttl, MAX_TTL_DAYS,
};
pub use vertices::{VertexChange, VertexKind, VertexPlan};

use super::chooser::{divisors_near, suggest_divisible_or, DivisibleChoice};
use super::imbalance::Imbalance;
use super::key_group::{default_max_parallelism, MaxParallelism, Parallelism};
use super::restore::{RestoreInput, RestoreOutcome, SavedHow};
use super::ModelError;

/// What the planner is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanInput {
    pub current: u32,
    pub target: u32,
    /// The snapshot's max parallelism, if known.
    pub saved_max: Option<MaxParallelism>,
    /// The parallelism the job first ran with (used when `saved_max` is unknown).
    pub first: u32,
    pub state_bytes: u64,
    /// Bytes per second the State Processor API rewrite reads and writes, in aggregate.
    pub throughput: u64,
    /// Bytes per second a savepoint is written, in aggregate.
    pub savepoint_rate: u64,
    /// Bytes per second a restore reads, in aggregate.
    pub restore_rate: u64,
    /// Download throughput of a retained incremental checkpoint's files (RocksDB).
    pub incremental_rate: u64,
    /// The job's state backend: what a retained checkpoint is (RocksDB's incremental files, or
    /// a heap snapshot read once).
    pub backend: crate::trace::Backend,
    pub partitions: u32,
    /// State time-to-live in seconds; `None` = state is kept indefinitely.
    pub ttl_s: Option<u64>,
    pub transactional_sinks: bool,
    /// The job's checkpoint interval in seconds, if given: a transactional sink's transaction
    /// stays open until the next completed checkpoint, so its timeout must cover one more.
    pub checkpoint_interval_s: Option<u64>,
    /// Whether the job is running now, or down (its last restart failed).
    pub job: JobStatus,
    /// The kind of the job's latest snapshots: what a job that is down restarts from.
    pub latest: snapshot_kinds::SnapshotKind,
}

/// Is the job running now? A plan for a job that is down starts by bringing it back from its
/// latest snapshot (a retained checkpoint, or a savepoint: [`PlanInput::latest`]): there is no
/// running job to take a savepoint of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JobStatus {
    #[default]
    Running,
    /// Not running: its last restart failed (seed 004's restart at 200).
    Down,
}

impl crate::choice::ChoiceValue for JobStatus {
    fn values() -> &'static [JobStatus] {
        &[JobStatus::Down, JobStatus::Running]
    }
    fn slug(self) -> &'static str {
        match self {
            JobStatus::Running => "running",
            JobStatus::Down => "down",
        }
    }
    fn label(self) -> String {
        match self {
            JobStatus::Running => "running",
            JobStatus::Down => "down (its last restart failed)",
        }
        .to_string()
    }
}

impl Default for PlanInput {
    /// Seed 004: 24 → 200, 4 TiB at 300 MiB/s each way, max parallelism never set, and the
    /// job down after its restart at 200 failed.
    fn default() -> Self {
        PlanInput {
            current: 24,
            target: 200,
            saved_max: None,
            first: 24,
            state_bytes: 4 << 40,
            throughput: 300 << 20,
            savepoint_rate: 300 << 20,
            restore_rate: 300 << 20,
            incremental_rate: 300 << 20,
            backend: crate::trace::Backend::RocksDb,
            partitions: 256,
            ttl_s: None,
            transactional_sinks: true,
            checkpoint_interval_s: None,
            job: JobStatus::Down,
            latest: snapshot_kinds::SnapshotKind::AlignedCheckpoint,
        }
    }
}

/// The headline answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The target fits under the snapshot's max parallelism: stop with a savepoint, restart.
    DirectRestore,
    /// The target is above the ceiling: rewrite the snapshot offline to a new max parallelism.
    RewriteNeeded,
    /// State lives shorter than a rewrite takes: rebuild it from the log instead.
    RebuildFromLog,
}

/// One step of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub text: String,
    /// Can this step be undone without losing or duplicating anything?
    pub reversible: bool,
    /// The point of no return happens during this step.
    pub point_of_no_return: bool,
}

/// The whole plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub saved_max: u32,
    pub saved_known: bool,
    pub verdict: Verdict,
    /// What a direct restore at the target would do (Flink's checks).
    pub direct_restore: RestoreOutcome,
    /// The new max parallelism the plan uses: the best of [`Plan::max_choice`].
    pub suggested_max: u32,
    pub suggested_divisors: Vec<u32>,
    /// Max parallelisms the planned parallelisms (current and target) divide.
    pub max_choice: DivisibleChoice,
    /// Set when no value up to 32768 suits both: the choice is then for the target alone.
    pub max_choice_note: Option<ModelError>,
    /// How the target shares the key groups at the power of two the old rule picked, when it
    /// does not divide it.
    pub power_of_two_imbalance: Option<Imbalance>,
    /// The source vertex, then the keyed vertices.
    pub vertices: [VertexPlan; 2],
    /// What the cutover does with each stateful operator's state.
    pub cutover: Vec<cutover::OperatorCutover>,
    /// What the plan asks of Kafka: retention, transaction timeouts (not observed).
    pub kafka: Vec<kafka::KafkaCheck>,
    /// How a direct restore at the target shares the key groups, when it works and the target
    /// does not divide the max parallelism.
    pub imbalance: Option<Imbalance>,
    pub steps: Vec<Step>,
    /// What the new job's sources resume from ("the stop savepoint", "the latest retained
    /// checkpoint"), and the rollback window in one sentence.
    pub resumes_from: &'static str,
    pub rollback: String,
    /// When the point of no return comes: "when the new job first commits output beyond …".
    pub no_return_when: String,
    /// The plan's steps on a clock: durations, the outage, the point of no return.
    pub timeline: outage::Timeline,
    /// A cutover with a shorter outage, with its conditions and risks.
    pub alternative: Option<outage::Alternative>,
    /// Run at the snapshot's max parallelism now, no rewrite (when the target is above it).
    pub interim: Option<outage::Interim>,
    pub warnings: Vec<String>,
}

impl Plan {
    /// The max parallelism the new job runs with: the snapshot's for a direct restore, the new
    /// one for a rewrite or a rebuild.
    pub fn end_max(&self) -> u32 {
        if self.verdict == Verdict::DirectRestore {
            self.saved_max
        } else {
            self.suggested_max
        }
    }
}

impl PlanInput {
    /// The snapshot's max parallelism: as given, else Flink's default for the first
    /// parallelism. The restore predictor and the plan both read this one value.
    pub fn snapshot_max(&self) -> MaxParallelism {
        self.saved_max
            .or_else(|| default_max_parallelism(i64::from(self.first)).ok())
            .unwrap_or(MaxParallelism::LARGEST)
    }

    /// The plan's route: a direct restore within the snapshot's max parallelism; above it, a
    /// rebuild from the log when a time-to-live shorter than the rewrite's two passes lets
    /// the state go, else a rewrite.
    pub fn verdict(&self) -> Verdict {
        // As the plan's rewrite step counts it: twice the bytes over the rate, divided once.
        let rewrite_s = outage::ReadFactor::TWICE.of_bytes(self.state_bytes, self.throughput);
        if self.target <= self.snapshot_max().get() {
            Verdict::DirectRestore
        } else if self.ttl_s.is_some_and(|ttl| ttl < rewrite_s) {
            Verdict::RebuildFromLog
        } else {
            Verdict::RewriteNeeded
        }
    }

    pub fn plan(&self) -> Plan {
        let saved = self.snapshot_max();
        let direct_restore = RestoreInput::of((saved, SavedHow::Derived), self.target, None).predict();
        let (current, target) = (self.current.clamp(1, 32768), self.target.clamp(1, 32768));
        let (max_choice, max_choice_note) = suggest_divisible_or(&[current, target], target);
        let suggested_max = max_choice.best;
        let power_of_two_imbalance = MaxParallelism::new(i64::from(max_choice.power_of_two))
            .and_then(|m| Parallelism::new(i64::from(target), m))
            .ok()
            .map(Imbalance::of)
            .filter(|i| !i.is_even());
        let verdict = self.verdict();
        let (timeline, alternative, interim) = outage::build(self, verdict, saved);
        let end_max = if verdict == Verdict::DirectRestore { saved.get() } else { suggested_max };
        let cutover = cutover::CutoverInput {
            verdict,
            saved: saved.get(),
            new_max: end_max,
            target: self.target,
            partitions: self.partitions,
        }
        .table();
        let vertices = self.vertices(verdict, end_max, &cutover);
        let imbalance = match (verdict, Parallelism::new(i64::from(self.target), saved)) {
            (Verdict::DirectRestore, Ok(p)) => Some(Imbalance::of(p)).filter(|i| !i.is_even()),
            _ => None,
        };
        Plan {
            saved_max: saved.get(),
            saved_known: self.saved_max.is_some(),
            verdict,
            direct_restore,
            suggested_max,
            suggested_divisors: divisors_near(suggested_max, self.target, 3),
            max_choice,
            max_choice_note,
            power_of_two_imbalance,
            vertices,
            cutover,
            kafka: kafka::checks(&timeline, self),
            imbalance,
            steps: self.steps(verdict, saved.get(), suggested_max, current),
            resumes_from: self.resumes_from(verdict),
            rollback: self.rollback_note(verdict),
            no_return_when: self.no_return_when(verdict),
            timeline,
            alternative,
            interim,
            warnings: self.warnings(saved.get(), imbalance, vertices[0].pinned_at),
        }
    }
}

#[cfg(test)]
mod clock_tests;
#[cfg(test)]
mod down_tests;
#[cfg(test)]
mod relief_tests;
#[cfg(test)]
mod shortcut_tests;
#[cfg(test)]
mod tests;
