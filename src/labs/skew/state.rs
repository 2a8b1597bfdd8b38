//! The skew lab's state and pure reducer: job settings, the key set (a preset, CSV text, or
//! table edits), and the what-ifs. Large CSV imports run in steps outside the reducer and
//! arrive as one `Imported` action.
//!
//! Invariant: `keys` always holds a valid set (unique keys of `key_type`); `version` changes
//! whenever `keys` does, so derived values are keyed on it instead of on a million rows.

use std::rc::Rc;

use crate::labs::field::Field;
use crate::model::number::parse_in_range;
use crate::model::skew::csv::{keys_to_csv, CsvImporter};
use crate::model::skew::presets::{Preset, MAX_PRESET_KEYS};
use crate::model::skew::units::{parse_bytes, parse_milli, MAX_EVENTS_PER_S};
use crate::model::skew::KeyLoad;
use crate::model::{Key, KeyType, MaxParallelism, ModelError, UPPER_BOUND_MAX_PARALLELISM};
use crate::url::{KeySource, SkewQuery, MAX_SALT, MAX_URL_CSV};

mod report;
pub use report::{ImportReport, KeyColumn};

#[derive(Debug, Clone, PartialEq)]
pub struct SkewState {
    pub max_parallelism: Field<Option<MaxParallelism>>,
    pub parallelism: Field<u32>,
    pub key_type: KeyType,
    pub source: KeySource,
    pub keys: Rc<Vec<KeyLoad>>,
    pub version: u64,
    /// Preset parameters as typed: kind, n, s (thousandths), hot %, total (thousandths).
    pub preset_kind: &'static str,
    pub preset_n: Field<u32>,
    pub preset_s: Field<u32>,
    pub preset_hot: Field<u32>,
    pub total: Field<u64>,
    /// The last applied CSV text (shared, it can be megabytes).
    pub csv_text: Rc<str>,
    /// The applied text had lone UTF-16 surrogates (seen before it became Rust text).
    pub csv_lone_surrogates: bool,
    pub import: Option<ImportReport>,
    /// Thousandths of a running import, `None` when idle.
    pub importing: Option<u32>,
    pub what_if: Field<Option<u32>>,
    pub salt: Field<u32>,
    /// The problem with the last key-table edit, if any.
    pub table_error: Option<String>,
    /// A message about local storage (not kept, or not found).
    pub storage_notice: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SkewAction {
    SetMaxParallelism {
        text: String,
        bad_input: bool,
    },
    SetParallelism {
        text: String,
        bad_input: bool,
    },
    SetKeyType {
        key_type: KeyType,
    },
    SetPresetKind {
        kind: String,
    },
    SetPresetN {
        text: String,
        bad_input: bool,
    },
    SetPresetS {
        text: String,
    },
    SetPresetHot {
        text: String,
        bad_input: bool,
    },
    SetTotal {
        text: String,
    },
    /// The CSV text to apply next (read from **Keys (CSV)** when **Apply** is pressed), and
    /// whether the browser's string held lone surrogates.
    SetCsvText {
        text: String,
        lone_surrogates: bool,
    },
    /// **Apply** on a CSV small enough to read at once.
    ApplyCsv,
    ImportStarted,
    ImportProgress {
        permille: u32,
    },
    /// A stepped import finished; `text` is what was imported.
    Imported {
        rows: Rc<Vec<KeyLoad>>,
        report: ImportReport,
        text: Rc<str>,
    },
    EditKey {
        index: usize,
        column: KeyColumn,
        text: String,
    },
    RemoveKey {
        index: usize,
    },
    AddKey,
    SetWhatIf {
        text: String,
        bad_input: bool,
    },
    SetSalt {
        text: String,
        bad_input: bool,
    },
    /// The link asked for a stored set, and this browser has none.
    StoredSetMissing,
    StorageFailed {
        message: String,
    },
}

fn optional(v: Option<u32>) -> Field<Option<u32>> {
    Field::valid(v.map(|v| v.to_string()).unwrap_or_default(), v)
}

impl SkewState {
    pub fn from_query(q: &SkewQuery) -> SkewState {
        let preset = match &q.source {
            KeySource::Preset(p) => *p,
            _ => match SkewQuery::default().source {
                KeySource::Preset(p) => p,
                _ => Preset::Uniform { n: 1000 },
            },
        };
        let (s, hot) = match preset {
            Preset::Zipf { s_milli, .. } => (s_milli, 30),
            Preset::HotKey { percent, .. } => (1100, percent),
            _ => (1100, 30),
        };
        let max = q.maxp.and_then(|m| MaxParallelism::new(i64::from(m)).ok());
        let mut state = SkewState {
            max_parallelism: Field::valid(max.map(|m| m.get().to_string()).unwrap_or_default(), max),
            parallelism: Field::valid(q.p.to_string(), q.p),
            key_type: q.key_type,
            source: q.source.clone(),
            keys: Rc::new(Vec::new()),
            version: 0,
            preset_kind: preset.name(),
            preset_n: Field::valid(preset.n().to_string(), preset.n()),
            preset_s: Field::valid(crate::model::skew::units::format_milli(u64::from(s)), s),
            preset_hot: Field::valid(hot.to_string(), hot),
            total: Field::valid(crate::model::skew::units::format_milli(q.total_milli), q.total_milli),
            csv_text: Rc::from(""),
            csv_lone_surrogates: false,
            import: None,
            importing: None,
            what_if: optional(q.q),
            salt: Field::valid(q.salt.to_string(), q.salt),
            table_error: None,
            storage_notice: None,
        };
        match &q.source {
            KeySource::Preset(p) => state.use_preset(*p),
            KeySource::Csv(text) => {
                state.csv_text = Rc::from(text.as_str());
                state.apply_csv();
            }
            KeySource::Stored => {}
        }
        state
    }

