//! What the coverage page reads from its state: the trail and reached residues now, and the verdict.

use std::collections::BTreeSet;

use super::CoverageState;
use crate::model::coverage::{grade, step_at, Grade, Verdict};

impl CoverageState {
    /// The step shown now.
    pub fn step(&self) -> u64 {
        step_at(self.t_ms)
    }

    /// The residues visited so far, in order (empty before the run starts).
    pub fn trail(&self) -> Vec<u32> {
        if self.started {
            self.orbit.trail(self.step())
        } else {
            Vec::new()
        }
    }

    /// Distinct residues visited so far.
    pub fn reached(&self) -> BTreeSet<u32> {
        if self.started {
            self.orbit.reached_by(self.step())
        } else {
            BTreeSet::new()
        }
    }

    /// Whether the walk has come back to 0.
    pub fn closed(&self) -> bool {
        self.started && self.step() >= self.orbit.closes_at()
    }

    /// The graded prediction, once the orbit has closed on a locked prediction.
    pub fn grade(&self) -> Option<Grade> {
        (self.closed() && self.locked && !self.prediction.is_empty()).then(|| grade(self.orbit, &self.prediction))
    }

    /// The walk on screen began with nothing predicted (a link under way, or Play or Step
    /// first): it grades nothing until Reset.
    pub fn unpredicted(&self) -> bool {
        self.locked && self.prediction.is_empty()
    }

    /// The verdict shown now.
    pub fn verdict(&self) -> Verdict {
        self.grade().map_or(Verdict::Pending, |g| g.verdict)
    }

    /// Whether the link hides answers (`answers=hidden`): no trail, hints instead of reasons.
    pub fn answers_hidden(&self) -> bool {
        self.hidden
    }
}
