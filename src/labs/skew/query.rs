//! The skew lab's parameters and URL state: `maxp`, `p`, `type`, the key set (`preset` with
//! `n`, `s`, `hot`, or `keys` as CSV text, or `stored=1` for a set kept in local storage),
//! `total`, and the what-ifs `q` (another parallelism) and `salt` (sub-keys for the hottest
//! key). The numbers are [`Param`]s of [`PARAMS`]; the key type, the preset kind and the key
//! set are read by hand beside the table.

use crate::model::skew::presets::{Preset, PresetKind, MAX_PRESET_KEYS};
use crate::model::skew::units::MAX_EVENTS_PER_S;
use crate::model::{KeyType, MaxParallelism};
use crate::url::{notice, Choice, Notice, Param, ParamTable, Params, MAX_P};

/// The longest CSV the URL carries; larger sets go to local storage.
pub const MAX_URL_CSV: usize = 2000;
/// The most sub-keys the salting what-if offers.
pub const MAX_SALT: u32 = 64;

/// Local-storage key of a large key set (CSV text), which a link names with `stored=1`
/// (the savepoint lab stores one there before it links here).
pub const STORAGE_KEY: &str = "rescale-lab.skew-keys.v1";

pub static MAXP: Param<Option<MaxParallelism>> =
    Param::max_parallelism("maxp", "max parallelism").control("Max parallelism", "skew-maxp").lockable();
pub static P: Param<u32> = Param::whole("p", "parallelism", 1, MAX_P).control("Parallelism", "skew-p").lockable();
pub static N: Param<u32> =
    Param::whole("n", "number of keys", 1, MAX_PRESET_KEYS as i64).control("Number of keys", "skew-n").lockable();
pub static S: Param<u64> = Param::milli("s", "Zipf exponent", 5, true)
    .control("Zipf exponent s", "skew-s")
    .hint("Key i (from 1) gets weight 1 / i^s; 0 < s ≤ 5.")
    .fallback("the Zipf exponent takes a number above 0 and at most 5; using 1.1");
pub static HOT: Param<u32> = Param::whole("hot", "hot key share %", 0, 100).control("Hot key share (%)", "skew-hot");
pub static TOTAL: Param<u64> = Param::milli("total", "total events per second", MAX_EVENTS_PER_S as i64, true)
    .control("Total events per second", "skew-total");
pub static Q: Param<Option<u32>> =
    Param::optional("q", "what-if parallelism", 1, MAX_P, "none").control("Another parallelism", "skew-q");
pub static SALT: Param<u32> = Param::whole_or_zero("salt", "sub-keys", 0, MAX_SALT as i64, "0 (off)")
    .control("Split the hottest key into", "skew-salt")
    .hint("Sub-keys, 2 to 64.");
pub static TYPE: Choice = Choice::new("type", "Key type").noun("key type").lockable();
pub static PRESET: Choice = Choice::new("preset", "Preset").noun("preset").lockable();

/// The sections `view=` shows alone, for a compact embed: one chart each, or the skew figure.
pub static SECTIONS: crate::url::Sections = &[
    crate::url::Section { name: "skew", label: "Data skew and load per subtask" },
    crate::url::Section { name: "load", label: "Chart: events per second per subtask" },
    crate::url::Section { name: "state", label: "Chart: state per subtask" },
    crate::url::Section { name: "groups", label: "Chart: events per second per key group" },
    crate::url::Section { name: "curve", label: "Chart: keys sorted by load" },
];

/// Every parameter of the lab.
pub static PARAMS: ParamTable = &[&MAXP, &P, &TYPE, &PRESET, &N, &S, &HOT, &TOTAL, &Q, &SALT];

/// Where the key set comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    Preset(Preset),
    /// CSV text carried in the URL (small sets).
    Csv(String),
    /// A set kept in local storage (large sets).
    Stored,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkewQuery {
    pub maxp: Option<MaxParallelism>,
    pub p: u32,
    pub key_type: KeyType,
    pub source: KeySource,
    /// Total events per second for presets, in thousandths.
    pub total_milli: u64,
    /// What-if parallelism.
    pub q: Option<u32>,
    /// Salting what-if: split the hottest key into this many sub-keys (0 = off).
    pub salt: u32,
}

