//! What the coverage page reads from its state: the fields as drawn, the URL query, the
//! step, trail and reached residues now, and the verdict.

use std::collections::BTreeSet;

use super::super::query::{CoverageQuery, A, M};
use super::CoverageState;
use crate::model::coverage::{grade, step_at, Grade, Verdict};
use crate::url::FieldView;

impl CoverageState {
    /// The modulus field as its widget draws it.
    pub fn m_field(&self) -> FieldView<'_> {
        FieldView::of(&M, &self.m)
    }

    /// The stride field as its widget draws it.
    pub fn a_field(&self) -> FieldView<'_> {
        FieldView::of(&A, &self.a)
    }

    /// The URL query: t is written only while paused (playback would flood the history API).
    pub fn to_query(&self) -> CoverageQuery {
        let t_ms = self.clock.map_or(self.t_ms, |c| c.t_ms_at_start);
        CoverageQuery { m: self.orbit.modulus(), a: self.orbit.stride(), t_ms, answers_hidden: self.initial.answers_hidden }
    }

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

    /// The verdict shown now.
    pub fn verdict(&self) -> Verdict {
        self.grade().map_or(Verdict::Pending, |g| g.verdict)
    }

    /// Whether the link hides answers (`answers=hidden`): no trail, hints instead of reasons.
    pub fn answers_hidden(&self) -> bool {
        self.initial.answers_hidden
    }
}
