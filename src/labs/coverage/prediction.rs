//! The learner's prediction (group **Prediction**: checkboxes **Residue 0** … **Residue m−1**
//! and an optional count) and the verdict (`prediction-result`) with its reason; with
//! `answers=hidden` a wrong prediction gets the model's hint instead of the reached residues.

use std::collections::BTreeSet;

use yew::prelude::*;

use crate::labs::frame::PartProps;

use super::state::{CoverageAction, CoverageState};
use crate::components::{FieldInput, TextField};
use crate::model::coverage::{hint, Grade, Verdict};

#[function_component]
pub fn PredictionPanel(props: &PartProps<CoverageState>) -> Html {
    let s = &props.state;
    let m = s.orbit.modulus();
    let on_count = props
        .on_action
        .reform(|i: FieldInput| CoverageAction::SetPredictedCount { text: i.text, bad_input: i.bad_input });
    let lock_note = if s.locked {
        "Locked: the walk for this pair has begun. Press Reset, or change m or a, to predict again."
    } else {
        "Tick each residue you expect the walk to land on."
    };
    html! {
        <section class="prediction" aria-labelledby="prediction-title">
            <h2 id="prediction-title">{ format!("Your prediction for m = {m}, a = {}", s.orbit.stride()) }</h2>
            <fieldset class="residues" disabled={s.locked} aria-describedby="prediction-lock">
                <legend>{ "Prediction" }</legend>
                { for (0..m).map(|r| {
                    let on_change = props.on_action.reform(move |_: Event| CoverageAction::ToggleResidue { residue: r });
                    html! {
                        <label key={r} class="residue-choice">
                            <input type="checkbox" checked={s.prediction.residues.contains(&r)}
                                aria-label={format!("Residue {r}")} onchange={on_change} />
                            <span aria-hidden="true">{ r }</span>
                        </label>
                    }
                }) }
            </fieldset>
            <p id="prediction-lock" class="field-hint">{ lock_note }</p>
            <div class="count-field">
                <TextField id="coverage-count" label="Predicted count (optional)" kind="number" min="1"
                    max={m.to_string()} value={s.count.text.clone()}
                    error={s.count.error.clone().map(AttrValue::from)} disabled={s.locked} on_input={on_count} />
            </div>
            { verdict_view(s) }
            if let Some(earlier) = &s.earlier {
                <p class="earlier">
                    { format!("Your earlier prediction belonged to m = {}, a = {}: {} ({}). It does not carry over to the new pair.",
                        earlier.m, earlier.a, describe(&earlier.prediction.residues, earlier.prediction.count), earlier.verdict.as_str()) }
                </p>
            }
        </section>
    }
}

fn verdict_view(s: &CoverageState) -> Html {
    let grade = s.grade();
    let verdict = grade.as_ref().map_or(Verdict::Pending, |g| g.verdict);
    let text = match &grade {
        Some(g) if s.answers_hidden() && g.verdict == Verdict::Incorrect => {
            format!("{} Press Reset to try again; a retry counts as practice.{}", hint(s.orbit, g), ungraded_count(s))
        }
        Some(g) => format!("{}{}", explain(s, g), ungraded_count(s)),
        None if s.opened_under_way && s.locked => {
            "This page opened with the walk under way (the link's t), so nothing was predicted for it here: a prediction is not kept in a link or across a reload. Press Reset to predict this pair from the start.".to_string()
        }
        None if s.closed() && s.locked => {
            "The orbit closed, but nothing was predicted for this pair, so there is nothing to grade.".to_string()
        }
        None if s.unpredicted() => {
            "Nothing was predicted for this pair before its walk began, so this run is not graded. Press Reset to predict it from the start.".to_string()
        }
        None if s.locked && s.answers_hidden() => "Prediction locked. It is graded when the walk returns to 0.".to_string(),
        None if s.locked => {
            format!("Prediction locked. It is graded when the walk returns to 0, at step {}.", s.orbit.closes_at())
        }
        None if !s.prediction.is_empty() => "Your prediction is ready: Play or Step checks it.".to_string(),
        None => "Waiting for your prediction.".to_string(),
    };
    let title = match verdict {
        Verdict::Pending => "Not graded yet",
        Verdict::Correct => "Correct",
        Verdict::Incorrect => "Not quite",
    };
    html! {
        <div class={classes!("verdict", verdict.as_str())} data-testid="prediction-result"
            data-verdict={verdict.as_str()}>
            <strong>{ title }</strong>{ ". " }{ text }
        </div>
    }
}

fn explain(s: &CoverageState, g: &Grade) -> String {
    let o = s.orbit;
    let (m, r, d) = (o.modulus(), o.reduced_stride(), o.gcd());
    let mut parts = vec![format!(
        "The walk reached {} of {}: {}.",
        g.reached.len(),
        crate::model::number::count(u64::from(m), "residue", "residues"),
        list(&g.reached)
    )];
    parts.push(if d == 1 {
        format!("gcd({m}, {r}) = 1: the stride shares no factor with m, so the walk visits every residue before it returns to 0.")
    } else if r == 0 {
        "a mod m = 0: every step adds a whole number of laps, so the walk never leaves 0.".to_string()
    } else {
        format!("gcd({m}, {r}) = {d}: every step adds a multiple of {d} and wrapping around m subtracts one too, so only multiples of {d} can appear, {} of them (m ÷ {d}).", m / d)
    });
    if !g.predicted_not_reached.is_empty() {
        parts.push(format!("You ticked {}, which the walk never lands on.", list(&g.predicted_not_reached)));
    }
    if !g.reached_not_predicted.is_empty() {
        parts.push(format!("You left out {}, which it does reach.", list(&g.reached_not_predicted)));
    }
    if let Some(false) = g.count_right {
        parts.push(format!("Your count was {}, not {}.", s.prediction.count.unwrap_or(0), o.size()));
    }
    parts.join(" ")
}

/// What a count refused by its field meant for the grade (nothing when the field holds a count
/// or is empty): said beside the verdict, so a count typed out of range is not dropped unsaid
/// (before the grade, the field's own message says it; the results stay as they were).
fn ungraded_count(s: &CoverageState) -> String {
    match &s.count.error {
        Some(why) if s.count.text.trim().is_empty() => format!(" The count is not graded: {why}."),
        Some(why) => format!(" The count {} is not graded: {why}.", crate::model::error::quote(s.count.text.trim())),
        None => String::new(),
    }
}

fn list(set: &BTreeSet<u32>) -> String {
    set.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

fn describe(residues: &BTreeSet<u32>, count: Option<u32>) -> String {
    match (residues.is_empty(), count) {
        (true, None) => "nothing".to_string(),
        (true, Some(c)) => format!("a count of {c}"),
        (false, None) => format!("residues {}", list(residues)),
        (false, Some(c)) => format!("residues {} and a count of {c}", list(residues)),
    }
}
