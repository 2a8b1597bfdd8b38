//! What the guided path holds while a learner works through it: the stored score, the first
//! attempts (the score: a wrong answer shows the right one, so a retry is practice), each
//! step's response and verdict, and the coverage lab's own
//! exercise runs (a coverage step the learner answered there counts here too: one record of
//! what a learner answered, not two scores for one question; not while an LMS or a live
//! workshop's LRS records the path, which those runs never reach and which may be someone
//! else's: the step is then answered in its own box). Changed only by [`StepAction`]
//! through a reducer, so a check always grades the response as it stands, even when a keystroke
//! and the check arrive before the page has drawn again (a render-time copy of the response
//! once graded `6` for a typed `60`).

use std::collections::BTreeMap;
use std::rc::Rc;

use yew::Reducible;

use super::coverage::progress::Progress as CoverageRuns;
use crate::model::training::{grade, normalised, Answer, Attempts, ExerciseKind, TrainingProgress};

/// A step's verdict: right or not with the text to show, or why the response was refused.
pub type Shown = Result<(bool, String), String>;

#[derive(Clone, PartialEq, Default)]
pub struct Steps {
    pub progress: TrainingProgress,
    /// Why stored progress was set aside, if it was.
    pub note: Option<String>,
    pub attempts: Attempts,
    /// Typed or chosen, not yet necessarily checked.
    pub responses: BTreeMap<String, String>,
    pub feedback: BTreeMap<String, Shown>,
    /// How many times each step was checked in this page: the same verdict or problem twice
    /// is put in its live region anew, so it is said again.
    pub checks: BTreeMap<String, u32>,
    /// The coverage lab's exercise runs, as stored by that lab.
    pub lab_runs: CoverageRuns,
    /// An LMS or a live workshop's LRS records the path: the coverage lab's runs this browser
    /// keeps neither count nor show as answers (they never reach it, and on a shared computer
    /// they are someone else's).
    pub recorded_elsewhere: bool,
    /// The last graded check: how many checks were graded, and the step's key (an LMS is
    /// told of each one).
    pub checked: Option<(u32, String)>,
}

/// A step is named by its exercise's progress key (`Exercise::progress_key`: its id and a
/// fingerprint of what it asks), so an edited exercise does not inherit the old one's answer.
pub enum StepAction {
    /// A step's response changed (a keystroke, a radio chosen).
    Respond { id: String, value: String },
    /// Check a step: the text typed, if given with the check (Enter in the box), else the
    /// response as it stands.
    Check { id: String, kind: ExerciseKind, hidden: bool, typed: Option<String> },
    /// Reset progress of one path (its steps' progress keys): their answers (typed ones too),
    /// attempts and verdicts; another set's steps keep theirs.
    Clear(Vec<String>),
    /// Reset all progress: that, and the coverage lab's exercise runs.
    ClearAll,
    /// The progress an LMS kept, arrived after the page started (cmi5's State resource): it
    /// joins the answers given meanwhile, which stand over it.
    Restore(TrainingProgress),
    /// The coverage lab's exercise runs as this browser now stores them (read again when the
    /// page comes back from the lab, which records them in a page of its own).
    LabRuns(CoverageRuns),
    /// Whether an LMS or a live workshop's LRS records the path now (a live workshop joined, or
    /// stopped): [`Steps::recorded_elsewhere`].
    RecordedElsewhere(bool),
}

/// What a graded answer shows: the model's reason, or, with answers hidden, a hint after a
/// wrong one.
pub fn verdict_text(kind: &ExerciseKind, ok: bool, hidden: bool) -> String {
    if hidden && !ok {
        format!("Hint: {} Try again; retries count as practice, not score.", kind.hint())
    } else {
        kind.solve().1
    }
}

/// Grades a response: an empty one is asked for, a wrong one gets [`verdict_text`].
fn checked(kind: &ExerciseKind, response: &str, hidden: bool) -> Shown {
    if response.trim().is_empty() {
        return Err(match kind.solve().0 {
            Answer::YesNo(_) => "Choose yes or no, then check.".to_string(),
            Answer::Number(_) => "Type a whole number, then check.".to_string(),
        });
    }
    grade(kind, response).map(|ok| (ok, verdict_text(kind, ok, hidden))).map_err(|e| e.to_string())
}

