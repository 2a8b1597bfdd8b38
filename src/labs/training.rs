//! The guided training path on the home page: an exercise set loaded from a JSON file
//! (`static/exercises.json`, or `exercises=` for one visit: a path on this site, or an https
//! address whose site allows it by CORS), each
//! exercise graded against the model's own answer, with the score kept by `training_store`
//! (`rescale-lab.training.v1`); a corrupt entry is ignored with a notice. The trainer's modes
//! ([`WorkshopQuery`]): `answers=hidden` (hints instead of reasons after a wrong answer, the
//! score counts first attempts, kept in `rescale-lab.training-first.v1`), `present=1`
//! ([`Presenter`]) and `key=1` ([`AnswerKey`]).

use yew::prelude::*;

use crate::browser;
use crate::components::Confirm;
use crate::model::training::Exercise;
use crate::url::encode_component;
use crate::url::workshop::WorkshopQuery;

use super::answer_key::AnswerKey;
use super::presenter::Presenter;
use super::reset_all::ResetAll;
use super::training_cmi5_view::use_cmi5_report;
use super::training_live::use_live_report;
use super::training_lms::use_lms_report;
use super::training_set::{load, safe_path, ExerciseSet};
use super::training_step::TrainingStep;
use super::training_steps::{verdict_text, StepAction, Steps};
use super::training_store::{return_to_step, use_stored_steps};

#[derive(Properties, PartialEq, Clone)]
pub struct TrainingPathProps {
    /// `exercises=` from the link, if any.
    pub path: Option<String>,
    /// `answers=`, `present=`, `key=` from the link.
    #[prop_or_default]
    pub mode: WorkshopQuery,
    /// `step=ID` from the link: that step alone (in presenter mode, the step shown).
    #[prop_or_default]
    pub step: Option<String>,
}

/// The home page's link in another mode, keeping the link's exercise set.
fn mode_href(mode: WorkshopQuery, path: &Option<String>) -> String {
    match path {
        None => mode.href(),
        Some(p) if mode == WorkshopQuery::default() => format!("#/?exercises={}", encode_component(p)),
        Some(p) => format!("{}&exercises={}", mode.href(), encode_component(p)),
    }
}

