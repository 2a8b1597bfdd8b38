//! What a rescale moves: with the same max parallelism, the key groups whose owning subtask
//! differs between an earlier and a new parallelism, and the [`Flow`]s that say from which
//! old subtask to which new one each run of key groups goes. This is logical reassignment;
//! the bytes that cross the network depend on where state artifacts live, which this does not
//! model.
//!
//! Invariant: the flows of a rescale partition `0..max` into contiguous runs in key-group
//! order; there are at most `from + to − 1` of them, computed in O(from + to).

use super::key_group::{KeyGroup, MaxParallelism, Parallelism};

/// A run of key groups owned by one old subtask before and one new subtask after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flow {
    /// The old owner (operator index at the earlier parallelism).
    pub from: u32,
    /// The new owner.
    pub to: u32,
    /// First and last key group of the run, inclusive.
    pub first: u32,
    pub last: u32,
}

impl Flow {
    pub fn groups(&self) -> u32 {
        self.last - self.first + 1
    }

    /// Whether these groups change owner (their operator index differs).
    pub fn moves(&self) -> bool {
        self.from != self.to
    }
}

/// Every run of key groups with its old and new owner, in key-group order: the two range
/// lists merged at their boundaries.
pub fn flows(from: Parallelism, to: Parallelism) -> Vec<Flow> {
    let mut old = from.ranges().peekable();
    let mut new = to.ranges().peekable();
    let mut out = Vec::with_capacity((from.get() + to.get()) as usize);
    let mut first = 0u32;
    while let (Some(&(a, ra)), Some(&(b, rb))) = (old.peek(), new.peek()) {
        let last = ra.last().min(rb.last());
        out.push(Flow { from: a.index(), to: b.index(), first, last });
        if ra.last() == last {
            old.next();
        }
        if rb.last() == last {
            new.next();
        }
        first = last + 1;
    }
    out
}

/// The difference between two owner assignments over the same key groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RescaleDiff {
    pub from: u32,
    pub to: u32,
    pub max_parallelism: u32,
    /// Key groups whose owner changes.
    pub moved_groups: u32,
    /// The moved groups as merged, inclusive runs, in order.
    pub moved_runs: Vec<(u32, u32)>,
    /// Subtasks that exist at both parallelisms.
    pub shared_subtasks: u32,
    /// Of those, the ones that still own every group they owned before.
    pub keeping_all: u32,
}

impl RescaleDiff {
    /// Compares `from` and `to`; both were validated against the same max parallelism.
    pub fn new(from: Parallelism, to: Parallelism) -> RescaleDiff {
        let max: MaxParallelism = to.max();
        let mut moved_runs: Vec<(u32, u32)> = Vec::new();
        let mut moved_groups = 0;
        for group in max.key_groups() {
            if from.owner_of(group) != to.owner_of(group) {
                moved_groups += 1;
                let g = group.index();
                match moved_runs.last_mut() {
                    Some((_, last)) if *last + 1 == g => *last = g,
                    _ => moved_runs.push((g, g)),
                }
            }
        }
        let shared = from.get().min(to.get());
        let keeping_all = (0..shared)
            .filter(|&i| {
                let (Some(a), Some(b)) = (from.operator(i), to.operator(i)) else {
                    return false;
                };
                let (old, new) = (from.range_of(a), to.range_of(b));
                new.first() <= old.first() && old.last() <= new.last()
            })
            .count() as u32;
        RescaleDiff {
            from: from.get(),
            to: to.get(),
            max_parallelism: max.get(),
            moved_groups,
            moved_runs,
            shared_subtasks: shared,
            keeping_all,
        }
    }

    /// The flows of this rescale (empty if its numbers no longer form valid parallelisms).
    pub fn flows(&self) -> Vec<Flow> {
        let Ok(max) = MaxParallelism::new(i64::from(self.max_parallelism)) else { return Vec::new() };
        match (Parallelism::new(i64::from(self.from), max), Parallelism::new(i64::from(self.to), max)) {
            (Ok(a), Ok(b)) => flows(a, b),
            _ => Vec::new(),
        }
    }

    /// Share of keyed state that changes owner if every key group holds the same amount, in
    /// per-mille, rounded to nearest.
    pub fn moved_permille(&self) -> u32 {
        ((u64::from(self.moved_groups) * 1000 + u64::from(self.max_parallelism) / 2) / u64::from(self.max_parallelism))
            as u32
    }