impl Steps {
    pub fn new(progress: (TrainingProgress, Option<String>), attempts: Attempts, lab_runs: CoverageRuns) -> Self {
        // Progress stored before it held first attempts (`v1`): this browser's own first
        // attempts, kept apart, say what they were.
        let mut kept = progress.0;
        for (id, attempt) in &attempts.by_id {
            if kept.answers.contains_key(id) && !kept.first.contains_key(id) {
                kept.set_first(id, attempt.first);
            }
        }
        Steps { progress: kept, note: progress.1, attempts, lab_runs, ..Steps::default() }
    }

    /// A step's recorded answer: right or not, and whether it was given in the coverage lab
    /// (a coverage step not answered here, whose pair is one of that lab's exercise runs; never
    /// while the path is [`recorded_elsewhere`](Steps::recorded_elsewhere)).
    pub fn answered(&self, id: &str, kind: &ExerciseKind) -> Option<(bool, bool)> {
        if let Some((ok, _)) = self.progress.answers.get(id) {
            return Some((*ok, false));
        }
        match kind {
            ExerciseKind::CoverageReach { m, a } if !self.recorded_elsewhere => {
                self.lab_runs.result_for(*m, *a).map(|ok| (ok, true))
            }
            _ => None,
        }
    }

    /// Steps answered right at the first attempt, among `steps` (key and kind): a step with no
    /// attempt kept counts its recorded answer (given in the coverage lab, or before first
    /// attempts were kept in every mode).
    pub fn first_score<'a>(&self, steps: impl IntoIterator<Item = (&'a str, &'a ExerciseKind)>) -> usize {
        let first = |(key, kind): &(&str, &ExerciseKind)| match self.progress.first_of(key) {
            Some(first) => first,
            None => self.answered(key, kind).is_some_and(|a| a.0),
        };
        steps.into_iter().filter(first).count()
    }

    /// The response shown in a step: typed or chosen, else the one stored with the score.
    pub fn response(&self, id: &str) -> String {
        self.responses.get(id).or_else(|| self.progress.answers.get(id).map(|a| &a.1)).cloned().unwrap_or_default()
    }
}

impl Reducible for Steps {
    type Action = StepAction;

    fn reduce(self: Rc<Self>, action: StepAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            StepAction::Respond { id, value } => {
                next.responses.insert(id, value);
            }
            StepAction::Check { id, kind, hidden, typed } => {
                if let Some(text) = typed {
                    next.responses.insert(id.clone(), text);
                }
                let response = next.response(&id);
                let result = checked(&kind, &response, hidden);
                if let Ok((ok, _)) = &result {
                    // An answer given before (in the coverage lab, or before first attempts were
                    // kept) is the step's first attempt.
                    let before = self.answered(&id, &kind).map(|a| a.0);
                    if !next.attempts.by_id.contains_key(&id) {
                        if let Some(before) = before {
                            next.attempts.record(&id, before);
                        }
                    }
                    next.attempts.record(&id, *ok);
                    // Kept (and sent to an LMS) as graded: `60` for a typed `0060`, so 400 leading
                    // zeros take no room in SCORM 1.2's 4,096 characters of suspend data.
                    let kept = normalised(&kind, &response).unwrap_or(response);
                    next.progress.record(&id, *ok, kept, before);
                    let count = next.checked.as_ref().map_or(0, |c| c.0);
                    next.checked = Some((count + 1, id.clone()));
                }
                *next.checks.entry(id.clone()).or_default() += 1;
                next.feedback.insert(id, result);
            }
            StepAction::Restore(kept) => {
                let meanwhile = std::mem::replace(&mut next.progress, kept);
                // Answered again meanwhile: the latest answer stands, the kept first attempt
                // stays the first.
                for (id, (ok, response)) in &meanwhile.answers {
                    let before = meanwhile.first_of(id);
                    next.progress.record(id, *ok, response.clone(), before);
                }
            }
            StepAction::LabRuns(runs) => next.lab_runs = runs,
            StepAction::RecordedElsewhere(elsewhere) => next.recorded_elsewhere = elsewhere,
            StepAction::Clear(keys) => {
                for key in &keys {
                    next.progress.answers.remove(key);
                    next.progress.first.remove(key);
                    next.attempts.by_id.remove(key);
                    next.feedback.remove(key);
                    next.responses.remove(key);
                }
                next.note = None;
            }
            StepAction::ClearAll => {
                next.lab_runs = CoverageRuns::default();
                next.progress = TrainingProgress::default();
                next.note = None;
                next.attempts = Attempts::default();
                next.feedback.clear();
                next.responses.clear();
            }
        }
        Rc::new(next)
    }
}

#[cfg(test)]
#[path = "training_steps_tests.rs"]
mod tests;