/// What a preset link without `n`, `s` or `hot` reads.
const DEFAULT_N: u32 = 1000;
const DEFAULT_S_MILLI: u64 = 1100;
const DEFAULT_HOT: u32 = 30;

impl Default for SkewQuery {
    fn default() -> Self {
        SkewQuery {
            maxp: None,
            p: 8,
            key_type: KeyType::String,
            source: KeySource::Preset(Preset::Zipf { n: DEFAULT_N, s_milli: DEFAULT_S_MILLI as u32 }),
            total_milli: 100_000_000,
            q: None,
            salt: 0,
        }
    }
}

impl SkewQuery {
    pub fn parse(params: &Params) -> (SkewQuery, Vec<Notice>) {
        let d = SkewQuery::default();
        let mut n = Vec::new();
        let mut q = SkewQuery {
            maxp: MAXP.read_or(params, &mut n, d.maxp),
            p: P.read_or(params, &mut n, d.p),
            q: Q.read_or(params, &mut n, d.q),
            salt: SALT.read_or(params, &mut n, d.salt),
            ..SkewQuery::default()
        };
        let keys_n = N.read_or(params, &mut n, DEFAULT_N);
        let hot = HOT.read_or(params, &mut n, DEFAULT_HOT);
        if let Some(text) = params.get(TYPE.name) {
            match KeyType::parse(text) {
                Ok(t) => q.key_type = t,
                Err(e) => n.push(notice(TYPE.name, text, &format!("{e}; using string"))),
            }
        }
        q.total_milli = TOTAL.read_or(params, &mut n, d.total_milli);
        let s_milli = S.read_or(params, &mut n, DEFAULT_S_MILLI) as u32;
        let preset = params.get(PRESET.name).and_then(|text| {
            let kind = PresetKind::parse(text);
            if kind.is_none() {
                n.push(notice(PRESET.name, text, "presets are uniform, zipf, hot and sequential; using the default"));
            }
            kind.map(|k| k.with(keys_n, s_milli, hot))
        });
        if let Some(preset) = preset {
            q.source = KeySource::Preset(preset);
        } else if params.get("stored") == Some("1") {
            q.source = KeySource::Stored;
        } else if let Some(csv) = params.get("keys") {
            q.source = KeySource::Csv(csv.to_string());
        }
        // A preset decides its own key type; a total only spreads over a preset.
        match &q.source {
            KeySource::Preset(preset) => q.key_type = preset.key_type(),
            _ => q.total_milli = d.total_milli,
        }
        (q, n)
    }

    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = SkewQuery::default();
        let mut pairs = Vec::new();
        MAXP.pair(&self.maxp, &d.maxp, &mut pairs);
        P.pair(&self.p, &d.p, &mut pairs);
        match &self.source {
            KeySource::Preset(preset) => {
                // Defaults left out: the default preset, and each preset number at the value a
                // link without it reads (`parse`).
                if self.source != d.source {
                    pairs.push((PRESET.name, preset.name().to_string()));
                    N.pair(&preset.n(), &DEFAULT_N, &mut pairs);
                    match preset {
                        Preset::Zipf { s_milli, .. } => S.pair(&u64::from(*s_milli), &DEFAULT_S_MILLI, &mut pairs),
                        Preset::HotKey { percent, .. } => HOT.pair(percent, &DEFAULT_HOT, &mut pairs),
                        _ => {}
                    }
                }
                TOTAL.pair(&self.total_milli, &d.total_milli, &mut pairs);
            }
            KeySource::Csv(text) => {
                if self.key_type != d.key_type {
                    pairs.push((TYPE.name, self.key_type.as_str().to_string()));
                }
                pairs.push(("keys", text.clone()));
            }
            KeySource::Stored => {
                if self.key_type != d.key_type {
                    pairs.push((TYPE.name, self.key_type.as_str().to_string()));
                }
                pairs.push(("stored", "1".to_string()));
            }
        }
        Q.pair(&self.q, &d.q, &mut pairs);
        SALT.pair(&self.salt, &d.salt, &mut pairs);
        pairs
    }
}
