//! The coverage lab's playback: the **Reset**, **Play**/**Pause** and **Step** buttons, with the
//! run's verdict in one line beside them (`verdict-near`, the live region; the full reason is
//! with the prediction above), so Step and the verdict are on one screen of a phone. It comes
//! after the prediction in the page, so the keyboard reaches the prediction before Play.

use yew::prelude::*;

use crate::labs::frame::PartProps;

use super::state::{CoverageAction, CoverageState};
use crate::browser;
use crate::model::coverage::Verdict;

#[function_component]
pub fn Playback(props: &PartProps<CoverageState>) -> Html {
    let s = &props.state;
    let on_reset = props.on_action.reform(|_: MouseEvent| CoverageAction::Reset);
    let on_step = props.on_action.reform(|_: MouseEvent| CoverageAction::Step);
    let playing = s.clock.is_some();
    let on_play = props.on_action.reform(move |_: MouseEvent| {
        let now_ms = browser::now_ms();
        if playing {
            CoverageAction::Pause { now_ms }
        } else {
            CoverageAction::Play { now_ms }
        }
    });
    let verdict = s.verdict();
    // `view=circle` shows no prediction to tick or grade: the line speaks of the walk alone.
    let predicting = crate::components::view_part::use_view() != Some("circle");
    let near = match verdict {
        _ if !predicting => "Play or Step to walk round the circle.".to_string(),
        Verdict::Correct => "Correct: the reason is with your prediction above.".to_string(),
        Verdict::Incorrect if s.answers_hidden() => "Not quite: a hint is with your prediction above.".to_string(),
        Verdict::Incorrect => "Not quite: the reason is with your prediction above.".to_string(),
        // A walk begun with nothing predicted (a link under way, or Step first) grades nothing.
        Verdict::Pending if s.unpredicted() && s.opened_under_way => "Not graded: the page opened with this walk under way (the link's t), and a prediction is not kept in a link or across a reload. Reset to predict.".to_string(),
        Verdict::Pending if s.unpredicted() => "Not graded: nothing was predicted before the walk began. Reset to predict.".to_string(),
        // With answers hidden the step it closes at stays unsaid: it is the count.
        Verdict::Pending if s.locked && !s.closed() && s.answers_hidden() => "Graded when the walk is back at 0.".to_string(),
        Verdict::Pending if s.locked && !s.closed() => format!("Graded when the walk is back at 0, at step {}.", s.orbit.closes_at()),
        Verdict::Pending if !s.prediction.is_empty() => "Your prediction is ready: Play or Step checks it.".to_string(),
        Verdict::Pending => "Tick your prediction above, then Play or Step.".to_string(),
    };
    // Where a paused walk stands, said first in the line (a screen reader hears each Step;
    // during Play it would be every half second, so not then). With the answers hidden only the
    // position the circle shows: the walk stops where it closes, so its step or the count
    // reached would give the answer away.
    let near = match (s.trail().last(), playing || !s.started || s.closed()) {
        (Some(at), false) if s.answers_hidden() => format!("Now at {at}. {near}"),
        (Some(at), false) => {
            format!("Step {}: at {at}, {} of {} reached. {near}", s.step(), s.reached().len(), s.orbit.modulus())
        }
        _ => near,
    };
    // Said once an edit of the prediction or the stride ends, not at each key.
    let (live, key) = crate::components::use_spoken(&near);
    html! {
        <div class="controls playback">
            <div class="buttons" role="group" aria-label="Playback">
                <button type="button" onclick={on_reset}>{ "Reset" }</button>
                <button type="button" class="primary" onclick={on_play}>
                    { if playing { "Pause" } else { "Play" } }
                </button>
                <button type="button" onclick={on_step}>{ "Step" }</button>
                <p class={classes!("verdict-near", verdict.as_str())} data-testid="verdict-near" data-verdict={verdict.as_str()}
                    role="status" aria-live={live}><span {key}>{ near.clone() }</span></p>
                <p class="field-hint" id="coverage-space-hint">{ "Space plays or pauses, unless the focus is in a field or on a button, a checkbox or a link." }</p>
            </div>
        </div>
    }
}
