//! Choosing parallelisms and max parallelisms that divide well.
//!
//! - [`divisors`] of a max parallelism and the ones nearest a parallelism: the parallelisms
//!   at which every subtask owns the same number of key groups.
//! - [`suggest_max_parallelism`]: for the largest parallelism anyone foresees, powers of two
//!   at 4–8× it and highly composite numbers (many divisors) in the same span, each with the
//!   number of parallelisms up to that largest one that divide it evenly.

use super::key_group::UPPER_BOUND_MAX_PARALLELISM;

/// Every divisor of `n`, ascending (`n >= 1`; 0 has none listed).
pub fn divisors(n: u32) -> Vec<u32> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1u32;
    while u64::from(d) * u64::from(d) <= u64::from(n) {
        if n.is_multiple_of(d) {
            small.push(d);
            if d != n / d {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

/// Up to `each_side` divisors of `n` below `p` and up to `each_side` at or above it.
pub fn divisors_near(n: u32, p: u32, each_side: usize) -> Vec<u32> {
    let all = divisors(n);
    let split = all.partition_point(|&d| d < p);
    let start = split.saturating_sub(each_side);
    let end = (split + each_side).min(all.len());
    all[start..end].to_vec()
}

/// Highly composite numbers up to `limit`: each has more divisors than every smaller number.
pub fn highly_composite_up_to(limit: u32) -> Vec<u32> {
    // Divisor counts by a sieve: O(limit · log limit).
    let size = limit as usize + 1;
    let mut counts = vec![0u16; size];
    for d in 1..size {
        for multiple in (d..size).step_by(d) {
            counts[multiple] += 1;
        }
    }
    let mut found = Vec::new();
    let mut best = 0;
    for (n, &count) in counts.iter().enumerate().skip(1) {
        if count > best {
            best = count;
            found.push(n as u32);
        }
    }
    found
}

/// Why a max parallelism is suggested.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SuggestionKind {
    PowerOfTwo,
    HighlyComposite,
}

/// One suggested max parallelism.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suggestion {
    pub value: u32,
    pub kind: SuggestionKind,
    /// How many parallelisms in `1..=largest` divide `value`.
    pub even_parallelisms: u32,
}

/// Suggestions for a job whose largest foreseeable parallelism is `largest` (1..=32768):
/// powers of two in `[4·largest, 8·largest]` and highly composite numbers in the same span
/// (the nearest one above when none falls inside, else the largest below), never above 32768. Ascending by value.
pub fn suggest_max_parallelism(largest: u32) -> Vec<Suggestion> {
    let largest = largest.clamp(1, UPPER_BOUND_MAX_PARALLELISM);
    let low = (u64::from(largest) * 4).min(u64::from(UPPER_BOUND_MAX_PARALLELISM)) as u32;
    let high = (u64::from(largest) * 8).min(u64::from(UPPER_BOUND_MAX_PARALLELISM)) as u32;
    let mut values: Vec<(u32, SuggestionKind)> = (0..=15)
        .map(|k| 1u32 << k)
        .filter(|&v| v >= low && v <= high)
        .map(|v| (v, SuggestionKind::PowerOfTwo))
        .collect();
    if values.is_empty() {
        values.push((UPPER_BOUND_MAX_PARALLELISM, SuggestionKind::PowerOfTwo));
    }
    let composites = highly_composite_up_to(UPPER_BOUND_MAX_PARALLELISM);
    let inside: Vec<u32> = composites.iter().copied().filter(|&v| v >= low && v <= high).collect();
    let chosen = if inside.is_empty() {
        let above = composites.iter().copied().find(|&v| v >= low);
        above.or_else(|| composites.iter().copied().rev().find(|&v| v <= high)).into_iter().collect()
    } else {
        inside
    };
    values.extend(chosen.into_iter().filter(|v| !v.is_power_of_two()).map(|v| (v, SuggestionKind::HighlyComposite)));
    values.sort_unstable();
    values
        .into_iter()
        .map(|(value, kind)| Suggestion {
            value,
            kind,
            even_parallelisms: (1..=largest.min(value)).filter(|&p| value.is_multiple_of(p)).count() as u32,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisor_tables() {
        assert_eq!(divisors(128), vec![1, 2, 4, 8, 16, 32, 64, 128]);
        assert_eq!(divisors(720).len(), 30);
        assert_eq!(divisors(1), vec![1]);
        assert_eq!(divisors_near(128, 100, 2), vec![32, 64, 128]);
        assert_eq!(divisors_near(720, 100, 2), vec![80, 90, 120, 144]);
        assert_eq!(
            highly_composite_up_to(32768),
            vec![
                1, 2, 4, 6, 12, 24, 36, 48, 60, 120, 180, 240, 360, 720, 840, 1260, 1680, 2520, 5040, 7560, 10080,
                15120, 20160, 25200, 27720
            ]
        );
    }

    #[test]
    fn suggestions_for_the_seed_case() {
        // Largest foreseeable parallelism 200: 800..1600.
        let s = suggest_max_parallelism(200);
        let values: Vec<u32> = s.iter().map(|s| s.value).collect();
        assert_eq!(values, vec![840, 1024, 1260]);
        let even = |v: u32| s.iter().find(|s| s.value == v).unwrap().even_parallelisms;
        assert_eq!((even(1024), even(840), even(1260)), (8, 28, 30));
        assert_eq!(suggest_max_parallelism(32768).iter().map(|s| s.value).collect::<Vec<_>>(), vec![27720, 32768]);
        assert_eq!(suggest_max_parallelism(1).iter().map(|s| s.value).collect::<Vec<_>>(), vec![4, 6, 8]);
    }
}
