//! `assign`: each key's key group (and owning subtask), for keys given as arguments, for each
//! line of stdin, or (`--csv`) for the first field of each stdin line. Output is
//! `<key> TAB <key_group> [TAB <subtask>]`. Notes that may explain a wrong-looking answer (a
//! comma or a `\r` in a line hashed whole, a CSV header skipped) go to `notes` once each.

use std::io::{BufRead, Write};

use crate::model::csv::fields;
use crate::model::skew::csv::parse_csv;
use crate::model::{KeyType, MaxParallelism, ModelError, Parallelism};

use super::error::CliError;

/// Where the keys come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Each line of stdin is one key, split on `\n` only.
    Lines,
    /// The first field of each stdin line, RFC 4180 quoting, a `key` header skipped.
    Csv,
}

/// One `assign` run's settings, validated.
pub struct Assign {
    pub key_type: KeyType,
    pub max: MaxParallelism,
    pub parallelism: Option<Parallelism>,
}

impl Assign {
    /// Writes one output line for the key read from `text`.
    fn write(&self, output: &mut impl Write, text: &str, key: &crate::model::Key) -> std::io::Result<()> {
        let group = self.max.key_group_of(key);
        match self.parallelism {
            Some(p) => writeln!(output, "{text}\t{}\t{}", group.index(), p.owner_of(group).index()),
            None => writeln!(output, "{text}\t{}", group.index()),
        }
    }

    /// The keys given as arguments, in order; stdin is not read.
    pub fn words(&self, words: &[&str], output: &mut impl Write) -> Result<(), CliError> {
        for text in words {
            let key = self
                .key_type
                .parse_key(text)
                .map_err(|error| CliError::KeyArgument { key: text.to_string(), error })?;
            self.write(output, text, &key)?;
        }
        Ok(())
    }

    /// The keys on `input`, read as `source` says.
    pub fn stdin(
        &self,
        source: Source,
        input: &mut impl BufRead,
        output: &mut impl Write,
        notes: &mut impl Write,
    ) -> Result<(), CliError> {
        let mut carriage_return_noted = false;
        let mut content_seen = false;
        each_line(input, |number, line| match source {
            Source::Lines => {
                if number == 1 && line.contains(',') {
                    note(notes, COMMA_NOTE);
                }
                if !carriage_return_noted && line.ends_with('\r') {
                    carriage_return_noted = true;
                    note(notes, &format!("line {number} {CARRIAGE_RETURN_NOTE}"));
                }
                let key = self.key_type.parse_key(line).map_err(|error| CliError::Key { line: number, error })?;
                Ok(self.write(output, line, &key)?)
            }
            Source::Csv => {
                let line = if number == 1 { line.strip_prefix('\u{feff}').unwrap_or(line) } else { line };
                let line = line.strip_suffix('\r').unwrap_or(line);
                if line.trim().is_empty() {
                    return Ok(());
                }
                let first = !content_seen;
                content_seen = true;
                if first && parse_csv(line, self.key_type).header {
                    note(notes, &format!("--csv: line {number} is a header (its first field is \"key\"), not a key"));
                    return Ok(());
                }
                let fields = fields(line).map_err(|error| CliError::CsvLine { line: number, error })?;
                let text = fields.first().map_or("", |f| f.as_ref());
                let key = self.key_type.parse_key(text).map_err(|error| CliError::Key { line: number, error })?;
                Ok(self.write(output, text, &key)?)
            }
        })
    }
}

const COMMA_NOTE: &str = "line 1 holds a comma, and each whole line is one key (commas included); \
for the first field of a CSV, pass --csv or pipe it through cut -d, -f1";

const CARRIAGE_RETURN_NOTE: &str = "ends in a carriage return (\\r), which is hashed as part of the key; \
for a file with Windows (CRLF) line ends, pipe it through tr -d '\\r' (or pass --csv)";

/// Writes one note line on `notes` (stderr); a note that cannot be written is dropped.
pub fn note(notes: &mut impl Write, text: &str) {
    let _ = writeln!(notes, "keygroups: note: {text}");
}

/// Calls `each` with the number (from 1) and text of each line of `input`, split on `\n` only
/// (a last line without one counts). A line that is not UTF-8 is an error naming its number.
fn each_line(
    input: &mut impl BufRead,
    mut each: impl FnMut(usize, &str) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        number += 1;
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        let text =
            std::str::from_utf8(&line).map_err(|_| CliError::Key { line: number, error: ModelError::KeyNotUtf8 })?;
        each(number, text)?;
    }
}
