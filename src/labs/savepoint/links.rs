//! "Plan from this snapshot": links into the other labs, filled from one operator of the file.
//!
//! - the planner (`saved_maxp`, `current`, `state`, `p`, `snapshot`, `job`, `backend`, `release`: the
//!   operator's max parallelism and parallelism, the snapshot's total state size, the new
//!   parallelism typed beside the link, the file's kind and the job state it implies (a
//!   savepoint: running; a checkpoint: down), its backend where its handles show it, and the
//!   oldest release that writes its format);
//! - the restore predictor (the same values: it is a section of the planner);
//! - the skew lab with the operator's state bytes per key group. The skew lab takes keys, not
//!   key groups, and keys hash: so each key group with state becomes one `int` key chosen to
//!   land in exactly that group (the smallest non-negative int whose key group it is), carrying
//!   that group's bytes and 0 events/s. Where the file has no per-group offsets (incremental
//!   RocksDB, changelog), each subtask's bytes are spread evenly over its key groups, and the
//!   link says it is an estimate.

use crate::lab::Lab;
use crate::labs::planner::query as planner_query;
use crate::labs::skew::query as skew_query;
use crate::model::savepoint::report::{
    group_bytes_skew_percent, key_group_range, operator_key_group_bytes, subtasks_by_index,
};
use crate::model::planner::release::Release;
use crate::model::planner::JobStatus;
use crate::model::planner::snapshot_kinds::SnapshotKind;
use crate::model::savepoint::table::releases_writing;
use crate::model::savepoint::recorded::{recorded_backend, recorded_kind, recorded_stop, RecordedBackend, RecordedKind};
use crate::model::savepoint::{Operator, Snapshot};
use crate::model::skew::units::format_bytes;
use crate::model::trace::Backend;
use crate::model::MaxParallelism;
use crate::url::lab_href;

/// Key sets longer than this (in characters) travel through local storage instead of the URL.
pub const MAX_LINK_CSV: usize = 8000;

/// What a file records of its kind and backend, for the planner link (read once per file: it
/// walks every subtask's handles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    pub kind: RecordedKind,
    pub backend: RecordedBackend,
    /// The metadata format version: which Flink releases write such a file.
    pub version: i32,
    /// Whether the job stopped with this savepoint (`None`: a checkpoint, or not said).
    pub stopped: Option<bool>,
}

