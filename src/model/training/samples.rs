//! The real snapshots bundled with the site for the guided path, and the answers the model
//! reads from them: the max parallelism a snapshot carries, and what a changed uid does to it.

use super::Answer;
use crate::savepoint::unmatched::{if_unmatched, skipping_empty_log, Unmatched};
use crate::savepoint::{operator_id_from_uid, parse, OperatorId, SavepointError, Snapshot};
use crate::trace::Backend;

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

    /// The state backend that wrote it: a canonical savepoint does not record its backend, but
    /// the site knows its own samples (`tests/flink-savepoints/`).
    pub fn backend(self) -> Backend {
        match self {
            Sample::HashmapSavepoint => Backend::HashMap,
            Sample::RocksdbCheckpoint => Backend::RocksDb,
        }
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
            Sample::HashmapSavepoint => include_bytes!("../../../static/samples/hashmap-savepoint/_metadata"),
            Sample::RocksdbCheckpoint => include_bytes!("../../../static/samples/rocksdb-checkpoint/_metadata"),
        }
    }

    /// The snapshot it holds (every sample parses; a test checks it).
    pub fn snapshot(self) -> Result<Snapshot, SavepointError> {
        parse(self.bytes())
    }
}

/// Percent-encodes everything but RFC 3986 unreserved characters (for links carrying a uid).
pub fn encode(text: &str) -> String {
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
    let keyed = |o: &&crate::savepoint::Operator| {
        o.subtasks.iter().any(|t| t.state.managed_keyed.is_some() || t.state.raw_keyed.is_some())
    };
    let max = s.operators.iter().find(keyed).or(s.operators.first()).map_or(0, |o| o.max_parallelism);
    (max, s.operators.iter().all(|o| o.max_parallelism == max))
}

pub(super) fn max_parallelism_answer(sample: Sample) -> (Answer, String) {
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

pub(super) fn uid_change_answer(sample: Sample, uid: &str) -> (Answer, String) {
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
                "Operator {}{name} holds no state in this snapshot, so Flink skips it (\"{}\") and the restore starts.",
                id.hex(),
                skipping_empty_log(&id.hex())
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
