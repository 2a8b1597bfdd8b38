//! The skew lab's parameters and the state they fill: `maxp`, `p`, `type`, the preset (`preset`
//! with `n`, `s`, `hot`), `total`, and the what-ifs `q` (another parallelism) and `salt`
//! (sub-keys for the hottest key), each one line of `slots!` bound to its field of [`SkewState`];
//! a preset's numbers regenerate the key set after an edit, and the link carries each only where
//! it is used. Where the keys come from (a preset, `keys` as CSV text, or `stored=1` for a set
//! kept in local storage) is read and written by hand beside the table ([`open_key_set`]).

use std::rc::Rc;

use super::state::generating::{Derived, Generating, Reading};
use super::state::report::{ImportReport, TableError};
use crate::model::skew::metrics::Imported as ImportedMetrics;
use crate::model::skew::presets::{Preset, PresetKind, MAX_PRESET_KEYS};
use crate::model::skew::units::MAX_EVENTS_PER_S;
use crate::model::skew::KeyLoad;
use crate::model::{KeyType, MaxParallelism};
use crate::url::{slots, Param, Pick, MAX_P};

mod key_set;
pub use key_set::{canonical_pairs, open_key_set, write_key_set};

/// The longest CSV the URL carries; larger sets go to local storage.
pub const MAX_URL_CSV: usize = 2000;
/// The most sub-keys the salting what-if offers.
pub const MAX_SALT: u32 = 64;

/// Local-storage key of a large key set (CSV text), which a link names with `stored=1`
/// (the savepoint lab stores one there before it links here).
pub const STORAGE_KEY: &str = "rescale-lab.skew-keys.v1";

/// The key set a link without one opens: the preset slots' defaults.
pub fn default_preset() -> Preset {
    PRESET.default.with(N.default, S.default as u32, HOT.default)
}

/// Where the key set comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    Preset(Preset),
    /// CSV text carried in the URL (small sets).
    Csv(String),
    /// A set kept in local storage (large sets).
    Stored,
}

impl Default for KeySource {
    fn default() -> Self {
        KeySource::Preset(default_preset())
    }
}

