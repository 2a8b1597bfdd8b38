//! Table tests for what the guided path reports to a SCORM run-time.

use super::*;
use crate::training::ExerciseKind;

fn exercise(id: &str, kind: ExerciseKind) -> Exercise {
    Exercise { id: id.into(), title: format!("Step {id}"), prompt: "?".into(), kind }
}

fn owner() -> Exercise {
    // Owner of key group 77 at p = 100, max 128: ⌊77 × 100 ÷ 128⌋ = 60.
    exercise("w-owner", ExerciseKind::OwnerOfGroup { max: 128, p: 100, group: 77 })
}

fn restore() -> Exercise {
    // A restart at 200 from a snapshot with max parallelism 128 does not start.
    exercise("restart 200", ExerciseKind::RestoreStarts { saved_max: 128, p: 200 })
}

fn progress(marks: &[(&Exercise, bool, &str)]) -> TrainingProgress {
    let mut p = TrainingProgress::default();
    for (e, ok, response) in marks {
        p.answers.insert(e.progress_key(), (*ok, response.to_string()));
    }
    p
}

#[test]
fn the_pass_mark_is_read_in_each_standards_scale() {
    let cases = [
        (Scorm::V12, "80", Some(800)),
        (Scorm::V12, " 75.5 ", Some(755)),
        (Scorm::V12, "100", Some(1000)),
        (Scorm::V12, "101", None),
        (Scorm::V12, "", None),
        (Scorm::V12, "eighty", None),
        (Scorm::V2004, "0.8", Some(800)),
        (Scorm::V2004, "1", Some(1000)),
        (Scorm::V2004, "-0.5", Some(0)),
        (Scorm::V2004, "1.5", None),
        (Scorm::V2004, "NaN", None),
    ];
    for (scorm, text, want) in cases {
        assert_eq!(scorm.pass_mark(text), want, "{scorm:?} {text:?}");
    }
}

#[test]
fn the_result_counts_answers_by_progress_key() {
    let (a, b) = (owner(), restore());
    let set = [a.clone(), b.clone()];
    let cases = [
        (progress(&[]), PathResult { raw: 0, max: 2, answered: 0 }),
        (progress(&[(&a, true, "60")]), PathResult { raw: 1, max: 2, answered: 1 }),
        (progress(&[(&a, true, "60"), (&b, false, "yes")]), PathResult { raw: 1, max: 2, answered: 2 }),
    ];
    for (p, want) in cases {
        assert_eq!(PathResult::of(&set, &p), want);
    }
    // A step missed at first and answered right later counts as missed: the result is the
    // first attempts' (the wrong answer's reason gave the right one).
    let mut retried = progress(&[(&b, true, "no")]);
    retried.record(&a.progress_key(), false, "61".into(), None);
    retried.record(&a.progress_key(), true, "60".into(), None);
    assert_eq!(PathResult::of(&set, &retried), PathResult { raw: 1, max: 2, answered: 2 });
    // Once every step is answered, the learner is told passed or not against the LMS's mark.
    let all = PathResult { raw: 1, max: 2, answered: 2 };
    assert_eq!(all.verdict_words(Some(800)), " All steps answered: not passed; the pass mark is 80%.");
    assert_eq!(all.verdict_words(Some(500)), " All steps answered: passed; the pass mark is 50%.");
    assert_eq!(all.verdict_words(None), "");
    assert_eq!(PathResult { answered: 1, ..all }.verdict_words(Some(500)), "");
    // A SCORM LMS without a pass mark records completed alone: said once every step has an answer.
    let unmarked = " All steps answered: your LMS records the path as completed. It gave no pass mark, so it records no pass or fail.";
    for (result, mark, said) in [
        (all, None, unmarked),
        (all, Some(800), " All steps answered: not passed; the pass mark is 80%."),
        (PathResult { answered: 1, ..all }, None, ""),
    ] {
        assert_eq!(result.scorm_verdict_words(mark), said, "{result:?} {mark:?}");
    }
    // An answer kept under an edited exercise's old key does not count for the new one.
    let edited = Exercise { prompt: "Which subtask, now?".into(), ..a.clone() };
    assert_eq!(PathResult::of(&[edited], &progress(&[(&a, true, "60")])).answered, 0);
}