#[function_component]
pub fn TrainingPath(props: &TrainingPathProps) -> Html {
    // The set read, with the `exercises=` it was read for: a set of an earlier link is not shown
    // (nor the page settled) while the link's own is on its way.
    let read = use_state(|| None::<(Option<String>, Result<ExerciseSet, String>)>);
    // The newest link's read: a slower read of an earlier link arriving after it is dropped.
    let newest = use_mut_ref(|| 0u32);
    {
        let read = read.clone();
        let path = props.path.clone();
        use_effect_with(path, move |path| {
            let for_path = path.clone();
            *newest.borrow_mut() += 1;
            let this_read = *newest.borrow();
            let target = match path {
                None => Ok("static/exercises.json".to_string()),
                Some(p) => safe_path(p).ok_or_else(|| {
                    format!(
                        "exercises={p:?} is neither a path on this site nor an https address; using the built-in set"
                    )
                }),
            };
            yew::platform::spawn_local(async move {
                let loaded = match target {
                    Ok(p) => load(p).await,
                    Err(why) => load("static/exercises.json".to_string()).await.map(|mut s| {
                        s.problems.insert(0, why);
                        s
                    }),
                };
                if *newest.borrow() == this_read {
                    read.set(Some((for_path, loaded)));
                }
            });
        });
    }
    let set = read.as_ref().filter(|(path, _)| *path == props.path).map(|(_, set)| set);
    // The exercise file on its way: not settled.
    crate::components::use_busy(set.is_none());
    // Back from a step's lab: once the steps are drawn, that step is brought back into view.
    use_effect_with(set.is_some_and(|s| s.is_ok()), |drawn| {
        if *drawn {
            return_to_step();
        }
    });
    let steps = use_stored_steps();
    let loaded = set.and_then(|s| s.as_ref().ok()).map(|s| s.exercises.clone());
    let lms_line = use_lms_report(loaded.clone(), &steps.progress, steps.checked.clone());
    let restore = steps.dispatcher().to_callback().reform(StepAction::Restore);
    let cmi5_line = use_cmi5_report(loaded.clone(), &steps.progress, steps.checked.clone(), restore);
    // Reset progress clears this path's steps alone: another set's progress, kept beside it in
    // this browser, stays.
    let path_keys =
        loaded.as_ref().map(|e| e.iter().map(Exercise::progress_key).collect::<Vec<_>>()).unwrap_or_default();
    // No set read (yet, or at all): nothing for a reset to clear.
    let path_empty = path_keys.is_empty();
    let clear = {
        let keys = path_keys.clone();
        steps.dispatcher().to_callback().reform(move |_: ()| StepAction::Clear(keys.clone()))
    };
    let clear_all = steps.dispatcher().to_callback().reform(|_: ()| StepAction::ClearAll);
    // Someone else's answers, found as a live workshop's learner joins: everything this browser
    // keeps of the path and the coverage exercise goes, as Reset all progress clears it.
    let clear_others = {
        let clear_all = clear_all.clone();
        Callback::from(move |_: ()| {
            super::reset_all::clear_stored_scores();
            clear_all.emit(());
        })
    };
    let (live_lrs, sending) =
        use_live_report(browser::lms::launched(), (loaded, clear_others), &steps.progress, steps.checked.clone());
    // Under an LMS or while a live workshop's LRS records the path, the coverage lab's runs kept
    // in this browser neither count nor show: they would never reach it.
    {
        let dispatcher = steps.dispatcher();
        let elsewhere = sending || browser::lms::launched();
        use_effect_with(elsewhere, move |e| dispatcher.dispatch(StepAction::RecordedElsewhere(*e)));
    }
    let mode = props.mode;
    let hidden = mode.answers_hidden;
    let leave = AttrValue::from(mode_href(WorkshopQuery { present: false, key: false, ..mode }, &props.path));
    let body = match set {
        None => html! { <p role="status">{ "Loading the exercises…" }</p> },
        Some(Err(why)) => {
            html! { <p class="alert" role="alert">{ format!("The exercises could not be loaded: {why}.") }</p> }
        }
        Some(Ok(s)) if mode.key => {
            html! { <AnswerKey title={s.title.clone()} exercises={s.exercises.clone()} leave={leave.clone()} /> }
        }
        Some(Ok(s)) if mode.present => html! {
            <>
                { unknown_step(s, &props.step) }
                <Presenter exercises={s.exercises.clone()} step={props.step.clone()} answers_hidden={hidden} leave={leave.clone()} />
            </>
        },
        Some(Ok(s)) => {
            // `step=ID`: that step alone, with the way back to every step.
            let only = props.step.as_deref().filter(|id| s.exercises.iter().any(|e| e.id == *id));
            // Progress is stored by each exercise's progress key (its id and what it asks).
            // The path's progress keys, worked out once above (the reset clears them too).
            let keys = &path_keys;
            // A wrong answer shows the right one (or, answers hidden, a hint): the score counts
            // first attempts, as the result an LMS or a live workshop's LRS is told.
            let first = steps.first_score(keys.iter().map(String::as_str).zip(s.exercises.iter().map(|e| &e.kind)));
            let score = format!("Score: {first} of {} (first attempts).", s.exercises.len());
            let (retries, recovered) = steps.attempts.practice();
            html! {
                <>
                    <p data-testid="training-score" role="status">{ score }</p>
                    if retries > 0 {
                        <p class="training-practice" data-testid="training-practice">
                            { format!("Practice: {retries} {}; {recovered} missed at first, then answered right.", if retries == 1 { "retry" } else { "retries" }) }
                        </p>
                    }
                    if !s.problems.is_empty() {
                        <ul class="notices">{ for s.problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
                    }
                    { unknown_step(s, &props.step) }
                    if only.is_some() {
                        <p><a href={mode_href(mode, &props.path)}>{ "Show every step of the path" }</a></p>
                    }
                    <ol class="training-steps">
                        { for s.exercises.iter().zip(keys).filter(|(e, _)| only.is_none_or(|id| e.id == id))
                            .map(|(e, key)| step(e, key, hidden, &steps)) }
                    </ol>
                </>
            }
        }
    };
    let on_reset = {
        let clear = clear.clone();
        // The coverage steps answered in the coverage lab keep that answer: say so, and where.
        let lab_runs = steps.lab_runs != Default::default();
        Callback::from(move |_: ()| {
            clear.emit(());
            match lab_runs {
                true => "Cleared the guided path's answers and first attempts. The coverage steps answered in the coverage lab keep that answer: Reset all progress clears those too.".to_string(),
                false => "Cleared the guided path's answers and first attempts.".to_string(),
            }
        })
    };
    let on_print = Callback::from(|_: MouseEvent| browser::print_page());
    let trainer = |m: WorkshopQuery| mode_href(m, &props.path);
    html! {
        <section class={classes!("training", mode.present.then_some("presenting"))} aria-labelledby="training-title">
            <h2 id="training-title">{ set.and_then(|s| s.as_ref().ok()).map_or("Guided path".to_string(), |s| format!("Guided path: {}", s.title)) }</h2>
            if !mode.present && !mode.key {
                <p>{ "Short steps through the labs. Each ends in a question: answer it before you look, check it, then open the lab to see why." }</p>
            }
            if hidden {
                <p class="field-hint">{ "Answers are hidden in this link: a wrong answer gets a hint, and only your first answer to each step counts." }</p>
            }
            { lms_line }
            { cmi5_line }
            if let Some(note) = &steps.note {
                <p class="notices" role="status">{ note.clone() }</p>
            }
            { body }
            if !mode.present && !mode.key {
                // No reset while an LMS or a live workshop's LRS records the path: the score is
                // the first attempts, and a reset would let a result it was sent be answered again.
                if !browser::lms::launched() && !sending && !path_empty {
                    <div class="training-tools">
                        <Confirm id="reset-progress" label="Reset progress" confirm="Clear this path's progress"
                            question="Clear your answers and first attempts on this path? This cannot be undone."
                            on_confirm={on_reset} status_testid="reset-progress-status" />
                        <ResetAll on_cleared={clear_all} />
                    </div>
                }
                { live_lrs }
                // A learner the LMS launched, or one sending to a live workshop's LRS, sees the
                // path alone: no answer key a click away.
                if !hidden && !browser::lms::launched() && !sending {
                    <p class="trainer-links">
                        { "For trainers: " }
                        <a href={trainer(WorkshopQuery { present: true, ..mode })}>{ "Presenter mode" }</a>{ " · " }
                        <a href={trainer(WorkshopQuery { key: true, ..mode })}>{ "Answer key" }</a>{ " · " }
                        <a href={trainer(WorkshopQuery { answers_hidden: true, ..mode })}>{ "Link with answers hidden" }</a>{ " · " }
                        <button type="button" class="link-button" onclick={on_print}>{ "Print handout" }</button>
                    </p>
                }
            }
        </section>
    }
}

/// The notice for a `step=` that names no exercise of the set.
fn unknown_step(set: &ExerciseSet, step: &Option<String>) -> Html {
    match step {
        Some(id) if !set.exercises.iter().any(|e| e.id == *id) => html! {
            <p class="notices" role="status" data-testid="step-notice">
                { format!("step={id:?} names no step of this exercise set, so the path starts at its first step.") }
            </p>
        },
        _ => html! {},
    }
}

/// One step, its answers kept under `key` (its progress key).
fn step(e: &Exercise, key: &str, hidden: bool, steps: &UseReducerHandle<Steps>) -> Html {
    let on_input = {
        let key = key.to_string();
        steps.dispatcher().to_callback().reform(move |value: String| StepAction::Respond { id: key.clone(), value })
    };
    let on_check = {
        let (key, kind) = (key.to_string(), e.kind.clone());
        steps.dispatcher().to_callback().reform(move |typed: Option<String>| StepAction::Check {
            id: key.clone(),
            kind: kind.clone(),
            hidden,
            typed,
        })
    };
    let earlier = steps.answered(key, &e.kind);
    let recorded = earlier.map(|(ok, in_lab)| {
        let why = verdict_text(&e.kind, ok, hidden);
        (ok, if in_lab { format!("Answered in the coverage lab's exercise. {why}") } else { why })
    });
    let shown = steps.feedback.get(key).cloned().or_else(|| recorded.clone().map(Ok));
    // A check refused (nothing to grade) leaves the answer on record as it was: shown beside
    // the refusal, not hidden by it.
    let kept = recorded.filter(|_| matches!(steps.feedback.get(key), Some(Err(_))));
    let attempted = steps.attempts.by_id.contains_key(key) || earlier.is_some();
    html! {
        <TrainingStep key={e.id.clone()} exercise={e.clone()} response={steps.response(key)} {shown} answers_hidden={hidden}
            {attempted} checks={steps.checks.get(key).copied().unwrap_or(0)} {kept} {on_input} {on_check} />
    }
}
