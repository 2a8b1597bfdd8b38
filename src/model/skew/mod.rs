//! The skew editor's core: keys with their load, presets, CSV import, and the per-subtask
//! and per-key-group aggregation with Flink's data-skew percentage.

pub mod aggregate;
pub mod csv;
pub mod fxhash;
pub mod metrics;
pub mod presets;
pub mod units;

use crate::Key;

/// One key with its load: events per second (in thousandths) and state bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyLoad {
    pub key: Key,
    pub events_milli: u64,
    pub bytes: u64,
}

/// Splits key `index` into `k` salted sub-keys `"{key}#0"` … `"{key}#{k-1}"` (string keys),
/// each with an equal share of its events and bytes (remainders to `#0`). Valid only when the
/// aggregation is associative and commutative and a second keyed stage merges the partials.
pub fn salt(keys: &[KeyLoad], index: usize, k: u32) -> Vec<KeyLoad> {
    let Some(hot) = keys.get(index) else {
        return keys.to_vec();
    };
    let k = u64::from(k.max(1));
    let name = match &hot.key {
        Key::Str(s) => s.clone(),
        Key::Int(v) => v.to_string(),
        Key::Long(v) => v.to_string(),
    };
    let mut out: Vec<KeyLoad> =
        keys.iter().enumerate().filter(|(i, _)| *i != index).map(|(_, kl)| kl.clone()).collect();
    for i in 0..k {
        let first = i == 0;
        out.push(KeyLoad {
            key: Key::Str(format!("{name}#{i}")),
            events_milli: hot.events_milli / k + if first { hot.events_milli % k } else { 0 },
            bytes: hot.bytes / k + if first { hot.bytes % k } else { 0 },
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salting_keeps_totals_and_splits_the_key() {
        let keys = vec![
            KeyLoad { key: Key::Str("a".into()), events_milli: 1000, bytes: 10 },
            KeyLoad { key: Key::Str("hot".into()), events_milli: 10_001, bytes: 101 },
        ];
        let salted = salt(&keys, 1, 4);
        assert_eq!(salted.len(), 5);
        assert_eq!(salted.iter().map(|k| k.events_milli).sum::<u64>(), 11_001);
        assert_eq!(salted.iter().map(|k| k.bytes).sum::<u64>(), 111);
        assert_eq!(salted[1].key, Key::Str("hot#0".into()));
        assert_eq!(salted[1].events_milli, 2501);
    }
}
