//! What a rescale moves: with the same max parallelism, the key groups whose owning subtask
//! differs between an earlier and a new parallelism. This is logical reassignment; the bytes
//! that cross the network depend on where state artifacts live, which this does not model.

use super::key_group::{KeyGroup, MaxParallelism, Parallelism};

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
