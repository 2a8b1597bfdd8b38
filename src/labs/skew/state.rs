//! What the skew lab does with its state (the state and its parameters are in `query.rs`): the
//! key set's setters and the pure reducer. A large CSV text (a paste, the stored set, a set read
//! again as another key type) is read in steps outside the reducer (`Reading`, then one `Read`);
//! so is a preset of more than [`STEPPED_KEYS`] keys (`Generating`, then one `PresetGenerated`).
//! A newer key set supersedes either.

use std::rc::Rc;

pub use super::query::SkewState;
use super::query::{KeySource, MAX_URL_CSV};
use crate::components::big_text::SYNC_LIMIT;
use crate::model::skew::csv::{keys_to_csv, CsvImporter};
use crate::model::skew::metrics::Imported as ImportedMetrics;
use crate::model::skew::presets::{Preset, PresetKind, MIN_HOT_KEYS};
use crate::model::skew::units::{parse_bytes, parse_milli, MAX_EVENTS_PER_S};
use crate::model::skew::KeyLoad;
use crate::model::{Key, KeyType};

mod action;
pub mod generating;
mod preset;
pub mod report;
pub use action::SkewAction;
pub use generating::{Derived, Generating, Reading, STEPPED_KEYS};
pub use report::{ImportReport, KeyColumn, TableError};

impl SkewState {
    /// The max parallelism in force: the one set, else the one Flink derives from the
    /// parallelism.
    pub fn max_in_force(&self) -> crate::model::MaxParallelism {
        super::view::max_in_force(self.max_parallelism.value, self.parallelism.value)
    }

    /// Whether the keys come from a preset.
    pub fn from_preset(&self) -> bool {
        matches!(self.source, KeySource::Preset(_))
    }

    /// The key type the source implies: a preset's own, else the default (string).
    pub fn source_key_type(&self) -> KeyType {
        match self.source {
            KeySource::Preset(preset) => preset.key_type(),
            _ => super::query::TYPE.default,
        }
    }

    /// Whether the keys come from a preset other than the one a bare link opens.
    pub fn custom_preset(&self) -> bool {
        self.from_preset() && self.source != KeySource::default()
    }

    /// After a new key type: a set of the person's own read again as keys of that type (its
    /// CSV text, or the set as CSV when the keys came from edits or storage; a paste still
    /// being read is read again from its start), at once when small, else in steps; a preset's
    /// keys have their own type, and a preset still being made arrives with the new one.
    pub(super) fn retyped(&mut self) {
        if let Some(g) = self.generating.as_mut() {
            g.key_type = self.key_type;
        }
        if self.from_preset() {
            return;
        }
        let (text, lone, retype) = match self.reading.take() {
            Some(r) => (r.text, r.lone_surrogates, r.retype),
            None => (self.csv_text.clone(), self.csv_lone_surrogates, true),
        };
        let small = if text.is_empty() { self.keys.len() <= STEPPED_KEYS as usize } else { text.len() <= SYNC_LIMIT };
        if small && retype {
            self.importing = None;
            self.csv_text = if text.is_empty() { Rc::new(keys_to_csv(&self.keys)) } else { text };
            self.csv_lone_surrogates = lone;
            self.apply_csv();
        } else {
            self.start_reading(text, lone, retype);
        }
    }

    /// Asks for `text` to be read in steps under the key type in force (empty: the set in force,
    /// written as CSV); a read still on its way is superseded.
    pub(super) fn start_reading(&mut self, text: Rc<String>, lone_surrogates: bool, retype: bool) {
        self.jobs += 1;
        let job = self.jobs;
        self.reading = Some(Reading { job, key_type: self.key_type, text, lone_surrogates, retype });
        self.importing = Some(0);
    }

    fn set_keys(&mut self, keys: Vec<KeyLoad>) {
        self.replace_keys(Rc::new(keys));
    }

    /// Replaces the key set (a preset still being generated, or a set being read again, is
    /// dropped: this set is newer). The keys no longer come from `csv_text`: a caller whose
    /// keys do sets it again.
    fn replace_keys(&mut self, keys: Rc<Vec<KeyLoad>>) {
        self.generating = None;
        self.cancel_reading();
        self.csv_text = Rc::default();
        self.csv_lone_surrogates = false;
        self.derived = None;
        self.keys = keys;
        self.version += 1;
        self.table_error = None;
    }

    /// After table edits or an import: small sets travel in the URL, large ones are stored;
    /// the key type is the set's own (a preset's keys edited under another menu type keep
    /// theirs), so the link reads the set back as it is.
    fn custom_source(&mut self) {
        let csv = if self.keys.len() <= MAX_URL_CSV / 4 { Some(keys_to_csv(&self.keys)) } else { None };
        self.source = match csv {
            Some(text) if text.len() <= MAX_URL_CSV => KeySource::Csv(text),
            _ => KeySource::Stored,
        };
        self.keep_type_of_keys();
    }

    /// Drops a stepped read still on its way (its job ends once `reading` changes, and its
    /// answer is ignored), and its progress.
    pub(super) fn cancel_reading(&mut self) {
        if self.reading.take().is_some() {
            self.importing = None;
        }
    }

