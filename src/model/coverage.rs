//! The modular coverage toy: a walk r(n) = (n·a) mod m over the residues 0..m.
//!
//! This is a separate teaching toy, not a model of Flink rescaling: it asks whether a
//! traversal with a fixed stride reaches every member of a finite set. The walk starts at
//! r(0) = 0 and returns there first at n = m / gcd(m, a); it visits exactly the multiples of
//! gcd(m, a). Playback shows step n = floor(2·t) at time t seconds, kept in whole milliseconds so that
//! the step is exact integer arithmetic.
//!
//! Invariant: an [`Orbit`] has `1 <= m <= MAX_MODULUS` and `0 <= a <= MAX_STRIDE`; all
//! arithmetic reduces `a` and `n` mod m first, so nothing overflows.

use std::collections::BTreeSet;

use super::error::ModelError;

pub mod hint;
pub use hint::hint;

/// The largest modulus the lab accepts.
pub const MAX_MODULUS: u32 = 360;
/// The largest stride the lab accepts (10^12).
pub const MAX_STRIDE: u64 = 1_000_000_000_000;
/// The longest playback time, in milliseconds (one hour).
pub const MAX_MILLIS: u32 = 3_600_000;

/// A validated (m, a) pair and the facts of its walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Orbit {
    m: u32,
    a: u64,
    a_mod: u32,
    gcd: u32,
}

impl Orbit {
    /// Validates `1 <= m <= 360` and `0 <= a <= 10^12`.
    pub fn new(m: i64, a: i64) -> Result<Orbit, ModelError> {
        if !(1..=i64::from(MAX_MODULUS)).contains(&m) {
            return Err(ModelError::OutOfRange { what: "modulus m", value: m, min: 1, max: i64::from(MAX_MODULUS) });
        }
        if !(0..=MAX_STRIDE as i64).contains(&a) {
            return Err(ModelError::OutOfRange { what: "stride a", value: a, min: 0, max: MAX_STRIDE as i64 });
        }
        let (m, a) = (m as u32, a as u64);
        let a_mod = (a % u64::from(m)) as u32;
        Ok(Orbit { m, a, a_mod, gcd: gcd(m, a_mod) })
    }

    /// The modulus m.
    pub fn modulus(self) -> u32 {
        self.m
    }
    /// The stride a as given.
    pub fn stride(self) -> u64 {
        self.a
    }
    /// `a mod m`: the stride the walk really takes.
    pub fn reduced_stride(self) -> u32 {
        self.a_mod
    }
    /// `gcd(m, a mod m)`, with gcd(m, 0) = m.
    pub fn gcd(self) -> u32 {
        self.gcd
    }
    /// How many distinct residues the walk reaches: `m / gcd(m, a)`.
    pub fn size(self) -> u32 {
        self.m / self.gcd
    }
    /// The first step n > 0 at which the walk is back at 0 (equal to [`Orbit::size`]).
    pub fn closes_at(self) -> u64 {
        u64::from(self.size())
    }
    /// r(n) = (n·a) mod m.
    pub fn residue(self, n: u64) -> u32 {
        let n_mod = n % u64::from(self.m);
        (n_mod * u64::from(self.a_mod) % u64::from(self.m)) as u32
    }
    /// r(0), r(1), …, r(n).
    pub fn trail(self, n: u64) -> Vec<u32> {
        (0..=n).map(|k| self.residue(k)).collect()
    }
    /// The residues the closed orbit reaches: the multiples of gcd(m, a), ascending.
    pub fn reached(self) -> BTreeSet<u32> {
        (0..self.m).step_by(self.gcd as usize).collect()
    }
    /// The distinct residues among r(0..=n).
    pub fn reached_by(self, n: u64) -> BTreeSet<u32> {
        if n >= self.closes_at() {
            self.reached()
        } else {
            (0..=n).map(|k| self.residue(k)).collect()
        }
    }
}

fn gcd(mut x: u32, mut y: u32) -> u32 {
    while y != 0 {
        (x, y) = (y, x % y);
    }
    x
}

