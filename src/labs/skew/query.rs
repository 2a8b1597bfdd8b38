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
use crate::url::{notice, slots, Notice, Param, Params, Pick, MAX_P};

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

/// After the slots: where the keys come from (a valid `preset`, else `stored=1`, else `keys`,
/// else the default preset), then the keys themselves (a link's `type` kept over a preset's own) (a preset's made, or asked for in steps; a CSV read).
pub fn open_key_set(s: &mut SkewState, params: &Params, notices: &mut Vec<Notice>) {
    read_key_source(s, params);
    note_unused_sources(s, params, notices);
    // A preset's numbers beside a key set of the link's own: said, not dropped in silence.
    if !s.from_preset() {
        let set = if s.source == KeySource::Stored {
            "stored=1 (the set kept in this browser)"
        } else {
            "keys= (its own keys)"
        };
        for name in [N.name, S.name, HOT.name] {
            // One notice a parameter: a bad value has had its own.
            if let Some(text) = params.get(name).filter(|_| !notices.iter().any(|n| n.param == name)) {
                notices.push(notice(
                    name,
                    text,
                    &format!("it is a preset's number, and this link's keys come from {set}"),
                ));
            }
        }
    }
    // A hot-key set is the hot key and the rest: one key alone is raised to two, and said so.
    if let (KeySource::Preset(Preset::HotKey { n, .. }), Some(text)) = (&s.source, params.get(N.name)) {
        if N.parse(text).is_ok_and(|asked| asked < *n) {
            notices.push(notice(
                N.name,
                text,
                &format!("the one-hot-key preset needs at least {n} keys (the hot key and the rest); using n = {n}"),
            ));
        }
    }
    match s.source.clone() {
        KeySource::Preset(preset) => s.use_preset(preset),
        KeySource::Csv(_) => match read_link_csv(s) {
            Ok(partly) => notices.extend(partly),
            Err(none) => {
                notices.push(none);
                s.use_preset(default_preset());
            }
        },
        KeySource::Stored => {}
    }
    keep_linked_type(s, params);
}

/// A link's key type is kept over a preset's: it is the type of the keys pasted next.
fn keep_linked_type(s: &mut SkewState, params: &Params) {
    if let Some(linked) = params.get(TYPE.name).and_then(|text| TYPE.parse(text).ok()) {
        s.key_type = linked;
        if let Some(g) = s.generating.as_mut() {
            g.key_type = linked;
        }
    }
}

/// A `keys=` list is read; one with no readable key falls back to the default preset (its
/// keys made by the caller, if at all) with a notice naming the first line's problem (typed into
/// the box instead, the keys in force would stay).
fn read_link_csv(s: &mut SkewState) -> Result<Option<Notice>, Notice> {
    let KeySource::Csv(text) = s.source.clone() else { return Ok(None) };
    s.apply_csv();
    let Some(report) = s.import.as_ref() else { return Ok(None) };
    let first = report.errors.first().map(|e| format!("line {}: {}", e.line, e.reason));
    let why = first.map_or(String::new(), |r| format!(" ({})", r.chars().take(160).collect::<String>()));
    if !s.keys.is_empty() {
        // Some lines read, some not: the link is written back with the keys read, so say
        // which lines were left out, as for any parameter a link gets wrong.
        let (left, kept) = (report.error_count, s.keys.len());
        let lines = if left == 1 { "1 line" } else { &format!("{left} lines") as &str };
        let keys = if kept == 1 { "the 1 key" } else { &format!("the {kept} keys") as &str };
        let message = format!(
            "keys={} was used in part: {lines} of it could not be read{why}; using {keys} read from the rest.",
            crate::model::error::quote(&text)
        );
        return Ok((left > 0).then(|| Notice { param: "keys".into(), message }));
    }
    let found = notice("keys", &text, &format!("no key could be read from it{why}, so the default preset is used"));
    s.import = None;
    s.source = KeySource::default();
    Err(found)
}

/// The link a skew link writes back once its keys are made, without making a preset's keys
/// (the page writes it at its first render, before it computes: a CSV from the link is read,
/// which is short, so its rows are written as the parts will write them).
pub fn canonical_pairs(params: &Params) -> Vec<(&'static str, String)> {
    let mut s: SkewState = crate::url::slot::open(SLOTS, params, &mut Vec::new());
    read_key_source(&mut s, params);
    if matches!(s.source, KeySource::Csv(_)) {
        let _ = read_link_csv(&mut s);
    }
    keep_linked_type(&mut s, params);
    crate::labs::frame::LabState::pairs(&s)
}

/// A link gives one key set: a `stored` or `keys` the source it reads passes over (a preset
/// comes first, then `stored=1`), or a `stored` that is not 1, is said, never dropped unsaid.
fn note_unused_sources(s: &SkewState, params: &Params, notices: &mut Vec<Notice>) {
    let source = match s.source {
        KeySource::Preset(_) => "the link's preset= makes the key set",
        KeySource::Stored => "stored=1 reads the key set kept in this browser",
        KeySource::Csv(_) => "",
    };
    if let Some(text) = params.get("stored").filter(|t| *t != "1" && *t != "0") {
        notices.push(notice("stored", text, "stored takes 1 (the key set kept in this browser) or 0"));
    } else if let Some(text) = params.get("stored").filter(|t| *t == "1" && s.source != KeySource::Stored) {
        notices.push(notice("stored", text, &format!("{source}; a link gives one key set")));
    }
    if let Some(text) = params.get("keys").filter(|_| !matches!(s.source, KeySource::Csv(_))) {
        notices.push(notice("keys", text, &format!("{source}; a link gives one key set")));
    }
}

/// Where the keys come from. The preset fields then show the source's preset (or the default
/// one); a preset decides its own key type, and a total only spreads over a preset. No key is
/// made here.
fn read_key_source(s: &mut SkewState, params: &Params) {
    let preset = params.get(PRESET.name).and_then(|text| PRESET.parse(text).ok()).map(|_| s.preset());
    let source = match (preset, params.get("stored"), params.get("keys")) {
        (Some(preset), _, _) => KeySource::Preset(preset),
        (None, Some("1"), _) => KeySource::Stored,
        (None, _, Some(csv)) => KeySource::Csv(csv.to_string()),
        // No key set named: the preset the link's numbers describe (of the default kind,
        // `n=5` alone is 5 Zipf keys).
        _ => KeySource::Preset(s.preset()),
    };
    let shown = match source {
        KeySource::Preset(preset) => preset,
        _ => default_preset(),
    };
    s.preset_kind = shown.kind();
    s.preset_n = N.field(shown.n());
    s.preset_s = S.field(match shown {
        Preset::Zipf { s_milli, .. } => u64::from(s_milli),
        _ => S.default,
    });
    s.preset_hot = HOT.field(match shown {
        Preset::HotKey { percent, .. } => percent,
        _ => HOT.default,
    });
    match &source {
        KeySource::Preset(preset) => s.key_type = preset.key_type(),
        KeySource::Csv(text) => {
            s.total = TOTAL.field(TOTAL.default);
            s.csv_text = Rc::new(text.clone());
        }
        KeySource::Stored => s.total = TOTAL.field(TOTAL.default),
    }
    s.source = source;
}

/// After the slots' pairs: the key set's own (`keys=` or `stored=1`).
pub fn write_key_set(s: &SkewState, out: &mut Vec<(&'static str, String)>) {
    match &s.source {
        KeySource::Preset(_) => {}
        KeySource::Csv(text) => out.push(("keys", text.clone())),
        KeySource::Stored => out.push(("stored", "1".to_string())),
    }
}
