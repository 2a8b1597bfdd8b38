//! The file's fixed parts: header (magic, version), checkpoint id, master states, each
//! operator's record and each subtask's record — in the order and with the checks of Flink's
//! `Checkpoints.loadCheckpointMetadata` and `MetadataV3Serializer` (… `V6`).

use super::error::SavepointError;
use super::handles;
use super::reader::Reader;
use super::types::{MasterState, Operator, OperatorId, StreamHandle, Subtask, SubtaskState};

/// `Checkpoints.HEADER_MAGIC_NUMBER`.
pub const MAGIC: u32 = 0x4960_672d;
/// Format versions this reader knows.
pub const VERSIONS: std::ops::RangeInclusive<i32> = 3..=6;
const MASTER_STATE_MAGIC: i32 = 0xc96b_1696_u32 as i32;

/// Recognises files of other kinds by their first (or last) bytes.
fn other_kind(bytes: &[u8]) -> Option<&'static str> {
    const KINDS: [(&[u8], &str); 8] = [
        (&[0xFF, 0xD8, 0xFF], "a JPEG image"),
        (&[0x89, b'P', b'N', b'G'], "a PNG image"),
        (b"GIF8", "a GIF image"),
        (b"%PDF", "a PDF document"),
        (b"PK\x03\x04", "a ZIP archive"),
        (&[0x1F, 0x8B], "a gzip file"),
        (&[0xAC, 0xED, 0x00, 0x05], "a Java serialization stream"),
        (b"# This is a RocksDB option file", "a RocksDB OPTIONS file (from the snapshot's folder)"),
    ];
    if let Some((_, kind)) = KINDS.iter().find(|(magic, _)| bytes.starts_with(magic)) {
        return Some(kind);
    }
    // RocksDB's block-based table magic number ends every SST file.
    if bytes.len() >= 48 && bytes.ends_with(&[0xf7, 0xcf, 0xf4, 0x85, 0xb7, 0x41, 0xe2, 0x88]) {
        return Some("a RocksDB SST file (from the snapshot's folder)");
    }
    None
}

/// Magic number and format version.
pub fn header(r: &mut Reader<'_>, bytes: &[u8]) -> Result<i32, SavepointError> {
    if r.is_empty() {
        return Err(SavepointError::Empty);
    }
    if bytes.len() < 4 || u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) != MAGIC {
        if let Some(kind) = other_kind(bytes) {
            return Err(SavepointError::OtherFileType { kind });
        }
    }
    let magic = r.i32("Flink's metadata magic number 0x4960672d")? as u32;
    if magic != MAGIC {
        return Err(SavepointError::WrongMagic { found: magic });
    }
    let offset = r.pos();
    let version = r.i32("the metadata format version")?;
    if !VERSIONS.contains(&version) {
        return Err(SavepointError::UnsupportedVersion { offset, version });
    }
    Ok(version)
}

/// The checkpoint id (Flink refuses negative ones).
pub fn checkpoint_id(r: &mut Reader<'_>) -> Result<i64, SavepointError> {
    let offset = r.pos();
    let id = r.i64("the checkpoint id")?;
    if id < 0 {
        return Err(SavepointError::Invalid { offset, what: "checkpoint id", value: id });
    }
    Ok(id)
}

/// The master states: a count, then per state a magic number, a length and the bytes
/// (version, name, payload, nothing after).
pub fn master_states(r: &mut Reader<'_>) -> Result<Vec<MasterState>, SavepointError> {
    let n = r.count_of("number of master states", 8)?;
    let mut out = Vec::new();
    for _ in 0..n {
        let offset = r.pos();
        let magic = r.i32("a master state's magic number 0xc96b1696")?;
        if magic != MASTER_STATE_MAGIC {
            return Err(SavepointError::Invalid { offset, what: "master state magic number", value: i64::from(magic) });
        }
        let at = r.pos();
        let (start, len) = r.byte_run("a master state's length")?;
        if len == 0 {
            return Err(SavepointError::Invalid { offset: at, what: "master state length", value: 0 });
        }
        let mut inner = r.window(start, len);
        let version = inner.i32("a master state's version")?;
        let name = inner.utf("a master state's name")?;
        let (_, bytes) = inner.byte_run("a master state's payload length")?;
        if inner.remaining() != 0 {
            return Err(SavepointError::Invalid {
                offset: inner.pos(),
                what: "master state (trailing bytes)",
                value: inner.remaining() as i64,
            });
        }
        out.push(MasterState { name, version, bytes });
    }
    Ok(out)
}

