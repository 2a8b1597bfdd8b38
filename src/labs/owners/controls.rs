//! The owners lab's job settings: **Max parallelism** (empty = derived), the first
//! parallelism Flink derives it from, the **Parallelism** slider with an exact field, and an
//! earlier parallelism to compare with.

use yew::prelude::*;

use super::query::{FIRST, FROM, MAXP, P};
use super::slider::ParallelismSlider;
use super::state::{FirstSource, OwnersAction, OwnersState, OwnersView};
use crate::components::{refused_slot_field, slot_field_with, LiveForm};

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub state: OwnersState,
    pub view: OwnersView,
    pub on_action: Callback<OwnersAction>,
}

/// The id of the alert said when the job cannot start at the parallelism set.
pub const CANNOT_START_ID: &str = "owners-cannot-start";

#[function_component]
pub fn Controls(props: &ControlsProps) -> Html {
    let (s, v) = (&props.state, &props.view);
    let a = &props.on_action;
    let on_slide = a.reform(|text: String| OwnersAction::from(P.set_text(&text)));
    let max = v.max.get();
    let p = s.parallelism.value;
    let max_hint = match v.derivation {
        Some(d) => format!(
            "Not set: Flink derived {} from parallelism {}, {}.",
            d.result.get(),
            d.parallelism,
            match v.first_source {
                FirstSource::Given => "the first parallelism given",
                FirstSource::Earlier =>
                    "the earlier parallelism (the job first ran at it; type a first parallelism if not)",
                FirstSource::Shown =>
                    "the parallelism shown (type an earlier or first parallelism if the job first ran at another)",
            }
        ),
        // Below the parallelism: said here too, where a reader who tabs back to the field
        // hears it (found by a keyboard walk-through: only the alert said it).
        None if v.parallelism.is_err() => format!(
            "Set explicitly, below parallelism {p}: the job does not start. Raise it to {p} or more, or leave it empty to let Flink derive it."
        ),
        None => "Set explicitly. Leave empty to let Flink derive it.".to_string(),
    };
    let value_text = match (&v.parallelism, v.imbalance) {
        (Err(_), _) => format!("{p}: above max parallelism {max}, the job cannot start"),
        (Ok(_), Some(i)) => format!("{p}: {}", i.owners_sentence()),
        (Ok(_), None) => p.to_string(),
    };
    html! {
        <LiveForm class="owners-controls">
            { slot_field_with(&MAXP, s, a, Some(max_hint), None) }
            if s.max_parallelism.value.is_none() {
                { slot_field_with(&FIRST, s, a, None, Some(match s.from.value {
                    Some(from) => format!("same as the earlier parallelism ({from})"),
                    None => format!("same as parallelism ({p})"),
                })) }
            }
            <div class="slider-group">
                // A parallelism the job cannot start at: both controls refused by the alert.
                <ParallelismSlider value={p} max_parallelism={max} value_text={AttrValue::from(value_text)} on_input={on_slide}
                    refused={v.parallelism.is_err()} />
                { refused_slot_field(&P, s, a, v.parallelism.is_err().then_some(CANNOT_START_ID)) }
            </div>
            { slot_field_with(&FROM, s, a, None, None) }
        </LiveForm>
    }
}
