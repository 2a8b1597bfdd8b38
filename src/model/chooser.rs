//! Choosing parallelisms and max parallelisms that divide well.
//!
//! - [`divisors`] of a max parallelism and the ones nearest a parallelism: the parallelisms
//!   at which every subtask owns the same number of key groups.
//! - The span every suggestion comes from is 4–8× the largest parallelism anyone foresees, and
//!   never below Flink's own default floor of 128 ([`span`]: 128–256 for a largest of 32 or
//!   less): fewer key groups than Flink would give by default save nothing worth having and cap
//!   the job's growth for good.
//! - [`suggest_max_parallelism`]: for the largest parallelism anyone foresees, powers of two
//!   at 4–8× it and highly composite numbers (many divisors) in the same span, each with the
//!   number of parallelisms up to that largest one that divide it evenly.
//! - [`suggest_divisible`]: max parallelisms that every parallelism the person plans to run
//!   divides (multiples of their least common multiple, at 4–8× the largest where one falls
//!   there), the best the one with the most divisors, beside the power of two the old rule
//!   gave and which planned parallelisms it leaves uneven; or [`ModelError::NoCommonMultiple`].

use super::key_group::{DEFAULT_LOWER_BOUND_MAX_PARALLELISM, UPPER_BOUND_MAX_PARALLELISM};
use super::ModelError;

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
    /// A multiple of every planned parallelism.
    Divisible,
}

/// One suggested max parallelism.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suggestion {
    pub value: u32,
    pub kind: SuggestionKind,
    /// How many parallelisms in `1..=largest` divide `value`.
    pub even_parallelisms: u32,
}

/// The span suggestions come from, for a largest foreseeable parallelism `largest`: 4–8× it,
/// raised to 128–256 where that would fall below Flink's default floor, never above 32768.
pub fn span(largest: u64) -> (u64, u64) {
    let top = u64::from(UPPER_BOUND_MAX_PARALLELISM);
    let floor = u64::from(DEFAULT_LOWER_BOUND_MAX_PARALLELISM);
    ((largest * 4).max(floor).min(top), (largest * 8).max(floor * 2).min(top))
}

/// Suggestions for a job whose largest foreseeable parallelism is `largest` (1..=32768):
/// powers of two in the [`span`] and highly composite numbers in the same span
/// (the nearest one above when none falls inside, else the largest below), never above 32768. Ascending by value.
pub fn suggest_max_parallelism(largest: u32) -> Vec<Suggestion> {
    let largest = largest.clamp(1, UPPER_BOUND_MAX_PARALLELISM);
    let (low, high) = span(u64::from(largest));
    let (low, high) = (low as u32, high as u32);
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

/// Max parallelisms for a set of planned parallelisms, each of which divides every one of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DivisibleChoice {
    /// The planned parallelisms, ascending, without repeats.
    pub planned: Vec<u32>,
    /// Their least common multiple: every suggestion is a multiple of it.
    pub lcm: u32,
    /// Ascending; `even_parallelisms` counts the parallelisms up to the largest planned one
    /// that divide the value.
    pub suggestions: Vec<Suggestion>,
    /// The suggestion with the most divisors (the smaller on a tie).
    pub best: u32,
    /// The power of two in the [`span`] of the largest planned parallelism (or 32768).
    pub power_of_two: u32,
    /// The planned parallelisms that do not divide [`DivisibleChoice::power_of_two`].
    pub uneven_at_power_of_two: Vec<u32>,
    /// How many parallelisms up to the largest planned one divide the power of two.
    pub power_of_two_even: u32,
}

fn list(values: &[u32]) -> String {
    match values {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
    }
}

impl DivisibleChoice {
    /// The planned parallelisms as words: `24 and 200`.
    pub fn planned_text(&self) -> String {
        list(&self.planned)
    }

