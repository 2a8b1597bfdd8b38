//! The coverage lab's state and pure reducer: the pair (m, a), playback time, the learner's
//! prediction and the exercise progress. Time comes in with the actions (`now_ms`), so the
//! reducer stays pure and playback follows elapsed time, not the number of timer ticks.
//!
//! Invariant: `orbit` always matches the last valid `m` and `a`; a prediction belongs to the
//! pair it was made for, and an edit of the pair moves it to `earlier`.

use std::rc::Rc;

use yew::Reducible;

use super::progress::Progress;
use super::query::{CoverageQuery, A, M};
use crate::model::coverage::{millis_of_step, step_at, Orbit, Prediction, Verdict, MAX_MILLIS};
use crate::model::number::parse_in_range;
use crate::url::Field;

mod derived;

/// Playback in progress: t = `t_ms_at_start` + milliseconds since `started_at_ms` (a
/// reading of the browser clock).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    pub started_at_ms: f64,
    pub t_ms_at_start: u32,
}

/// A prediction made for an earlier pair, kept to show it belonged to that pair.
#[derive(Debug, Clone, PartialEq)]
pub struct Earlier {
    pub m: u32,
    pub a: u64,
    pub prediction: Prediction,
    pub verdict: Verdict,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CoverageState {
    /// What Reset returns to (the URL's m and a, else 8 and 1).
    pub initial: CoverageQuery,
    pub m: Field<u32>,
    pub a: Field<u64>,
    pub orbit: Orbit,
    /// Playback time in milliseconds.
    pub t_ms: u32,
    /// False until the first Play or Step (or a link with t > 0): the trail is empty.
    pub started: bool,
    pub clock: Option<Clock>,
    /// The prediction for the current pair, and whether it is locked (the run began).
    pub prediction: Prediction,
    pub count: Field<Option<u32>>,
    pub locked: bool,
    pub earlier: Option<Earlier>,
    pub progress: Progress,
}

/// What the learner (or the clock) did.
#[derive(Debug, Clone, PartialEq)]
pub enum CoverageAction {
    SetModulus {
        text: String,
        bad_input: bool,
    },
    SetStride {
        text: String,
        bad_input: bool,
    },
    ToggleResidue {
        residue: u32,
    },
    SetPredictedCount {
        text: String,
        bad_input: bool,
    },
    Play {
        now_ms: f64,
    },
    Pause {
        now_ms: f64,
    },
    /// Space bar: Play when paused, Pause when playing.
    TogglePlay {
        now_ms: f64,
    },
    /// The playback clock fired.
    Tick {
        now_ms: f64,
    },
    Step,
    Reset,
    ResetProgress,
}

impl CoverageState {
    /// The state a URL opens, with stored exercise progress.
    pub fn new(q: CoverageQuery, progress: Progress) -> Self {
        let initial = CoverageQuery { t_ms: 0, ..q };
        let orbit = Orbit::new(i64::from(q.m), q.a as i64).unwrap_or_else(|_| default_orbit());
        CoverageState {
            initial,
            m: M.field(orbit.modulus()),
            a: A.field(orbit.stride()),
            orbit,
            t_ms: q.t_ms,
            started: q.t_ms > 0,
            clock: None,
            prediction: Prediction::default(),
            count: Field::valid(String::new(), None),
            locked: false,
            earlier: None,
            progress,
        }
    }

    fn set_pair(&mut self, orbit: Orbit) {
        if orbit == self.orbit {
            return;
        }
        if self.locked || !self.prediction.is_empty() {
            self.earlier = Some(Earlier {
                m: self.orbit.modulus(),
                a: self.orbit.stride(),
                prediction: self.prediction.clone(),
                verdict: self.verdict(),
            });
        }
        self.orbit = orbit;
        self.prediction = Prediction::default();
        self.count = Field::valid(String::new(), None);
        self.locked = false;
    }

    fn begin(&mut self) {
        self.started = true;
        self.locked = true;
    }

