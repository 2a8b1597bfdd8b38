//! What a session reports after a check (the answer, the verbs its result owes, the progress)
//! and when a live workshop is joined late (every step answered so far, its first attempt
//! before its latest where they differ). A child of `training_cmi5`, whose queue it fills.

use std::rc::Rc;

use super::{Cmi5Session, Outgoing};
use crate::model::training::cmi5::{answered_statement, au_statement, Verb};
use crate::model::training::lms::PathResult;
use crate::model::training::{Exercise, TrainingProgress};

impl Cmi5Session {
    /// After a check: the answer, the verbs owed, and the progress with what was sent.
    pub fn report(self: &Rc<Self>, exercises: &[Exercise], progress: &TrainingProgress, key: &str) {
        self.answered(exercises.iter().filter(|e| e.progress_key() == key), progress);
        self.owed(exercises, progress);
    }

    /// A live workshop joined after some answers: each step answered so far, in the path's
    /// order (its first attempt where that was another answer, then its latest, so the class
    /// view counts the first as the first), then the verbs owed.
    pub fn report_all(self: &Rc<Self>, exercises: &[Exercise], progress: &TrainingProgress) {
        for e in exercises {
            if let Some((ok, response)) = progress.earlier_first(&e.progress_key()) {
                self.answer(e, response, ok);
            }
            self.answered(std::iter::once(e), progress);
        }
        self.owed(exercises, progress);
    }

    fn answered<'a>(self: &Rc<Self>, steps: impl Iterator<Item = &'a Exercise>, progress: &TrainingProgress) {
        for e in steps {
            if let Some((ok, response)) = progress.answers.get(&e.progress_key()) {
                self.answer(e, response, *ok);
            }
        }
    }

    fn answer(self: &Rc<Self>, e: &Exercise, response: &str, ok: bool) {
        if let Some(s) = answered_statement(&self.launch, &self.data, e, response, ok, &self.stamp()) {
            self.push(Outgoing::Statement(s));
        }
    }

    /// The verbs the path's result owes, and the progress with what was sent.
    fn owed(self: &Rc<Self>, exercises: &[Exercise], progress: &TrainingProgress) {
        let result = PathResult::of(exercises, progress);
        let mut sent = self.sent.get();
        let mastery = self.data.mastery.as_ref().map(|m| m.1);
        for verb in sent.owed(self.data.mode, result, mastery, self.failed_now.get()) {
            self.failed_now.set(self.failed_now.get() || verb == Verb::Failed);
            self.push(Outgoing::Statement(au_statement(&self.launch, &self.data, verb, result, &self.stamp())));
        }
        self.sent.set(sent);
        // A live workshop keeps progress in the browser (an LRS may lack the State resource).
        if self.data.cmi5 {
            self.push(Outgoing::Progress(format!("{}\n{}", sent.format(), progress.format())));
        }
    }
}
