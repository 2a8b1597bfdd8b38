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

use crate::csv::{fields, FieldError};

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

/// Up to 40 characters of user text, escaped so that control characters show.
fn quoted(text: &str) -> String {
    let mut s: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    format!("\"{s}\"")
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
                write!(f, "line 1: the header must be {TOTALS_HEADER}, found {}", quoted(found))
            }
            OutputError::Columns { line, found } => write!(
                f,
                "line {line}: a row is key,total (2 fields), found {found} field{}",
                if *found == 1 { "" } else { "s" }
            ),
            OutputError::Quote { line, why } => write!(f, "line {line}: {}", why.reason("key")),
            OutputError::EmptyKey { line } => write!(f, "line {line}: the key is empty"),
            OutputError::Total { line, text } => {
                write!(f, "line {line}: the total {} is not a whole number", quoted(text))
            }
            OutputError::Offset { line, text } => {
                write!(f, "line {line}: {SOURCE_OFFSET} {} is not a whole number of 0 or more", quoted(text))
            }
            OutputError::Duplicate { line, key, first } => {
                write!(f, "line {line}: {} appears twice (first on line {first})", quoted(key))
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

impl JobOutput {
    /// The whole text read at once (what [`OutputReader`] reads in steps).
    pub fn parse(text: &str) -> Result<JobOutput, OutputError> {
        let mut reader = OutputReader::new(text)?;
        while !reader.done() {
            reader.step(text, usize::MAX)?;
        }
        Ok(reader.finish())
    }
}

/// A job output read some rows at a time, so that a page can read a large one in steps and
/// stay responsive. [`OutputReader::new`] refuses what is too large and checks the header;
/// each [`OutputReader::step`] reads the next rows of the same text, stopping at the first
/// problem; [`OutputReader::finish`] gives the output once [`OutputReader::done`].
#[derive(Debug, Clone)]
pub struct OutputReader {
    out: JobOutput,
    /// Where the next line starts, and its number (from 1).
    offset: usize,
    line: usize,
    done: bool,
}

/// `text`'s lines from byte `offset` as (number, line without its `\r`), blank ones skipped;
/// `first` is the number of the line at `offset`.
fn numbered_from(text: &str, offset: usize, first: usize) -> impl Iterator<Item = (usize, &str)> {
    text[offset..]
        .split('\n')
        .enumerate()
        .map(move |(i, l)| (first + i, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.trim().is_empty())
}

impl OutputReader {
    /// Refuses a text over [`MAX_BYTES`] or [`MAX_ROWS`] rows before a row is read, and reads
    /// the header.
    pub fn new(text: &str) -> Result<OutputReader, OutputError> {
        if text.len() > MAX_BYTES {
            return Err(OutputError::TooLarge { bytes: text.len() });
        }
        let start = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        // More rows than the bound (beside the header): refused before a row is read.
        if numbered_from(text, start, 1).nth(MAX_ROWS + 1).is_some() {
            return Err(OutputError::TooManyRows);
        }
        let Some((number, header)) = numbered_from(text, start, 1).next() else { return Err(OutputError::Empty) };
        let cells: Vec<String> =
            fields(header).unwrap_or_default().iter().map(|c| c.trim().to_ascii_lowercase()).collect();
        if cells != ["key", "total"] {
            return Err(OutputError::Header { found: header.to_string() });
        }
        let mut reader = OutputReader { out: JobOutput::default(), offset: start, line: 1, done: false };
        reader.skip_lines(text, number);
        Ok(reader)
    }

    /// Moves past `count` lines (or to the end of `text`).
    fn skip_lines(&mut self, text: &str, count: usize) {
        for _ in 0..count {
            match text[self.offset..].find('\n') {
                Some(at) => {
                    self.offset += at + 1;
                    self.line += 1;
                    self.done = self.offset == text.len();
                }
                None => {
                    self.offset = text.len();
                    self.done = true;
                    return;
                }
            }
        }
    }

    /// Reads up to `rows` more lines of `text` (the text given to [`OutputReader::new`]).
    pub fn step(&mut self, text: &str, rows: usize) -> Result<(), OutputError> {
        let mut read = 0;
        while !self.done && read < rows {
            let rest = &text[self.offset..];
            let (raw, next) = match rest.find('\n') {
                Some(at) => (&rest[..at], Some(self.offset + at + 1)),
                None => (rest, None),
            };
            let row = raw.strip_suffix('\r').unwrap_or(raw);
            if !row.trim().is_empty() {
                self.row(text, self.line, row)?;
                read += 1;
            }
            match next {
                Some(n) => {
                    self.offset = n;
                    self.line += 1;
                    self.done = n == text.len();
                }
                None => self.done = true,
            }
        }
        Ok(())
    }

    /// One row: a key and its total, or the source's offset.
    fn row(&mut self, text: &str, line: usize, row: &str) -> Result<(), OutputError> {
        let out = &mut self.out;
        let cells = fields(row).map_err(|why| OutputError::Quote { line, why })?;
        let [key, value] = cells.as_slice() else { return Err(OutputError::Columns { line, found: cells.len() }) };
        let key = key.trim();
        if key.is_empty() {
            return Err(OutputError::EmptyKey { line });
        }
        let seen = if key == SOURCE_OFFSET { out.source_offset.is_some() } else { out.totals.contains_key(key) };
        if seen {
            // The earlier line of this key (read again only on this error).
            let first = numbered_from(text, 0, 1)
                .skip(1)
                .find(|(_, l)| fields(l).is_ok_and(|c| c.first().is_some_and(|k| k.trim() == key)))
                .map_or(line, |(n, _)| n);
            return Err(OutputError::Duplicate { line, key: key.to_string(), first });
        }
        let value = value.trim();
        if key == SOURCE_OFFSET {
            let n = value.parse::<u64>().map_err(|_| OutputError::Offset { line, text: value.to_string() })?;
            out.source_offset = Some(n);
        } else {
            let n = value.parse::<i64>().map_err(|_| OutputError::Total { line, text: value.to_string() })?;
            out.totals.insert(key.to_string(), n);
        }
        Ok(())
    }

    /// Every line has been read.
    pub fn done(&self) -> bool {
        self.done
    }

    /// How far through `text` the reader is, in thousandths.
    pub fn permille(&self, text: &str) -> u32 {
        (self.offset as u64 * 1000 / text.len().max(1) as u64) as u32
    }

    /// The output read.
    pub fn finish(self) -> JobOutput {
        self.out
    }
}

/// One key whose total differs from the truth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diff {
    pub key: String,
    pub expected: i64,
    pub actual: i64,
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