    /// Moves the clock to `now_ms`, stopping exactly at the step where the orbit closes.
    fn advance(&mut self, now_ms: f64) {
        let Some(clock) = self.clock else { return };
        let elapsed = (now_ms - clock.started_at_ms).clamp(0.0, f64::from(MAX_MILLIS)) as u32;
        let mut t_ms = clock.t_ms_at_start.saturating_add(elapsed).min(MAX_MILLIS);
        let close = self.orbit.closes_at();
        if self.step() < close && step_at(t_ms) >= close {
            t_ms = millis_of_step(close);
            self.clock = None;
        }
        if t_ms >= MAX_MILLIS {
            self.clock = None;
        }
        self.t_ms = t_ms;
    }

    /// Records the attempt when the verdict has just been reached (pending before the action).
    fn record_progress(&mut self, before: Verdict) {
        let verdict = self.verdict();
        if before == Verdict::Pending {
            self.progress.record(self.orbit.modulus(), self.orbit.stride(), verdict);
        }
    }
}

fn default_orbit() -> Orbit {
    let d = CoverageQuery::default();
    Orbit::new(i64::from(d.m), d.a as i64).expect("the default pair is valid")
}

impl Reducible for CoverageState {
    type Action = CoverageAction;

    fn reduce(self: Rc<Self>, action: CoverageAction) -> Rc<Self> {
        let before = self.verdict();
        let mut s = (*self).clone();
        match action {
            CoverageAction::SetModulus { text, bad_input } => {
                let parsed = M.parse(&text).and_then(|m| Orbit::new(i64::from(m), s.orbit.stride() as i64));
                if let (false, Ok(orbit)) = (bad_input, &parsed) {
                    s.set_pair(*orbit);
                }
                s.m.apply(text, bad_input, parsed.map(Orbit::modulus));
            }
            CoverageAction::SetStride { text, bad_input } => {
                let parsed = A.parse(&text).and_then(|a| Orbit::new(i64::from(s.orbit.modulus()), a as i64));
                if let (false, Ok(orbit)) = (bad_input, &parsed) {
                    s.set_pair(*orbit);
                }
                s.a.apply(text, bad_input, parsed.map(Orbit::stride));
            }
            CoverageAction::ToggleResidue { residue } if !s.locked && residue < s.orbit.modulus() => {
                if !s.prediction.residues.remove(&residue) {
                    s.prediction.residues.insert(residue);
                }
            }
            CoverageAction::ToggleResidue { .. } => {}
            CoverageAction::SetPredictedCount { text, bad_input } if !s.locked => {
                let m = i64::from(s.orbit.modulus());
                let parsed = if text.trim().is_empty() {
                    Ok(None)
                } else {
                    parse_in_range(&text, "predicted count", 1, m).map(|c| Some(c as u32))
                };
                s.count.apply(text, bad_input, parsed);
                s.prediction.count = s.count.value;
            }
            CoverageAction::SetPredictedCount { .. } => {}
            CoverageAction::Play { now_ms } => {
                if s.clock.is_none() {
                    s.begin();
                    let t_ms = if s.t_ms >= MAX_MILLIS { 0 } else { s.t_ms };
                    s.clock = Some(Clock { started_at_ms: now_ms, t_ms_at_start: t_ms });
                }
            }
            CoverageAction::Pause { now_ms } => {
                s.advance(now_ms);
                s.clock = None;
            }
            CoverageAction::TogglePlay { now_ms } => {
                let action = match s.clock {
                    Some(_) => CoverageAction::Pause { now_ms },
                    None => CoverageAction::Play { now_ms },
                };
                return Rc::new(s).reduce(action);
            }
            CoverageAction::Tick { now_ms } => s.advance(now_ms),
            CoverageAction::Step => {
                s.clock = None;
                let next = s.step() + 1;
                s.begin();
                s.t_ms = millis_of_step(next);
            }
            CoverageAction::Reset => {
                let progress = s.progress;
                s = CoverageState::new(s.initial, progress);
            }
            CoverageAction::ResetProgress => s.progress = Progress::default(),
        }
        s.record_progress(before);
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests;
