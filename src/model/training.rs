//! The guided training path: exercises given as data (kind and parameters, from a JSON file a
//! trainer can edit), each graded against an answer the model computes (never an answer
//! written into the file), and the learner's progress in a small versioned text format.
//! The answers live beside it: `answers` (planning and restore), `samples` (the bundled
//! snapshots); `progress` holds the progress format, `workshop` the trainer's modes.

use super::coverage::Orbit;
use super::imbalance::Imbalance;
use super::planner::snapshot_kinds::SnapshotKind;
use super::planner::{JobStatus, PlanInput};
use super::restore::{RestoreInput, RestoreOutcome, SavedHow};
use super::skew::aggregate::{GroupLoads, SubtaskLoads};
use super::skew::presets::Preset;
use super::trace::schema::Backend;
use super::{KeyGroup, MaxParallelism, ModelError, Parallelism};

/// What an exercise asks, with its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExerciseKind {
    /// How many residues does n·a mod m reach?
    CoverageReach { m: u32, a: u64 },
    /// Which subtask owns key group `group`?
    OwnerOfGroup { max: u32, p: u32, group: u32 },
    /// How many key groups does the busiest subtask hold?
    BusiestGroups { max: u32, p: u32 },
    /// Does a restart at `p` from a snapshot with max parallelism `saved_max` start?
    RestoreStarts { saved_max: u32, p: u32 },
    /// Does rescaling from `p` to `q` bring a hot key's skew under 10 %?
    RescaleFixesHotKey { n: u32, hot: u32, p: u32, q: u32 },
    /// Which step of the seed's rescale plan is the point of no return?
    PointOfNoReturn { current: u32, target: u32, first: u32 },
    /// What max parallelism does the bundled sample snapshot carry (its keyed operators')?
    SnapshotMaxParallelism { sample: Sample },
    /// If the operator with uid `uid` were given another uid, would a restore from the bundled
    /// sample fail without `--allowNonRestoredState`?
    UidChangeBlocksRestore { sample: Sample, uid: String },
    /// How many hours (to the nearest) is the job down at the rewrite's cutover: the stop
    /// savepoint written, rewritten (read and written) and restored, each pass over
    /// `state_gib` GiB at `rate_mib` MiB/s?
    CutoverDowntime { state_gib: u32, rate_mib: u32 },
    /// Does rescaling in place (adaptive scheduler, REST) from `current` to `target` lift a
    /// max parallelism of `max`?
    InPlaceLiftsCeiling { current: u32, target: u32, max: u32 },
    /// After a restore whose state serializer changed incompatibly, the job reports RUNNING
    /// (`backend`): is its state safe?
    RunningMeansSafe { backend: Backend },
    /// Can a snapshot of this kind be restored with the other state backend?
    SnapshotSwitchesBackend { kind: SnapshotKind },
}

/// The expected kind of response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Number(u64),
    YesNo(bool),
}

/// One exercise of a set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    pub id: String,
    pub title: String,
    pub prompt: String,
    pub kind: ExerciseKind,
}

fn max(v: u32) -> Result<MaxParallelism, ModelError> {
    MaxParallelism::new(i64::from(v))
}

/// `v` within `1..=max`, else the out-of-range error naming `what` and both bounds.
fn from_one_to(what: &'static str, v: u32, max: u32) -> Result<(), ModelError> {
    crate::number::in_range(what, i64::from(v), 1, i64::from(max)).map(|_| ())
}

