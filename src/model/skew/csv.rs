//! CSV import of a key set: lines `key,events_per_s[,state_bytes]`, an optional header, keys
//! in double quotes when they hold commas or quotes (`""` is a quote inside). Lines split on
//! `\n` (a trailing `\r` is dropped). Malformed lines are reported with their number and
//! reason; valid lines are kept. The importer works in steps so a page can spread a large
//! paste over several tasks.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::fxhash::{fx_hash, IdHasher};
use super::units::{parse_bytes, parse_milli, MAX_EVENTS_PER_S};
use super::KeyLoad;
use crate::{Key, KeyType};

/// The most keys a set may hold.
pub const MAX_KEYS: usize = 1_000_000;
/// The longest key, in characters.
pub const MAX_KEY_CHARS: usize = 1000;
/// The most line errors kept (the rest are only counted).
pub const MAX_ERRORS_KEPT: usize = 200;

/// A line that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    pub reason: String,
}

/// Reads CSV text in steps. `done()` is true once all text is read (or the key limit hit).
#[derive(Debug, Clone)]
pub struct CsvImporter {
    key_type: KeyType,
    offset: usize,
    line: usize,
    first_content_seen: bool,
    /// Fast duplicate check: a key's 64-bit hash → the first row with that hash.
    seen: HashMap<u64, u32, BuildHasherDefault<IdHasher>>,
    /// Keys whose hash collided with a different key's: key → line.
    collided: HashMap<Key, usize>,
    /// Line number of each kept row (for duplicate messages).
    lines: Vec<u32>,
    pub rows: Vec<KeyLoad>,
    pub errors: Vec<LineError>,
    pub error_count: usize,
    pub header: bool,
    /// Lines were left unread because the set reached [`MAX_KEYS`].
    pub truncated: bool,
    done: bool,
    /// The text came from a string with lone UTF-16 surrogates, which reached us as U+FFFD:
    /// refuse the lines holding one rather than merge distinct keys.
    reject_replacement: bool,
}

impl CsvImporter {
    pub fn new(key_type: KeyType) -> Self {
        CsvImporter {
            key_type,
            offset: 0,
            line: 0,
            first_content_seen: false,
            seen: HashMap::default(),
            collided: HashMap::new(),
            lines: Vec::new(),
            rows: Vec::new(),
            errors: Vec::new(),
            error_count: 0,
            header: false,
            truncated: false,
            done: false,
            reject_replacement: false,
        }
    }

    /// Refuses lines holding U+FFFD, for text known to have had lone surrogates.
    pub fn rejecting_lone_surrogates(mut self) -> Self {
        self.reject_replacement = true;
        self
    }

    pub fn done(&self) -> bool {
        self.done
    }

