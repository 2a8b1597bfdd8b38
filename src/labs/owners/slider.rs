//! The **Parallelism** slider: a native range input (arrows, PageUp/PageDown, Home/End)
//! whose range runs past max parallelism, with the ceiling marked beneath it and an
//! `aria-valuetext` that says what the value means.

use yew::prelude::*;

use crate::model::UPPER_BOUND_MAX_PARALLELISM;

#[derive(Properties, PartialEq)]
pub struct SliderProps {
    pub value: u32,
    pub max_parallelism: u32,
    /// What the value means, for screen readers.
    pub value_text: AttrValue,
    pub on_input: Callback<String>,
    /// The job cannot start at this value: the slider is marked so, and described by the alert.
    #[prop_or_default]
    pub refused: bool,
}

/// The slider's upper end: twice the ceiling (at least 8), never past Flink's 32768.
pub fn slider_end(max_parallelism: u32) -> u32 {
    (max_parallelism.saturating_mul(2)).clamp(8, UPPER_BOUND_MAX_PARALLELISM)
}

#[function_component]
pub fn ParallelismSlider(props: &SliderProps) -> Html {
    let locked = crate::components::use_locked(Some(AttrValue::Static(super::query::P.name)));
    let end = slider_end(props.max_parallelism).max(props.value);
    let on_input = props.on_input.clone();
    let oninput = Callback::from(move |e: InputEvent| {
        on_input.emit(crate::browser::events::input_text(&e).0);
    });
    // The ceiling's position on a 1000-unit scale under the track.
    let at =
        (u64::from(props.max_parallelism.saturating_sub(1)) * 1000 / u64::from(end.saturating_sub(1).max(1))).min(1000);
    html! {
        <div class={classes!("field", "slider-field", crate::components::locked_class(locked))}>
            <label for="owners-p-slider">{ "Parallelism" }</label>
            <input id="owners-p-slider" type="range" min="1" max={end.to_string()} step="1"
                value={props.value.to_string()} aria-valuetext={props.value_text.clone()}
                aria-invalid={props.refused.then_some("true")}
                aria-describedby={match (locked, props.refused) {
                    (true, _) => "owners-ceiling owners-p-locked",
                    (false, true) => "owners-ceiling owners-cannot-start",
                    (false, false) => "owners-ceiling",
                }} disabled={locked} {oninput} />
            <svg class="ceiling-scale" viewBox="0 0 1000 24" preserveAspectRatio="none" aria-hidden="true">
                <rect class="allowed" x="0" y="4" width={at.to_string()} height="6" />
                <rect class="refused" x={at.to_string()} y="4" width={(1000 - at).to_string()} height="6" />
                <line class="ceiling" x1={at.to_string()} x2={at.to_string()} y1="0" y2="24" />
            </svg>
            if locked {
                <crate::components::LockNote id="owners-p-locked" />
            }
            <p class="field-hint" id="owners-ceiling">
                { format!("1 to {end}. The mark is the ceiling, max parallelism {}: to its right the job cannot start.", props.max_parallelism) }
            </p>
        </div>
    }
}
