//! The built-in two-run exercise: what to do in each run, how each went, and the score. The
//! progress survives reloads (the lab stores it); **Clear exercise score** clears it. The
//! score is each run's first graded attempt; retries are shown as practice.

use yew::prelude::*;

use super::progress::{Progress, RUNS};
use super::state::CoverageAction;

#[derive(Properties, PartialEq, Clone)]
pub struct ExercisePanelProps {
    pub progress: Progress,
    pub on_action: Callback<CoverageAction>,
}

#[function_component]
pub fn ExercisePanel(props: &ExercisePanelProps) -> Html {
    let p = props.progress;
    let next = p.next_run();
    let on_reset = props.on_action.reform(|_: MouseEvent| CoverageAction::ResetProgress);
    html! {
        <section class="exercise" aria-labelledby="exercise-title">
            <h2 id="exercise-title">{ "Exercise: two runs, one modulus" }</h2>
            <ol>
                { for RUNS.iter().enumerate().map(|(i, run)| {
                    let status = match p.results[i] {
                        None if next == Some(i) => "to do next",
                        None => "not done",
                        Some(true) => "correct",
                        Some(false) => "incorrect",
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
            <button type="button" onclick={on_reset}>{ "Clear exercise score" }</button>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`ExercisePanel`], its code fetched when it is wanted.
    pub DeferredExercise(ExercisePanelProps) => ExercisePanel, chunk coverage_exercise in feature = "lab-coverage", "the exercise"
);
