//! The numbers of the walk so far: step n (`coverage-n`), the trail (`coverage-trail`) and
//! how many distinct residues it reached (`coverage-reached`). With `answers=hidden` none of
//! them is shown, nor the time or the step the walk closes at: the walk stops where it closes,
//! so each would give the count away.

use yew::prelude::*;

use super::state::CoverageState;
use crate::model::number::format_millis_as_seconds;

#[derive(Properties, PartialEq)]
pub struct ReadoutProps {
    pub state: CoverageState,
}

#[function_component]
pub fn Readout(props: &ReadoutProps) -> Html {
    let s = &props.state;
    let trail = s.trail().iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    let o = s.orbit;
    let status = if !s.started && s.t_ms > 0 && !s.answers_hidden() {
        // An edit of the pair keeps t: the new pair's walk waits there for its prediction.
        format!(
            "Not begun for this pair, at step {}: predict, then press Play or Step to walk it from 0 to here and on.",
            s.step()
        )
    } else if !s.started {
        "Not started: predict, then press Play or Step.".to_string()
    } else if s.answers_hidden() {
        // The step the walk closes at is the count it reaches: hidden with the count.
        if s.closed() { "Back at 0: the orbit is closed." } else { "Walking." }.to_string()
    } else if s.closed() {
        format!("Back at 0 at step {}: the orbit is closed.", o.closes_at())
    } else {
        format!("Walking: it returns to 0 at step {}.", o.closes_at())
    };
    html! {
        <div class="readout">
            <dl>
                if s.answers_hidden() {
                    // The walk stops where it closes: its time and step would give the count.
                    <dt>{ "Time, step and trail" }</dt>
                    <dd class="muted" data-testid="coverage-trail-hidden">{ "Hidden by this link: predict, then check your prediction." }</dd>
                } else {
                    <dt>{ "Time" }</dt>
                    <dd>{ format!("t = {} s", format_millis_as_seconds(s.t_ms)) }</dd>
                    <dt>{ "Step n = floor(2t)" }</dt>
                    <dd data-testid="coverage-n">{ s.step() }</dd>
                    <dt>{ "Reached so far" }</dt>
                    <dd><span data-testid="coverage-reached">{ s.reached().len() }</span>{ format!(" of {}", o.modulus()) }</dd>
                    <dt>{ "Trail r(0) … r(n)" }</dt>
                    <dd><code class="trail" data-testid="coverage-trail">{ trail }</code></dd>
                }
            </dl>
            <p class="muted">{ status }</p>
        </div>
    }
}
