//! The guided path under an LMS that launched it from a SCORM package: the learner's progress
//! comes from the LMS (its suspend data) instead of this browser's storage, and every checked
//! answer is reported as an interaction (with when it was checked), followed by the score,
//! the status, the progress and the session's time so far, then committed. A line above the
//! steps says where the answers go, or why they cannot.

use yew::prelude::*;

use crate::browser::lms::{moment_now, scorm_link, ScormLink, ScormSession};
use crate::model::training::lms::{fit_suspend, interaction_values, status_values, PathResult};
use crate::model::training::{Exercise, TrainingProgress};

/// The progress the LMS kept for this learner, when a SCORM package launched the page (with a
/// note if it was unreadable); `None` otherwise (the browser's storage holds it).
pub fn lms_progress() -> Option<(TrainingProgress, Option<String>)> {
    let ScormLink::Found(session) = scorm_link()? else { return None };
    let text = session.get(session.scorm.suspend_element());
    Some(match TrainingProgress::parse(&text) {
        _ if text.is_empty() => (TrainingProgress::default(), None),
        Some(p) => (p, None),
        None => (
            TrainingProgress::default(),
            Some("The progress your LMS kept was unreadable (older or damaged), so this attempt starts afresh.".into()),
        ),
    })
}

/// Whether the LMS holds the progress (the browser's storage is then left alone): a SCORM
/// run-time was found, or a cmi5 launch link is whole.
pub fn lms_keeps_progress() -> bool {
    matches!(scorm_link(), Some(ScormLink::Found(_)))
        || matches!(super::training_cmi5_start::cmi5_launch(), Some(Ok(_)))
}

/// One graded answer, the result and the progress, told to the run-time and committed.
fn report(
    session: &ScormSession,
    exercises: &[Exercise],
    progress: &TrainingProgress,
    checked: Option<&str>,
) -> Result<String, String> {
    let scorm = session.scorm;
    if let Some(key) = checked {
        let exercise = exercises.iter().find(|e| e.progress_key() == key);
        if let (Some(e), Some((ok, response))) = (exercise, progress.answers.get(key)) {
            let index = session.get(scorm.interaction_count_element()).trim().parse::<u32>().unwrap_or(0);
            if let Some(values) = interaction_values(scorm, index, e, response, *ok, moment_now()) {
                session.set_all(&values)?;
            }
        }
    }
    let result = PathResult::of(exercises, progress);
    let (suspend, dropped) = fit_suspend(&progress.format(), scorm.suspend_limit());
    let dropped = dropped
        .iter()
        .filter_map(|key| exercises.iter().find(|e| e.progress_key() == *key))
        .map(|e| e.title.as_str())
        .collect::<Vec<_>>();
    // A result recorded (this launch's or an earlier one's) stays as it is: it counts first
    // attempts, which a later answer does not change, and the suspend data may not have held
    // every answer it counted (found by a walk-through: a relaunched 80-step path that had
    // passed went back to incomplete at the next answer). Only the progress is written.
    let recorded = session.get(scorm.result_element());
    if scorm.recorded_result(&recorded) {
        if checked.is_some() {
            session.set_all(&[(scorm.suspend_element().to_string(), suspend), session.session_time()])?;
            session.commit()?;
        }
        // At launch the count is of the answers the LMS gave back; after an answer, of those
        // and the ones given since.
        let counted = if checked.is_some() { "in your progress" } else { "in the answers it gave back" };
        return Ok(format!(
            "Your LMS keeps your result ({}); {} of {} right at the first attempt {counted}. Answers given now are added to your progress; the result stays.{}",
            recorded.trim(),
            result.raw,
            result.max,
            lost_words(scorm, &dropped)
        ));
    }
    let pass_mark = scorm.pass_mark(&session.get(scorm.pass_mark_element()));
    let mut values = status_values(scorm, result, pass_mark, &suspend);
    // The time so far, in case the session never finishes (a crash, a closed laptop).
    values.push(session.session_time());
    session.set_all(&values)?;
    session.commit()?;
    let mut line = format!(
        "Your LMS has your answers: {} of {} right at the first attempt.{}",
        result.raw,
        result.max,
        result.scorm_verdict_words(pass_mark)
    );
    line.push_str(&lost_words(scorm, &dropped));
    Ok(line)
}

/// What the LMS cannot keep of the progress, if anything: how many answers, and to which steps
/// (by title, in the order they were left out).
fn lost_words(scorm: crate::model::training::lms::Scorm, dropped: &[&str]) -> String {
    match dropped.len() {
        0 => String::new(),
        n => format!(
            " It keeps {} characters of progress, so {} will not come back on your next visit: {}.",
            scorm.suspend_limit(),
            crate::model::number::count(n as u64, "answer", "answers"),
            dropped.iter().map(|t| format!("\u{201c}{t}\u{201d}")).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// Reports to the LMS after each check (`checked`: the sequence number and progress key of
/// the last one graded) and once when the set is loaded, and shows where the answers go.
#[hook]
pub fn use_lms_report(
    exercises: Option<Vec<Exercise>>,
    progress: &TrainingProgress,
    checked: Option<(u32, String)>,
) -> Html {
    let line = use_state(|| None::<Result<String, String>>);
    {
        let (line, progress) = (line.clone(), progress.clone());
        use_effect_with((exercises, checked), move |(exercises, checked)| match (scorm_link(), exercises) {
            (Some(ScormLink::Found(session)), Some(exercises)) => {
                line.set(Some(report(&session, exercises, &progress, checked.as_ref().map(|c| c.1.as_str()))));
            }
            (Some(ScormLink::Failed(why)), _) => line.set(Some(Err(why))),
            _ => {}
        });
    }
    match (*line).clone() {
        None => html! {},
        Some(Ok(text)) => html! { <p class="lms-status" role="status" data-testid="lms-status">{ text }</p> },
        Some(Err(why)) => html! {
            <p class="alert" role="alert" data-testid="lms-status">
                { format!("Your answers are not reaching your LMS: {why}. They are kept in this browser only.") }
            </p>
        },
    }
}
