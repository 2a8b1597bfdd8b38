//! The coverage reducer, driven as a learner drives the page (clock times passed in).

use super::*;
use crate::labs::frame::testing::{link, run};
use crate::model::number::format_millis_as_seconds;
use crate::url::EditHow;

/// The state a link opens (no progress is stored natively).
fn open(query: &str) -> Rc<CoverageState> {
    crate::labs::frame::testing::open(query)
}

fn start(m: u32, a: u64, t_ms: u32) -> Rc<CoverageState> {
    open(&format!("m={m}&a={a}&t={}", format_millis_as_seconds(t_ms)))
}

fn set_m(text: &str) -> CoverageAction {
    M.typed(text).into()
}

fn set_a(text: &str) -> CoverageAction {
    A.typed(text).into()
}

/// One predicted run's actions: `first` (a reset, edits), a tick on every residue of `ticked`,
/// then `steps` Steps.
fn predicted(first: Vec<CoverageAction>, ticked: impl IntoIterator<Item = u32>, steps: usize) -> Vec<CoverageAction> {
    let ticks = ticked.into_iter().map(|residue| CoverageAction::ToggleResidue { residue });
    first.into_iter().chain(ticks).chain((0..steps).map(|_| CoverageAction::Step)).collect()
}

fn trail_text(s: &CoverageState) -> String {
    s.trail().iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// Reset restarts the pair on screen (the one its address shows, not the link's first one), so
/// "Press Reset to try again" retries the same pair.
#[test]
fn reset_starts_the_pair_on_screen_empty_at_t_zero() {
    let s = run(start(8, 1, 0), vec![set_m("8"), set_a("3"), CoverageAction::Step, CoverageAction::Reset]);
    assert_eq!((s.t_ms, s.step(), trail_text(&s), s.reached().len()), (0, 0, String::new(), 0));
    assert_eq!((s.orbit.modulus(), s.orbit.stride()), (8, 3));
    assert!(s.prediction.is_empty() && !s.locked && s.earlier.is_none());
}

#[test]
fn seed_run_one_all_eight_by_stepping_is_correct() {
    let s = run(start(8, 1, 0), predicted(vec![CoverageAction::Reset, set_m("8"), set_a("3")], 0..8, 8));
    assert_eq!(s.step(), 8);
    assert_eq!(trail_text(&s), "0 3 6 1 4 7 2 5 0");
    assert_eq!(s.reached().len(), 8);
    assert_eq!(s.verdict(), Verdict::Correct);
    assert_eq!(s.progress.results, [Some(true), None]);
}

#[test]
fn seed_run_two_by_playing_pauses_at_close() {
    let mut actions = predicted(vec![CoverageAction::Reset, set_m("8"), set_a("2")], [0, 2, 4, 6], 0);
    actions.push(CoverageAction::Play { now_ms: 1000.0 });
    actions.push(CoverageAction::Tick { now_ms: 2400.0 });
    let mid = run(start(8, 1, 0), actions);
    assert_eq!((mid.step(), mid.verdict()), (2, Verdict::Pending));
    let s = run(mid, vec![CoverageAction::Tick { now_ms: 9000.0 }]);
    assert_eq!(s.clock, None, "playback pauses when the orbit closes");
    assert_eq!((s.t_ms, s.step()), (2000, 4));
    assert_eq!(trail_text(&s), "0 2 4 6 0");
    assert_eq!(s.verdict(), Verdict::Correct);
    assert_eq!(s.progress.results, [None, Some(true)]);
}

#[test]
fn predicting_all_eight_for_stride_two_is_incorrect_with_the_reason() {
    let s = run(start(8, 1, 0), predicted(vec![set_a("2")], 0..8, 4));
    let g = s.grade().unwrap();
    assert_eq!(g.verdict, Verdict::Incorrect);
    assert_eq!(g.predicted_not_reached.into_iter().collect::<Vec<_>>(), vec![1, 3, 5, 7]);
}

#[test]
fn playback_follows_elapsed_time_not_ticks() {
    let s =
        run(start(360, 1, 0), vec![CoverageAction::Play { now_ms: 0.0 }, CoverageAction::Tick { now_ms: 10_000.0 }]);
    assert_eq!(s.step(), 20);
    let s = run(s, vec![CoverageAction::Pause { now_ms: 10_250.0 }]);
    assert_eq!((s.t_ms, s.clock), (10_250, None));
    assert_eq!(link(&s), "m=360&t=10.25");
}

#[test]
fn first_play_or_step_locks_the_prediction() {
    let s = run(start(8, 3, 0), vec![CoverageAction::ToggleResidue { residue: 1 }, CoverageAction::Step]);
    let s = run(
        s,
        vec![
            CoverageAction::ToggleResidue { residue: 2 },
            CoverageAction::SetPredictedCount { text: "3".into(), bad_input: false },
        ],
    );
    assert_eq!(s.prediction.residues.iter().copied().collect::<Vec<_>>(), vec![1]);
    assert_eq!(s.prediction.count, None);
}

/// What is graded is the count the box shows, or none: a refused text grades no count, and
/// neither does a count typed on the way to it (typing "20" passes through "2": a review found
/// 2 graded, "Your count was 2", beside "The count "20" is not graded"). The text stays in the
/// box, its error beside it; a valid text typed again is graded.
#[test]
fn a_refused_count_grades_no_count() {
    let count = |text: &str| CoverageAction::SetPredictedCount { text: text.into(), bad_input: false };
    for (texts, graded) in [
        (vec!["3", "x"], None),
        (vec!["2", "20"], None),
        (vec!["3", "4", "99"], None),
        (vec!["2", "", "9"], None),
        (vec!["2", "20", "2"], Some(2)),
        (vec!["9", "8"], Some(8)),
    ] {
        let s = run(start(8, 3, 0), texts.iter().map(|t| count(t)).collect());
        assert_eq!(s.prediction.count, graded, "{texts:?}");
        assert_eq!(s.count.text, *texts.last().unwrap(), "{texts:?}: the typed text stays");
    }
    // Text the number box could not read: the bound named, no count graded.
    let unread = CoverageAction::SetPredictedCount { text: String::new(), bad_input: true };
    let s = run(start(8, 3, 0), vec![count("3"), unread]);
    assert_eq!(s.prediction.count, None);
    assert_eq!(s.count.error.as_deref(), Some("not a number: type digits only, between 1 and 8, or leave it empty"));
}

/// An edit keeps t (issue 3, seed 000) and moves the prediction to its pair; the new pair waits
/// at that step, not begun, for its prediction, its trail not on screen. Play or Step begins it
/// from 0 (the trail worked out again to the step and on), graded where it is back at 0 (before,
/// the walk went on with the new pair's trail showing, and a prediction ticked with its answer in
/// view was graded as a first attempt). With answers hidden the same.
#[test]
fn an_edit_keeps_t_and_the_new_pair_waits_there_for_its_prediction() {
    let s = run(start(8, 1, 0), predicted(vec![set_a("3")], 0..8, 3));
    assert_eq!(trail_text(&s), "0 3 6 1");
    let s = run(s, vec![CoverageAction::Play { now_ms: 0.0 }, CoverageAction::Tick { now_ms: 500.0 }, set_a("2")]);
    assert_eq!((s.t_ms, s.clock, s.step(), trail_text(&s), s.reached().len()), (2000, None, 4, String::new(), 0));
    // Not begun, the link carries no t: a link with t opens a walk under way, its answer shown.
    assert_eq!(link(&s), "a=2");
    assert_eq!((open(&link(&s)).started, open(&link(&s)).locked), (false, false));
    let earlier = s.earlier.clone().unwrap();
    assert_eq!((earlier.m, earlier.a, earlier.prediction.residues.len()), (8, 3, 8));
    assert!(s.prediction.is_empty() && !s.locked && !s.started);
    // Predicted, then one Step: the walk from 0 to step 5, already back at 0, graded.
    let s = run(s, predicted(vec![], [0, 2, 4, 6], 1));
    assert_eq!((s.step(), trail_text(&s), s.verdict()), (5, "0 2 4 6 0 2".into(), Verdict::Correct));
    // Play at a kept step past the new pair's close: graded at once, and paused there.
    let s =
        run(s, vec![set_m("6"), CoverageAction::ToggleResidue { residue: 0 }, CoverageAction::Play { now_ms: 0.0 }]);
    assert_eq!((s.step(), trail_text(&s), s.verdict(), s.clock), (5, "0 2 4 0 2 4".into(), Verdict::Incorrect, None));
    // Play at a kept step before the close goes on from the kept t.
    let s = run(
        start(8, 3, 1500),
        vec![CoverageAction::Reset, CoverageAction::Step, CoverageAction::Step, CoverageAction::Step],
    );
    let s = run(s, predicted(vec![set_a("5")], [0, 5, 2, 7], 0));
    let s = run(s, vec![CoverageAction::Play { now_ms: 0.0 }, CoverageAction::Tick { now_ms: 1000.0 }]);
    assert_eq!((s.step(), trail_text(&s), s.clock.is_some()), (5, "0 5 2 7 4 1".into(), true));
    // The exercise's runs, each pair set with Reset first as it says, and without: graded.
    let mut runs = predicted(vec![CoverageAction::Reset, set_a("3")], 0..8, 8);
    runs.extend(predicted(vec![CoverageAction::Reset, set_a("2")], [0, 2, 4, 6], 4));
    let s = run(start(8, 1, 0), runs);
    assert_eq!((s.verdict(), s.progress.results), (Verdict::Correct, [Some(true), Some(true)]));
    let mut runs = predicted(vec![set_a("3")], 0..8, 8);
    runs.extend(predicted(vec![set_a("2")], [0, 2, 4, 6], 1));
    let s = run(start(8, 1, 0), runs);
    assert_eq!((s.step(), s.verdict(), s.progress.results), (9, Verdict::Correct, [Some(true), Some(true)]));
    let hidden = run(open("m=8&a=3&answers=hidden"), predicted(vec![], 0..8, 3));
    let s = run(hidden, vec![set_a("2")]);
    assert_eq!((s.t_ms, s.started, s.locked), (1500, false, false));
    let s = run(s, predicted(vec![], [0, 2, 4, 6], 1));
    assert_eq!((s.step(), s.verdict()), (4, Verdict::Correct));
}

/// A link (or a reload) that opens a walk under way shows its trail, so it takes no prediction
/// and grades nothing; Reset opens the same pair for one. With answers hidden no trail shows,
/// and the prediction stays open.
#[test]
fn a_walk_opened_under_way_takes_no_prediction() {
    let s = run(start(8, 2, 2000), predicted(vec![], 0..8, 4));
    assert!(s.unpredicted() && s.closed());
    assert_eq!((s.verdict(), s.progress.results), (Verdict::Pending, [None, None]));
    let s = run(s, vec![CoverageAction::Reset]);
    assert_eq!((s.orbit.stride(), s.t_ms, s.locked), (2, 0, false));
    let hidden = open("m=8&a=2&t=2&answers=hidden");
    assert!(!hidden.locked);
    let s = run(hidden, vec![CoverageAction::ToggleResidue { residue: 4 }]);
    assert_eq!(s.prediction.residues.len(), 1);
}

#[test]
fn bad_input_keeps_the_last_valid_pair() {
    for (action, field_text) in [
        (set_m("0"), "0"),
        (set_m("361"), "361"),
        (set_a("-1"), "-1"),
        (set_a("99999999999999999999999"), "99999999999999999999999"),
    ] {
        let s = run(start(8, 3, 0), vec![action]);
        assert_eq!((s.orbit.modulus(), s.orbit.stride()), (8, 3));
        assert!(s.m.error.is_some() || s.a.error.is_some());
        assert!(s.m.text == field_text || s.a.text == field_text);
    }
    let s = run(
        start(8, 3, 0),
        vec![Edit { param: "m", text: String::new(), bad_input: true, how: EditHow::Typing }.into()],
    );
    assert_eq!((s.m.text.as_str(), s.orbit.modulus()), ("", 8));
    assert!(s.m.error.is_some());
}

#[test]
fn deep_link_with_t_opens_started() {
    let s = start(8, 3, 1500);
    assert_eq!((s.step(), trail_text(&s)), (3, "0 3 6 1".to_string()));
    assert_eq!(link(&s), "a=3&t=1.5");
}

/// The first graded attempt of an exercise run is its score; a retry after Reset is practice,
/// and actions after the verdict (more steps, clearing the score) record nothing more.
#[test]
fn a_retry_is_practice_and_the_first_attempt_stays_the_score() {
    let s = run(start(8, 1, 0), predicted(vec![set_m("8"), set_a("2")], 0..8, 4));
    assert_eq!(
        (s.verdict(), s.progress.results, s.progress.practice),
        (Verdict::Incorrect, [None, Some(false)], [0, 0])
    );
    let s = run(s, vec![CoverageAction::Step, CoverageAction::Step]);
    assert_eq!(s.progress.practice, [0, 0], "steps after the verdict are the same attempt");
    let s = run(s, predicted(vec![CoverageAction::Reset, set_m("8"), set_a("2")], [0, 2, 4, 6], 4));
    assert_eq!((s.verdict(), s.progress.results, s.progress.practice), (Verdict::Correct, [None, Some(false)], [0, 1]));
    let s = run(s, vec![CoverageAction::ResetProgress]);
    assert_eq!(s.progress, Progress::default(), "clearing the score does not re-record the verdict shown");
    // Shown again after home's Reset all progress cleared the store: the lab takes the store's
    // word, and the verdict still shown is not recorded again.
    let s = run(
        s,
        vec![CoverageAction::Step, CoverageAction::StoredProgress(Progress::parse("run1=correct;run2=-").unwrap())],
    );
    assert_eq!(s.progress.results, [Some(true), None]);
    let s = run(s, vec![CoverageAction::StoredProgress(Progress::default())]);
    assert_eq!(s.progress, Progress::default());
}

#[test]
fn answers_hidden_comes_from_the_link_and_survives_reset() {
    let s = run(open("answers=hidden"), vec![set_a("3"), CoverageAction::Reset]);
    assert!(s.answers_hidden());
    assert_eq!(link(&s), "a=3&answers=hidden", "Reset keeps the pair on screen");
}
