//! What a cmi5 launch shows on the guided path: the session started (`training_cmi5`) once the
//! page is up, each check reported (a check made while it connects waits for it), the progress
//! the LRS kept restored, and a line saying where the answers go, with the Finish button.

use std::rc::Rc;

use yew::prelude::*;

use crate::model::training::cmi5::LaunchMode;
use crate::model::training::lms::PathResult;
use crate::model::training::{Exercise, TrainingProgress};

use super::training_cmi5::{Cmi5Session, Watchers};
use super::training_cmi5_start::{cmi5_launch, start};

/// Starts the cmi5 session when the page was launched as a cmi5 AU (`restore` is given the
/// progress the LRS kept), reports each check (`checked`, see `Steps`), and shows where the
/// answers go, with the Finish button that sends `terminated`.
#[hook]
pub fn use_cmi5_report(
    exercises: Option<Vec<Exercise>>,
    progress: &TrainingProgress,
    checked: Option<(u32, String)>,
    restore: Callback<TrainingProgress>,
) -> Html {
    // A failure says why, and where the answers are kept meanwhile: a broken launch link leaves
    // them to this browser's storage, a session that could not start to this page alone.
    let session = use_state(|| None::<Result<Rc<Cmi5Session>, (String, &'static str)>>);
    // Finished: the result the LMS was sent, and how many checks had been graded then (answers
    // given after that are not sent: the session has ended).
    let finished = use_state(|| None::<(PathResult, u32)>);
    let checks = checked.as_ref().map_or(0, |c| c.0);
    // Why the LRS refused a request for good (dropped, not sent again), the latest.
    let refused = use_state(|| None::<String>);
    // Requests still on their way to the LRS: until none are, the page is busy and the status
    // line says so (a learner who closes the window then loses nothing).
    let pending = use_state(|| 0usize);
    // A request of the running session that failed, and why: it is tried again.
    let problem = use_state(|| None::<String>);
    let launched = use_memo((), |_| cmi5_launch());
    {
        let (session, launched, pending, problem, refused) =
            (session.clone(), launched.clone(), pending.clone(), problem.clone(), refused.clone());
        use_effect_with((), move |_| match (*launched).clone() {
            Some(Err(why)) => session.set(Some(Err((why, "in this browser")))),
            Some(Ok(launch)) => {
                let on_error = Callback::from(move |why| problem.set(why));
                let on_refused = Callback::from(move |why| refused.set(Some(why)));
                let on_pending = Callback::from(move |n| pending.set(n));
                // A launch link works once: a page reloaded in the tab goes on with its session
                // (`start` keeps it for the tab); one opened elsewhere cannot.
                let watchers = Watchers { on_error, on_refused, on_pending, on_unsent: None, on_handover: None };
                yew::platform::spawn_local(async move {
                    match start(launch, watchers).await {
                        Ok((s, kept)) => {
                            restore.emit(kept);
                            session.set(Some(Ok(s)));
                        }
                        Err(why) => session.set(Some(Err((why, "on this page")))),
                    }
                });
            }
            None => {}
        });
    }
    // A check made while the session is still connecting waits, and is reported once it is up.
    let waiting = use_mut_ref(Vec::<String>::new);
    {
        let (progress, current, exercises, waiting) =
            (progress.clone(), (*session).clone(), exercises.clone(), waiting.clone());
        let connecting = launched.as_ref().as_ref().is_some_and(|l| l.is_ok()) && current.is_none();
        use_effect_with(checked, move |checked| match (current, checked, exercises) {
            (Some(Ok(s)), Some((_, key)), Some(exercises)) => s.report(&exercises, &progress, key),
            (None, Some((_, key)), _) if connecting => waiting.borrow_mut().push(key.clone()),
            _ => {}
        });
    }
    {
        let (progress, current, exercises) = (progress.clone(), (*session).clone(), exercises.clone());
        let up = matches!(current, Some(Ok(_)));
        use_effect_with((up, exercises.is_some()), move |_| {
            if let (Some(Ok(s)), Some(exercises)) = (current, exercises) {
                for key in waiting.borrow_mut().drain(..) {
                    s.report(&exercises, &progress, &key);
                }
            }
        });
    }
    // Connecting to the LMS: not settled.
    crate::components::use_busy(
        (launched.as_ref().as_ref().is_some_and(|l| l.is_ok()) && session.is_none()) || *pending > 0,
    );
    let result = exercises.as_deref().map(|e| PathResult::of(e, progress));
    match ((*session).clone(), result) {
        (None, _) if launched.is_some() => {
            html! { <p role="status" data-testid="lms-status">{ "Connecting to your LMS…" }</p> }
        }
        (Some(Err((why, kept))), _) => html! {
            <p class="alert" role="alert" data-testid="lms-status">
                { format!("Your answers are not reaching your LMS: {why}. They are kept {kept} only.") }
            </p>
        },
        (Some(Ok(s)), Some(r)) => {
            // Any answer checked since Finish, even one that leaves the result as it was.
            let since = finished.is_some_and(|f| f.1 != checks);
            let line =
                status_line(s.mode(), s.mastery(), r, finished.map(|f| f.0), (problem.is_some(), *pending), since);
            let on_finish = {
                let finished = finished.clone();
                Callback::from(move |_: MouseEvent| {
                    s.terminate(false);
                    finished.set(Some((r, checks)));
                })
            };
            html! {
                <div class="lms-status">
                    if let Some(why) = &*problem {
                        <p class="alert" role="alert" data-testid="lms-problem">
                            { format!("Your latest answers are not reaching your LMS yet: {why}. They are kept on this page and sent again until it takes them.") }
                        </p>
                    }
                    if let Some(why) = &*refused {
                        <p class="alert" role="alert" data-testid="lms-refused">
                            { format!("Your LMS refused part of your work for good: {why}. It is not recorded and is not sent again; tell your trainer. Your other answers still reach it.") }
                        </p>
                    }
                    <p role="status" data-testid="lms-status">{ line }</p>
                    if finished.is_none() {
                        <button type="button" onclick={on_finish}>{ "Finish and return to the LMS" }</button>
                    }
                </div>
            }
        }
        _ => html! {},
    }
}

/// The status line: what the LMS has of the path (`now`, or as it was at Finish), whether it is
/// all there yet (`(a failure, requests pending)`), what the launch mode makes of it, and
/// whether answers were checked since Finish (`since`).
fn status_line(
    mode: LaunchMode,
    mastery: Option<u32>,
    now: PathResult,
    finished: Option<PathResult>,
    (failing, pending): (bool, usize),
    since: bool,
) -> String {
    let r = finished.unwrap_or(now);
    let score = format!("{} of {} right at the first attempt", r.raw, r.max);
    let mut line = match (finished.is_some(), failing, pending) {
        (true, true, _) => {
            format!("Finishing: your last answers are still to reach your LMS ({score}). Keep this window open.")
        }
        (false, true, _) => format!("Your answers so far: {score}; the latest are still to reach your LMS."),
        (true, false, 0) => format!("Finished: your LMS has your answers ({score}). You can close this window."),
        (true, false, _) => {
            format!("Finishing: sending your last answers to your LMS ({score}). Keep this window open.")
        }
        (false, false, 0) if mode == LaunchMode::Normal => {
            format!("Your LMS has your answers: {score}.{}", r.verdict_words(mastery))
        }
        (false, false, 0) => format!("Your LMS has your answers: {score}."),
        (false, false, _) => format!("Sending your answers to your LMS: {score}."),
    };
    line.push_str(match mode {
        LaunchMode::Normal => "",
        LaunchMode::Browse => " Your LMS launched the path to browse: it keeps your answers, but they make no result (no completion, no pass or fail).",
        LaunchMode::Review => " Your LMS launched the path for review: it keeps your answers, but your result stays as it was.",
    });
    if since {
        line.push_str(" Answers given since you finished stay on this page only: the session with your LMS has ended. Launch the path again from your LMS to record them.");
    }
    line
}
