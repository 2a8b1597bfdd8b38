//! The coverage lab's pair: **Modulus m** and **Stride a** (with the reduction a mod m shown).
//! The playback buttons are `playback.rs`, after the prediction.

use yew::prelude::*;

use crate::labs::frame::PartProps;

use super::state::CoverageState;
use super::query::{A, M};
use crate::components::{edits, ParamField};
use crate::model::coverage::MAX_MODULUS;

#[function_component]
pub fn Controls(props: &PartProps<CoverageState>) -> Html {
    let s = &props.state;
    let on_m = edits(&props.on_action, M.name);
    let on_a = edits(&props.on_action, A.name);
    let (m, a) = (M.view(s), A.view(s));
    let o = s.orbit;
    let reduction = if u64::from(o.modulus()) <= o.stride() {
        format!("The walk only feels a mod m: {} mod {} = {}.", o.stride(), o.modulus(), o.reduced_stride())
    } else {
        format!("a mod m = {}.", o.reduced_stride())
    };
    html! {
        <div class="controls coverage-controls">
            <ParamField spec={m.spec} text={AttrValue::from(m.text.to_string())} error={m.error.map(|e| AttrValue::from(e.to_string()))}
                hint={AttrValue::from(format!("Residues 0 to m − 1; m from 1 to {MAX_MODULUS}."))} on_input={on_m} />
            <ParamField spec={a.spec} text={AttrValue::from(a.text.to_string())} error={a.error.map(|e| AttrValue::from(e.to_string()))}
                hint={AttrValue::from(reduction)} on_input={on_a} />
        </div>
    }
}
