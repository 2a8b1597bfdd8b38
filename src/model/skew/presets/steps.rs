//! A preset generated in steps: the same keys as [`Preset::generate`] (which runs these steps
//! to the end), made a bounded number at a time so that a browser can generate a million keys
//! without one long task. Two passes over the keys: the weights' sum, then each key's events;
//! the rounding difference is settled at the end, exactly as one pass would.

use super::{Preset, BYTES_PER_EVENT, MAX_PRESET_KEYS};
use crate::skew::units::MAX_EVENTS_PER_S;
use crate::skew::KeyLoad;
use crate::Key;

/// A preset being generated; [`PresetSteps::step`] until it says done, then
/// [`PresetSteps::finish`].
#[derive(Debug, Clone)]
pub struct PresetSteps {
    preset: Preset,
    total_milli: u64,
    n: usize,
    /// The next key index of the current pass.
    next: usize,
    /// The weights' sum, once the first pass is over.
    sum: Option<f64>,
    partial: f64,
    keys: Vec<KeyLoad>,
}

impl Preset {
    /// Starts generating the keys, spreading `total_milli` events per second (in thousandths).
    pub fn steps(self, total_milli: u64) -> PresetSteps {
        let n = self.n().clamp(1, MAX_PRESET_KEYS) as usize;
        PresetSteps {
            preset: self,
            total_milli: total_milli.min(MAX_EVENTS_PER_S * 1000),
            n,
            next: 0,
            sum: None,
            partial: 0.0,
            keys: Vec::new(),
        }
    }

    /// The weight of the key at `i` (from 0), before normalising.
    fn weight(self, i: usize, n: usize) -> f64 {
        match self {
            Preset::Uniform { .. } | Preset::Sequential { .. } => 1.0,
            Preset::Zipf { s_milli, .. } => 1.0 / ((i + 1) as f64).powf(f64::from(s_milli) / 1000.0),
            Preset::HotKey { percent, .. } => {
                let hot = f64::from(percent.min(100)) / 100.0;
                match i {
                    0 => hot,
                    _ if n > 1 => (1.0 - hot) / (n - 1) as f64,
                    _ => 0.0,
                }
            }
        }
    }

    fn key(self, i: usize) -> Key {
        match self {
            Preset::Sequential { .. } => Key::Int(i as i32),
            Preset::HotKey { .. } if i == 0 => Key::Str("hot".to_string()),
            _ => Key::Str(format!("key-{i}")),
        }
    }
}

fn bytes(events_milli: u64) -> u64 {
    (u128::from(events_milli) * u128::from(BYTES_PER_EVENT) / 1000) as u64
}

impl PresetSteps {
    /// Handles at most `items` keys of the current pass; true once every key is made.
    pub fn step(&mut self, items: usize) -> bool {
        let end = (self.next + items.max(1)).min(self.n);
        match self.sum {
            None => {
                for i in self.next..end {
                    self.partial += self.preset.weight(i, self.n);
                }
                self.next = end;
                if end == self.n {
                    self.sum = Some(self.partial);
                    self.next = 0;
                    self.keys.reserve_exact(self.n);
                }
            }
            Some(sum) => {
                for i in self.next..end {
                    let events_milli = ((self.total_milli as f64) * self.preset.weight(i, self.n) / sum).floor() as u64;
                    self.keys.push(KeyLoad { key: self.preset.key(i), events_milli, bytes: bytes(events_milli) });
                }
                self.next = end;
            }
        }
        self.done()
    }

    pub fn done(&self) -> bool {
        self.sum.is_some() && self.keys.len() == self.n
    }

    /// How far it is, in thousandths (each pass is half).
    pub fn permille(&self) -> u32 {
        let pass = (self.next as u64 * 500 / self.n as u64) as u32;
        if self.done() {
            1000
        } else if self.sum.is_some() {
            500 + pass
        } else {
            pass
        }
    }

