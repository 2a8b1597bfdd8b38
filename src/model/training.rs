//! The guided training path: exercises given as data (kind and parameters, from a JSON file a
//! trainer can edit), each graded against an answer the model computes (never an answer
//! written into the file), and the learner's progress in a small versioned text format.

use std::collections::BTreeMap;

use super::coverage::Orbit;
use super::imbalance::Imbalance;
use super::planner::in_place::{InPlaceInput, InPlaceOutcome, Scheduler};
use super::planner::snapshot_kinds::{Operation, SnapshotKind, Source};
use super::planner::PlanInput;
use super::restore::{RestoreInput, RestoreOutcome, SavedHow};
use super::savepoint::unmatched::{if_unmatched, Unmatched};
use super::savepoint::{operator_id_from_uid, parse, OperatorId, SavepointError, Snapshot};
use super::skew::aggregate::{GroupLoads, SubtaskLoads};
use super::skew::presets::Preset;
use super::trace::schema::{Backend, Failing};
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

/// A real snapshot bundled with the site (`static/samples/<slug>/_metadata`), written by Flink
/// 2.3.0 (copies of `tests/flink-savepoints/fixtures/2.3.0/`). The savepoint lab fetches it
/// from the site; the guided path grades from the same bytes, embedded here (each under 20 KB).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sample {
    /// `hashmap-canonical-savepoint`: a canonical savepoint of the heap backend.
    HashmapSavepoint,
    /// `rocksdb-incremental-checkpoint`: a retained incremental RocksDB checkpoint.
    RocksdbCheckpoint,
}

impl Sample {
    pub const ALL: [Sample; 2] = [Sample::HashmapSavepoint, Sample::RocksdbCheckpoint];

    /// The name in links and exercise files.
    pub fn slug(self) -> &'static str {
        match self {
            Sample::HashmapSavepoint => "hashmap-savepoint",
            Sample::RocksdbCheckpoint => "rocksdb-checkpoint",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Sample> {
        Sample::ALL.into_iter().find(|s| s.slug() == slug)
    }

    /// What a person reads on its button.
    pub fn title(self) -> &'static str {
        match self {
            Sample::HashmapSavepoint => "Hashmap canonical savepoint (Flink 2.3.0)",
            Sample::RocksdbCheckpoint => "RocksDB incremental checkpoint (Flink 2.3.0)",
        }
    }

    /// The file's path on the site, relative to the page.
    pub fn path(self) -> &'static str {
        match self {
            Sample::HashmapSavepoint => "static/samples/hashmap-savepoint/_metadata",
            Sample::RocksdbCheckpoint => "static/samples/rocksdb-checkpoint/_metadata",
        }
    }

    /// The file's bytes.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Sample::HashmapSavepoint => include_bytes!("../../static/samples/hashmap-savepoint/_metadata"),
            Sample::RocksdbCheckpoint => include_bytes!("../../static/samples/rocksdb-checkpoint/_metadata"),
        }
    }

    /// The snapshot it holds (every sample parses; a test checks it).
    pub fn snapshot(self) -> Result<Snapshot, SavepointError> {
        parse(self.bytes())
    }
}

/// Percent-encodes everything but RFC 3986 unreserved characters (for links carrying a uid).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The max parallelism a snapshot's keyed operators carry (all operators' if none is keyed),
/// and whether every operator agrees.
fn snapshot_max_parallelism(s: &Snapshot) -> (i32, bool) {
    let keyed = |o: &&super::savepoint::Operator| {
        o.subtasks.iter().any(|t| t.state.managed_keyed.is_some() || t.state.raw_keyed.is_some())
    };
    let max = s.operators.iter().find(keyed).or(s.operators.first()).map_or(0, |o| o.max_parallelism);
    (max, s.operators.iter().all(|o| o.max_parallelism == max))
}

fn max_parallelism_answer(sample: Sample) -> (Answer, String) {
    match sample.snapshot() {
        Ok(s) => {
            let (max, all) = snapshot_max_parallelism(&s);
            let who = if all { "Every operator of this snapshot carries" } else { "Its keyed operators carry" };
            (
                Answer::Number(max.max(0) as u64),
                format!(
                    "{who} max parallelism {max}: the job can be restored at any parallelism up to {max}, and only \
                     with max parallelism left unset or set to {max}."
                ),
            )
        }
        Err(e) => (Answer::Number(0), e.to_string()),
    }
}

fn uid_change_answer(sample: Sample, uid: &str) -> (Answer, String) {
    let s = match sample.snapshot() {
        Ok(s) => s,
        Err(e) => return (Answer::YesNo(false), e.to_string()),
    };
    let id = OperatorId(operator_id_from_uid(uid));
    let Some(op) = s.operators.iter().find(|o| o.id == id) else {
        return (
            Answer::YesNo(false),
            format!(
                "No operator of this snapshot has the id {} that uid {uid:?} gives, so nothing is left behind.",
                id.hex()
            ),
        );
    };
    let name = op.name.as_deref().map_or(String::new(), |n| format!(" ({n})"));
    match if_unmatched(op) {
        Unmatched::Skipped => (
            Answer::YesNo(false),
            format!(
                "Operator {}{name} holds no state in this snapshot, so Flink skips it (\"Skipping empty savepoint \
                 state\") and the restore starts.",
                id.hex()
            ),
        ),
        Unmatched::Refused { bytes } => (
            Answer::YesNo(true),
            format!(
                "Operator {}{name} holds {bytes} bytes of state, which no operator of the new job would claim: Flink \
                 refuses the restore, and --allowNonRestoredState would drop those bytes.",
                id.hex()
            ),
        ),
    }
}