/// The step shown at playback time t (in milliseconds): floor(2·t) = t_ms / 500, exactly,
/// in integer arithmetic. Times past the limit count as the limit.
pub fn step_at(t_ms: u32) -> u64 {
    u64::from(t_ms.min(MAX_MILLIS)) / 500
}

/// The playback time (ms) at which step `n` begins, n / 2 seconds, capped at the limit.
pub fn millis_of_step(n: u64) -> u32 {
    n.saturating_mul(500).min(u64::from(MAX_MILLIS)) as u32
}

/// A learner's prediction for one (m, a) pair: the residues they expect the walk to reach,
/// and optionally how many.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Prediction {
    pub residues: BTreeSet<u32>,
    pub count: Option<u32>,
}

impl Prediction {
    /// Whether the learner has predicted anything at all.
    pub fn is_empty(&self) -> bool {
        self.residues.is_empty() && self.count.is_none()
    }
}

/// The outcome of grading a prediction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Not graded yet: the orbit has not closed, or nothing was predicted.
    Pending,
    Correct,
    Incorrect,
}

impl Verdict {
    /// The value of the `data-verdict` attribute.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pending => "pending",
            Verdict::Correct => "correct",
            Verdict::Incorrect => "incorrect",
        }
    }
}

/// A graded prediction with the facts its explanation needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    pub verdict: Verdict,
    /// Every residue the orbit reaches.
    pub reached: BTreeSet<u32>,
    /// Ticked, but never reached.
    pub predicted_not_reached: BTreeSet<u32>,
    /// Reached, but not ticked.
    pub reached_not_predicted: BTreeSet<u32>,
    /// Whether the typed count (if any) equals the orbit size.
    pub count_right: Option<bool>,
}

/// Grades `prediction` against the closed orbit. A set is correct when it equals the reached
/// set; a count when it equals the orbit size; both must hold when both were given.
pub fn grade(orbit: Orbit, prediction: &Prediction) -> Grade {
    let reached = orbit.reached();
    let predicted_not_reached = prediction.residues.difference(&reached).copied().collect();
    let reached_not_predicted = if prediction.residues.is_empty() {
        BTreeSet::new()
    } else {
        reached.difference(&prediction.residues).copied().collect()
    };
    let set_right = (!prediction.residues.is_empty()).then(|| prediction.residues == reached);
    let count_right = prediction.count.map(|c| c == orbit.size());
    let verdict = match (set_right, count_right) {
        (None, None) => Verdict::Pending,
        (Some(false), _) | (_, Some(false)) => Verdict::Incorrect,
        _ => Verdict::Correct,
    };
    Grade { verdict, reached, predicted_not_reached, reached_not_predicted, count_right }
}

/// Where residue `residue` of `m` sits on a circle of `radius` around (`centre`, `centre`),
/// residue 0 at the top and the rest clockwise, rounded to whole units (the picture's view box
/// is in whole numbers, so no float formatting ships). Its sine and cosine are a short series,
/// not the standard library's: those pull in a general range reduction (about 7 KB of the
/// coverage module) that angles in one turn never need.
pub fn circle_point(residue: u32, m: u32, centre: i32, radius: i32) -> (i32, i32) {
    let turn = std::f64::consts::TAU * f64::from(residue % m.max(1)) / f64::from(m.max(1));
    // Into [-π, π], where the series below is exact to about 1e-15.
    let angle = if turn > std::f64::consts::PI { turn - std::f64::consts::TAU } else { turn };
    let (sin, cos) = sin_cos(angle);
    let r = f64::from(radius);
    (centre + (r * sin).round() as i32, centre - (r * cos).round() as i32)
}

/// Sine and cosine of `x` in [-π, π] by their Taylor series, to the 27th power.
fn sin_cos(x: f64) -> (f64, f64) {
    let (mut sin, mut cos, mut term_sin, mut term_cos) = (0.0, 0.0, x, 1.0);
    for k in 0..14 {
        sin += term_sin;
        cos += term_cos;
        let n = f64::from(2 * k);
        term_sin *= -x * x / ((n + 2.0) * (n + 3.0));
        term_cos *= -x * x / ((n + 1.0) * (n + 2.0));
    }
    (sin, cos)
}

#[cfg(test)]
mod tests;