    /// The keys (running any steps left), the total exact: float weights round either way,
    /// so the difference goes to the first key, or an excess is taken from the first keys.
    pub fn finish(mut self) -> Vec<KeyLoad> {
        while !self.step(usize::MAX / 2) {}
        let mut keys = self.keys;
        let assigned: u64 = keys.iter().map(|k| k.events_milli).sum();
        if assigned <= self.total_milli {
            if let Some(first) = keys.first_mut() {
                first.events_milli += self.total_milli - assigned;
                first.bytes = bytes(first.events_milli);
            }
        } else {
            let mut excess = assigned - self.total_milli;
            for k in keys.iter_mut() {
                let take = excess.min(k.events_milli);
                k.events_milli -= take;
                k.bytes = bytes(k.events_milli);
                excess -= take;
                if excess == 0 {
                    break;
                }
            }
        }
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The one-pass generator the steps replaced (all weights in a vector, then the events),
    /// kept as the reference the steps must equal key for key.
    fn one_pass(preset: Preset, total_milli: u64) -> Vec<KeyLoad> {
        let total_milli = total_milli.min(MAX_EVENTS_PER_S * 1000);
        let n = preset.n().clamp(1, MAX_PRESET_KEYS) as usize;
        let weights: Vec<f64> = (0..n).map(|i| preset.weight(i, n)).collect();
        let sum: f64 = weights.iter().sum();
        let mut events: Vec<u64> = weights.iter().map(|w| ((total_milli as f64) * w / sum).floor() as u64).collect();
        let assigned: u64 = events.iter().sum();
        if assigned <= total_milli {
            events[0] += total_milli - assigned;
        } else {
            let mut excess = assigned - total_milli;
            for e in events.iter_mut() {
                let take = excess.min(*e);
                *e -= take;
                excess -= take;
            }
        }
        events
            .into_iter()
            .enumerate()
            .map(|(i, e)| KeyLoad { key: preset.key(i), events_milli: e, bytes: bytes(e) })
            .collect()
    }

    fn presets() -> impl Strategy<Value = Preset> {
        prop_oneof![
            (1u32..3000).prop_map(|n| Preset::Uniform { n }),
            (1u32..3000, 100u32..4000).prop_map(|(n, s_milli)| Preset::Zipf { n, s_milli }),
            (2u32..3000, 0u32..=100).prop_map(|(n, percent)| Preset::HotKey { n, percent }),
            (1u32..3000).prop_map(|n| Preset::Sequential { n }),
        ]
    }

    proptest! {
        #[test]
        fn steps_of_any_size_make_the_keys_one_pass_makes(
            preset in presets(), total in 0u64..2_000_000_000_000, sizes in proptest::collection::vec(1usize..700, 1..8)
        ) {
            let mut steps = preset.steps(total);
            let mut last = 0;
            for size in sizes.iter().cycle() {
                if steps.step(*size) {
                    break;
                }
                let now = steps.permille();
                prop_assert!(now >= last && now < 1000, "progress {now} after {last}");
                last = now;
            }
            prop_assert_eq!(steps.permille(), 1000);
            let keys = steps.finish();
            prop_assert_eq!(keys.iter().map(|k| k.events_milli).sum::<u64>(), total.min(MAX_EVENTS_PER_S * 1000));
            prop_assert_eq!(keys, one_pass(preset, total));
        }
    }

    #[test]
    fn a_million_keys_take_bounded_steps() {
        let mut steps = Preset::Zipf { n: 1_000_000, s_milli: 1100 }.steps(100_000_000);
        let mut count = 0;
        while !steps.step(50_000) {
            count += 1;
        }
        // 20 steps per pass; the last one of the second pass says done.
        assert_eq!(count, 39);
        let keys = steps.finish();
        assert_eq!(keys.len(), 1_000_000);
        assert_eq!(keys[999_999].key, Key::Str("key-999999".into()));
    }
}