/// The cutover of a rewrite, from the planner's own timeline (seed 004's job, every pass over
/// the state at the same rate): the live job is down from its stop savepoint until the new job
/// has restored the rewritten copy.
fn downtime_answer(state_gib: u32, rate_mib: u32) -> (Answer, String) {
    let rate = u64::from(rate_mib.max(1)) << 20;
    let plan = PlanInput {
        current: 24,
        target: 200,
        saved_max: None,
        first: 24,
        state_bytes: u64::from(state_gib) << 30,
        throughput: rate,
        savepoint_rate: rate,
        restore_rate: rate,
        partitions: 400,
        ttl_s: None,
        transactional_sinks: true,
    }
    .plan();
    let down = plan.timeline.downtime_s();
    let hours = (down + 1800) / 3600;
    (
        Answer::Number(hours),
        format!(
            "The job is down from the moment it stops with a savepoint until the new job has restored the rewritten \
             copy: writing the stop savepoint, rewriting it (read and write) and restoring it, {}, so about {hours} h \
             before any catch-up.",
            plan.timeline.downtime_arithmetic()
        ),
    )
}

fn in_place_answer(current: u32, target: u32, max: u32) -> (Answer, String) {
    let outcome =
        InPlaceInput { current, target, max_parallelism: max, scheduler: Scheduler::Adaptive, slots: None }.outcome();
    match outcome {
        InPlaceOutcome::AboveMax => (
            Answer::YesNo(false),
            format!(
                "No. Flink 2.3.0 answered a request for {target} on a job with max parallelism {max} with HTTP 400 before \
                 the adaptive scheduler saw it: in-place rescaling restarts from a checkpoint taken with the same key \
                 groups, so the ceiling stays {max} until the state is rewritten or rebuilt."
            ),
        ),
        _ => (
            Answer::YesNo(false),
            format!(
                "No: {target} is within max parallelism {max}, so the adaptive scheduler can move the job there, but the \
                 ceiling itself stays {max}."
            ),
        ),
    }
}

fn running_answer(backend: Backend) -> (Answer, String) {
    let f = Failing::observed(backend);
    let safe = f.restarts == 0;
    (
        Answer::YesNo(safe),
        format!(
            "No. With the {} backend Flink 2.3.0 reported RUNNING {} times: each time the keyed task failed while it \
             registered the state whose serializer had changed, the restart strategy restarted the job ({} restarts), \
             and it ended {}. RUNNING only says the tasks were deployed; check the restarts and the output.",
            backend.title(),
            f.running_phases,
            f.restarts,
            f.transitions.last().copied().unwrap_or("FAILED")
        ),
    )
}

