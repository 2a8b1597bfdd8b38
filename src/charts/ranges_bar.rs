//! Geometry of the owner-ranges bar. The x axis is the key groups 0..max, drawn in at most
//! [`MAX_COLUMNS`] columns; each path merges many runs, so the DOM stays small for any p.
//!
//! - Up to [`MAX_LABELLED`] subtasks: even and odd subtasks alternate in two paths.
//! - Always: the subtasks that own the extra group (the busiest) in one path.
//! - With a rescale: the key groups that change owner in one path.

use crate::model::imbalance::Imbalance;
use crate::model::rescale::RescaleDiff;
use crate::model::Parallelism;

/// The widest the bar gets, in columns.
pub const MAX_COLUMNS: u32 = 1024;
/// Above this many subtasks the alternating runs would be a blur; only classes are drawn.
pub const MAX_LABELLED: u32 = 512;

/// The bar as SVG path data, in a view box `columns` wide and 10 high per band.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangesBar {
    pub columns: u32,
    /// Runs of even and odd subtasks (empty when p > [`MAX_LABELLED`]).
    pub even: String,
    pub odd: String,
    /// Runs of the busiest subtasks (empty when p divides max).
    pub busiest: String,
    /// Key groups that change owner in the rescale (empty without one).
    pub moved: String,
}

impl RangesBar {
    pub fn new(p: Parallelism, diff: Option<&RescaleDiff>) -> RangesBar {
        let max = p.max().get();
        let columns = max.min(MAX_COLUMNS);
        let imbalance = Imbalance::of(p);
        let mut even = Vec::new();
        let mut odd = Vec::new();
        let mut busiest = Vec::new();
        for (op, range) in p.ranges() {
            let run = (range.first(), range.last());
            if p.get() <= MAX_LABELLED {
                if op.index() % 2 == 0 {
                    even.push(run)
                } else {
                    odd.push(run)
                }
            }
            if !imbalance.is_even() && range.len() == imbalance.most {
                busiest.push(run);
            }
        }
        let moved = diff.map(|d| d.moved_runs.clone()).unwrap_or_default();
        let path = |runs: &[(u32, u32)], top: u32| band_path(&snap(runs, max, columns), top);
        RangesBar {
            columns,
            even: path(&even, 0),
            odd: path(&odd, 0),
            busiest: path(&busiest, 12),
            moved: path(&moved, 24),
        }
    }
}

/// Maps inclusive key-group runs to merged, half-open column runs.
pub fn snap(runs: &[(u32, u32)], max: u32, columns: u32) -> Vec<(u32, u32)> {
    let scale = |g: u64| (g * u64::from(columns)).div_ceil(u64::from(max.max(1))) as u32;
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &(first, last) in runs {
        let start = (u64::from(first) * u64::from(columns) / u64::from(max.max(1))) as u32;
        let end = scale(u64::from(last) + 1).max(start + 1);
        match out.last_mut() {
            Some((_, e)) if *e >= start => *e = (*e).max(end),
            _ => out.push((start, end)),
        }
    }
    out
}

fn band_path(runs: &[(u32, u32)], top: u32) -> String {
    let mut d = String::with_capacity(runs.len() * 16);
    for &(start, end) in runs {
        d.push_str(&format!("M{start} {top}h{}v10h-{}z", end - start, end - start));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MaxParallelism;

    fn bar(max: i64, p: i64) -> RangesBar {
        RangesBar::new(Parallelism::new(p, MaxParallelism::new(max).unwrap()).unwrap(), None)
    }

    #[test]
    fn small_bars_are_exact_and_large_ones_bounded() {
        let b = bar(128, 100);
        assert_eq!(b.columns, 128);
        assert_eq!(b.even.matches('M').count(), 50);
        assert_eq!(b.busiest.matches('M').count(), 28);
        assert!(b.even.starts_with("M0 0h2v10h-2z"), "{}", b.even);
        let b = bar(32768, 32767);
        assert_eq!(b.columns, 1024);
        assert!(b.even.is_empty() && b.odd.is_empty());
        assert!(b.busiest.matches('M').count() <= 1024);
        assert!(bar(128, 32).busiest.is_empty());
    }

    #[test]
    fn snapping_merges_and_never_loses_a_run() {
        assert_eq!(snap(&[(0, 0), (1, 1), (5, 9)], 10, 10), vec![(0, 2), (5, 10)]);
        assert_eq!(snap(&[(0, 0), (2, 2)], 32768, 1024), vec![(0, 1)]);
        assert_eq!(snap(&[(32767, 32767)], 32768, 1024), vec![(1023, 1024)]);
    }
}
