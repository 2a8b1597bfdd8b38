//! The coverage lab's pair: **Modulus m** and **Stride a** (with the reduction a mod m shown).
//! The playback buttons are `playback.rs`, after the prediction.

use yew::prelude::*;

use crate::labs::frame::PartProps;

use super::query::{A, M};
use super::state::CoverageState;
use crate::components::slot_field_with;
use crate::model::coverage::MAX_MODULUS;

#[function_component]
pub fn Controls(props: &PartProps<CoverageState>) -> Html {
    let s = &props.state;
    let o = s.orbit;
    let reduction = if u64::from(o.modulus()) <= o.stride() {
        format!("The walk only feels a mod m: {} mod {} = {}.", o.stride(), o.modulus(), o.reduced_stride())
    } else {
        format!("a mod m = {}.", o.reduced_stride())
    };
    html! {
        <div class="controls coverage-controls">
            { slot_field_with(&M, s, &props.on_action, Some(format!("Residues 0 to m − 1; m from 1 to {MAX_MODULUS}.")), None) }
            { slot_field_with(&A, s, &props.on_action, Some(reduction), None) }
        </div>
    }
}