fn backend_switch_answer(kind: SnapshotKind) -> (Answer, String) {
    let cell = kind.can(Operation::ChangeBackend);
    let source = match cell.source {
        Source::Observed => "as Flink 2.3.0 did in a MiniCluster",
        Source::Documented => "according to Flink's documentation",
    };
    let why = if cell.yes {
        "a canonical savepoint holds the state in Flink's own format, which either backend reads".to_string()
    } else {
        format!(
            "a {} holds the files of the backend that wrote it, and the other backend cannot read them",
            kind.title()
        )
    };
    (Answer::YesNo(cell.yes), format!("{}: {why} ({source}).", if cell.yes { "Yes" } else { "No" }))
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
                for (what, v, max) in
                    [("state size in GiB", state_gib, 1 << 20), ("throughput in MiB/s", rate_mib, 1 << 20)]
                {
                    if !(1..=max).contains(v) {
                        return Err(ModelError::OutOfRange { what, value: i64::from(*v), min: 1, max: i64::from(max) });
                    }
                }
                Ok(())
            }
            ExerciseKind::InPlaceLiftsCeiling { current, target, max: m } => {
                let mp = max(*m)?;
                Parallelism::new(i64::from(*current), mp).map(|_| ())?;
                if !(1..=32768).contains(target) {
                    return Err(ModelError::OutOfRange {
                        what: "target parallelism",
                        value: i64::from(*target),
                        min: 1,
                        max: 32768,
                    });
                }
                Ok(())
            }
            ExerciseKind::PointOfNoReturn { current, target, first } => {
                for v in [current, target, first] {
                    if !(1..=32768).contains(v) {
                        return Err(ModelError::OutOfRange {
                            what: "parallelism",
                            value: i64::from(*v),
                            min: 1,
                            max: 32768,
                        });
                    }
                }
                Ok(())
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
                        "gcd({m}, {}) = {}, so the walk reaches m ÷ gcd = {} residues.",
                        o.reduced_stride(),
                        o.gcd(),
                        o.size()
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
                let outcome = max(saved_max).map(|m| {
                    RestoreInput { saved: Some((m, SavedHow::Derived)), parallelism: p, max_parallelism: None }
                        .predict()
                });
                match outcome {
                    Ok(RestoreOutcome::Ok { .. }) => (
                        Answer::YesNo(true),
                        format!("{p} is at or below the snapshot's max parallelism {saved_max}: it starts."),
                    ),
                    Ok(RestoreOutcome::Fails(f)) => {
                        (Answer::YesNo(false), format!("It fails at {}: {}", f.check_name(), f.flink_message()))
                    }
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
                let plan =
                    PlanInput { current, target, first, partitions: target.max(1) * 2, ..PlanInput::default() }.plan();
                let step = plan.steps.iter().position(|s| s.point_of_no_return).map_or(0, |i| i + 1);
                (Answer::Number(step as u64), format!("Step {step}: the new job's first committed write past the old job's stop offset. Every step before it can be undone."))
            }
        }
    }

    /// The lab that shows the answer, as a route.
    pub fn lab_link(&self) -> String {
        match *self {
            ExerciseKind::SnapshotMaxParallelism { sample } => format!("#/savepoint?sample={}", sample.slug()),
            ExerciseKind::UidChangeBlocksRestore { sample, ref uid } => {
                format!("#/savepoint?sample={}&uid={}", sample.slug(), encode(uid))
            }
            ExerciseKind::CoverageReach { m, a } => format!("#/coverage?m={m}&a={a}"),
            ExerciseKind::OwnerOfGroup { max, p, .. } | ExerciseKind::BusiestGroups { max, p } => {
                format!("#/owners?maxp={max}&p={p}")
            }
            ExerciseKind::RestoreStarts { saved_max, p } => format!("#/planner?saved_maxp={saved_max}&p={p}"),
            ExerciseKind::RescaleFixesHotKey { n, hot, p, q } => {
                format!("#/skew?preset=hot&n={n}&hot={hot}&p={p}&maxp=128&q={q}")
            }
            ExerciseKind::PointOfNoReturn { current, target, first } => {
                format!("#/planner?current={current}&target={target}&first={first}")
            }
            ExerciseKind::CutoverDowntime { state_gib, rate_mib } => {
                format!("#/planner?state={state_gib}%20GB&rate={rate_mib}%20MB")
            }
            ExerciseKind::InPlaceLiftsCeiling { current, target, max } => {
                format!("#/planner?current={current}&target={target}&plan_maxp={max}&scheduler=adaptive")
            }
            ExerciseKind::RunningMeansSafe { backend } => {
                format!("#/trace?scenario=schema-incompatible&backend={}", backend.slug())
            }
            ExerciseKind::SnapshotSwitchesBackend { kind } => format!("#/planner?snapshot={}", kind.slug()),
        }
    }
}

/// Grades a response: a whole number, or yes / no.
pub fn grade(kind: &ExerciseKind, response: &str) -> Result<bool, ModelError> {
    let (answer, _) = kind.solve();
    let r = response.trim();
    match answer {
        Answer::Number(n) => super::number::parse_whole(r).map(|v| v == n as i64),
        Answer::YesNo(b) => match r.to_ascii_lowercase().as_str() {
            "yes" => Ok(b),
            "no" => Ok(!b),
            _ => Err(ModelError::NotAnAmount { what: "answer (yes or no)", text: r.to_string() }),
        },
    }
}

/// The learner's graded answers, by exercise id.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrainingProgress {
    pub answers: BTreeMap<String, (bool, String)>,
}

impl TrainingProgress {
    pub fn score(&self) -> usize {
        self.answers.values().filter(|(ok, _)| *ok).count()
    }

    /// Lines `v1`, then `id TAB correct|incorrect TAB response` (tabs and newlines removed).
    pub fn format(&self) -> String {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        let mut out = String::from("v1\n");
        for (id, (ok, response)) in &self.answers {
            out.push_str(&format!(
                "{}\t{}\t{}\n",
                clean(id),
                if *ok { "correct" } else { "incorrect" },
                clean(response)
            ));
        }
        out
    }

    /// Reads [`TrainingProgress::format`]'s text; anything else (an older or corrupt entry) is `None`.
    pub fn parse(text: &str) -> Option<TrainingProgress> {
        let mut lines = text.lines();
        if lines.next()? != "v1" {
            return None;
        }
        let mut answers = BTreeMap::new();
        for line in lines.filter(|l| !l.is_empty()) {
            let mut parts = line.splitn(3, '\t');
            let (id, verdict, response) = (parts.next()?, parts.next()?, parts.next()?);
            let ok = match verdict {
                "correct" => true,
                "incorrect" => false,
                _ => return None,
            };
            answers.insert(id.to_string(), (ok, response.to_string()));
        }
        Some(TrainingProgress { answers })
    }
}

mod workshop;
pub use workshop::{total_minutes, Attempt, Attempts};

#[cfg(test)]
mod tests;
