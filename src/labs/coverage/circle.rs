//! The residues on a circle with the walk drawn step by step. Visited residues are filled
//! discs, predicted ones carry a dashed ring, the current one a thick ring and a label: the
//! three are told apart by shape, not colour alone. With `answers=hidden` only the current
//! position is drawn: no visited discs, no path. Geometry only; the walk comes from the
//! state. Coordinates are whole numbers (the view box is 3200 units wide) so that no float
//! formatting code ships in the wasm.

use yew::prelude::*;

use super::state::CoverageState;
use crate::model::coverage::circle_point;

const SIZE: i32 = 3200;
const CENTRE: i32 = SIZE / 2;
const RADIUS: i32 = 1200;

#[derive(Properties, PartialEq)]
pub struct CircleProps {
    pub state: CoverageState,
}

fn point(residue: u32, m: u32, radius: i32) -> (i32, i32) {
    circle_point(residue, m, CENTRE, radius)
}

#[function_component]
pub fn Circle(props: &CircleProps) -> Html {
    let s = &props.state;
    let m = s.orbit.modulus();
    let hidden = s.answers_hidden();
    let trail = s.trail();
    let reached = if hidden { Default::default() } else { s.reached() };
    let current = trail.last().copied();
    // The path repeats after the orbit closes, so one lap of edges says everything.
    let lap = if hidden { 0 } else { trail.len().min(s.orbit.closes_at() as usize + 1) };
    let path = trail[..lap]
        .iter()
        .map(|&r| {
            let (x, y) = point(r, m, RADIUS);
            format!("{x},{y}")
        })
        .collect::<Vec<_>>()
        .join(" ");
    let dot: i32 = if m <= 60 {
        60
    } else if m <= 180 {
        35
    } else {
        22
    };
    let label_every = (m as usize).div_ceil(24).max(1);
    let summary = format!(
        "Circle of {}. Visited: {}. Current: {}.",
        crate::model::number::count(u64::from(m), "residue", "residues"),
        if hidden {
            "hidden".to_string()
        } else if reached.is_empty() {
            "none".to_string()
        } else {
            reached.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        },
        current.map_or("none".to_string(), |c| c.to_string())
    );
    html! {
        // Named for what it shows: its caption is the colours' legend, which a screen reader
        // would otherwise give as its name (found by a keyboard walk-through).
        <figure class="coverage-circle" aria-label="The walk around the circle of residues">
            <svg viewBox={format!("0 0 {SIZE} {SIZE}")} role="img" aria-label={summary} tabindex="0"
                aria-describedby="coverage-space-hint">
                <circle class="ring" cx={CENTRE.to_string()} cy={CENTRE.to_string()} r={RADIUS.to_string()} />
                if lap > 1 {
                    <polyline class="path" points={path} />
                }
                { for (0..m).map(|r| {
                    let (x, y) = point(r, m, RADIUS);
                    let visited = reached.contains(&r);
                    let predicted = s.prediction.residues.contains(&r);
                    html! {
                        <g key={r}>
                            if predicted {
                                <circle class="predicted" cx={x.to_string()} cy={y.to_string()} r={(dot + 40).to_string()} />
                            }
                            <circle class={classes!("residue", visited.then_some("visited"))}
                                cx={x.to_string()} cy={y.to_string()} r={dot.to_string()} />
                            if (r as usize).is_multiple_of(label_every) {
                                { label(r, m) }
                            }
                        </g>
                    }
                }) }
                if let Some(c) = current {
                    { current_marker(c, m, dot) }
                }
            </svg>
            <figcaption class="legend">
                <span><svg viewBox="0 0 16 16" aria-hidden="true"><circle class="residue visited" cx="8" cy="8" r="5" /></svg>{ "visited" }</span>
                <span><svg viewBox="0 0 16 16" aria-hidden="true"><circle class="residue" cx="8" cy="8" r="4" /></svg>{ "not visited" }</span>
                <span><svg viewBox="0 0 16 16" aria-hidden="true"><circle class="predicted" cx="8" cy="8" r="6.5" /></svg>{ "predicted" }</span>
                <span><svg viewBox="0 0 16 16" aria-hidden="true"><circle class="current" cx="8" cy="8" r="6" /></svg>{ "current position" }</span>
            </figcaption>
        </figure>
    }
}

fn label(r: u32, m: u32) -> Html {
    let (x, y) = point(r, m, RADIUS + 200);
    html! {
        <text class="label" x={x.to_string()} y={y.to_string()} text-anchor="middle" dominant-baseline="central">
            { r }
        </text>
    }
}

fn current_marker(c: u32, m: u32, dot: i32) -> Html {
    let (x, y) = point(c, m, RADIUS);
    html! {
        <g class="current-marker">
            <circle class="current" cx={x.to_string()} cy={y.to_string()} r={(dot + 70).to_string()} />
            <text class="current-label" x={CENTRE.to_string()} y={CENTRE.to_string()} text-anchor="middle" dominant-baseline="central">
                { format!("at {c}") }
            </text>
        </g>
    }
}