    /// Whether a key group changes owner.
    pub fn moves(&self, group: KeyGroup) -> bool {
        let g = group.index();
        self.moved_runs
            .binary_search_by(|&(first, last)| {
                if last < g {
                    std::cmp::Ordering::Less
                } else if first > g {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(max: i64, from: i64, to: i64) -> RescaleDiff {
        let m = MaxParallelism::new(max).unwrap();
        RescaleDiff::new(Parallelism::new(from, m).unwrap(), Parallelism::new(to, m).unwrap())
    }

    #[test]
    fn table() {
        assert_eq!(diff(128, 16, 16).moved_groups, 0);
        assert_eq!(diff(128, 16, 16).keeping_all, 16);
        // Owners are operator indexes: doubling renumbers almost every group's owner; only
        // groups 0–3 stay with subtask 0, and no subtask keeps all eight of its groups.
        let d = diff(128, 16, 32);
        assert_eq!((d.moved_groups, d.keeping_all, d.moved_permille()), (124, 0, 969));
        let d = diff(128, 1, 2);
        assert_eq!((d.moved_groups, d.moved_runs.clone(), d.keeping_all), (64, vec![(64, 127)], 0));
        let d = diff(128, 2, 1);
        assert_eq!((d.moved_groups, d.keeping_all), (64, 1));
    }

    #[test]
    fn flows_at_24_to_32_over_128() {
        let d = diff(128, 24, 32);
        let f = d.flows();
        // Old subtask i owns ⌈128i/24⌉..; new subtask j owns 4j..4j+3.
        assert_eq!(
            &f[..4],
            &[
                Flow { from: 0, to: 0, first: 0, last: 3 },
                Flow { from: 0, to: 1, first: 4, last: 5 },
                Flow { from: 1, to: 1, first: 6, last: 7 },
                Flow { from: 1, to: 2, first: 8, last: 10 },
            ]
        );
        assert_eq!(f.len(), 48);
        assert_eq!(f.iter().filter(|x| x.moves()).map(Flow::groups).sum::<u32>(), d.moved_groups);
        let stay: Vec<(u32, u32)> = f.iter().filter(|x| !x.moves()).map(|x| (x.first, x.last)).collect();
        assert_eq!(stay, vec![(0, 3), (6, 7), (11, 11)], "old index ⌊3g/16⌋ = new index ⌊g/4⌋ only near 0");
    }

    #[test]
    fn flows_partition_the_key_groups_and_match_the_owners() {
        for (max, from, to) in [
            (128, 24, 32),
            (128, 32, 24),
            (129, 7, 100),
            (7, 3, 2),
            (32768, 1, 32768),
            (32768, 32767, 32768),
            (10, 10, 10),
        ] {
            let m = MaxParallelism::new(max).unwrap();
            let (a, b) = (Parallelism::new(from, m).unwrap(), Parallelism::new(to, m).unwrap());
            let f = flows(a, b);
            assert!(f.len() < (from + to) as usize);
            assert_eq!(f.first().map(|x| x.first), Some(0));
            assert_eq!(f.last().map(|x| x.last), Some(max as u32 - 1));
            for pair in f.windows(2) {
                assert_eq!(pair[0].last + 1, pair[1].first);
                assert_ne!((pair[0].from, pair[0].to), (pair[1].from, pair[1].to), "runs are maximal");
            }
            for x in &f {
                for g in [x.first, x.last] {
                    let g = m.key_group(g).unwrap();
                    assert_eq!((a.owner_of(g).index(), b.owner_of(g).index()), (x.from, x.to));
                }
            }
            let d = RescaleDiff::new(a, b);
            assert_eq!(f.iter().filter(|x| x.moves()).map(Flow::groups).sum::<u32>(), d.moved_groups);
            assert_eq!(d.flows(), f);
        }
    }

    #[test]
    fn moved_groups_match_a_brute_force_count() {
        for (max, from, to) in [(128, 24, 32), (129, 7, 100), (1000, 999, 1000), (7, 3, 2), (32768, 200, 1024)] {
            let m = MaxParallelism::new(max).unwrap();
            let (a, b) = (Parallelism::new(from, m).unwrap(), Parallelism::new(to, m).unwrap());
            let d = RescaleDiff::new(a, b);
            let brute = m.key_groups().filter(|&g| a.owner_of(g) != b.owner_of(g)).count() as u32;
            assert_eq!(d.moved_groups, brute);
            assert_eq!(d.moved_runs.iter().map(|(f, l)| l - f + 1).sum::<u32>(), brute);
            for g in m.key_groups() {
                assert_eq!(d.moves(g), a.owner_of(g) != b.owner_of(g));
            }
        }
    }
}
