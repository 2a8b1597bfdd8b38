//! The trace kit's files: the generated trace as CSV (`trace.csv`: `offset,key,value`, one row
//! per event in offset order) and the truth a job must end with (`trace-totals.csv`: `key,total`
//! per key in key order, then `source_offset,<events>`), in the format [`super::output`] reads.
//! Both are pure functions of the trace's numbers ([`Trace`]), so a trace downloaded from a
//! link is the same trace, byte for byte, every time ([`event`] gives each event's key and
//! value; the simulated run reads the same events). Comma separated, a header row, `\n` line
//! ends, plain decimal numbers.

use std::collections::BTreeMap;

use super::{Scenario, TraceInput};

/// The row of a totals file that is not a key: the offset the source read to (the number of
/// events it read).
pub const SOURCE_OFFSET: &str = "source_offset";

/// The trace's header row.
pub const TRACE_HEADER: &str = "offset,key,value";
/// The totals' (and a job output's) header row.
pub const TOTALS_HEADER: &str = "key,total";

/// The most keys a trace has: key numbers run below `keys` and below this, whatever `keys` says.
pub const MAX_KEYS: u32 = 200;

/// The key and value of event `offset`: deterministic, and 60 % on key 0 in the hot-key scenario.
pub fn event(offset: u32, keys: u32, hot: bool) -> (String, i64) {
    let (k, v) = event_index(offset, keys, hot);
    (key_name(k), v)
}

/// [`event`] with the key as its number (`customer-<n>`, below `keys` and [`MAX_KEYS`]), for
/// sums that name each key once.
pub fn event_index(offset: u32, keys: u32, hot: bool) -> (u32, i64) {
    let mix = offset.wrapping_mul(2_654_435_761).rotate_left(13) ^ 0x9e37_79b9;
    let k = if hot && mix % 10 < 6 { 0 } else { mix % keys.clamp(1, MAX_KEYS) };
    (k, i64::from(offset % 7) + 1)
}

/// The name of key number `k`.
pub fn key_name(k: u32) -> String {
    format!("customer-{k}")
}

/// A generated trace: `events` events over `keys` keys, 60 % on one key when `hot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trace {
    pub keys: u32,
    pub events: u32,
    pub hot: bool,
}

impl Trace {
    /// The trace a run uses (the hot-key scenario's is skewed).
    pub fn of(input: &TraceInput) -> Trace {
        Trace::for_scenario(input.scenario, input.keys, input.events)
    }

    /// The trace of `scenario` with these numbers.
    pub fn for_scenario(scenario: Scenario, keys: u32, events: u32) -> Trace {
        Trace { keys, events, hot: scenario == Scenario::HotKey }
    }

    /// Every event in offset order: `(offset, key, value)`.
    pub fn events(&self) -> impl Iterator<Item = (u32, String, i64)> + '_ {
        (0..self.events).map(|offset| {
            let (k, v) = event(offset, self.keys, self.hot);
            (offset, k, v)
        })
    }

    /// Each key's total over the whole trace (only keys that occur), by key name.
    pub fn totals(&self) -> BTreeMap<String, i64> {
        // Inserted one by one: collecting into a map sorts first, and the sort's code alone was
        // 5 KB gzip of the trace lab's module.
        let mut totals = BTreeMap::new();
        for (k, sum) in self.totals_by_number() {
            totals.insert(k, sum);
        }
        totals
    }

    /// The same totals in the keys' numbers' order (customer-2 before customer-10), as the
    /// tables list them.
    pub fn totals_by_number(&self) -> Vec<(String, i64)> {
        // Summed by key number, each key named once (100,000 events: 22 -> 1 ms natively), in
        // one slot per key number (at most MAX_KEYS): no map, whose code the trace lab's first
        // screen would carry.
        let mut sums: Vec<Option<i64>> = vec![None; self.keys.clamp(1, MAX_KEYS) as usize];
        for offset in 0..self.events {
            let (k, v) = event_index(offset, self.keys, self.hot);
            *sums[k as usize].get_or_insert(0) += v;
        }
        sums.into_iter().enumerate().filter_map(|(k, sum)| Some((key_name(k as u32), sum?))).collect()
    }

    /// `trace.csv`.
    pub fn csv(&self) -> String {
        let mut out = String::with_capacity(self.events as usize * 20 + 20);
        out.push_str(TRACE_HEADER);
        out.push('\n');
        for (offset, k, v) in self.events() {
            out.push_str(&format!("{offset},{k},{v}\n"));
        }
        out
    }

    /// `trace-totals.csv`: what a job that preserved its state writes at the end.
    pub fn totals_csv(&self) -> String {
        let mut out = String::from(TOTALS_HEADER);
        out.push('\n');
        for (k, total) in self.totals() {
            out.push_str(&format!("{k},{total}\n"));
        }
        out.push_str(&format!("{SOURCE_OFFSET},{}\n", self.events));
        out
    }
}
