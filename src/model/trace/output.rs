//! A job's output read and checked against the trace's truth: **Job output (CSV)** is
//! `key,total` (the header), one row per key with its final total, and optionally one row
//! `source_offset,<n>` (the offset the source had read to at the end). Blank lines and a
//! leading byte-order mark are ignored, `\r\n` works, and a key may be written in double quotes
//! (`""` inside is a quote). [`JobOutput::parse`] stops at the first problem with an
//! [`OutputError`] naming the line; nothing it reads can make it panic or grow past
//! [`MAX_BYTES`].
//!
//! [`check`] compares every key with the truth. The verdict, in this order:
//! `lost` when part of the truth is missing (a key absent, a total below the truth, or the
//! source short of the end); else `wrong` when something is there that should not be (a key
//! the trace lacks, a total above the truth: events counted twice, or an offset past the end);
//! else `preserved`.

use std::collections::BTreeMap;
use std::fmt;

use crate::csv::FieldError;
use crate::error::quote;

use super::kit::{Trace, SOURCE_OFFSET, TOTALS_HEADER};

/// The largest output read (bytes).
pub const MAX_BYTES: usize = 4 * 1024 * 1024;
/// The most rows read.
pub const MAX_ROWS: usize = 100_000;

/// Why a job output could not be read. Lines count from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputError {
    /// Nothing but blank lines.
    Empty,
    /// Longer than [`MAX_BYTES`].
    TooLarge { bytes: usize },
    /// More than [`MAX_ROWS`] rows.
    TooManyRows,
    /// The first line is not `key,total`.
    Header { found: String },
    /// A row without exactly two fields.
    Columns { line: usize, found: usize },
    /// A row whose quotes cannot be read (`crate::csv`).
    Quote { line: usize, why: FieldError },
    /// A row whose key is empty.
    EmptyKey { line: usize },
    /// A total that is not a whole number (64-bit).
    Total { line: usize, text: String },
    /// The `source_offset` row's value is not a whole number ≥ 0.
    Offset { line: usize, text: String },
    /// A key (or `source_offset`) that an earlier line already gave.
    Duplicate { line: usize, key: String, first: usize },
}

/// Digits with an optional sign: a whole number, if one too large for its type.
fn is_whole(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::Empty => write!(f, "the output is empty: it needs the header key,total and one row per key"),
            OutputError::TooLarge { bytes } => {
                // In bytes: in whole KB, one byte over the bound read as equal to it.
                write!(
                    f,
                    "the output is {bytes} bytes, more than the {MAX_BYTES} bytes ({} KB) this check reads",
                    MAX_BYTES / 1024
                )
            }
            OutputError::TooManyRows => write!(f, "the output has more than {MAX_ROWS} rows"),
            OutputError::Header { found } => {
                write!(f, "line 1: the header must be {TOTALS_HEADER}, found {}", quote(found))
            }
            OutputError::Columns { line, found } => write!(
                f,
                "line {line}: a row is key,total (2 fields), found {found} field{}",
                if *found == 1 { "" } else { "s" }
            ),
            OutputError::Quote { line, why } => write!(f, "line {line}: {}", why.reason("key")),
            OutputError::EmptyKey { line } => write!(f, "line {line}: the key is empty"),
            OutputError::Total { line, text } if is_whole(text) => write!(
                f,
                "line {line}: the total {} is outside the 64-bit range of a Java long ({} to {})",
                quote(text),
                i64::MIN,
                i64::MAX
            ),
            OutputError::Total { line, text } => {
                write!(f, "line {line}: the total {} is not a whole number", quote(text))
            }
            OutputError::Offset { line, text } => {
                write!(f, "line {line}: {SOURCE_OFFSET} {} is not a whole number of 0 or more", quote(text))
            }
            OutputError::Duplicate { line, key, first } => {
                write!(f, "line {line}: {} appears twice (first on line {first})", quote(key))
            }
        }
    }
}

impl std::error::Error for OutputError {}

/// A job's final totals, as read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JobOutput {
    pub totals: BTreeMap<String, i64>,
    pub source_offset: Option<u64>,
}

/// One key whose total differs from the truth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diff {
    pub key: String,
    pub expected: i64,
    pub actual: i64,
}

/// That every one of `n` keys holds its whole total: "all 12 keys hold their full totals", or
/// "the 1 key holds its full total".
pub fn every_key_whole(n: u64) -> String {
    if n == 1 {
        "the 1 key holds its full total".to_string()
    } else {
        format!("all {n} keys hold their full totals")
    }
}

impl Diff {
    /// How far the output is from the truth, exactly: any two Java longs (`i64::MIN` against
    /// 49 is −9223372036854775857, past a long).
    pub fn off_by(&self) -> i128 {
        i128::from(self.actual) - i128::from(self.expected)
    }
}

/// The output check's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputVerdict {
    Preserved,
    Lost,
    Wrong,
}

impl OutputVerdict {
    pub fn as_str(self) -> &'static str {
        match self {
            OutputVerdict::Preserved => "preserved",
            OutputVerdict::Lost => "lost",
            OutputVerdict::Wrong => "wrong",
        }
    }
}

/// Every key of the truth and of the output, sorted into what matched and what did not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputCheck {
    pub verdict: OutputVerdict,
    /// Keys in the trace.
    pub keys: usize,
    /// Keys whose total is exactly the truth.
    pub matched: usize,
    /// Keys of the trace the output lacks.
    pub missing: Vec<String>,
    /// Totals below the truth, then above it.
    pub below: Vec<Diff>,
    pub above: Vec<Diff>,
    /// Keys (with their totals) the trace does not have.
    pub extra: Vec<(String, i64)>,
    /// The offset the source should end at, and the output's (when it gave one).
    pub offset_expected: u64,
    pub offset: Option<u64>,
}

/// The check of `output` against `trace`'s truth.
pub fn check(trace: &Trace, output: &JobOutput) -> OutputCheck {
    let truth = trace.totals();
    let (mut missing, mut below, mut above, mut matched) = (Vec::new(), Vec::new(), Vec::new(), 0);
    for (key, &expected) in &truth {
        match output.totals.get(key) {
            None => missing.push(key.clone()),
            Some(&actual) if actual == expected => matched += 1,
            Some(&actual) => {
                let d = Diff { key: key.clone(), expected, actual };
                if actual < expected {
                    below.push(d)
                } else {
                    above.push(d)
                }
            }
        }
    }
    let extra: Vec<(String, i64)> =
        output.totals.iter().filter(|(k, _)| !truth.contains_key(*k)).map(|(k, &v)| (k.clone(), v)).collect();
    let offset_expected = u64::from(trace.events);
    let short = output.source_offset.is_some_and(|o| o < offset_expected);
    let past = output.source_offset.is_some_and(|o| o > offset_expected);
    let verdict = if !missing.is_empty() || !below.is_empty() || short {
        OutputVerdict::Lost
    } else if !extra.is_empty() || !above.is_empty() || past {
        OutputVerdict::Wrong
    } else {
        OutputVerdict::Preserved
    };
    OutputCheck {
        verdict,
        keys: truth.len(),
        matched,
        missing,
        below,
        above,
        extra,
        offset_expected,
        offset: output.source_offset,
    }
}

#[cfg(test)]
#[path = "output_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "output_words_tests.rs"]
mod words_tests;
