//! The planner and restore-predictor links of the savepoint inspector: the planner filled from
//! one operator of the file (`saved_maxp`, `other_maxp`, `current`, `state`, `p`, `snapshot`,
//! `job`, `backend`, `release`: the operator's max parallelism, the least the others record
//! where theirs differ, its parallelism, the snapshot's total state size,
//! the new parallelism typed beside the link, the file's kind, the job state the file tells (a
//! stop-with-savepoint: down, restarting from it), its backend where its handles show it, and the
//! oldest release that writes its format), and the sentence beside the link. The predictor is a
//! section of the planner: its link carries the same values.

use crate::lab::Lab;
use crate::labs::planner::query as planner_query;
use crate::model::planner::release::Release;
use crate::model::planner::snapshot_kinds::SnapshotKind;
use crate::model::planner::JobStatus;
use crate::model::savepoint::recorded::{
    recorded_backend, recorded_drain, recorded_kind, recorded_stop, RecordedBackend, RecordedKind,
};
use crate::model::savepoint::table::releases_writing;
use crate::model::savepoint::{Operator, Snapshot};
use crate::model::skew::units::format_bytes;
use crate::model::trace::Backend;
use crate::model::training::Sample;
use crate::url::lab_href;

/// What a file records of its kind and backend, for the planner link (read once per file: it
/// walks every subtask's handles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    pub kind: RecordedKind,
    pub backend: KnownBackend,
    /// The metadata format version: which Flink releases write such a file.
    pub version: i32,
    /// Whether the job stopped with this savepoint (`None`: a checkpoint, or not said).
    pub stopped: Option<bool>,
    /// Stopped with `--drain`.
    pub drained: bool,
}

/// The backend as the file's handles record it, or, where they record none, as the site knows
/// its own bundled sample was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownBackend {
    Recorded(RecordedBackend),
    Sample(Backend),
}

impl Recorded {
    /// What `snapshot` records; `sample`: the bundled sample it was read from, if any.
    pub fn of(snapshot: &Snapshot, sample: Option<Sample>) -> Recorded {
        let backend = match (recorded_backend(snapshot), sample) {
            (RecordedBackend::NotRecorded, Some(sample)) => KnownBackend::Sample(sample.backend()),
            (recorded, _) => KnownBackend::Recorded(recorded),
        };
        Recorded {
            kind: recorded_kind(snapshot),
            backend,
            version: snapshot.version,
            stopped: recorded_stop(snapshot),
            drained: recorded_drain(snapshot),
        }
    }
}

