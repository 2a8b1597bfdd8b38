//! A preset generated in steps: the same keys as [`Preset::generate`] (which runs these steps
//! to the end), made a bounded number at a time so that a browser can generate a million keys
//! without one long task. Two passes over the keys: the weights' sum, then each key's events.
//! Each key gets the whole thousandths its running share reaches (the running total rounded
//! to the nearest, less what the keys before it got), so every key is within a thousandth of its exact
//! share, the rounding is spread over the keys, and the hot key's share is the one asked for
//! (rounding each key down alone once gave a 30 % hot key 31.3 %, the remainders piled on it).

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
    /// The first pass: the weights summed so far; the second: the weights handed out so far.
    partial: f64,
    /// The second pass: thousandths handed out so far.
    given: u64,
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
            given: 0,
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
                    self.partial = 0.0;
                    self.next = 0;
                    self.keys.reserve_exact(self.n);
                }
            }
            Some(sum) => {
                for i in self.next..end {
                    self.partial += self.preset.weight(i, self.n);
                    let upto = (((self.total_milli as f64) * self.partial / sum).round() as u64).min(self.total_milli);
                    let events_milli = upto.saturating_sub(self.given);
                    self.given += events_milli;
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

    /// The keys (running any steps left), the total exact: what the running sum's last
    /// rounding leaves (a few thousandths at most) goes to the last key.
    pub fn finish(mut self) -> Vec<KeyLoad> {
        while !self.step(usize::MAX / 2) {}
        let mut keys = self.keys;
        if let Some(last) = keys.last_mut() {
            last.events_milli += self.total_milli - self.given;
            last.bytes = bytes(last.events_milli);
        }
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The same rounding in one pass (all weights in a vector, then the running sum), the
    /// reference the steps must equal key for key.
    fn one_pass(preset: Preset, total_milli: u64) -> Vec<KeyLoad> {
        let total_milli = total_milli.min(MAX_EVENTS_PER_S * 1000);
        let n = preset.n().clamp(1, MAX_PRESET_KEYS) as usize;
        let weights: Vec<f64> = (0..n).map(|i| preset.weight(i, n)).collect();
        let sum: f64 = weights.iter().sum();
        let (mut running, mut given) = (0.0, 0u64);
        let mut events: Vec<u64> = weights
            .iter()
            .map(|w| {
                running += w;
                let upto = (((total_milli as f64) * running / sum).round() as u64).min(total_milli);
                let e = upto.saturating_sub(given);
                given += e;
                e
            })
            .collect();
        *events.last_mut().unwrap() += total_milli - given;
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

    /// The reported case: 30 % of 556.5 events/s over 7,800 keys is 166.95 for the hot key, and
    /// every other key gets 49 or 50 thousandths (0.7 × 556.5 / 7,799 = 0.04995).
    #[test]
    fn a_hot_key_gets_the_share_asked_for() {
        let keys = Preset::HotKey { n: 7800, percent: 30 }.generate(556_500);
        assert_eq!(keys[0].events_milli, 166_950);
        assert!(keys[1..].iter().all(|k| k.events_milli == 49 || k.events_milli == 50));
        assert_eq!(keys.iter().map(|k| k.events_milli).sum::<u64>(), 556_500);
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

        /// Every key is within a thousandth of its exact share (plus the float sum's own error,
        /// a part in 10^12), whatever the preset.
        #[test]
        fn every_key_is_within_a_thousandth_of_its_share(preset in presets(), total in 0u64..2_000_000_000_000) {
            let keys = preset.generate(total);
            let n = keys.len();
            let weights: Vec<f64> = (0..n).map(|i| preset.weight(i, n)).collect();
            let sum: f64 = weights.iter().sum();
            let slack = 1.0 + total as f64 * 1e-12;
            for (k, w) in keys.iter().zip(&weights) {
                let exact = total as f64 * w / sum;
                prop_assert!((k.events_milli as f64 - exact).abs() <= slack, "{} vs {exact}", k.events_milli);
            }
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
