//! How evenly a parallelism shares the key groups: Flink's ranges give every subtask either
//! ⌊max/p⌋ or ⌈max/p⌉ groups, so the busiest subtask holds up to one group more than the
//! idlest, and under uniform load the busiest one sets the pace of the whole job.

use super::key_group::Parallelism;
use super::number::{count, noun};

/// The distribution of key groups over the subtasks of one parallelism.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Imbalance {
    pub parallelism: u32,
    pub max_parallelism: u32,
    /// ⌊max / p⌋: the groups of the idlest subtasks.
    pub fewest: u32,
    /// ⌈max / p⌉: the groups of the busiest subtasks.
    pub most: u32,
    /// How many subtasks own `most` groups (0 when p divides max).
    pub busy_subtasks: u32,
    /// How many subtasks own `fewest` groups.
    pub idle_subtasks: u32,
}

impl Imbalance {
    /// Counts the distribution in O(1): `max mod p` subtasks own one extra group.
    pub fn of(p: Parallelism) -> Imbalance {
        let (max, n) = (p.max().get(), p.get());
        let (fewest, extra) = (max / n, max % n);
        Imbalance {
            parallelism: n,
            max_parallelism: max,
            fewest,
            most: if extra == 0 { fewest } else { fewest + 1 },
            busy_subtasks: if extra == 0 { n } else { extra },
            idle_subtasks: if extra == 0 { n } else { n - extra },
        }
    }

    /// Whether p divides max parallelism: every subtask owns the same number of groups.
    pub fn is_even(&self) -> bool {
        self.most == self.fewest
    }

    /// Who owns how many groups, in words with the right number: `28 subtasks own 2 key groups
    /// and 72 own 1`, `1 subtask owns 2 key groups and 2 own 1`, or when p divides max
    /// `every subtask owns 1 key group`.
    pub fn owners_sentence(&self) -> String {
        if self.is_even() {
            return format!("every subtask owns {}", count(u64::from(self.fewest), "key group", "key groups"));
        }
        let (busy, idle) = (u64::from(self.busy_subtasks), u64::from(self.idle_subtasks));
        format!(
            "{} {} {} and {idle} {} {}",
            count(busy, "subtask", "subtasks"),
            noun(busy, "owns", "own"),
            count(u64::from(self.most), "key group", "key groups"),
            noun(idle, "owns", "own"),
            self.fewest
        )
    }

    /// Busiest ÷ idlest as a ratio in thousandths (2000 = twice as much), exact in integers.
    pub fn ratio_milli(&self) -> u32 {
        (u64::from(self.most) * 1000 / u64::from(self.fewest.max(1))) as u32
    }

    /// Throughput lost to imbalance under uniform load, in per-mille rounded half up (1 of 129
    /// slots is 7.75 ‰, said 8): the job runs at the pace of the busiest subtask, so the useful
    /// share is mean ÷ most.
    pub fn idle_capacity_milli(&self) -> u32 {
        let capacity = u64::from(self.most) * u64::from(self.parallelism);
        ((capacity - u64::from(self.max_parallelism)) * 2000 / capacity).div_ceil(2) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MaxParallelism;

    fn of(max: i64, p: i64) -> Imbalance {
        Imbalance::of(Parallelism::new(p, MaxParallelism::new(max).unwrap()).unwrap())
    }

    #[test]
    fn distribution_table() {
        let cases = [
            // max, p, fewest, most, busy, idle, ratio‰
            (128, 100, 1, 2, 28, 72, 2000),
            (128, 12, 10, 11, 8, 4, 1100),
            (128, 32, 4, 4, 32, 32, 1000),
            (128, 128, 1, 1, 128, 128, 1000),
            (7, 3, 2, 3, 1, 2, 1500),
            (32768, 32767, 1, 2, 1, 32766, 2000),
        ];
        for (max, p, fewest, most, busy, idle, ratio) in cases {
            let i = of(max, p);
            assert_eq!(
                (i.fewest, i.most, i.busy_subtasks, i.idle_subtasks, i.ratio_milli()),
                (fewest, most, busy, idle, ratio),
                "{max}/{p}"
            );
        }
        assert!(of(128, 16).is_even());
        assert_eq!(of(128, 100).idle_capacity_milli(), 360);
        // 43 × 3 = 129 slots for 128 key groups: 1 idle, 7.75 ‰, rounded to 8 (not cut to 7).
        assert_eq!(of(128, 3).idle_capacity_milli(), 8);
        assert_eq!(of(128, 4).idle_capacity_milli(), 0);
    }

    #[test]
    fn counts_agree_with_the_ranges() {
        for max in [1, 7, 128, 129, 1000] {
            for p in 1..=max {
                let par = Parallelism::new(p, MaxParallelism::new(max).unwrap()).unwrap();
                let i = Imbalance::of(par);
                let busy = par.ranges().filter(|(_, r)| r.len() == i.most).count() as u32;
                let idle = par.ranges().filter(|(_, r)| r.len() == i.fewest).count() as u32;
                if i.is_even() {
                    assert_eq!((busy, idle), (p as u32, p as u32));
                } else {
                    assert_eq!((busy, idle), (i.busy_subtasks, i.idle_subtasks), "{max}/{p}");
                }
            }
        }
    }
    #[test]
    fn owners_sentences_agree_in_number() {
        let cases = [
            (128, 100, "28 subtasks own 2 key groups and 72 own 1"),
            (5, 3, "2 subtasks own 2 key groups and 1 owns 1"),
            (4, 3, "1 subtask owns 2 key groups and 2 own 1"),
            (128, 128, "every subtask owns 1 key group"),
            (128, 32, "every subtask owns 4 key groups"),
        ];
        for (max, p, expected) in cases {
            assert_eq!(of(max, p).owners_sentence(), expected, "{max}/{p}");
        }
    }
}
