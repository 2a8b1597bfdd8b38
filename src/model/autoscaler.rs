//! What the Flink Kubernetes operator's autoscaler would run for a keyed vertex: its
//! key-group alignment of a target parallelism (`JobVertexScaler`, option
//! `job.autoscaler.scaling.key-group.partitions.adjust.mode`).
//!
//! Rules followed: flink-kubernetes-operator **1.15** (`JobVertexScaler.scale` at the
//! `release-1.15.0` tag, which carries the direction check of FLINK-39299; ARCHITECTURE.md names
//! the commit). Release 1.14 lacks rule 4 and the scale-down cap of rule 2: its upward search runs
//! to the cap, so 12 → 10 at 128 key groups gives 16 there (10 here). Later work on the main
//! branch (FLIP-586, composable alignment modes) is not modelled.
//!
//! 1. The target is clamped to `[lower, min(max parallelism, upper)]`; if it equals the current
//!    parallelism, nothing moves.
//! 2. Search upward from the target (on a scale-down, no further than the current parallelism)
//!    for a p that divides the key-group count N; MAXIMIZE_UTILISATION also takes the first p
//!    whose share ⌊N/p⌋ is smaller than the target's.
//! 3. Failing that, walk down from the target to the first p whose share ⌊N/p⌋ is larger than
//!    the target's, stepping back up one if that p does not divide N; then respect `lower`.
//! 4. If that result no longer moves in the requested direction, keep the current parallelism.
//!
//! Only keyed (hash-partitioned) vertices are modelled; sources align to partitions instead.

/// The operator's two key-group alignment modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlignMode {
    /// Only parallelisms that divide the key-group count (the operator's default).
    EvenlySpread,
    /// Also the first parallelism that lowers every subtask's share.
    MaximizeUtilisation,
}

impl AlignMode {
    pub const ALL: [AlignMode; 2] = [AlignMode::EvenlySpread, AlignMode::MaximizeUtilisation];

    /// The option value as the operator spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            AlignMode::EvenlySpread => "EVENLY_SPREAD",
            AlignMode::MaximizeUtilisation => "MAXIMIZE_UTILISATION",
        }
    }
}

/// Why the result differs from the requested target, if it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The target itself (already aligned, or equal to the current parallelism).
    AsRequested,
    /// The target lay outside the limits (at most N, the max parallelism) and was clamped;
    /// the clamped value was kept.
    Capped,
    /// Moved up to an aligned parallelism (rule 2).
    AlignedUp,
    /// No aligned value upward; fell back downward (rule 3).
    FellBack,
    /// The aligned value would not move in the requested direction: stays put (rule 4, or a
    /// scale-down whose search reached the current parallelism).
    Refused,
}

/// The autoscaler's decision for one vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub parallelism: u32,
    pub outcome: Outcome,
}

/// Aligns `target` for a keyed vertex now at `current`, with N = `key_groups` (its max
/// parallelism), as the operator's `scale` does with its limits `lower` and `upper` (the
/// operator passes `lower = min(current, vertex minimum)` and `upper = max(current, vertex
/// maximum)`). Total: zeros are read as 1, and when `lower` exceeds the cap the cap wins.
pub fn align(current: u32, target: u32, key_groups: u32, lower: u32, upper: u32, mode: AlignMode) -> Choice {
    let choice = align_clamped(current, target, key_groups, lower, upper, mode);
    match choice.outcome {
        Outcome::AsRequested if choice.parallelism != target => Choice { outcome: Outcome::Capped, ..choice },
        _ => choice,
    }
}

