//! The exercise run to do now, in one line above the controls (`exercise-now`), so that on a
//! phone the instruction, the controls and the verdict beside Play/Step share one screen. Runs
//! that an embed's locks rule out are skipped; with none left, nothing is shown.

use yew::prelude::*;

use super::progress::{Progress, RUNS};
use crate::components::use_locked;

#[derive(Properties, PartialEq, Clone)]
pub struct RunLineProps {
    pub progress: Progress,
    pub m: u32,
    pub a: u64,
    /// The walk on screen has begun with nothing predicted: it is predicted after Reset.
    #[prop_or_default]
    pub unpredicted: bool,
}

#[function_component]
pub fn RunLine(props: &RunLineProps) -> Html {
    let locked_m = use_locked(Some(AttrValue::Static("m"))).then_some(props.m);
    let locked_a = use_locked(Some(AttrValue::Static("a"))).then_some(props.a);
    let next = props.progress.run_now((props.m, props.a), locked_m, locked_a);
    match next {
        None => html! {},
        Some(i) => {
            let run = RUNS[i];
            let here = run.m == props.m && run.a == props.a;
            html! {
                <p class="exercise-now" data-testid="exercise-now">
                    <strong>{ format!("Exercise, run {} of {}: ", i + 1, RUNS.len()) }</strong>
                    { if here && props.unpredicted {
                        format!("m = {}, a = {} is set, but its walk has begun with nothing predicted. Press Reset, tick the residues you expect below, then Play or Step until the walk is back at 0.", run.m, run.a)
                    } else if here {
                        format!("m = {}, a = {} is set. Tick the residues you expect below, then Play or Step until the walk is back at 0.", run.m, run.a)
                    } else {
                        format!("set m = {} and a = {}, tick the residues you expect below, then Play or Step until the walk is back at 0.", run.m, run.a)
                    } }
                </p>
            }
        }
    }
}
