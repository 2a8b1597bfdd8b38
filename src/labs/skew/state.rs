//! The skew lab's state and pure reducer: job settings, the key set (a preset, CSV text, or
//! table edits), the what-ifs, and a running job's REST metrics. Large CSV imports run in
//! steps outside the reducer and arrive as one `Imported` action; so does a preset of more
//! than [`STEPPED_KEYS`] keys (`Generating`, then one `PresetGenerated`).
//!
//! Invariant: `keys` always holds a valid set (unique keys of `key_type`); `version` changes
//! whenever `keys` does, so derived values are keyed on it instead of on a million rows.

use std::rc::Rc;

use super::query::{KeySource, SkewQuery, HOT, MAXP, MAX_URL_CSV, N, P, Q, S, SALT, TOTAL};
use crate::model::skew::csv::{keys_to_csv, CsvImporter};
use crate::model::skew::metrics::Imported as ImportedMetrics;
use crate::model::skew::presets::{Preset, PresetKind};
use crate::model::skew::units::{parse_bytes, parse_milli, MAX_EVENTS_PER_S};
use crate::model::skew::KeyLoad;
use crate::model::{Key, KeyType, MaxParallelism};
use crate::url::Field;

mod action;
mod fields;
mod generating;
mod report;
pub use action::SkewAction;
pub use fields::SkewField;
pub use generating::{Derived, Generating, STEPPED_KEYS};
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
    pub preset_kind: PresetKind,
    pub preset_n: Field<u32>,
    pub preset_s: Field<u64>,
    pub preset_hot: Field<u32>,
    pub total: Field<u64>,
    /// The last applied CSV text (shared, it can be megabytes). `Rc<String>`, not `Rc<str>`:
    /// `Rc`'s `==` first checks that both point to one value only when the value is sized, and
    /// yew compares a part's props on every render, so an `Rc<str>` of a 20 MB paste cost a
    /// 20 MB comparison per part per render (up to 260 ms in one task after a 1M-key paste).
    pub csv_text: Rc<String>,
    /// The applied text had lone UTF-16 surrogates (seen before it became Rust text).
    pub csv_lone_surrogates: bool,
    pub import: Option<ImportReport>,
    /// Thousandths of a running import, `None` when idle.
    pub importing: Option<u32>,
    /// A large preset being generated; the keys stay the previous set until it is done.
    pub generating: Option<Generating>,
    /// What a large preset's job derived from `keys` in steps beside them (see
    /// `import::generate`); `None` once the keys change otherwise, so it always belongs to `keys`.
    pub derived: Option<Derived>,
    /// Requests for a stepped preset so far (each one's `job`).
    pub jobs: u32,
    pub what_if: Field<Option<u32>>,
    pub salt: Field<u32>,
    /// The problem with the last key-table edit, if any.
    pub table_error: Option<String>,
    /// A message about local storage (not kept, or not found).
    pub storage_notice: Option<String>,
    /// The last REST metrics read (**Import metrics**); a failed import leaves it as it was.
    pub metrics: Option<Rc<ImportedMetrics>>,
    /// Why the last **Import metrics** read nothing.
    pub metrics_error: Option<String>,
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
        let mut state = SkewState {
            max_parallelism: MAXP.field(q.maxp),
            parallelism: P.field(q.p),
            key_type: q.key_type,
            source: q.source.clone(),
            keys: Rc::new(Vec::new()),
            version: 0,
            preset_kind: preset.kind(),
            preset_n: N.field(preset.n()),
            preset_s: S.field(u64::from(s)),
            preset_hot: HOT.field(hot),
            total: TOTAL.field(q.total_milli),
            csv_text: Rc::new(String::new()),
            csv_lone_surrogates: false,
            import: None,
            importing: None,
            generating: None,
            derived: None,
            jobs: 0,
            what_if: Q.field(q.q),
            salt: SALT.field(q.salt),
            table_error: None,
            storage_notice: None,
            metrics: None,
            metrics_error: None,
        };
        match &q.source {
            KeySource::Preset(p) => state.use_preset(*p),
            KeySource::Csv(text) => {
                state.csv_text = Rc::new(text.clone());
                state.apply_csv();
            }
            KeySource::Stored => {}
        }
        state
    }

    /// The URL query for the current state.
    pub fn to_query(&self) -> SkewQuery {
        SkewQuery {
            maxp: self.max_parallelism.value,
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
        self.preset_kind.with(self.preset_n.value, self.preset_s.value as u32, self.preset_hot.value)
    }

    fn set_keys(&mut self, keys: Vec<KeyLoad>) {
        self.replace_keys(Rc::new(keys));
    }

    /// Replaces the key set (a preset still being generated is dropped: this set is newer).
    fn replace_keys(&mut self, keys: Rc<Vec<KeyLoad>>) {
        self.generating = None;
        self.derived = None;
        self.keys = keys;
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
