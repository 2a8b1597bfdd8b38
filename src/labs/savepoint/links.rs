//! "Plan from this snapshot": links into the other labs, filled from one operator of the file.
//!
//! - the planner and the restore predictor: [`super::planner_links`] (re-exported here);
//! - the skew lab with the operator's state bytes per key group. The skew lab takes keys, not
//!   key groups, and keys hash: so each key group with state becomes one `int` key chosen to
//!   land in exactly that group (the smallest non-negative int whose key group it is), carrying
//!   that group's bytes and 0 events/s. Where the file has no per-group offsets (incremental
//!   RocksDB, changelog), each subtask's bytes are spread evenly over its key groups, and the
//!   link says it is an estimate.

pub use super::planner_links::{planner_link, predictor_href, Recorded};

use crate::lab::Lab;
use crate::labs::skew::query as skew_query;
use crate::model::savepoint::report::{
    group_bytes_skew_percent, key_group_range, operator_key_group_bytes, subtasks_by_index,
};
use crate::model::savepoint::Operator;
use crate::model::MaxParallelism;
use crate::url::lab_href;

/// Key sets longer than this (in characters) travel through local storage instead of the URL.
pub const MAX_LINK_CSV: usize = 8000;

/// Per key group bytes of an operator: from the offsets (`exact`, with the state-bytes skew
/// over them, each subtask's groups summed), or each subtask's keyed bytes spread evenly over
/// its range (`why_not` says why).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupBytes {
    pub bytes: Vec<u64>,
    pub exact: bool,
    pub why_not: Option<&'static str>,
    pub skew_percent: Option<u32>,
}

pub fn group_bytes(op: &Operator) -> Option<GroupBytes> {
    let max = usize::try_from(op.max_parallelism).ok().filter(|m| (1..=32768).contains(m))?;
    let why_not = match operator_key_group_bytes(op) {
        Ok(bytes) => {
            return Some(GroupBytes { bytes, exact: true, why_not: None, skew_percent: group_bytes_skew_percent(op) })
        }
        Err(why) => why,
    };
    let mut bytes = vec![0u64; max];
    let mut any = false;
    for s in subtasks_by_index(op) {
        let Some((first, last)) = key_group_range(s) else { continue };
        let (first, last) = (first as usize, (last as usize).min(max - 1));
        if first > last {
            continue;
        }
        any = true;
        let (total, n) = (s.state.keyed_state_size().max(0) as u64, (last - first + 1) as u64);
        for (i, slot) in bytes[first..=last].iter_mut().enumerate() {
            *slot += total / n + u64::from((i as u64) < total % n);
        }
    }
    any.then_some(GroupBytes { bytes, exact: false, why_not: Some(why_not), skew_percent: None })
}

/// For each wanted key group, the smallest non-negative `int` key Flink puts into it.
pub fn representative_int_keys(max: MaxParallelism, wanted: &[bool]) -> Vec<Option<i32>> {
    let mut keys = vec![None; wanted.len()];
    let mut left = wanted.iter().filter(|&&w| w).count();
    let mut k: i32 = 0;
    // About max · ln(max) ints cover every group (350,000 for 32768); the bound is a guard.
    while left > 0 && k < 50_000_000 {
        let g = max.key_group_of_hash(k).index() as usize;
        if wanted.get(g) == Some(&true) && keys[g].is_none() {
            keys[g] = Some(k);
            left -= 1;
        }
        k += 1;
    }
    keys
}

/// Above this many key groups with state, the key set travels through local storage and is
/// built only when the link is followed (it takes tens of ms for 32768 groups).
pub const MAX_LINK_GROUPS: usize = 400;

/// The skew lab's link: `keys=` in the URL, or `stored=1` once [`skew_csv`] is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkewLink {
    pub href: String,
    /// The key set must be written to the skew lab's storage entry before following it.
    pub stored: bool,
    pub exact: bool,
    /// Key groups with state: the keys of the set.
    pub groups: usize,
    /// Bytes of the keyed state handles in no key group (each handle's header, written before
    /// its first group): the skew lab's subtask bytes leave them out.
    pub outside_groups: u64,
}

fn push_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&d| char::from(d)));
}

fn csv_of(max: MaxParallelism, bytes: &[u64]) -> String {
    let wanted: Vec<bool> = bytes.iter().map(|&b| b > 0).collect();
    let keys = representative_int_keys(max, &wanted);
    let mut csv = String::with_capacity(wanted.len() * 12);
    for (&b, key) in bytes.iter().zip(&keys) {
        if let (true, Some(k)) = (b > 0, key) {
            push_number(&mut csv, *k as u64);
            csv.push_str(",0,");
            push_number(&mut csv, b);
            csv.push('\n');
        }
    }
    csv
}

/// The operator's key set for the skew lab: one line `key,0,bytes` per key group with state.
pub fn skew_csv(op: &Operator) -> Option<String> {
    let groups = group_bytes(op)?;
    Some(csv_of(MaxParallelism::new(i64::from(op.max_parallelism)).ok()?, &groups.bytes))
}

pub fn skew_link(op: &Operator) -> Option<SkewLink> {
    let groups = group_bytes(op)?;
    let max = MaxParallelism::new(i64::from(op.max_parallelism)).ok()?;
    let lines = groups.bytes.iter().filter(|&&b| b > 0).count();
    if lines == 0 {
        return None;
    }
    let csv = (lines <= MAX_LINK_GROUPS).then(|| csv_of(max, &groups.bytes)).filter(|c| c.len() <= MAX_LINK_CSV);
    let mut pairs = vec![
        (skew_query::MAXP.name, skew_query::MAXP.format(&Some(max))),
        (skew_query::P.name, op.parallelism.to_string()),
        (skew_query::TYPE.name, "int".to_string()),
    ];
    let stored = csv.is_none();
    match csv {
        Some(csv) => pairs.push(("keys", csv)),
        None => pairs.push(("stored", "1".to_string())),
    }
    let keyed: u64 = subtasks_by_index(op).into_iter().map(|s| s.state.keyed_state_size().max(0) as u64).sum();
    let outside_groups = keyed.saturating_sub(groups.bytes.iter().sum());
    Some(SkewLink { href: lab_href(Lab::Skew, &pairs), stored, exact: groups.exact, groups: lines, outside_groups })
}

#[cfg(test)]
#[path = "links_tests.rs"]
mod tests;