    /// Bytes of `text` read so far (for a progress bar).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Reads up to `max_lines` more lines of `text` (the same text on every call). A byte-order
    /// mark opening the text is passed over, as a file's is when the browser decodes it.
    pub fn step(&mut self, text: &str, max_lines: usize) {
        if self.offset == 0 && text.starts_with('\u{feff}') {
            self.offset = '\u{feff}'.len_utf8();
        }
        for _ in 0..max_lines {
            if self.offset >= text.len() {
                self.done = true;
                return;
            }
            let rest = &text[self.offset..];
            let (line, advance) = match rest.find('\n') {
                Some(i) => (&rest[..i], i + 1),
                None => (rest, rest.len()),
            };
            self.offset += advance;
            self.line += 1;
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                continue;
            }
            if self.rows.len() >= MAX_KEYS {
                self.truncated = true;
                self.fail(format!(
                    "the set already holds {MAX_KEYS} keys, the most it takes: this line and the rest were not read"
                ));
                self.done = true;
                return;
            }
            if self.reject_replacement && line.contains('\u{FFFD}') {
                self.fail(
                    "this line held a lone UTF-16 surrogate (half of a pair), which cannot be kept exactly; remove it"
                        .to_string(),
                );
                continue;
            }
            let first = !self.first_content_seen;
            self.first_content_seen = true;
            match self.read_line(line) {
                Ok(row) => match self.earlier_line(&row.key) {
                    Some(earlier) => {
                        self.fail(format!("duplicate key, already given on line {earlier}; this line was skipped"))
                    }
                    None => {
                        self.lines.push(self.line as u32);
                        self.rows.push(row);
                    }
                },
                Err(_) if first && looks_like_header(line) => self.header = true,
                Err(reason) => self.fail(reason),
            }
        }
        if self.offset >= text.len() {
            self.done = true;
        }
    }

    /// The line of an earlier row with the same key, recording this key if it is new.
    fn earlier_line(&mut self, key: &Key) -> Option<usize> {
        let hash = fx_hash(key);
        let row = self.rows.len() as u32;
        match self.seen.get(&hash) {
            None => {
                self.seen.insert(hash, row);
                None
            }
            Some(&i) if self.rows[i as usize].key == *key => Some(self.lines[i as usize] as usize),
            Some(_) => match self.collided.get(key) {
                Some(&line) => Some(line),
                None => {
                    self.collided.insert(key.clone(), self.line);
                    None
                }
            },
        }
    }

    fn fail(&mut self, reason: String) {
        self.error_count += 1;
        if self.errors.len() < MAX_ERRORS_KEPT {
            self.errors.push(LineError { line: self.line, reason });
        }
    }

    fn read_line(&self, line: &str) -> Result<KeyLoad, String> {
        let fields = split_fields(line)?;
        if fields.len() < 2 || fields.len() > 3 {
            return Err(format!(
                "expected 2 or 3 fields (key, events per second, optional state size), found {}; put keys holding commas in double quotes",
                fields.len()
            ));
        }
        if fields[0].chars().count() > MAX_KEY_CHARS {
            return Err(format!("the key is longer than {MAX_KEY_CHARS} characters"));
        }
        let key = match self.key_type {
            KeyType::String => Key::Str(fields[0].to_string()),
            key_type => key_type.parse_key(&fields[0]).map_err(|e| e.to_string())?,
        };
        let events_milli = parse_milli(&fields[1], "events per second", MAX_EVENTS_PER_S).map_err(|e| e.to_string())?;
        let bytes = match fields.get(2) {
            Some(text) if !text.trim().is_empty() => parse_bytes(text).map_err(|e| e.to_string())?,
            _ => 0,
        };
        Ok(KeyLoad { key, events_milli, bytes })
    }
}

/// Reads all of `text` at once.
pub fn parse_csv(text: &str, key_type: KeyType) -> CsvImporter {
    let mut importer = CsvImporter::new(key_type);
    while !importer.done() {
        importer.step(text, 10_000);
    }
    importer
}

fn looks_like_header(line: &str) -> bool {
    split_fields(line).is_ok_and(|f| f.first().is_some_and(|k| k.trim().eq_ignore_ascii_case("key")))
}

/// Splits one line into fields (`crate::csv`), its failure named for a key.
fn split_fields(line: &str) -> Result<Vec<Cow<'_, str>>, String> {
    crate::csv::fields(line).map_err(|why| why.reason("key"))
}

#[cfg(test)]
mod tests;

/// Writes a key set as CSV lines `key,events_per_s,state_bytes` (no header), quoting keys
/// that hold commas, quotes or line breaks, or that start with a space or a byte-order mark
/// (which a reader passes over where it opens the text).
pub fn keys_to_csv(keys: &[KeyLoad]) -> String {
    let mut out = String::with_capacity(keys.len() * 24);
    for k in keys {
        match &k.key {
            Key::Str(s)
                if s.contains([',', '"', '\n', '\r'])
                    || s.starts_with([' ', '\u{feff}'])
                    || s.ends_with(' ')
                    || s.is_empty() =>
            {
                out.push('"');
                out.push_str(&s.replace('"', "\"\""));
                out.push('"');
            }
            Key::Str(s) => out.push_str(s),
            Key::Int(v) => out.push_str(&v.to_string()),
            Key::Long(v) => out.push_str(&v.to_string()),
        }
        out.push(',');
        out.push_str(&super::units::format_milli(k.events_milli));
        out.push(',');
        out.push_str(&k.bytes.to_string());
        out.push('\n');
    }
    out
}
