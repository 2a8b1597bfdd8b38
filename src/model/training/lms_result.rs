//! The path's result as an LMS (and a live workshop's LRS) records it: each step's first
//! graded attempt, the score scaled, complete or not, passed or not against a pass mark.

use super::{decimal, Exercise, TrainingProgress};

/// The path's result as the LMS records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathResult {
    /// Exercises answered right.
    pub raw: u32,
    /// Exercises in the set.
    pub max: u32,
    /// Exercises answered at all.
    pub answered: u32,
}

impl PathResult {
    /// The result of `progress` (kept by progress key) over the exercises of a set: each
    /// step answered counts its first graded attempt (a wrong answer's reason gives the right
    /// one, so a retry is practice).
    pub fn of(exercises: &[Exercise], progress: &TrainingProgress) -> PathResult {
        let marks = exercises.iter().filter_map(|e| progress.first_of(&e.progress_key()));
        let (answered, raw) = marks.fold((0, 0), |(n, r), ok| (n + 1, r + u32::from(ok)));
        PathResult { raw, max: exercises.len() as u32, answered }
    }

    /// `raw / max` in thousandths (0 for an empty set).
    pub fn scaled_milli(self) -> u32 {
        (self.raw * 1000).checked_div(self.max).unwrap_or(0)
    }

    /// Every exercise has an answer.
    pub fn complete(self) -> bool {
        self.max > 0 && self.answered == self.max
    }

    /// Passed: complete, and the scaled score reaches the pass mark.
    pub fn passed(self, pass_mark_milli: u32) -> bool {
        self.complete() && self.scaled_milli() >= pass_mark_milli
    }

    /// What the learner is told once every step has an answer and the LMS names a pass mark
    /// (thousandths): passed or not, and the mark (` All steps answered: passed; the pass mark
    /// is 80%.`); empty before that.
    pub fn verdict_words(self, pass_mark_milli: Option<u32>) -> String {
        let Some(mark) = pass_mark_milli.filter(|_| self.complete()) else { return String::new() };
        let percent = decimal(mark * 100);
        match self.passed(mark) {
            true => format!(" All steps answered: passed; the pass mark is {percent}%."),
            false => format!(" All steps answered: not passed; the pass mark is {percent}%."),
        }
    }

    /// What a SCORM learner is told once every step has an answer: [`verdict_words`] where the
    /// LMS named a pass mark; without one, that the LMS records the path as completed and no
    /// pass or fail (it had said nothing, and the run-time kept only `completed`).
    ///
    /// [`verdict_words`]: PathResult::verdict_words
    pub fn scorm_verdict_words(self, pass_mark_milli: Option<u32>) -> String {
        match (pass_mark_milli, self.complete()) {
            (None, true) => " All steps answered: your LMS records the path as completed. It gave no pass mark, so it records no pass or fail.".to_string(),
            _ => self.verdict_words(pass_mark_milli),
        }
    }
}