#[test]
fn status_in_each_standard() {
    let half = PathResult { raw: 1, max: 2, answered: 2 };
    let all = PathResult { raw: 2, max: 2, answered: 2 };
    let started = PathResult { raw: 1, max: 2, answered: 1 };
    let find = |values: &[(String, String)], element: &str| {
        values.iter().find(|(e, _)| e == element).map(|(_, v)| v.clone()).unwrap_or_default()
    };
    // (standard, result, pass mark, the status elements and their values; "" for not set)
    type Case<'a> = (Scorm, PathResult, Option<u32>, &'a [(&'a str, &'a str)]);
    let cases: [Case; 8] = [
        (
            Scorm::V12,
            started,
            Some(800),
            &[("cmi.core.lesson_status", "incomplete"), ("cmi.core.exit", "suspend"), ("cmi.core.score.raw", "")],
        ),
        (Scorm::V12, half, Some(800), &[("cmi.core.lesson_status", "failed"), ("cmi.core.score.raw", "50")]),
        (Scorm::V12, all, Some(800), &[("cmi.core.lesson_status", "passed"), ("cmi.core.exit", "")]),
        (Scorm::V12, half, None, &[("cmi.core.lesson_status", "completed"), ("cmi.core.score.max", "100")]),
        (
            Scorm::V2004,
            started,
            Some(500),
            &[
                ("cmi.completion_status", "incomplete"),
                ("cmi.success_status", "unknown"),
                ("cmi.exit", "suspend"),
                ("cmi.score.scaled", ""),
                ("cmi.progress_measure", "0.5"),
            ],
        ),
        (
            Scorm::V2004,
            half,
            Some(500),
            &[("cmi.success_status", "passed"), ("cmi.score.scaled", "0.5"), ("cmi.exit", "normal")],
        ),
        (Scorm::V2004, half, Some(800), &[("cmi.success_status", "failed"), ("cmi.score.raw", "1")]),
        (Scorm::V2004, half, None, &[("cmi.completion_status", "completed"), ("cmi.success_status", "unknown")]),
    ];
    for (scorm, result, mark, want) in cases {
        let values = status_values(scorm, result, mark, "v1\n");
        for (element, value) in want {
            assert_eq!(find(&values, element), *value, "{scorm:?} {result:?} {mark:?} {element}");
        }
        assert_eq!(values.last(), Some(&("cmi.suspend_data".to_string(), "v1\n".to_string())));
    }
}

/// A run-time given a pass mark judges any score it holds (2004 reads `cmi.success_status`
/// from `cmi.score.scaled`; a 1.2 LMS sets the lesson status from `cmi.core.score.raw` at
/// `LMSFinish`): until every step has an answer, no score is written at all.
#[test]
fn no_score_before_every_step_has_an_answer() {
    for answered in 0..14 {
        let result = PathResult { raw: answered, max: 14, answered };
        for scorm in [Scorm::V12, Scorm::V2004] {
            let values = status_values(scorm, result, Some(800), "");
            let scores: Vec<_> = values.iter().filter(|(e, _)| e.contains(".score.")).collect();
            assert_eq!(scores, Vec::<&(String, String)>::new(), "{scorm:?} {answered} of 14");
        }
    }
}

#[test]
fn a_scorm_12_score_is_in_percent_like_its_mastery_score() {
    let score = |raw, max| {
        let values = status_values(Scorm::V12, PathResult { raw, max, answered: max }, Some(800), "");
        let find = |element: &str| values.iter().find(|(e, _)| e == element).map(|(_, v)| v.clone());
        [find("cmi.core.score.raw"), find("cmi.core.score.min"), find("cmi.core.score.max")].map(Option::unwrap)
    };
    assert_eq!(score(13, 14), ["92.8", "0", "100"]);
    assert_eq!(score(150, 200), ["75", "0", "100"]);
    assert_eq!(score(0, 3), ["0", "0", "100"]);
    let values = status_values(Scorm::V2004, PathResult { raw: 150, max: 200, answered: 200 }, None, "");
    assert!(values.contains(&("cmi.score.raw".into(), "150".into())), "{values:?}");
}

#[test]
fn decimals_are_written_without_trailing_zeros() {
    for (milli, text) in [(0, "0"), (500, "0.5"), (750, "0.75"), (667, "0.667"), (1000, "1")] {
        assert_eq!(decimal(milli), text);
    }
}

