//! The guided path's steps reducer, by table: checks, first attempts, resets, the coverage
//! lab's runs.

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
fn hidden_answers_count_the_first_attempt_and_clear_forgets_them_all() {
    let s = run(vec![respond("6"), check(true, None), check(true, Some("60"))]);
    assert_eq!(s.attempts.score(["owner-77"].into_iter()), 0);
    assert_eq!(s.attempts.practice(), (1, 1));
    assert!(s.feedback["owner-77"].as_ref().is_ok_and(|(ok, _)| *ok));
    let cleared = s.clone().reduce(StepAction::Clear(vec!["owner-77".into()]));
    assert!(cleared.progress.answers.is_empty() && cleared.feedback.is_empty());
    assert_eq!(cleared.attempts, Attempts::default());
    // The box is emptied too: kept for a reload of the tab, a typed answer would come back.
    assert_eq!(cleared.response("owner-77"), "");
    assert!(s.clone().reduce(StepAction::ClearAll).responses.is_empty());
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

#[test]
fn recorded_elsewhere_the_lab_runs_neither_count_nor_show_and_the_box_answers() {
    let runs = CoverageRuns::parse("run1=correct;run2=incorrect").unwrap();
    let reach_8_3 = ExerciseKind::CoverageReach { m: 8, a: 3 };
    let step = [("c83", &reach_8_3)];
    let s = Rc::new(Steps::new((TrainingProgress::default(), None), Attempts::default(), runs));
    // (recorded elsewhere, the step's answer, its first-attempt score)
    let cases = [(false, Some((true, true)), 1), (true, None, 0)];
    for (elsewhere, answer, score) in cases {
        let s = s.clone().reduce(StepAction::RecordedElsewhere(elsewhere));
        assert_eq!((s.answered("c83", &reach_8_3), s.first_score(step)), (answer, score), "{elsewhere}");
    }
    // Answered in its box while recorded elsewhere: a wrong answer is the first attempt, as
    // sent; the browser's right run is no earlier attempt.
    let s = s.reduce(StepAction::RecordedElsewhere(true)).reduce(StepAction::Check {
        id: "c83".into(),
        kind: reach_8_3.clone(),
        hidden: false,
        typed: Some("3".into()),
    });
    assert_eq!((s.answered("c83", &reach_8_3), s.progress.first_of("c83")), (Some((false, false)), Some(false)));
    assert_eq!(s.first_score(step), 0);
}