    /// The URL query for the current state.
    pub fn to_query(&self) -> SkewQuery {
        SkewQuery {
            maxp: self.max_parallelism.value.map(MaxParallelism::get),
            p: self.parallelism.value,
            key_type: self.key_type,
            source: self.source.clone(),
            total_milli: self.total.value,
            q: self.what_if.value,
            salt: self.salt.value,
        }
    }

    /// The preset the typed parameters describe.
    pub fn preset(&self) -> Preset {
        let n = self.preset_n.value;
        match self.preset_kind {
            "uniform" => Preset::Uniform { n },
            "hot" => Preset::HotKey { n: n.max(2), percent: self.preset_hot.value },
            "sequential" => Preset::Sequential { n },
            _ => Preset::Zipf { n, s_milli: self.preset_s.value },
        }
    }

    fn use_preset(&mut self, preset: Preset) {
        if let Ok(preset) = preset.validate() {
            self.key_type = preset.key_type();
            self.set_keys(preset.generate(self.total.value));
            self.source = KeySource::Preset(preset);
        }
    }

    fn set_keys(&mut self, keys: Vec<KeyLoad>) {
        self.keys = Rc::new(keys);
        self.version += 1;
        self.table_error = None;
    }

    /// After table edits or an import: small sets travel in the URL, large ones are stored.
    fn custom_source(&mut self) {
        let csv = if self.keys.len() <= MAX_URL_CSV / 4 { Some(keys_to_csv(&self.keys)) } else { None };
        self.source = match csv {
            Some(text) if text.len() <= MAX_URL_CSV => KeySource::Csv(text),
            _ => KeySource::Stored,
        };
    }

    fn apply_csv(&mut self) {
        let mut importer = CsvImporter::new(self.key_type);
        if self.csv_lone_surrogates {
            importer = importer.rejecting_lone_surrogates();
        }
        while !importer.done() {
            importer.step(&self.csv_text, 10_000);
        }
        self.import = Some(ImportReport::of(&importer));
        if !importer.rows.is_empty() {
            self.set_keys(importer.rows);
            self.custom_source();
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
                row.key = self.key_type.parse_key(text).map_err(|e| e.to_string())?;
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
        self.set_keys(keys);
        self.custom_source();
        Ok(())
    }

    fn add_key(&mut self) {
        let mut keys = (*self.keys).clone();
        let key = match self.key_type {
            KeyType::String => {
                (0..).map(|i| Key::Str(format!("new-key-{i}"))).find(|k| !keys.iter().any(|r| &r.key == k))
            }
            KeyType::Int => (0..i32::MAX).map(Key::Int).find(|k| !keys.iter().any(|r| &r.key == k)),
            KeyType::Long => (0..i64::MAX).map(Key::Long).find(|k| !keys.iter().any(|r| &r.key == k)),
        };
        if let Some(key) = key {
            keys.push(KeyLoad { key, events_milli: 1000, bytes: 0 });
            self.set_keys(keys);
            self.custom_source();
        }
    }
}

mod reduce;

#[cfg(test)]
mod tests;