impl ExerciseKind {
    /// Checks the parameters with the model's own constructors.
    pub fn validate(self) -> Result<ExerciseKind, ModelError> {
        match &self {
            ExerciseKind::CoverageReach { m, a } => Orbit::new(i64::from(*m), *a as i64).map(|_| ()),
            ExerciseKind::OwnerOfGroup { max: m, p, group } => {
                let mp = max(*m)?;
                Parallelism::new(i64::from(*p), mp)?;
                mp.key_group(*group).map(|_| ()).ok_or(ModelError::OutOfRange {
                    what: "key group",
                    value: i64::from(*group),
                    min: 0,
                    max: i64::from(*m) - 1,
                })
            }
            ExerciseKind::BusiestGroups { max: m, p } => Parallelism::new(i64::from(*p), max(*m)?).map(|_| ()),
            ExerciseKind::RestoreStarts { saved_max, p } => {
                RestoreInput::new(Some((max(*saved_max)?, SavedHow::Derived)), i64::from(*p), None).map(|_| ())
            }
            ExerciseKind::RescaleFixesHotKey { n, hot, p, q } => {
                Preset::HotKey { n: *n, percent: *hot }.validate()?;
                let m = max(128)?;
                Parallelism::new(i64::from(*p), m)?;
                Parallelism::new(i64::from(*q), m).map(|_| ())
            }
            ExerciseKind::SnapshotMaxParallelism { .. }
            | ExerciseKind::UidChangeBlocksRestore { .. }
            | ExerciseKind::RunningMeansSafe { .. }
            | ExerciseKind::SnapshotSwitchesBackend { .. } => Ok(()),
            ExerciseKind::CutoverDowntime { state_gib, rate_mib } => {
                from_one_to("state size in GiB", *state_gib, 1 << 20)?;
                from_one_to("throughput in MiB/s", *rate_mib, 1 << 20)
            }
            ExerciseKind::InPlaceLiftsCeiling { current, target, max: m } => {
                let mp = max(*m)?;
                Parallelism::new(i64::from(*current), mp).map(|_| ())?;
                from_one_to("target parallelism", *target, 32768)
            }
            ExerciseKind::PointOfNoReturn { current, target, first } => {
                [current, target, first].into_iter().try_for_each(|v| from_one_to("parallelism", *v, 32768))
            }
        }?;
        Ok(self)
    }

    /// The right answer, computed by the model, with the reason in a sentence.
    pub fn solve(&self) -> (Answer, String) {
        match *self {
            ExerciseKind::SnapshotMaxParallelism { sample } => max_parallelism_answer(sample),
            ExerciseKind::UidChangeBlocksRestore { sample, ref uid } => uid_change_answer(sample, uid),
            ExerciseKind::CutoverDowntime { state_gib, rate_mib } => downtime_answer(state_gib, rate_mib),
            ExerciseKind::InPlaceLiftsCeiling { current, target, max } => in_place_answer(current, target, max),
            ExerciseKind::RunningMeansSafe { backend } => running_answer(backend),
            ExerciseKind::SnapshotSwitchesBackend { kind } => backend_switch_answer(kind),
            ExerciseKind::CoverageReach { m, a } => {
                let o = Orbit::new(i64::from(m), a as i64).unwrap_or_else(|_| Orbit::new(1, 0).expect("1, 0 is valid"));
                (
                    Answer::Number(u64::from(o.size())),
                    format!(
                        "gcd({m}, {}) = {}, so the walk reaches m ÷ gcd = {} residue{}.",
                        o.reduced_stride(),
                        o.gcd(),
                        o.size(),
                        if o.size() == 1 { "" } else { "s" }
                    ),
                )
            }
            ExerciseKind::OwnerOfGroup { max: m, p, group } => {
                match max(m).and_then(|mp| Parallelism::new(i64::from(p), mp)) {
                    Ok(par) => {
                        let owner = par.max().key_group(group).map_or(0, |g: KeyGroup| par.owner_of(g).index());
                        (Answer::Number(u64::from(owner)), format!("Subtask = ⌊{group} × {p} ÷ {m}⌋ = {owner}."))
                    }
                    Err(e) => (Answer::Number(0), e.to_string()),
                }
            }
            ExerciseKind::BusiestGroups { max: m, p } => match max(m).and_then(|mp| Parallelism::new(i64::from(p), mp))
            {
                Ok(par) => {
                    let i = Imbalance::of(par);
                    (
                        Answer::Number(u64::from(i.most)),
                        format!("{}: the busiest hold ⌈{m} ÷ {p}⌉ = {}.", i.owners_sentence(), i.most),
                    )
                }
                Err(e) => (Answer::Number(0), e.to_string()),
            },
            ExerciseKind::RestoreStarts { saved_max, p } => {
                let outcome = max(saved_max).map(|m| RestoreInput::of((m, SavedHow::Derived), p, None).predict());
                match outcome {
                    Ok(RestoreOutcome::Ok { .. }) => (
                        Answer::YesNo(true),
                        format!("{p} is at or below the snapshot's max parallelism {saved_max}: it starts."),
                    ),
                    Ok(RestoreOutcome::Fails(f)) => (
                        Answer::YesNo(false),
                        format!("It fails: {}. Flink refuses at {}: {}", f.plain(), f.check_name(), f.flink_message()),
                    ),
                    Err(e) => (Answer::YesNo(false), e.to_string()),
                }
            }
            ExerciseKind::RescaleFixesHotKey { n, hot, p, q } => {
                let keys = Preset::HotKey { n, percent: hot }.generate(100_000_000);
                let skew = |par: u32| {
                    let m = max(128).ok()?;
                    let groups = GroupLoads::new(&keys, m);
                    Some(SubtaskLoads::new(&groups, Parallelism::new(i64::from(par), m).ok()?).skew_percent)
                };
                let (before, after) = (skew(p).unwrap_or(0), skew(q).unwrap_or(0));
                (Answer::YesNo(after < 10), format!("Data skew at {p}: {before}%; at {q}: {after}%. The hot key stays in one key group, on one subtask, at any parallelism."))
            }
            ExerciseKind::PointOfNoReturn { current, target, first } => {
                let plan = PlanInput {
                    current,
                    target,
                    first,
                    partitions: target.max(1) * 2,
                    job: JobStatus::Running,
                    ..PlanInput::default()
                }
                .plan();
                let step = plan.steps.iter().position(|s| s.point_of_no_return).map_or(0, |i| i + 1);
                let of = plan.steps.len();
                (Answer::Number(step as u64), format!("Step {step} of the planner's {of} steps (its numbered Steps list; the timeline counts phases): the new job first commits output beyond where the old job stopped. Every step before it can be undone."))
            }
        }
    }

