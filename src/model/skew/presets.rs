//! Ready-made key sets with parameters: uniform, Zipf, one hot key over a uniform background,
//! and sequential integer ids. Each spreads a total event rate over its keys (the rounding
//! remainder goes to the first key, so the total is exact) and gives every key state bytes in
//! proportion to its rate.

mod steps;
pub use steps::PresetSteps;

use super::KeyLoad;
use crate::{KeyType, ModelError};

/// State bytes per event per second in generated sets.
pub const BYTES_PER_EVENT: u64 = 4096;
/// The most keys a preset generates.
pub const MAX_PRESET_KEYS: u32 = 1_000_000;
/// The fewest keys of a hot-key set: the hot key and the rest.
pub const MIN_HOT_KEYS: u32 = 2;

/// A preset and its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// `n` keys with equal rates.
    Uniform { n: u32 },
    /// `n` keys, the i-th (from 1) with weight 1 / i^s; `s_milli` is s in thousandths.
    Zipf { n: u32, s_milli: u32 },
    /// Key `hot` with `percent` % of all events, the rest spread evenly over `n` − 1 keys.
    HotKey { n: u32, percent: u32 },
    /// Integer ids 0 … n − 1 with equal rates.
    Sequential { n: u32 },
}

/// The kinds of preset, as a menu lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PresetKind {
    Uniform,
    #[default]
    Zipf,
    Hot,
    Sequential,
}

impl PresetKind {
    pub const ALL: [PresetKind; 4] = [PresetKind::Uniform, PresetKind::Zipf, PresetKind::Hot, PresetKind::Sequential];

    /// The name used in URLs (`preset=`) and as the menu's value.
    pub fn as_str(self) -> &'static str {
        match self {
            PresetKind::Uniform => "uniform",
            PresetKind::Zipf => "zipf",
            PresetKind::Hot => "hot",
            PresetKind::Sequential => "sequential",
        }
    }

    /// What the menu shows.
    pub fn label(self) -> &'static str {
        match self {
            PresetKind::Uniform => "uniform",
            PresetKind::Zipf => "Zipf",
            PresetKind::Hot => "one hot key",
            PresetKind::Sequential => "sequential int ids",
        }
    }

    /// The kind whose name this is.
    pub fn parse(text: &str) -> Option<PresetKind> {
        PresetKind::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// The preset of this kind with these parameters (a hot-key set has at least
    /// [`MIN_HOT_KEYS`]).
    pub fn with(self, n: u32, s_milli: u32, hot_percent: u32) -> Preset {
        match self {
            PresetKind::Uniform => Preset::Uniform { n },
            PresetKind::Zipf => Preset::Zipf { n, s_milli },
            PresetKind::Hot => Preset::HotKey { n: n.max(MIN_HOT_KEYS), percent: hot_percent },
            PresetKind::Sequential => Preset::Sequential { n },
        }
    }
}

impl Preset {
    /// Its kind.
    pub fn kind(self) -> PresetKind {
        match self {
            Preset::Uniform { .. } => PresetKind::Uniform,
            Preset::Zipf { .. } => PresetKind::Zipf,
            Preset::HotKey { .. } => PresetKind::Hot,
            Preset::Sequential { .. } => PresetKind::Sequential,
        }
    }

    /// The name used in URLs and menus.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Uniform { .. } => "uniform",
            Preset::Zipf { .. } => "zipf",
            Preset::HotKey { .. } => "hot",
            Preset::Sequential { .. } => "sequential",
        }
    }

    /// The key type the preset's keys have.
    pub fn key_type(self) -> KeyType {
        match self {
            Preset::Sequential { .. } => KeyType::Int,
            _ => KeyType::String,
        }
    }

    /// The number of keys.
    pub fn n(self) -> u32 {
        match self {
            Preset::Uniform { n } | Preset::Zipf { n, .. } | Preset::HotKey { n, .. } | Preset::Sequential { n } => n,
        }
    }

    /// Checks the parameters: 1 ≤ n ≤ 1,000,000 (2 for a hot key), 0 < s ≤ 5, 0 ≤ percent ≤ 100.
    pub fn validate(self) -> Result<Preset, ModelError> {
        let min_n = if matches!(self, Preset::HotKey { .. }) { 2 } else { 1 };
        let n = self.n();
        if n < min_n || n > MAX_PRESET_KEYS {
            return Err(ModelError::OutOfRange {
                what: "number of keys",
                value: i64::from(n),
                min: i64::from(min_n),
                max: i64::from(MAX_PRESET_KEYS),
            });
        }
        match self {
            Preset::Zipf { s_milli, .. } if s_milli == 0 || s_milli > 5000 => Err(ModelError::OutOfRange {
                what: "Zipf exponent in thousandths",
                value: i64::from(s_milli),
                min: 1,
                max: 5000,
            }),
            Preset::HotKey { percent, .. } if percent > 100 => {
                Err(ModelError::OutOfRange { what: "hot key share %", value: i64::from(percent), min: 0, max: 100 })
            }
            _ => Ok(self),
        }
    }

    /// Generates the keys, spreading `total_milli` events per second (in thousandths): every
    /// step at once (see [`PresetSteps`] for generating them in steps).
    pub fn generate(self, total_milli: u64) -> Vec<KeyLoad> {
        self.steps(total_milli).finish()
    }
}

// A menu of its values, written as links write them.
crate::choice::choice_value!(PresetKind, as_str, label);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Key;

    fn total(keys: &[KeyLoad]) -> u64 {
        keys.iter().map(|k| k.events_milli).sum()
    }

    #[test]
    fn presets_conserve_the_total_and_shape_the_load() {
        let t = 100_000_000;
        for preset in [
            Preset::Uniform { n: 1000 },
            Preset::Zipf { n: 1000, s_milli: 1100 },
            Preset::HotKey { n: 1000, percent: 30 },
            Preset::Sequential { n: 7 },
        ] {
            let keys = preset.validate().unwrap().generate(t);
            assert_eq!(keys.len(), preset.n() as usize);
            assert_eq!(total(&keys), t, "{preset:?}");
        }
        let hot = Preset::HotKey { n: 1000, percent: 30 }.generate(t);
        assert_eq!(hot[0].key, Key::Str("hot".into()));
        assert!(hot[0].events_milli >= 30_000_000 && hot[0].events_milli < 30_001_000);
        let zipf = Preset::Zipf { n: 100, s_milli: 1000 }.generate(t);
        assert!(zipf[0].events_milli > zipf[1].events_milli && zipf[1].events_milli > zipf[99].events_milli);
        assert_eq!(
            Preset::Sequential { n: 3 }.generate(3000).iter().map(|k| k.key.clone()).collect::<Vec<_>>(),
            vec![Key::Int(0), Key::Int(1), Key::Int(2)]
        );
    }

    #[test]
    fn bad_parameters_name_their_bounds() {
        for (preset, fragment) in [
            (Preset::Uniform { n: 0 }, "number of keys must be between 1 and 1000000, got 0"),
            (Preset::HotKey { n: 1, percent: 10 }, "between 2 and 1000000"),
            (Preset::Zipf { n: 10, s_milli: 0 }, "Zipf exponent"),
            (Preset::HotKey { n: 10, percent: 101 }, "hot key share"),
            (Preset::Sequential { n: 2_000_000 }, "got 2000000"),
        ] {
            let message = preset.validate().unwrap_err().to_string();
            assert!(message.contains(fragment), "{message}");
        }
    }
}