slots! {
    /// Job settings, the key set (a preset, CSV text, or table edits), the what-ifs, and a running
    /// job's REST metrics.
    ///
    /// Invariant: `keys` always holds a valid set of unique keys, all of one type, which is
    /// `key_type` unless the keys come from a preset (or one is being made): then `key_type` is the
    /// type of the keys pasted next. `version` changes whenever `keys` does, so derived values are
    /// keyed on it instead of on a million rows.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct SkewState {
        MAXP: Param<Option<MaxParallelism>> = max_parallelism, None, Param::job_max_parallelism("skew-maxp");
        P: Param<u32> = parallelism, 8, Param::whole("p", "parallelism", 1, MAX_P).control("Parallelism", "skew-p").lockable();
        TYPE: Pick<KeyType> = key_type, KeyType::String,
            Pick::new("type", "Key type", "skew-key-type").noun("key type").lockable(),
            after SkewState::retyped, carried when |s: &SkewState| s.key_type != s.source_key_type();
        /// The preset; its numbers follow as typed: n, s (thousandths), hot %, total (thousandths).
        PRESET: Pick<PresetKind> = preset_kind, PresetKind::Zipf,
            Pick::new("preset", "Preset", "skew-preset").noun("preset").lockable(),
            after SkewState::regenerate, carried when SkewState::custom_preset;
        N: Param<u32> = preset_n, 1000,
            Param::whole("n", "number of keys", 1, MAX_PRESET_KEYS as i64).control("Number of keys", "skew-n").lockable(),
            after |s: &mut SkewState| {
                s.refuse_one_hot_key();
                s.follow_preset()
            },
            carried when |s: &SkewState| s.custom_preset() && s.preset_n.value != N.default;
        S: Param<u64> = preset_s, 1100,
            Param::milli("s", "Zipf exponent", 5, true)
                .control("Zipf exponent s", "skew-s")
                .lockable()
                .hint("Key i (from 1) gets weight 1 / i^s; 0 < s ≤ 5.")
                .fallback("the Zipf exponent takes a number above 0 and at most 5; using 1.1"),
            after SkewState::follow_preset,
            carried when |s: &SkewState| s.custom_preset() && s.preset_kind == PresetKind::Zipf && s.preset_s.value != S.default;
        HOT: Param<u32> = preset_hot, 30,
            Param::whole("hot", "hot key share %", 0, 100).control("Hot key share (%)", "skew-hot").shown_at("preset=hot").lockable(),
            after SkewState::follow_preset,
            carried when |s: &SkewState| s.custom_preset() && s.preset_kind == PresetKind::Hot && s.preset_hot.value != HOT.default;
        TOTAL: Param<u64> = total, 100_000_000,
            Param::milli("total", "total events per second", MAX_EVENTS_PER_S as i64, true)
                .control("Total events per second", "skew-total")
                .lockable(),
            after |s: &mut SkewState| if s.from_preset() { s.follow_preset() },
            carried when |s: &SkewState| s.from_preset() && s.total.value != TOTAL.default;
        Q: Param<Option<u32>> = what_if, None,
            Param::optional("q", "what-if parallelism", 1, MAX_P, "none")
                .control("Another parallelism", "skew-q")
                .fallback("showing no other parallelism");
        SALT: Param<u32> = salt, 0,
            Param::whole_or_zero("salt", "sub-keys", 0, MAX_SALT as i64, "0 (off)")
                .control("Split the hottest key into", "skew-salt")
                .hint("Sub-keys, 2 to 64; 0 or 1 keeps the key whole (no what-if).");
    } and {
        pub source: KeySource,
        /// The total events per second a preset's keys were made with (beside `source`).
        pub preset_total: u64,
        pub keys: Rc<Vec<KeyLoad>>,
        pub version: u64,
        /// The CSV text the keys were read from, or one pasted since that read no key (it is read
        /// again under another key type); empty when the keys came from elsewhere (a preset, table
        /// edits). Shared, it can be megabytes. `Rc<String>`, not `Rc<str>`:
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
        /// A CSV text being read in steps (a large paste, the stored set, a set read again under a
        /// new key type); `importing` holds its progress.
        pub reading: Option<Reading>,
        /// Requests for a stepped preset or read so far (each one's `job`).
        pub jobs: u32,
        /// Key sets shown so far: one more for each preset or read, none for a table edit (the key
        /// table opens a new set at its first page and keeps its page through edits).
        pub sets: u32,
        /// The problem with the last key-table edit, if any.
        pub table_error: Option<TableError>,
        /// A message about local storage (not kept, or not found).
        pub storage_notice: Option<String>,
        /// The last REST metrics read (**Import metrics**); a failed import leaves it as it was.
        pub metrics: Option<Rc<ImportedMetrics>>,
        /// Why the last **Import metrics** read nothing.
        pub metrics_error: Option<String>,
    } read by open_key_set written by write_key_set
}

/// The parameters that make the key set: an embedding page that locks any of them locks the
/// key set too (the key table, Keys (CSV) and its file cannot replace it).
pub const KEY_SET_PARAMS: &[&str] = &["preset", "n", "s", "hot", "total"];

/// The sections `view=` shows alone, for a compact embed: one chart each, or the skew figure.
pub static SECTIONS: crate::url::Sections = &[
    crate::url::Section { name: "skew", label: "Data skew and load per subtask" },
    crate::url::Section { name: "load", label: "Chart: events per second per subtask" },
    crate::url::Section { name: "state", label: "Chart: state per subtask" },
    crate::url::Section { name: "groups", label: "Chart: events per second per key group, with its table" },
    crate::url::Section { name: "curve", label: "Chart: keys sorted by load" },
    crate::url::Section { name: "what-if", label: "Load per subtask, and at another parallelism" },
];