/// The planner's parameters from one operator of the file: its parallelism and max
/// parallelism, the snapshot's total state size, the new parallelism typed beside the links,
/// the file's kind and the job state it implies, its backend where its handles show it, and the
/// runbook's release. The planner link and the restore predictor's carry the same values (the
/// predictor feeds the plan below it).
struct PlannerPairs {
    pairs: Vec<(&'static str, String)>,
    kind: Option<SnapshotKind>,
    backend_said: &'static str,
    release: Option<Release>,
}

fn planner_pairs(op: &Operator, recorded: Recorded, others: Option<i32>, state_bytes: u64, new_p: u32) -> PlannerPairs {
    use planner_query::{BACKEND, CURRENT, JOB, OTHER_MAXP, P, RELEASE, SAVED_MAXP, SNAPSHOT, STATE};
    let mut pairs = vec![(CURRENT.name, op.parallelism.to_string())];
    pairs.push((SAVED_MAXP.name, op.max_parallelism.to_string()));
    if let Some(other) = others {
        pairs.push((OTHER_MAXP.name, other.to_string()));
    }
    pairs.push((STATE.name, STATE.format(&state_bytes)));
    P.pair(&new_p, &mut pairs);
    let kind = match recorded.kind {
        RecordedKind::CanonicalSavepoint | RecordedKind::CanonicalLayout => Some(SnapshotKind::CanonicalSavepoint),
        RecordedKind::NativeSavepoint => Some(SnapshotKind::NativeSavepoint),
        RecordedKind::AlignedCheckpoint => Some(SnapshotKind::AlignedCheckpoint),
        RecordedKind::UnalignedCheckpoint => Some(SnapshotKind::UnalignedCheckpoint),
        RecordedKind::Unknown => None,
    };
    if let Some(kind) = kind {
        SNAPSHOT.pair(&kind, &mut pairs);
    }
    if let Some(job) = job_of(recorded) {
        JOB.pair(&job, &mut pairs);
    }
    let (backend, backend_said) = backend_of(recorded.backend);
    if let Some(backend) = backend {
        BACKEND.pair(&backend, &mut pairs);
    }
    // The runbook's release: the oldest that writes this format, whose names all its writers take.
    let release = Release::for_format(recorded.version);
    if let Some(release) = release {
        RELEASE.pair(&release, &mut pairs);
    }
    PlannerPairs { pairs, kind, backend_said, release }
}

/// The backend the planner link carries, and how the sentence beside it says it is known.
fn backend_of(known: KnownBackend) -> (Option<Backend>, &'static str) {
    match known {
        KnownBackend::Sample(Backend::HashMap) => (
            Some(Backend::HashMap),
            "the heap backend (hashmap), which wrote this bundled sample (the file itself does not record it)",
        ),
        KnownBackend::Sample(Backend::RocksDb) => {
            (Some(Backend::RocksDb), "RocksDB, which wrote this bundled sample (the file itself does not record it)")
        }
        KnownBackend::Recorded(recorded) => match recorded {
            RecordedBackend::RocksDbIncremental => (Some(Backend::RocksDb), "RocksDB (its own handles say so)"),
            RecordedBackend::HashMap => (Some(Backend::HashMap), "the heap backend (hashmap)"),
            RecordedBackend::HashMapCheckpoint => (
                Some(Backend::HashMap),
                "the heap backend (hashmap): a RocksDB checkpoint holds RocksDB's own handles even with incremental \
                 checkpoints off (observed on every release run: Flink 1.20.5 to 2.3.0); releases before 1.20 were not run, \
                 so if such a job ran RocksDB, change it there",
            ),
            RecordedBackend::Changelog => {
                (None, "not told by the changelog backend's handles: the planner assumes RocksDB")
            }
            RecordedBackend::NotRecorded => {
                (None, "not recorded in this file: the planner assumes RocksDB, change it there if not")
            }
        },
    }
}

/// The job state the file tells: a job stopped with this savepoint is down, and restarts from
/// it (the planner's latest snapshot is the file's kind); one that went on running after it is
/// running. A checkpoint, or a file that does not say, leaves the planner's own choice.
fn job_of(recorded: Recorded) -> Option<JobStatus> {
    recorded.stopped.map(|stopped| if stopped { JobStatus::Down } else { JobStatus::Running })
}

/// The planner, filled from the operator (see [`planner_pairs`]): the link and the sentence
/// beside it.
pub fn planner_link(
    op: &Operator,
    recorded: Recorded,
    others: Option<i32>,
    state_bytes: u64,
    new_p: u32,
) -> (String, String) {
    let PlannerPairs { pairs, kind, backend_said: said, release } =
        planner_pairs(op, recorded, others, state_bytes, new_p);
    let what = match recorded.kind {
        // Format 3 records no kind; its handles are a canonical savepoint's.
        RecordedKind::CanonicalLayout => "snapshot whose format records no kind, its keyed handles a canonical savepoint's (only savepoints write them), so the planner takes it as one",
        _ => kind.map_or("snapshot of unknown kind", SnapshotKind::title),
    };
    let job = match (job_of(recorded), kind) {
        (Some(JobStatus::Down), _) if recorded.drained => " The job stopped with this savepoint, drained (its pending event-time timers fired at the stop; see above), so the plan restarts it from this savepoint (pick \"running\" there if it runs again).",
        (Some(JobStatus::Down), _) => " The job stopped with this savepoint, so the plan restarts it from this savepoint (pick \"running\" there if it runs again).",
        (Some(JobStatus::Running), _) => " The job went on running after this savepoint, so the plan stops it with a fresh one (pick \"down\" there if it has stopped).",
        (None, Some(kind)) => if kind.is_savepoint() {
            " The file does not say whether the job stopped with it: the planner starts from a job that is down, restarting from its latest savepoint (pick \"running\" there if it runs)."
        } else {
            " A retained checkpoint does not say whether the job still runs: the planner starts from a job that is down, restarting from its latest retained checkpoint (pick \"running\" there if it runs)."
        },
        (None, None) => " Pick there whether the job runs now.",
    };
    let mut text = format!(
        ": the planner with max parallelism {}{}, current parallelism {}, new parallelism {new_p} and {} of state, from a {what}; backend {said}.{job}",
        op.max_parallelism,
        others.map(|o| format!(" (and {o}, the least the other operators record)")).unwrap_or_default(),
        op.parallelism,
        format_bytes(state_bytes)
    );
    if let Some(release) = release {
        let writers = Release::writing_format(recorded.version);
        let newest = writers.last().copied().unwrap_or(release);
        let renamed = release.renamed_by(newest);
        let takes = if renamed.is_empty() {
            "each of them takes these names".to_string()
        } else {
            // Each old name with the first writer that reads it only as a deprecated one.
            let each: Vec<String> = renamed
                .iter()
                .map(|(old, new)| {
                    let from = writers
                        .iter()
                        .find(|w| release.renamed_by(**w).iter().any(|(o, _)| o == old))
                        .unwrap_or(&newest);
                    format!("{old} ({new} from {})", from.slug())
                })
                .collect();
            format!(
                "each of them takes these names, though later ones read some only as deprecated names: {}",
                each.join(", ")
            )
        };
        text.push_str(&format!(
            " Its commands are for Flink {}, the oldest release the planner knows (1.15 on) of those that write this file's format ({}): {takes}. What depends on the release itself, such as in-place rescaling (1.18 on) and spec.flinkVersion, follows the release picked there: pick your cluster's own.",
            release.slug(),
            releases_writing(recorded.version)
        ));
    }
    (lab_href(Lab::Planner, &pairs), text)
}

/// The restore predictor for a restart at parallelism `p`: the planner with the same values as
/// [`planner_link`] (the predictor's answer and the plan under it are of this snapshot).
pub fn predictor_href(op: &Operator, recorded: Recorded, others: Option<i32>, state_bytes: u64, p: u32) -> String {
    lab_href(Lab::Planner, &planner_pairs(op, recorded, others, state_bytes, p).pairs)
}