    /// The trade-off against a power of two, in words.
    pub fn trade_off(&self) -> String {
        let (best, pow2) = (self.best, self.power_of_two);
        let multiple = match self.planned.as_slice() {
            [1] => format!("At one subtask any number of key groups is even; {best} has the most divisors here, so the most parallelisms split it equally."),
            _ => format!(
                "A multiple of {} ({best}) gives every subtask the same number of key groups at each of them.",
                self.planned_text()
            ),
        };
        let halving = format!("A power of two ({pow2}) keeps halving and doubling even: every power of two up to it divides it, so 2, 4, 8 … subtasks always split it equally.");
        let uneven = match self.uneven_at_power_of_two.as_slice() {
            [] => format!(" The planned parallelisms divide {pow2} too."),
            [one] => {
                format!(" But {one} does not divide {pow2}: at {one} some subtasks own one key group more than others.")
            }
            many => format!(
                " But {} do not divide {pow2}: at those some subtasks own one key group more than others.",
                list(many)
            ),
        };
        format!("{multiple} {halving}{uneven}")
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Suggests max parallelisms that every planned parallelism divides. Planned values outside
/// `1..=32768` are refused; an empty list plans parallelism 1.
pub fn suggest_divisible(planned: &[u32]) -> Result<DivisibleChoice, ModelError> {
    const TOP: u64 = UPPER_BOUND_MAX_PARALLELISM as u64;
    if let Some(&bad) = planned.iter().find(|&&p| p == 0 || u64::from(p) > TOP) {
        return Err(ModelError::OutOfRange {
            what: "planned parallelism",
            value: i64::from(bad),
            min: 1,
            max: TOP as i64,
        });
    }
    let mut planned = planned.to_vec();
    planned.sort_unstable();
    planned.dedup();
    if planned.is_empty() {
        planned.push(1);
    }
    let mut lcm = 1u64;
    for &p in &planned {
        lcm = lcm / gcd(lcm, u64::from(p)) * u64::from(p);
        if lcm > TOP {
            // Keep multiplying (saturating) only to report the true value when it is small.
            let rest = planned.iter().fold(lcm, |l, &q| {
                let m = l / gcd(l, u64::from(q));
                m.saturating_mul(u64::from(q))
            });
            return Err(ModelError::NoCommonMultiple { planned, lcm: rest });
        }
    }
    let largest = u64::from(*planned.last().unwrap_or(&1));
    let (low, high) = span(largest);
    let mut values: Vec<u64> = (low.div_ceil(lcm)..=high / lcm).map(|k| k * lcm).collect();
    if values.is_empty() {
        let above = low.div_ceil(lcm) * lcm;
        values.push(if above <= TOP { above } else { TOP / lcm * lcm });
    }
    let suggestions: Vec<Suggestion> = values
        .into_iter()
        .map(|v| Suggestion {
            value: v as u32,
            kind: SuggestionKind::Divisible,
            even_parallelisms: (1..=largest.min(v)).filter(|&p| v.is_multiple_of(p)).count() as u32,
        })
        .collect();
    let best = suggestions
        .iter()
        .map(|s| s.value)
        .max_by_key(|&v| (divisors(v).len(), std::cmp::Reverse(v)))
        .unwrap_or(lcm as u32);
    let power_of_two = (low.next_power_of_two()).min(TOP) as u32;
    Ok(DivisibleChoice {
        power_of_two_even: (1..=largest as u32).filter(|&p| power_of_two.is_multiple_of(p)).count() as u32,
        uneven_at_power_of_two: planned.iter().copied().filter(|&p| !power_of_two.is_multiple_of(p)).collect(),
        planned,
        lcm: lcm as u32,
        suggestions,
        best,
        power_of_two,
    })
}

/// [`suggest_divisible`] for `planned`; when no value suits them all, the choice for `alone`
/// (one of them) with the reason. Values outside `1..=32768` are clamped into it.
pub fn suggest_divisible_or(planned: &[u32], alone: u32) -> (DivisibleChoice, Option<ModelError>) {
    let clamp = |p: u32| p.clamp(1, UPPER_BOUND_MAX_PARALLELISM);
    let planned: Vec<u32> = planned.iter().copied().map(clamp).collect();
    let one = |p: u32| DivisibleChoice {
        planned: vec![p],
        lcm: p,
        suggestions: Vec::new(),
        best: p,
        power_of_two: p.next_power_of_two().min(UPPER_BOUND_MAX_PARALLELISM),
        uneven_at_power_of_two: Vec::new(),
        power_of_two_even: 1,
    };
    match suggest_divisible(&planned) {
        Ok(c) => (c, None),
        Err(e) => (suggest_divisible(&[clamp(alone)]).unwrap_or_else(|_| one(clamp(alone))), Some(e)),
    }
}

#[cfg(test)]
mod tests;
