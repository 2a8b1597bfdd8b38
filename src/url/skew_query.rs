//! The skew lab's URL state: `maxp`, `p`, `type`, the key set (`preset` with `n`, `s`, `hot`,
//! or `keys` as CSV text, or `stored=1` for a set kept in local storage), `total`, and the
//! what-ifs `q` (another parallelism) and `salt` (sub-keys for the hottest key).

use super::{notice, Notice, Params};
use crate::model::number::parse_in_range;
use crate::model::skew::presets::{Preset, MAX_PRESET_KEYS};
use crate::model::skew::units::{format_milli, parse_milli, MAX_EVENTS_PER_S};
use crate::model::{KeyType, UPPER_BOUND_MAX_PARALLELISM};

/// Where the key set comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    Preset(Preset),
    /// CSV text carried in the URL (small sets).
    Csv(String),
    /// A set kept in local storage (large sets).
    Stored,
}

/// The longest CSV the URL carries; larger sets go to local storage.
pub const MAX_URL_CSV: usize = 2000;
/// The most sub-keys the salting what-if offers.
pub const MAX_SALT: u32 = 64;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkewQuery {
    pub maxp: Option<u32>,
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

impl Default for SkewQuery {
    fn default() -> Self {
        SkewQuery {
            maxp: None,
            p: 8,
            key_type: KeyType::String,
            source: KeySource::Preset(Preset::Zipf { n: 1000, s_milli: 1100 }),
            total_milli: 100_000_000,
            q: None,
            salt: 0,
        }
    }
}

impl SkewQuery {
    pub fn parse(params: &Params) -> (SkewQuery, Vec<Notice>) {
        let mut q = SkewQuery::default();
        let mut n = Vec::new();
        let bound = i64::from(UPPER_BOUND_MAX_PARALLELISM);
        let number = |name: &str, what: &'static str, min: i64, max: i64, n: &mut Vec<Notice>| -> Option<i64> {
            let text = params.get(name)?;
            parse_in_range(text, what, min, max)
                .map_err(|e| n.push(notice(name, text, &format!("{e}; using the default"))))
                .ok()
        };
        q.maxp = number("maxp", "max parallelism", 1, bound, &mut n).map(|v| v as u32);
        q.p = number("p", "parallelism", 1, bound, &mut n).map_or(q.p, |v| v as u32);
        q.q = number("q", "what-if parallelism", 1, bound, &mut n).map(|v| v as u32);
        q.salt = number("salt", "sub-keys", 0, i64::from(MAX_SALT), &mut n).map_or(0, |v| v as u32);
        let keys_n = number("n", "number of keys", 1, i64::from(MAX_PRESET_KEYS), &mut n).map(|v| v as u32);
        let hot = number("hot", "hot key share %", 0, 100, &mut n).map(|v| v as u32);
        if let Some(text) = params.get("type") {
            match KeyType::parse(text) {
                Ok(t) => q.key_type = t,
                Err(e) => n.push(notice("type", text, &format!("{e}; using string"))),
            }
        }
        if let Some(text) = params.get("total") {
            match parse_milli(text, "total events per second", MAX_EVENTS_PER_S) {
                Ok(v) if v > 0 => q.total_milli = v,
                Ok(_) => n.push(notice("total", text, "the total rate must be above 0; using 100000")),
                Err(e) => n.push(notice("total", text, &format!("{e}; using 100000"))),
            }
        }
        let s_milli = params.get("s").and_then(|text| match parse_milli(text, "Zipf exponent", 5) {
            Ok(v) if v > 0 => Some(v as u32),
            _ => {
                n.push(notice("s", text, "the Zipf exponent takes a number above 0 and at most 5; using 1.1"));
                None
            }
        });
        let preset = match params.get("preset") {
            None => None,
            Some("uniform") => Some(Preset::Uniform { n: keys_n.unwrap_or(1000) }),
            Some("zipf") => Some(Preset::Zipf { n: keys_n.unwrap_or(1000), s_milli: s_milli.unwrap_or(1100) }),
            Some("hot") => Some(Preset::HotKey { n: keys_n.unwrap_or(1000).max(2), percent: hot.unwrap_or(30) }),
            Some("sequential") => Some(Preset::Sequential { n: keys_n.unwrap_or(1000) }),
            Some(other) => {
                n.push(notice("preset", other, "presets are uniform, zipf, hot and sequential; using the default"));
                None
            }
        };
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
            _ => q.total_milli = SkewQuery::default().total_milli,
        }
        (q, n)
    }

    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = SkewQuery::default();
        let mut pairs = Vec::new();
        if let Some(m) = self.maxp {
            pairs.push(("maxp", m.to_string()));
        }
        if self.p != d.p {
            pairs.push(("p", self.p.to_string()));
        }
        match &self.source {
            KeySource::Preset(preset) => {
                pairs.push(("preset", preset.name().to_string()));
                pairs.push(("n", preset.n().to_string()));
                match preset {
                    Preset::Zipf { s_milli, .. } => pairs.push(("s", format_milli(u64::from(*s_milli)))),
                    Preset::HotKey { percent, .. } => pairs.push(("hot", percent.to_string())),
                    _ => {}
                }
                if self.total_milli != d.total_milli {
                    pairs.push(("total", format_milli(self.total_milli)));
                }
            }
            KeySource::Csv(text) => {
                if self.key_type != d.key_type {
                    pairs.push(("type", self.key_type.as_str().to_string()));
                }
                pairs.push(("keys", text.clone()));
            }
            KeySource::Stored => {
                if self.key_type != d.key_type {
                    pairs.push(("type", self.key_type.as_str().to_string()));
                }
                pairs.push(("stored", "1".to_string()));
            }
        }
        if let Some(q) = self.q {
            pairs.push(("q", q.to_string()));
        }
        if self.salt != 0 {
            pairs.push(("salt", self.salt.to_string()));
        }
        pairs
    }
}
