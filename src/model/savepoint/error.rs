//! Why a `_metadata` file could not be read. Every variant carries the byte offset where
//! reading stopped, and `Display` says what was expected there, so the text can be shown to a
//! person as it is ("expected …, at byte N").

use std::fmt;

/// Everything the savepoint reader can refuse; `offset` is always a byte offset into the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SavepointError {
    /// The file has no bytes at all.
    Empty,
    /// The file ends before a value that must follow.
    Truncated { offset: usize, expected: &'static str, needed: usize, available: usize },
    /// A file of another kind, recognised by its first bytes (an image, an archive, …).
    OtherFileType { kind: &'static str },
    /// The first four bytes are not Flink's metadata magic number `0x4960672d`.
    WrongMagic { found: u32 },
    /// A metadata format version this reader does not know.
    UnsupportedVersion { offset: usize, version: i32 },
    /// A length or count that runs past the end of the file.
    LengthPastEnd { offset: usize, what: &'static str, length: u64, remaining: usize },
    /// A count or length that is negative.
    Negative { offset: usize, what: &'static str, value: i64 },
    /// A one-byte type tag that names no handle of this kind.
    UnknownTag { offset: usize, what: &'static str, tag: u8 },
    /// A value Flink itself rejects when it loads the file.
    Invalid { offset: usize, what: &'static str, value: i64 },
    /// A string whose bytes are not Java's modified UTF-8.
    BadString { offset: usize },
    /// Handles nested deeper than any Flink writes (a guard against a crafted file).
    TooDeep { offset: usize, limit: usize },
    /// The checkpoint-properties trailer (format 4 and later) is not a Java serialization
    /// stream of Flink's `CheckpointProperties`.
    BadProperties { offset: usize, expected: &'static str },
}

impl SavepointError {
    /// The byte offset where reading stopped (0 for problems with the file as a whole).
    pub fn offset(&self) -> usize {
        match self {
            SavepointError::Empty | SavepointError::OtherFileType { .. } | SavepointError::WrongMagic { .. } => 0,
            SavepointError::Truncated { offset, .. }
            | SavepointError::UnsupportedVersion { offset, .. }
            | SavepointError::LengthPastEnd { offset, .. }
            | SavepointError::Negative { offset, .. }
            | SavepointError::UnknownTag { offset, .. }
            | SavepointError::Invalid { offset, .. }
            | SavepointError::BadString { offset }
            | SavepointError::TooDeep { offset, .. }
            | SavepointError::BadProperties { offset, .. } => *offset,
        }
    }
}

impl fmt::Display for SavepointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavepointError::Empty => {
                write!(f, "the file is empty: expected Flink's metadata magic number 0x4960672d at byte 0")
            }
            SavepointError::Truncated { offset, expected, needed, available } => write!(
                f,
                "the file ends too early: expected {expected} ({needed} bytes) at byte {offset}, \
                 but only {available} bytes remain"
            ),
            SavepointError::OtherFileType { kind } => write!(
                f,
                "this is {kind}, not a checkpoint's _metadata file: expected Flink's magic number \
                 0x4960672d at byte 0"
            ),
            SavepointError::WrongMagic { found } => write!(
                f,
                "not a checkpoint's _metadata file: expected Flink's magic number 0x4960672d at byte 0, \
                 found 0x{found:08x}"
            ),
            SavepointError::UnsupportedVersion { offset, version } => write!(
                f,
                "unknown metadata format version {version} at byte {offset}: expected 3 (Flink 1.11 to 1.15), \
                 4 (1.16 to 1.20), 5 (2.0) or 6 (2.1 to 2.3)"
            ),
            SavepointError::LengthPastEnd { offset, what, length, remaining } => write!(
                f,
                "{what} at byte {offset} is {length}, which runs past the end of the file \
                 (only {remaining} bytes follow)"
            ),
            SavepointError::Negative { offset, what, value } => {
                write!(f, "expected a non-negative {what} at byte {offset}, found {value}")
            }
            SavepointError::UnknownTag { offset, what, tag } => {
                write!(f, "unknown {what} type {tag} at byte {offset} (expected {})", known_tags(what))
            }
            SavepointError::Invalid { offset, what, value } => {
                write!(f, "invalid {what} at byte {offset}: {value}")
            }
            SavepointError::BadString { offset } => {
                write!(f, "expected a string in Java's modified UTF-8 at byte {offset}")
            }
            SavepointError::TooDeep { offset, limit } => {
                write!(f, "state handles nested more than {limit} deep at byte {offset}")
            }
            SavepointError::BadProperties { offset, expected } => {
                write!(f, "checkpoint properties: expected {expected} at byte {offset}")
            }
        }
    }
}

/// The type tags Flink 1.15 to 2.3 write for each kind of handle.
fn known_tags(what: &str) -> &'static str {
    match what {
        "stream handle" => "0, 1, 2, 3, 6, 15 or 16",
        "keyed state handle" => "0, 3, 5 or 7 to 14",
        "operator state handle" => "0, 4 or 17",
        _ => "1 to 4",
    }
}

impl std::error::Error for SavepointError {}