#[test]
fn an_interaction_in_each_standards_words() {
    let (a, b) = (owner(), restore());
    // 2024-05-01T12:34:56.789Z, checked by a learner at UTC+2.
    let when = Moment { epoch_ms: 1_714_566_896_789, offset_minutes: 120 };
    let v12 = interaction_values(Scorm::V12, 3, &b, " Yes ", false, when).unwrap();
    assert_eq!(
        v12,
        [
            ("cmi.interactions.3.id", "restart_200"),
            ("cmi.interactions.3.type", "true-false"),
            ("cmi.interactions.3.time", "14:34:56"),
            ("cmi.interactions.3.correct_responses.0.pattern", "f"),
            ("cmi.interactions.3.student_response", "t"),
            ("cmi.interactions.3.result", "wrong"),
        ]
        .map(|(e, v)| (e.to_string(), v.to_string()))
    );
    let v2004 = interaction_values(Scorm::V2004, 0, &a, "60", true, when).unwrap();
    assert_eq!(
        v2004,
        [
            ("cmi.interactions.0.id", "w-owner"),
            ("cmi.interactions.0.type", "numeric"),
            ("cmi.interactions.0.timestamp", "2024-05-01T12:34:56.78Z"),
            ("cmi.interactions.0.description", "Step w-owner"),
            ("cmi.interactions.0.correct_responses.0.pattern", "60[:]60"),
            ("cmi.interactions.0.learner_response", "60"),
            ("cmi.interactions.0.result", "correct"),
        ]
        .map(|(e, v)| (e.to_string(), v.to_string()))
    );
    // A response grading refuses was never checked: nothing to report.
    assert_eq!(interaction_values(Scorm::V2004, 0, &a, "sixty", false, when), None);
    assert_eq!(interaction_values(Scorm::V12, 0, &b, "maybe", false, when), None);
}

#[test]
fn interaction_ids_keep_to_the_safe_characters() {
    for (id, want) in [("w-owner", "w-owner"), ("a b/c", "a_b_c"), ("", "exercise"), ("ü.1", "_.1")] {
        assert_eq!(interaction_id(id), want);
    }
    assert_eq!(interaction_id(&"x".repeat(300)).len(), 255);
}

#[test]
fn suspend_data_keeps_whole_lines_that_fit() {
    let text = "v1\na\tcorrect\t1\nb\tcorrect\t2\n";
    let steps = |ids: &[&str]| ids.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // (limit, kept, the steps left out: in the text's order)
    let cases = [
        (100, text, steps(&[])),
        (16, "v1\na\tcorrect\t1\n", steps(&["b"])),
        (3, "v1\n", steps(&["a", "b"])),
        (2, "", steps(&["a", "b"])),
    ];
    for (limit, kept, dropped) in cases {
        assert_eq!(fit_suspend(text, limit), (kept.to_string(), dropped), "{limit}");
    }
    // A line that would fit after one that did not is left out too: the kept part is a prefix.
    let uneven = "v1\na\tcorrect\t1234567890\nb\tcorrect\t2\n";
    assert_eq!(fit_suspend(uneven, 16), ("v1\n".to_string(), steps(&["a", "b"])));
    // Every progress text that fits round-trips through suspend data.
    let p = progress(&[(&owner(), true, "60"), (&restore(), false, "yes")]);
    let (kept, dropped) = fit_suspend(&p.format(), Scorm::V12.suspend_limit());
    assert_eq!((TrainingProgress::parse(&kept), dropped), (Some(p), vec![]));
}

/// What a new launch leaves alone until the learner answers: a result the LMS recorded. The
/// status words are the ones each version's run-time takes (`status_values` writes them).
#[test]
fn a_recorded_result_is_one_the_lms_was_given() {
    let words = ["passed", " failed ", "completed", "incomplete", "not attempted", "unknown", ""];
    let recorded = |scorm: Scorm| words.into_iter().filter(|w| scorm.recorded_result(w)).collect::<Vec<_>>();
    assert_eq!(recorded(Scorm::V12), ["passed", " failed ", "completed"]);
    assert_eq!(recorded(Scorm::V2004), ["passed", " failed "]);
    assert_eq!(
        (Scorm::V12.result_element(), Scorm::V2004.result_element()),
        ("cmi.core.lesson_status", "cmi.success_status")
    );
}