    /// The keys read from `text`, which `csv_text` then holds.
    pub(super) fn read_from(&mut self, keys: Rc<Vec<KeyLoad>>, text: Rc<String>, lone_surrogates: bool) {
        self.replace_keys(keys);
        self.sets += 1;
        self.csv_text = text;
        self.csv_lone_surrogates = lone_surrogates;
        self.custom_source();
    }

    /// A stepped read's answer, if it is the read still awaited: its keys (or, when it read
    /// none, the set in force kept and the text kept for another type), and its report.
    pub(super) fn read_arrived(&mut self, job: u32, rows: Rc<Vec<KeyLoad>>, report: ImportReport, text: Rc<String>) {
        let Some(r) = self.reading.take_if(|r| r.job == job) else { return };
        self.importing = None;
        self.import = Some(report);
        if rows.is_empty() {
            self.csv_text = text;
            self.csv_lone_surrogates = r.lone_surrogates;
            self.keep_type_of_keys();
        } else {
            self.read_from(rows, text, r.lone_surrogates);
        }
    }

    /// A table edit's new set: the person's own from now on; a read again under a new type
    /// that it superseded is asked again, of the edited set.
    fn edited(&mut self, keys: Vec<KeyLoad>) {
        let retype = self.reading.as_ref().filter(|r| r.retype).map(|r| r.key_type);
        self.set_keys(keys);
        self.custom_source();
        if let Some(key_type) = retype.filter(|t| *t != self.key_type) {
            self.key_type = key_type;
            self.retyped();
        }
    }

    /// The menu's key type back to the keys' own, for a set of the person's own.
    fn keep_type_of_keys(&mut self) {
        if let Some(k) = self.keys.first().filter(|_| !self.from_preset()) {
            self.key_type = k.key.key_type();
        }
    }

    pub(super) fn apply_csv(&mut self) {
        let mut importer = CsvImporter::new(self.key_type);
        if self.csv_lone_surrogates {
            importer = importer.rejecting_lone_surrogates();
        }
        while !importer.done() {
            importer.step(&self.csv_text, 10_000);
        }
        self.import = Some(ImportReport::of(&importer));
        if importer.rows.is_empty() {
            // Nothing read: the set in force stays, and so does its type.
            self.keep_type_of_keys();
        } else {
            self.read_from(Rc::new(importer.rows), self.csv_text.clone(), self.csv_lone_surrogates);
        }
    }

    fn edit(&mut self, index: usize, column: KeyColumn, text: &str) -> Result<(), String> {
        let current = self.keys.get(index).ok_or("that row no longer exists")?.clone();
        let mut row = current.clone();
        match column {
            KeyColumn::Key => {
                if text.chars().count() > crate::model::skew::csv::MAX_KEY_CHARS {
                    return Err(format!("a key may be at most {} characters", crate::model::skew::csv::MAX_KEY_CHARS));
                }
                // A row keeps its key's type (a preset's keys may be of another type than the menu's).
                row.key = current.key.key_type().parse_key(text).map_err(|e| e.to_string())?;
                if self.keys.iter().enumerate().any(|(i, k)| i != index && k.key == row.key) {
                    return Err(format!("the key {text:?} is already in the set"));
                }
            }
            KeyColumn::Events => {
                row.events_milli =
                    parse_milli(text, "events per second", MAX_EVENTS_PER_S).map_err(|e| e.to_string())?
            }
            KeyColumn::Bytes => row.bytes = parse_bytes(text).map_err(|e| e.to_string())?,
        }
        let mut keys = (*self.keys).clone();
        keys[index] = row;
        self.edited(keys);
        Ok(())
    }

    /// Keeps what REST metrics were read; on failure the message is kept and so is everything
    /// else (the key set, and the metrics imported before).
    fn metrics_read(&mut self, read: Result<Rc<ImportedMetrics>, String>) {
        match read {
            Ok(m) => {
                self.metrics = Some(m);
                self.metrics_error = None;
            }
            Err(e) => self.metrics_error = Some(e),
        }
    }

    fn add_key(&mut self) {
        let mut keys = (*self.keys).clone();
        // A new key is of the set's type (a preset's keys may be of another type than the menu's).
        let key = match keys.first().map_or(self.key_type, |k| k.key.key_type()) {
            KeyType::String => {
                (0..).map(|i| Key::Str(format!("new-key-{i}"))).find(|k| !keys.iter().any(|r| &r.key == k))
            }
            KeyType::Int => (0..i32::MAX).map(Key::Int).find(|k| !keys.iter().any(|r| &r.key == k)),
            KeyType::Long => (0..i64::MAX).map(Key::Long).find(|k| !keys.iter().any(|r| &r.key == k)),
        };
        if let Some(key) = key {
            keys.push(KeyLoad { key, events_milli: 1000, bytes: 0 });
            self.edited(keys);
        }
    }
}

mod reduce;

#[cfg(test)]
mod preset_tests;
#[cfg(test)]
mod retype_tests;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;
