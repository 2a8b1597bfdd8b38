//! The built-in two-run exercise: what to do in each run, how each went, and the score. The
//! progress survives reloads (the lab stores it); **Clear exercise score** clears it after
//! asking. The score is each run's first graded attempt; retries are shown as practice. In an embed that
//! locks m or a at a value a run cannot use, that run says so instead of waiting for ever, and
//! when no run can be done the exercise steps aside with one sentence.

use yew::prelude::*;

use super::progress::{Progress, RUNS};
use super::state::CoverageAction;
use crate::components::{use_locked, Confirm};

#[derive(Properties, PartialEq, Clone)]
pub struct ExercisePanelProps {
    pub progress: Progress,
    /// The pair shown now (a locked parameter keeps its value).
    pub m: u32,
    pub a: u64,
    pub on_action: Callback<CoverageAction>,
}

#[function_component]
pub fn ExercisePanel(props: &ExercisePanelProps) -> Html {
    let p = props.progress;
    // Asked once: the panel is drawn again at every step of the walk.
    let storage = use_memo((), |_| crate::browser::storage_available());
    let locked_m = use_locked(Some(AttrValue::Static("m"))).then_some(props.m);
    let locked_a = use_locked(Some(AttrValue::Static("a"))).then_some(props.a);
    let blocked: Vec<Option<String>> = RUNS.iter().map(|run| run.blocked_by(locked_m, locked_a)).collect();
    if blocked.iter().all(Option::is_some) {
        return html! {
            <section class="exercise" aria-labelledby="exercise-title" data-testid="exercise-aside">
                <h2 id="exercise-title">{ "Exercise: two runs, one modulus" }</h2>
                <p>{ format!("Not on this page: {}. Open it in Rescale Lab to do the two runs.", blocked[0].clone().unwrap_or_default()) }</p>
            </section>
        };
    }
    let next = p.run_now((props.m, props.a), locked_m, locked_a);
    let on_reset = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: ()| {
            on_action.emit(CoverageAction::ResetProgress);
            "Cleared the exercise score.".to_string()
        })
    };
    html! {
        <section class="exercise" aria-labelledby="exercise-title">
            <h2 id="exercise-title">{ "Exercise: two runs, one modulus" }</h2>
            <ol>
                { for RUNS.iter().enumerate().map(|(i, run)| {
                    let status = match (p.results[i], &blocked[i]) {
                        (None, Some(why)) => format!("not on this page: {why}"),
                        (None, None) if next == Some(i) => "to do next".to_string(),
                        (None, None) => "not done".to_string(),
                        (Some(true), _) => "correct".to_string(),
                        (Some(false), _) => "incorrect".to_string(),
                    };
                    let practice = match p.practice[i] {
                        0 => String::new(),
                        1 => "; 1 practice run".to_string(),
                        n => format!("; {n} practice runs"),
                    };
                    html! {
                        <li key={i} class={classes!((next == Some(i)).then_some("current-run"))}>
                            <strong>{ format!("Run {}: m = {}, a = {}. ", i + 1, run.m, run.a) }</strong>
                            { run.instruction }
                            <span class="run-status" data-testid={format!("exercise-run-{}", i + 1)}>{ format!(" ({status}{practice})") }</span>
                        </li>
                    }
                }) }
            </ol>
            <p data-testid="exercise-score" role="status">
                { format!("Score: {} of {} (first attempts).", p.score(), RUNS.len()) }
                if next.is_none() {
                    { " Both runs are done: m stayed 8 throughout, and only the stride decided how much of the circle the walk could reach." }
                }
            </p>
            // A frame of another site is often refused storage: the score then lasts this page only.
            if !*storage {
                <p class="muted" data-testid="exercise-not-kept">{ "This browser keeps no data for this page (a lab embedded from another site is often refused storage), so a reload starts the score again." }</p>
            }
            <Confirm id="clear-exercise" label="Clear exercise score" confirm="Clear the score"
                question="Clear both runs' results and practice count? This cannot be undone." on_confirm={on_reset} />
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`ExercisePanel`], its code fetched when it is wanted.
    pub DeferredExercise(ExercisePanelProps) => ExercisePanel, chunk coverage_exercise, "the exercise"
);
