//! The coverage lab's pure reducer (its state and parameters are in `query.rs`). Time comes in
//! with the actions (`now_ms`), so the reducer stays pure and playback follows elapsed time,
//! not the number of timer ticks.

use std::rc::Rc;

use yew::Reducible;

use super::progress::Progress;
pub use super::query::{Clock, CoverageState, Earlier};
use super::query::{A, M, SLOTS};
use super::stored_progress;
use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::model::coverage::{millis_of_step, step_at, Orbit, Prediction, Verdict, MAX_MILLIS};
use crate::model::number::parse_in_range;
use crate::url::{Edit, Field, Notice};

mod derived;

/// What the learner (or the clock) did.
#[derive(Debug, Clone, PartialEq)]
pub enum CoverageAction {
    /// **Modulus m** or **Stride a**.
    Edit(Edit),
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
    /// The exercise progress as this browser now stores it (read again when the lab is shown
    /// after another module's page, which may have reset it).
    StoredProgress(Progress),
}

crate::url::edit_action!(CoverageAction::Edit);

impl Default for CoverageState {
    /// The walk at the slots' defaults (a link opens it, then reads its own values).
    fn default() -> Self {
        let orbit = Orbit::new(i64::from(M.default), A.default as i64).expect("the default pair is valid");
        CoverageState::at(orbit, 0, false, Progress::default())
    }
}

impl CoverageState {
    /// The walk of `orbit` at `t_ms`, with nothing predicted yet. A walk opened under way with
    /// its trail shown takes no prediction (it is locked empty): the answer is on the screen.
    pub fn at(orbit: Orbit, t_ms: u32, hidden: bool, progress: Progress) -> Self {
        CoverageState {
            m: M.field(orbit.modulus()),
            a: A.field(orbit.stride()),
            orbit,
            hidden,
            t_ms,
            started: t_ms > 0,
            clock: None,
            prediction: Prediction::default(),
            count: Field::valid(String::new(), None),
            locked: t_ms > 0 && !hidden,
            earlier: None,
            progress,
            opened_under_way: t_ms > 0,
        }
    }

    /// After an edit of m or a: the walk moves to the fields' pair, if it is another one.
    pub fn sync_orbit(&mut self) {
        if let Ok(orbit) = Orbit::new(i64::from(self.m.value), self.a.value as i64) {
            self.set_pair(orbit);
        }
    }

    /// An edit keeps t (issue 3, seed 000): the new pair's walk waits at the same step, not
    /// begun, for its prediction. Play or Step begins it, and its trail is then worked out from
    /// 0 to that step and on, so the new pair's answer is never on screen before it is predicted
    /// (a walk that went on with the new pair's trail showing once graded a prediction ticked
    /// with its answer in view as a first attempt).
    fn set_pair(&mut self, orbit: Orbit) {
        if orbit == self.orbit {
            return;
        }
        if !self.prediction.is_empty() {
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
        (self.locked, self.opened_under_way) = (false, false);
        (self.started, self.clock) = (false, None);
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

impl Reducible for CoverageState {
    type Action = CoverageAction;

    fn reduce(self: Rc<Self>, action: CoverageAction) -> Rc<Self> {
        let before = self.verdict();
        let mut s = (*self).clone();
        match action {
            CoverageAction::Edit(edit) => edit.apply(SLOTS, &mut s),
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
                if bad_input {
                    // The browser could not read it: the bound named, as for a number too large.
                    s.count.error = Some(crate::url::field::unreadable_number(1, m, Some("")));
                }
                // Not a parameter's field (no edit that ends when it is left). A refused count
                // is not graded, and neither is a count typed on the way to it ("2" of "20"):
                // what is graded is what the box shows, or nothing.
                s.count.settle();
                s.prediction.count = s.count.value.filter(|_| s.count.error.is_none());
            }
            CoverageAction::SetPredictedCount { .. } => {}
            CoverageAction::Play { now_ms } => {
                // A pair set at a kept step at or past its close begins there, graded at once,
                // and stays paused where it is back at 0 (as a walk played to its close does).
                let begun_closed = !s.started && s.step() >= s.orbit.closes_at();
                if s.clock.is_none() {
                    s.begin();
                    let t_ms = if s.t_ms >= MAX_MILLIS { 0 } else { s.t_ms };
                    if !begun_closed {
                        s.clock = Some(Clock { started_at_ms: now_ms, t_ms_at_start: t_ms });
                    }
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
                // The pair on screen (the one the address shows), from the start.
                s = CoverageState::at(s.orbit, 0, s.hidden, s.progress);
            }
            CoverageAction::ResetProgress => s.progress = Progress::default(),
            CoverageAction::StoredProgress(progress) => s.progress = progress,
        }
        s.record_progress(before);
        Rc::new(s)
    }
}

impl LabState for CoverageState {
    const LAB: Lab = Lab::Coverage;
    const READ_BY_HAND: &'static [&'static str] = &["t"];
    /// The exercise progress stored in this browser (an unreadable entry is set aside with a
    /// notice).
    fn opened(&mut self, notices: &mut Vec<Notice>) {
        self.progress = stored_progress(notices);
    }
}

#[cfg(test)]
mod tests;
