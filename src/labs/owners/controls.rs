//! The owners lab's job settings: **Max parallelism** (empty = derived), the first
//! parallelism Flink derives it from, the **Parallelism** slider with an exact field, and an
//! earlier parallelism to compare with.

use yew::prelude::*;

use super::slider::ParallelismSlider;
use super::state::{OwnersAction, OwnersState, OwnersView};
use crate::components::{FieldInput, TextField};

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub state: OwnersState,
    pub view: OwnersView,
    pub on_action: Callback<OwnersAction>,
}

#[function_component]
pub fn Controls(props: &ControlsProps) -> Html {
    let (s, v) = (&props.state, &props.view);
    let emit = |make: fn(FieldInput) -> OwnersAction| props.on_action.reform(make);
    let on_max = emit(|i| OwnersAction::SetMaxParallelism { text: i.text, bad_input: i.bad_input });
    let on_first = emit(|i| OwnersAction::SetFirst { text: i.text, bad_input: i.bad_input });
    let on_p = emit(|i| OwnersAction::SetParallelism { text: i.text, bad_input: i.bad_input });
    let on_from = emit(|i| OwnersAction::SetFrom { text: i.text, bad_input: i.bad_input });
    let on_slide = props.on_action.reform(|text: String| OwnersAction::SetParallelism { text, bad_input: false });
    let max = v.max.get();
    let p = s.parallelism.value;
    let max_hint = match v.derivation {
        Some(d) => format!("Not set: Flink derives {} from parallelism {}.", d.result.get(), d.parallelism),
        None => "Set explicitly. Leave empty to let Flink derive it.".to_string(),
    };
    let value_text = match (&v.parallelism, v.imbalance) {
        (Err(_), _) => format!("{p}: above max parallelism {max}, the job cannot start"),
        (Ok(_), Some(i)) if i.is_even() => {
            format!("{p}: every subtask owns {} key groups", i.fewest)
        }
        (Ok(_), Some(i)) => {
            format!("{p}: {} subtasks own {} key groups, {} own {}", i.busy_subtasks, i.most, i.idle_subtasks, i.fewest)
        }
        (Ok(_), None) => p.to_string(),
    };
    html! {
        <form class="controls owners-controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <TextField id="owners-maxp" param="maxp" label="Max parallelism" kind="number" min="1" max="32768"
                placeholder="not set" value={s.max_parallelism.text.clone()}
                error={s.max_parallelism.error.clone().map(AttrValue::from)}
                hint={AttrValue::from(max_hint)} on_input={on_max} />
            if s.max_parallelism.value.is_none() {
                <TextField id="owners-first" param="first" label="First parallelism" kind="number" min="1" max="32768"
                    placeholder={AttrValue::from(format!("same as parallelism ({p})"))}
                    value={s.first.text.clone()} error={s.first.error.clone().map(AttrValue::from)}
                    hint="The parallelism the job ran with when its state was first created." on_input={on_first} />
            }
            <div class="slider-group">
                <ParallelismSlider value={p} max_parallelism={max} value_text={AttrValue::from(value_text)} on_input={on_slide} />
                <TextField id="owners-p" param="p" label="Exact parallelism" kind="number" min="1" max="32768"
                    value={s.parallelism.text.clone()} error={s.parallelism.error.clone().map(AttrValue::from)}
                    on_input={on_p} />
            </div>
            <TextField id="owners-from" param="from" label="Earlier parallelism" kind="number" min="1" max="32768"
                placeholder="none" value={s.from.text.clone()} error={s.from.error.clone().map(AttrValue::from)}
                hint="The parallelism before a rescale: shows what moves, and what the autoscaler would pick."
                on_input={on_from} />
        </form>
    }
}