fn align_clamped(current: u32, target: u32, key_groups: u32, lower: u32, upper: u32, mode: AlignMode) -> Choice {
    let n = key_groups.max(1);
    let current = current.max(1);
    let lower = lower.max(1);
    let cap = upper.min(n).max(1);
    let target = target.max(lower).min(cap);
    if target == current {
        return Choice { parallelism: target, outcome: Outcome::AsRequested };
    }
    let up = target > current;
    let end = if up { cap } else { current.min(cap) };
    let share = |p: u32| n / p;
    for p in target..=end {
        let fits = n.is_multiple_of(p) || (mode == AlignMode::MaximizeUtilisation && share(p) < share(target));
        if fits {
            let outcome = match p {
                p if p == target => Outcome::AsRequested,
                p if p == current => Outcome::Refused,
                _ => Outcome::AlignedUp,
            };
            return Choice { parallelism: p, outcome };
        }
    }
    let mut p = target;
    while p > 0 {
        if share(p) > share(target) {
            if !n.is_multiple_of(p) {
                p += 1;
            }
            break;
        }
        p -= 1;
    }
    let p = p.max(lower);
    if (up && p <= current) || (!up && p >= current) {
        Choice { parallelism: current, outcome: Outcome::Refused }
    } else {
        Choice { parallelism: p, outcome: Outcome::FellBack }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AlignMode::{EvenlySpread as Even, MaximizeUtilisation as Max};

    /// Targets are `ceil(scale factor · current)` as the operator computes them; cases come
    /// from the operator's JobVertexScalerTest (keyed vertices) and from working its rules.
    #[test]
    fn operator_table() {
        type Case = (u32, u32, u32, u32, u32, AlignMode, u32, Outcome);
        let cases: [Case; 14] = [
            // current, target, N, lower, upper, mode, expected, outcome
            (6, 5, 36, 1, u32::MAX, Even, 6, Outcome::Refused), // sf 0.8
            (16, 24, 128, 1, u32::MAX, Even, 32, Outcome::AlignedUp), // sf 1.5
            (200, 260, 720, 1, u32::MAX, Even, 360, Outcome::AlignedUp), // sf 1.3
            (10, 25, 128, 1, u32::MAX, Even, 32, Outcome::AlignedUp), // sf 2.5
            (10, 25, 128, 1, 128, Max, 26, Outcome::AlignedUp), // sf 2.5, maximize
            (16, 24, 128, 60, u32::MAX, Even, 64, Outcome::AlignedUp), // lower limit 60
            (200, 400, 720, 1, 300, Even, 240, Outcome::FellBack), // upper limit 300
            (200, u32::MAX, 720, 1, 600, Even, 360, Outcome::FellBack), // huge factor, upper 600
            (12, 10, 128, 1, u32::MAX, Even, 10, Outcome::FellBack), // sf 0.8: stays a scale-down (1.14: 16)
            (12, 10, 128, 1, u32::MAX, Max, 11, Outcome::AlignedUp), // sf 0.8, maximize
            (64, 63, 128, 1, u32::MAX, Even, 64, Outcome::Refused), // next divisor up is current
            (100, 110, 128, 1, 120, Even, 100, Outcome::Refused), // fallback would scale down
            (24, 200, 128, 1, u32::MAX, Even, 128, Outcome::Capped), // capped at N
            (8, 8, 128, 1, u32::MAX, Even, 8, Outcome::AsRequested),
        ];
        for (current, target, n, lower, upper, mode, expected, outcome) in cases {
            let got = align(current, target, n, lower, upper, mode);
            assert_eq!(got, Choice { parallelism: expected, outcome }, "{current}→{target} N={n} {mode:?}");
        }
    }

    #[test]
    fn evenly_spread_results_divide_or_stay() {
        for n in [1, 7, 12, 128, 129, 720] {
            for current in 1..=n.min(80) {
                for target in 1..=n.min(80) {
                    let c = align(current, target, n, 1, u32::MAX, Even);
                    assert!(c.parallelism >= 1 && c.parallelism <= n);
                    if c.parallelism != current && c.outcome != Outcome::FellBack {
                        assert!(n.is_multiple_of(c.parallelism) || c.parallelism == target, "{current}→{target} N={n}");
                    }
                    let moved = i64::from(c.parallelism) - i64::from(current);
                    let wanted = i64::from(target.min(n)) - i64::from(current);
                    assert!(moved == 0 || moved.signum() == wanted.signum(), "{current}→{target} N={n}: {c:?}");
                }
            }
        }
    }
}
