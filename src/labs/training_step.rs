//! One step of the guided path as a learner sees it: the prompt, the answer field (radios for
//! yes/no, Enter checks), the verdict with its reason, or with answers hidden a hint after a
//! wrong attempt, and the link to the lab (with answers hidden, only once attempted). Following
//! the link remembers the step for this tab, so coming back to home returns to it. Under an
//! LMS the lab opens in a new tab.

use yew::prelude::*;

use crate::browser;
use crate::components::AnswerField;
use crate::model::training::{Answer, Exercise};

use super::training_steps::Shown;

/// Where the step whose lab link was followed is kept (session storage, this tab only).
pub const RETURN_STEP_KEY: &str = "rescale-lab.return-step";

/// The id of a step's element.
pub fn step_id(exercise: &str) -> String {
    format!("step-{exercise}")
}

#[derive(Properties, PartialEq)]
pub struct TrainingStepProps {
    pub exercise: Exercise,
    /// The response as it stands (typed or chosen, else the one stored).
    pub response: AttrValue,
    pub shown: Option<Shown>,
    pub answers_hidden: bool,
    /// Whether the learner has checked an answer to this step (with answers hidden, the lab
    /// link waits for it).
    pub attempted: bool,
    /// How many times it was checked in this page (a new check redraws its verdict, so a
    /// screen reader says it again, the same or not).
    #[prop_or_default]
    pub checks: u32,
    /// The verdict of the answer on record, while the latest check was refused (nothing typed
    /// to grade): it still stands, and is shown under the refusal.
    #[prop_or_default]
    pub kept: Option<(bool, String)>,
    pub on_input: Callback<String>,
    /// Check: the text typed when Enter was pressed in the box, else `None` for the response
    /// as it stands (read by the reducer, not from this render, so no keystroke is missed).
    pub on_check: Callback<Option<String>>,
}

#[function_component]
pub fn TrainingStep(props: &TrainingStepProps) -> Html {
    let e = &props.exercise;
    let input_id = format!("training-{}", e.id);
    let yes_no = matches!(e.kind.solve().0, Answer::YesNo(_));
    let hint = if yes_no { "Choose yes or no." } else { "A whole number, 0 or more." };
    let error = match &props.shown {
        Some(Err(why)) => Some(AttrValue::from(why.clone())),
        _ => None,
    };
    let on_click = props.on_check.reform(|_: MouseEvent| None);
    // Under an LMS the lab opens in a tab of its own, without the launch link's query: this
    // page keeps its session with the LMS.
    let in_lms = browser::lms::launched();
    let link = e.kind.lab_link_for(props.answers_hidden);
    let lab_href = if in_lms { format!("index.html{link}") } else { link };
    let on_lab = {
        let id = e.id.clone();
        Callback::from(move |_: MouseEvent| {
            browser::session_set(RETURN_STEP_KEY, &id);
        })
    };
    html! {
        <li key={e.id.clone()} id={step_id(&e.id)} class="training-step" data-exercise={e.id.clone()}>
            <h3>{ e.title.clone() }</h3>
            <p>{ e.prompt.clone() }</p>
            // The step's title is the heading above: said after "Your answer" and "Check" to a
            // screen reader only (found by review: shown, it repeated the title three times a step).
            <AnswerField id={input_id} label="Your answer" context={AttrValue::from(e.title.clone())} {yes_no} value={props.response.clone()}
                hint={hint} {error} checks={props.checks} on_input={props.on_input.clone()} on_submit={props.on_check.clone()} />
            <button type="button" onclick={on_click} aria-label={format!("Check: {}", e.title)}>{ "Check" }</button>
            // The live region is there before the first answer, so the verdict put into it is
            // announced (one made with its text already in it often is not).
            <div role="status">{ match props.shown.clone() {
                None => html! {},
                Some(Ok((ok, why))) => html! { <>
                    <p key={props.checks.to_string()} class={classes!("training-verdict", if ok { "correct" } else { "incorrect" })} data-verdict={if ok { "correct" } else { "incorrect" }}>
                        <strong>{ if ok { "Correct. " } else { "Not quite. " } }</strong>{ why }
                    </p> </>
                },
                // Said under the field, as its error.
                Some(Err(_)) => html! {},
            } }</div>
            // Outside the live region: seen, not said again with the refusal.
            if let Some((ok, why)) = &props.kept {
                <p class="training-kept" data-testid="training-kept">
                    { "Your checked answer stands: " }<strong>{ if *ok { "Correct. " } else { "Not quite. " } }</strong>{ why.clone() }
                </p>
            }
            if !props.answers_hidden || props.attempted {
                // Fourteen links of one name are one in a screen reader's list of links: each is
                // named with its step (a hidden span gave "step : title", a space before the colon).
                <p class="lab-link"><a href={lab_href} target={in_lms.then_some("_blank")} onclick={on_lab}
                    aria-label={format!("Open the lab for this step: {}", e.title)}>
                    { "Open the lab for this step" }
                </a></p>
            }
        </li>
    }
}