/// The number of operators.
pub fn operator_count(r: &mut Reader<'_>) -> Result<usize, SavepointError> {
    // The smallest operator record: id 16, parallelism 4, max 4, null coordinator 1, count 4.
    r.count_of("number of operators", 29)
}

/// One operator's record up to its subtasks; returns it with the number of subtasks to read.
pub fn operator_head(r: &mut Reader<'_>, version: i32) -> Result<(Operator, usize), SavepointError> {
    let offset = r.pos();
    let (name, uid) = if version >= 5 {
        let name = r.utf("the operator's name")?;
        let uid = r.utf("the operator's uid")?;
        (Some(name).filter(|s| !s.is_empty()), Some(uid).filter(|s| !s.is_empty()))
    } else {
        (None, None)
    };
    let mut id = [0u8; 16];
    id.copy_from_slice(r.take(16, "the operator id (16 bytes)")?);
    let at = r.pos();
    let parallelism = r.i32("the operator's parallelism")?;
    let max_parallelism = r.i32("the operator's max parallelism")?;
    if parallelism < 0 || parallelism > max_parallelism {
        return Err(SavepointError::Invalid {
            offset: at,
            what: "parallelism (negative, or above the max parallelism that follows it)",
            value: i64::from(parallelism),
        });
    }
    let at = r.pos();
    let coordinator = handles::stream(r, 0)?;
    if !matches!(coordinator, None | Some(StreamHandle::Inline { .. })) {
        return Err(SavepointError::Invalid { offset: at, what: "coordinator state (not inline)", value: 0 });
    }
    let at = r.pos();
    let count = r.i32("the number of subtask states")?;
    let fully_finished = count < 0;
    if fully_finished && coordinator.is_some() {
        return Err(SavepointError::Invalid {
            offset: at,
            what: "fully finished operator with coordinator state",
            value: i64::from(count),
        });
    }
    let count = usize::try_from(count).unwrap_or(0);
    r.fits(at, "number of subtask states", count, 4)?;
    let operator = Operator {
        name,
        uid,
        id: OperatorId(id),
        parallelism,
        max_parallelism,
        coordinator,
        fully_finished,
        subtasks: Vec::new(),
        offset,
    };
    Ok((operator, count))
}

/// One subtask's record: its index (negative = finished, index −i−1) and, unless finished,
/// its handles.
pub fn subtask(r: &mut Reader<'_>, version: i32, parallelism: i32) -> Result<Subtask, SavepointError> {
    let offset = r.pos();
    let raw = r.i32("a subtask index")?;
    let finished = raw < 0;
    let index = if finished { raw.wrapping_neg().wrapping_sub(1) } else { raw };
    if index >= parallelism || index < 0 {
        return Err(SavepointError::Invalid {
            offset,
            what: "subtask index (at or above the parallelism)",
            value: i64::from(index),
        });
    }
    let state = if finished { SubtaskState::default() } else { subtask_state(r, version)? };
    Ok(Subtask { index: index as u32, finished, state })
}

fn flag(r: &mut Reader<'_>, what: &'static str) -> Result<bool, SavepointError> {
    Ok(r.i32(what)? != 0)
}

fn subtask_state(r: &mut Reader<'_>, version: i32) -> Result<SubtaskState, SavepointError> {
    let managed_operator =
        if flag(r, "the managed operator state flag")? { handles::operator(r, 0)?.map(Box::new) } else { None };
    let raw_operator =
        if flag(r, "the raw operator state flag")? { handles::operator(r, 0)?.map(Box::new) } else { None };
    let managed_keyed = handles::keyed(r, 0)?.map(Box::new);
    let raw_keyed = handles::keyed(r, 0)?.map(Box::new);
    let input_channels = handles::channels(r, version, true)?;
    let result_subpartitions = handles::channels(r, version, false)?;
    Ok(SubtaskState { managed_operator, raw_operator, managed_keyed, raw_keyed, input_channels, result_subpartitions })
}