    /// The lab that shows the answer, as a route: opened on the part that holds it (`view=`)
    /// where the lab has one, with the way to the whole lab above it.
    pub fn lab_link(&self) -> String {
        match *self {
            ExerciseKind::SnapshotMaxParallelism { sample } => {
                format!("#/savepoint?sample={}&view=operators", sample.slug())
            }
            ExerciseKind::UidChangeBlocksRestore { sample, ref uid } => {
                format!("#/savepoint?sample={}&uid={}&view=uid", sample.slug(), encode(uid))
            }
            ExerciseKind::CoverageReach { m, a } => format!("#/coverage?m={m}&a={a}"),
            ExerciseKind::OwnerOfGroup { max, p, group } => {
                format!("#/owners?maxp={max}&p={p}&group={group}&view=slider")
            }
            ExerciseKind::BusiestGroups { max, p } => format!("#/owners?maxp={max}&p={p}&view=imbalance"),
            ExerciseKind::RestoreStarts { saved_max, p } => {
                format!("#/planner?saved_maxp={saved_max}&p={p}&view=restore")
            }
            ExerciseKind::RescaleFixesHotKey { n, hot, p, q } => {
                format!("#/skew?preset=hot&n={n}&hot={hot}&p={p}&maxp=128&q={q}&view=what-if")
            }
            ExerciseKind::PointOfNoReturn { current, target, first } => {
                format!("#/planner?current={current}&p={target}&first={first}&job=running&view=steps")
            }
            // The plan the answer is worked out on: a running job, every pass at the one rate, and
            // the downtime alone (sinks that are not transactional, so no first checkpoint held).
            ExerciseKind::CutoverDowntime { state_gib, rate_mib } => {
                let rate = format!("{rate_mib}%20MiB");
                format!("#/planner?state={state_gib}%20GiB&rate={rate}&sp_rate={rate}&restore_rate={rate}&inc_rate={rate}&partitions=400&txn=0&job=running&view=steps")
            }
            ExerciseKind::InPlaceLiftsCeiling { current, target, max } => {
                format!("#/planner?current={current}&p={target}&saved_maxp={max}&scheduler=adaptive&job=running&view=in-place")
            }
            ExerciseKind::RunningMeansSafe { backend } => {
                format!("#/trace?scenario=schema-incompatible&backend={}&view=result", backend.slug())
            }
            ExerciseKind::SnapshotSwitchesBackend { kind } => format!("#/planner?snapshot={}&view=kinds", kind.slug()),
        }
    }
}

mod answers;
mod grading;
pub use grading::{grade, normalised};
mod progress;
mod samples;
use answers::{backend_switch_answer, downtime_answer, in_place_answer, running_answer};
pub use progress::TrainingProgress;
pub use samples::Sample;
use samples::{encode, max_parallelism_answer, uid_change_answer};

mod set;
pub use set::{SetReading, KIND_SLUGS};

pub mod class;
pub mod cmi5;
pub mod lms;
pub mod lrs;
pub mod sent_as;

mod statement;
pub use statement::Statement;

mod workshop;
pub use workshop::{total_minutes, Attempt, Attempts};

#[cfg(test)]
mod tests;
