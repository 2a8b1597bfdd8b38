//! The coverage lab's controls: **Modulus m**, **Stride a** (with the reduction a mod m
//! shown), and the **Reset**, **Play**/**Pause** and **Step** buttons.

use yew::prelude::*;

use super::state::{CoverageAction, CoverageState};
use crate::browser;
use crate::components::{FieldInput, TextField};
use crate::model::coverage::{MAX_MODULUS, MAX_STRIDE};

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub state: CoverageState,
    pub on_action: Callback<CoverageAction>,
}

#[function_component]
pub fn Controls(props: &ControlsProps) -> Html {
    let s = &props.state;
    let emit = |make: fn(FieldInput) -> CoverageAction| props.on_action.reform(make);
    let on_m = emit(|i| CoverageAction::SetModulus { text: i.text, bad_input: i.bad_input });
    let on_a = emit(|i| CoverageAction::SetStride { text: i.text, bad_input: i.bad_input });
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
    let o = s.orbit;
    let reduction = if u64::from(o.modulus()) <= o.stride() {
        format!("The walk only feels a mod m: {} mod {} = {}.", o.stride(), o.modulus(), o.reduced_stride())
    } else {
        format!("a mod m = {}.", o.reduced_stride())
    };
    html! {
        <div class="controls coverage-controls">
            <TextField id="coverage-m" param="m" label="Modulus m" kind="number" min="1" max={MAX_MODULUS.to_string()}
                value={s.m.text.clone()} error={s.m.error.clone().map(AttrValue::from)}
                hint={AttrValue::from(format!("Residues 0 to m − 1; m from 1 to {MAX_MODULUS}."))}
                on_input={on_m} />
            <TextField id="coverage-a" param="a" label="Stride a" kind="number" min="0" max={MAX_STRIDE.to_string()}
                value={s.a.text.clone()} error={s.a.error.clone().map(AttrValue::from)}
                hint={AttrValue::from(reduction)} on_input={on_a} />
            <div class="buttons" role="group" aria-label="Playback">
                <button type="button" onclick={on_reset}>{ "Reset" }</button>
                <button type="button" class="primary" onclick={on_play}>
                    { if playing { "Pause" } else { "Play" } }
                </button>
                <button type="button" onclick={on_step}>{ "Step" }</button>
                <p class="field-hint">{ "Space plays or pauses when the focus is not on a control." }</p>
            </div>
        </div>
    }
}
