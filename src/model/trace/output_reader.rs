//! A job output read some rows at a time ([`OutputReader`]): the trace lab reads a large one
//! in steps so the page stays responsive; [`JobOutput::parse`] is the same reader run to the
//! end. Line numbers count from 1 after a byte-order mark, as the whole-text read counts them.

use super::kit::SOURCE_OFFSET;
use super::output::{JobOutput, OutputError, MAX_BYTES, MAX_ROWS};
use crate::csv::fields;

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
    /// Where the text starts (after a byte-order mark).
    start: usize,
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
        let mut reader = OutputReader { out: JobOutput::default(), start, offset: start, line: 1, done: false };
        reader.skip_lines(text, number);
        Ok(reader)
    }

    /// Moves past `count` lines (or to the end of `text`).
    fn skip_lines(&mut self, text: &str, count: usize) {
        for _ in 0..count {
            match text.get(self.offset..).and_then(|rest| rest.find('\n')) {
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

    /// Reads up to `rows` more lines of `text` (the text given to [`OutputReader::new`]; given
    /// another, it reads what it can and never panics).
    pub fn step(&mut self, text: &str, rows: usize) -> Result<(), OutputError> {
        let mut read = 0;
        while !self.done && read < rows {
            let Some(rest) = text.get(self.offset..) else {
                self.done = true;
                break;
            };
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
        let start = self.start;
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
            let first = numbered_from(text, start, 1)
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
        (self.offset.min(text.len()) as u64 * 1000 / text.len().max(1) as u64) as u32
    }

    /// The output read.
    pub fn finish(self) -> JobOutput {
        self.out
    }
}