impl Recorded {
    pub fn of(snapshot: &Snapshot) -> Recorded {
        Recorded {
            kind: recorded_kind(snapshot),
            backend: recorded_backend(snapshot),
            version: snapshot.version,
            stopped: recorded_stop(snapshot),
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

fn planner_pairs(op: &Operator, recorded: Recorded, state_bytes: u64, new_p: u32) -> PlannerPairs {
    use planner_query::{BACKEND, CURRENT, JOB, P, RELEASE, SAVED_MAXP, SNAPSHOT, STATE};
    let mut pairs = vec![(CURRENT.name, op.parallelism.to_string())];
    pairs.push((SAVED_MAXP.name, op.max_parallelism.to_string()));
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
    let (backend, backend_said) = match recorded.backend {
        RecordedBackend::RocksDbIncremental => (Some(Backend::RocksDb), "RocksDB (its incremental handles say so)"),
        RecordedBackend::HashMap => (Some(Backend::HashMap), "the heap backend (hashmap)"),
        RecordedBackend::HashMapOrFullRocksDb => {
            (Some(Backend::HashMap), "the heap backend (hashmap), or RocksDB with incremental checkpoints off: change it there if so")
        }
        RecordedBackend::Changelog => (None, "not told by the changelog backend's handles: the planner assumes RocksDB"),
        RecordedBackend::NotRecorded => (None, "not recorded in this file: the planner assumes RocksDB, change it there if not"),
    };
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

/// The job state the file tells: a job stopped with this savepoint is down, and restarts from
/// it (the planner's latest snapshot is the file's kind); one that went on running after it is
/// running. A checkpoint, or a file that does not say, leaves the planner's own choice.
fn job_of(recorded: Recorded) -> Option<JobStatus> {
    recorded.stopped.map(|stopped| if stopped { JobStatus::Down } else { JobStatus::Running })
}

/// The planner, filled from the operator (see [`planner_pairs`]): the link and the sentence
/// beside it.
pub fn planner_link(op: &Operator, recorded: Recorded, state_bytes: u64, new_p: u32) -> (String, String) {
    let PlannerPairs { pairs, kind, backend_said: said, release } = planner_pairs(op, recorded, state_bytes, new_p);
    let what = match recorded.kind {
        // Format 3 records no kind; its handles are a canonical savepoint's.
        RecordedKind::CanonicalLayout => "snapshot whose format records no kind, its keyed handles a canonical savepoint's (only savepoints write them), so the planner takes it as one",
        _ => kind.map_or("snapshot of unknown kind", SnapshotKind::title),
    };
    let job = match (job_of(recorded), kind) {
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
        ": the planner with max parallelism {}, current parallelism {}, new parallelism {new_p} and {} of state, from a {what}; backend {said}.{job}",
        op.max_parallelism,
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
                    let from = writers.iter().find(|w| release.renamed_by(**w).iter().any(|(o, _)| o == old)).unwrap_or(&newest);
                    format!("{old} ({new} from {})", from.slug())
                })
                .collect();
            format!("each of them takes these names, though later ones read some only as deprecated names: {}", each.join(", "))
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
pub fn predictor_href(op: &Operator, recorded: Recorded, state_bytes: u64, p: u32) -> String {
    lab_href(Lab::Planner, &planner_pairs(op, recorded, state_bytes, p).pairs)
}

/// Per key group bytes of an operator: from the offsets (`exact`, with the state-bytes skew
/// over them, each subtask's groups summed), or each subtask's keyed bytes spread evenly over
/// its range (`why_not` says why).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupBytes {
    pub bytes: Vec<u64>,
    pub exact: bool,
    pub why_not: Option<&'static str>,
    pub skew_percent: Option<u32>,
}

pub fn group_bytes(op: &Operator) -> Option<GroupBytes> {
    let max = usize::try_from(op.max_parallelism).ok().filter(|m| (1..=32768).contains(m))?;
    let why_not = match operator_key_group_bytes(op) {
        Ok(bytes) => {
            return Some(GroupBytes { bytes, exact: true, why_not: None, skew_percent: group_bytes_skew_percent(op) })
        }
        Err(why) => why,
    };
    let mut bytes = vec![0u64; max];
    let mut any = false;
    for s in subtasks_by_index(op) {
        let Some((first, last)) = key_group_range(s) else { continue };
        let (first, last) = (first as usize, (last as usize).min(max - 1));
        if first > last {
            continue;
        }
        any = true;
        let (total, n) = (s.state.keyed_state_size().max(0) as u64, (last - first + 1) as u64);
        for (i, slot) in bytes[first..=last].iter_mut().enumerate() {
            *slot += total / n + u64::from((i as u64) < total % n);
        }
    }
    any.then_some(GroupBytes { bytes, exact: false, why_not: Some(why_not), skew_percent: None })
}

/// For each wanted key group, the smallest non-negative `int` key Flink puts into it.
pub fn representative_int_keys(max: MaxParallelism, wanted: &[bool]) -> Vec<Option<i32>> {
    let mut keys = vec![None; wanted.len()];
    let mut left = wanted.iter().filter(|&&w| w).count();
    let mut k: i32 = 0;
    // About max · ln(max) ints cover every group (350,000 for 32768); the bound is a guard.
    while left > 0 && k < 50_000_000 {
        let g = max.key_group_of_hash(k).index() as usize;
        if wanted.get(g) == Some(&true) && keys[g].is_none() {
            keys[g] = Some(k);
            left -= 1;
        }
        k += 1;
    }
    keys
}

/// Above this many key groups with state, the key set travels through local storage and is
/// built only when the link is followed (it takes tens of ms for 32768 groups).
pub const MAX_LINK_GROUPS: usize = 400;

/// The skew lab's link: `keys=` in the URL, or `stored=1` once [`skew_csv`] is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkewLink {
    pub href: String,
    /// The key set must be written to the skew lab's storage entry before following it.
    pub stored: bool,
    pub exact: bool,
    /// Key groups with state: the keys of the set.
    pub groups: usize,
    /// Bytes of the keyed state handles in no key group (each handle's header, written before
    /// its first group): the skew lab's subtask bytes leave them out.
    pub outside_groups: u64,
}

fn push_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&d| char::from(d)));
}

fn csv_of(max: MaxParallelism, bytes: &[u64]) -> String {
    let wanted: Vec<bool> = bytes.iter().map(|&b| b > 0).collect();
    let keys = representative_int_keys(max, &wanted);
    let mut csv = String::with_capacity(wanted.len() * 12);
    for (&b, key) in bytes.iter().zip(&keys) {
        if let (true, Some(k)) = (b > 0, key) {
            push_number(&mut csv, *k as u64);
            csv.push_str(",0,");
            push_number(&mut csv, b);
            csv.push('\n');
        }
    }
    csv
}

/// The operator's key set for the skew lab: one line `key,0,bytes` per key group with state.
pub fn skew_csv(op: &Operator) -> Option<String> {
    let groups = group_bytes(op)?;
    Some(csv_of(MaxParallelism::new(i64::from(op.max_parallelism)).ok()?, &groups.bytes))
}

pub fn skew_link(op: &Operator) -> Option<SkewLink> {
    let groups = group_bytes(op)?;
    let max = MaxParallelism::new(i64::from(op.max_parallelism)).ok()?;
    let lines = groups.bytes.iter().filter(|&&b| b > 0).count();
    if lines == 0 {
        return None;
    }
    let csv = (lines <= MAX_LINK_GROUPS).then(|| csv_of(max, &groups.bytes)).filter(|c| c.len() <= MAX_LINK_CSV);
    let mut pairs = vec![
        (skew_query::MAXP.name, skew_query::MAXP.format(&Some(max))),
        (skew_query::P.name, op.parallelism.to_string()),
        (skew_query::TYPE.name, "int".to_string()),
    ];
    let stored = csv.is_none();
    match csv {
        Some(csv) => pairs.push(("keys", csv)),
        None => pairs.push(("stored", "1".to_string())),
    }
    let keyed: u64 = subtasks_by_index(op).into_iter().map(|s| s.state.keyed_state_size().max(0) as u64).sum();
    let outside_groups = keyed.saturating_sub(groups.bytes.iter().sum());
    Some(SkewLink { href: lab_href(Lab::Skew, &pairs), stored, exact: groups.exact, groups: lines, outside_groups })
}

#[cfg(test)]
#[path = "links_tests.rs"]
mod tests;
