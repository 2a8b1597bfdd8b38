//! What the guided path holds while a learner works through it: the stored score, the first
//! attempts (the score: a wrong answer shows the right one, so a retry is practice), each
//! step's response and verdict, and the coverage lab's own
//! exercise runs (a coverage step the learner answered there counts here too: one record of
//! what a learner answered, not two scores for one question). Changed only by [`StepAction`]
//! through a reducer, so a check always grades the response as it stands, even when a keystroke
//! and the check arrive before the page has drawn again (a render-time copy of the response
//! once graded `6` for a typed `60`).

use std::collections::BTreeMap;
use std::rc::Rc;

use yew::Reducible;

use super::coverage::progress::Progress as CoverageRuns;
use crate::model::training::{grade, Answer, Attempts, ExerciseKind, TrainingProgress};

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
    /// Reset progress of one path (its steps' progress keys): their answers, attempts and
    /// verdicts; another set's steps keep theirs.
    Clear(Vec<String>),
    /// Reset all progress: that, and the coverage lab's exercise runs.
    ClearAll,
    /// The progress an LMS kept, arrived after the page started (cmi5's State resource): it
    /// joins the answers given meanwhile, which stand over it.
    Restore(TrainingProgress),
    /// The coverage lab's exercise runs as this browser now stores them (read again when the
    /// page comes back from the lab, which records them in a page of its own).
    LabRuns(CoverageRuns),
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
    /// (a coverage step not answered here, whose pair is one of that lab's exercise runs).
    pub fn answered(&self, id: &str, kind: &ExerciseKind) -> Option<(bool, bool)> {
        if let Some((ok, _)) = self.progress.answers.get(id) {
            return Some((*ok, false));
        }
        match kind {
            ExerciseKind::CoverageReach { m, a } => self.lab_runs.result_for(*m, *a).map(|ok| (ok, true)),
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
                    next.progress.record(&id, *ok, response, before);
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
            StepAction::Clear(keys) => {
                for key in &keys {
                    next.progress.answers.remove(key);
                    next.progress.first.remove(key);
                    next.attempts.by_id.remove(key);
                    next.feedback.remove(key);
                }
                next.note = None;
            }
            StepAction::ClearAll => {
                next.lab_runs = CoverageRuns::default();
                next.progress = TrainingProgress::default();
                next.note = None;
                next.attempts = Attempts::default();
                next.feedback.clear();
            }
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner() -> ExerciseKind {
        ExerciseKind::OwnerOfGroup { max: 128, p: 100, group: 77 }
    }

    fn run(actions: Vec<StepAction>) -> Rc<Steps> {
        actions.into_iter().fold(Rc::new(Steps::default()), |s, a| s.reduce(a))
    }

    fn respond(value: &str) -> StepAction {
        StepAction::Respond { id: "owner-77".into(), value: value.into() }
    }

    fn check(hidden: bool, typed: Option<&str>) -> StepAction {
        StepAction::Check { id: "owner-77".into(), kind: owner(), hidden, typed: typed.map(str::to_string) }
    }

    #[test]
    fn a_check_grades_the_latest_response_and_keeps_it() {
        // (what happens, the verdict, the stored answer)
        type Case = (Vec<StepAction>, Shown, Option<(bool, &'static str)>);
        let cases: Vec<Case> = vec![
            (vec![respond("6"), respond("60"), check(false, None)], Ok((true, owner().solve().1)), Some((true, "60"))),
            (vec![respond("6"), check(false, Some("60"))], Ok((true, owner().solve().1)), Some((true, "60"))),
            (vec![respond("60"), respond("6"), check(false, None)], Ok((false, owner().solve().1)), Some((false, "6"))),
            (vec![check(false, None)], Err("Type a whole number, then check.".into()), None),
        ];
        for (actions, shown, stored) in cases {
            let s = run(actions);
            assert_eq!(s.feedback.get("owner-77"), Some(&shown));
            assert_eq!(s.progress.answers.get("owner-77").map(|(ok, r)| (*ok, r.as_str())), stored);
        }
    }

    #[test]
    fn progress_an_lms_kept_joins_the_answers_given_while_it_arrived() {
        let mut kept = TrainingProgress::default();
        kept.answers.insert("owner-77".into(), (false, "6".into()));
        kept.answers.insert("restart-200".into(), (false, "yes".into()));
        // Checked while connecting: owner-77 answered right; it stands over the kept wrong one.
        let s = run(vec![check(false, Some("60")), StepAction::Restore(kept)]);
        assert_eq!(s.progress.answers["owner-77"], (true, "60".to_string()));
        assert_eq!(s.progress.answers["restart-200"], (false, "yes".to_string()));
        // The LMS kept a wrong first attempt: it stays the step's first.
        assert_eq!(s.progress.first_of("owner-77"), Some(false));
        assert_eq!(s.checked, Some((1, "owner-77".to_string())));
    }

    #[test]
    fn hidden_answers_count_the_first_attempt_and_clear_forgets_all_but_responses() {
        let s = run(vec![respond("6"), check(true, None), check(true, Some("60"))]);
        assert_eq!(s.attempts.score(["owner-77"].into_iter()), 0);
        assert_eq!(s.attempts.practice(), (1, 1));
        assert!(s.feedback["owner-77"].as_ref().is_ok_and(|(ok, _)| *ok));
        let cleared = s.clone().reduce(StepAction::Clear(vec!["owner-77".into()]));
        assert!(cleared.progress.answers.is_empty() && cleared.feedback.is_empty());
        assert_eq!(cleared.attempts, Attempts::default());
        assert_eq!(cleared.response("owner-77"), "60");
        // Another path's reset (its own steps) leaves this one's progress as it was.
        let other = s.clone().reduce(StepAction::Clear(vec!["g-own".into()]));
        assert_eq!((&other.progress, &other.attempts), (&s.progress, &s.attempts));
    }

    /// A wrong answer shows the right one, so the score is the first attempt in every mode: the
    /// answer copied from the reason is practice. An answer stored before first attempts were
    /// kept in every mode counts as the first.
    #[test]
    fn the_first_attempt_is_the_score_with_answers_shown_too() {
        let owner = owner();
        let step = [("owner-77", &owner)];
        let s = run(vec![check(false, Some("6")), check(false, Some("60"))]);
        assert_eq!((s.first_score(step), s.attempts.practice()), (0, (1, 1)));
        assert_eq!(s.answered("owner-77", &owner), Some((true, false)));
        let s = run(vec![check(false, Some("60")), check(false, Some("6"))]);
        assert_eq!(s.first_score(step), 1);
        let mut stored = TrainingProgress::default();
        stored.answers.insert("owner-77".into(), (true, "60".into()));
        let old = Rc::new(Steps::new((stored, None), Attempts::default(), CoverageRuns::default()));
        assert_eq!(old.first_score(step), 1);
        // This browser's first attempts, kept apart before the progress held them, still count.
        let mut first = Attempts::default();
        first.record("owner-77", false);
        let apart = Steps::new((old.progress.clone(), None), first, CoverageRuns::default());
        assert_eq!(apart.first_score(step), 0);
        assert_eq!(old.reduce(check(false, Some("6"))).first_score(step), 1);
    }

    #[test]
    fn a_coverage_run_done_in_the_lab_answers_its_step_until_reset_all() {
        let runs = CoverageRuns::parse("run1=correct;run2=incorrect").unwrap();
        let s = Rc::new(Steps::new((TrainingProgress::default(), None), Attempts::default(), runs));
        let (reach_8_3, reach_8_2) =
            (ExerciseKind::CoverageReach { m: 8, a: 3 }, ExerciseKind::CoverageReach { m: 8, a: 2 });
        assert_eq!(s.answered("c83", &reach_8_3), Some((true, true)));
        assert_eq!(s.answered("c82", &reach_8_2), Some((false, true)));
        assert_eq!(s.answered("c85", &ExerciseKind::CoverageReach { m: 8, a: 5 }), None);
        assert_eq!(s.answered("owner-77", &owner()), None);
        // Answered here, the path's own answer stands.
        let s = s.reduce(StepAction::Check {
            id: "c82".into(),
            kind: reach_8_2.clone(),
            hidden: false,
            typed: Some("4".into()),
        });
        assert_eq!(s.answered("c82", &reach_8_2), Some((true, false)));
        // The lab's wrong run was the step's first attempt: the path's right answer is practice.
        let both = [("c83", &reach_8_3), ("c82", &reach_8_2)];
        assert_eq!((s.first_score(both), s.attempts.practice()), (1, (1, 1)));
        let s = s.reduce(StepAction::Clear(vec!["c83".into(), "c82".into()]));
        assert_eq!(s.answered("c83", &reach_8_3), Some((true, true)));
        let s = s.reduce(StepAction::ClearAll);
        assert_eq!(s.answered("c83", &reach_8_3), None);
        // Back from the lab, which ran m = 8, a = 3 meanwhile: the runs read again count.
        let s = s.reduce(StepAction::LabRuns(CoverageRuns::parse("run1=correct;run2=-").unwrap()));
        assert_eq!(s.answered("c83", &reach_8_3), Some((true, true)));
    }
}
