//! The modular coverage lab (`#/coverage`): predict which residues the walk n·a mod m
//! reaches, then Play (real time, two steps a second) or Step, and get the verdict with its
//! reason. State lives in the URL (`m`, `a`, `t`); exercise progress in local storage.

mod circle;
mod controls;
mod exercise;
mod playback;
mod prediction;
pub mod progress;
pub mod query;
mod readout;
mod run_line;
pub mod state;

use crate::browser::page::Interval;
use yew::prelude::*;

use crate::browser::{self, KeyListener};
use crate::components::{use_result_sink, InView, RevealAt};
use crate::lab::Lab;
use crate::labs::frame::{use_lab, LabFrame, LabProps};
use crate::model::coverage::Verdict;
use crate::model::training::Statement;
use crate::url::{notice, Notice};
use progress::{Progress, STORAGE_KEY};
use state::{CoverageAction, CoverageState};

/// The exercise progress stored in this browser; an unreadable entry is set aside with a notice.
fn stored_progress(notices: &mut Vec<Notice>) -> Progress {
    let stored = browser::storage_get(STORAGE_KEY);
    match stored.as_deref().map(Progress::parse) {
        None => Progress::default(),
        Some(Some(progress)) => progress,
        Some(None) => {
            let why = "it is not in a format this version reads, so the exercise starts afresh";
            notices.push(notice("saved progress", stored.as_deref().unwrap_or(""), why));
            Progress::default()
        }
    }
}

const LEDE: &str = "A warm-up about reaching every member of a fixed set. Start at 0 and keep adding \
                    a, wrapping around m: which of the m residues does the walk ever land on? This \
                    is a toy of its own. It does not simulate Flink changing parallelism: m stays the \
                    same in every run, and changing the stride is not adding workers.";

/// Why a Flink course has it (issue 17): the question it trains, in one sentence.
const WHY: &str = "Why it is in a Flink course: max parallelism fixes a set of key groups that never \
                   changes, and whenever a fixed visiting rule (a stride, a round robin) runs over such a \
                   set, someone must ask whether it really reaches every member, or only some of them.";

// The parts each section of `query::SECTIONS` shows (`view=`): every section has the controls
// and the circle; the prediction goes with `prediction` and `exercise`, the exercise alone
// with `exercise`.
const WITH_PREDICTION: &[&str] = &["prediction", "exercise"];
const WITH_EXERCISE: &[&str] = &["exercise"];

#[function_component]
pub fn CoverageLab(props: &LabProps) -> Html {
    let lab = use_lab::<CoverageState>(&props.location);
    let state = lab.state;
    // Playback moves the page every step: settled only when paused.
    crate::components::use_busy(state.clock.is_some());
    let dispatcher = state.dispatcher();

    use_effect_with(state.progress, |progress| browser::storage_set(STORAGE_KEY, &progress.format()));
    {
        // Shown again after another module's page (home's Reset all progress, say), or the
        // progress changed by another tab: the stored progress is read again, so the lab's
        // older copy never writes over it.
        let dispatcher = dispatcher.clone();
        use_effect_with((), move |_| {
            let read_again =
                move || dispatcher.dispatch(CoverageAction::StoredProgress(stored_progress(&mut Vec::new())));
            let watches =
                (browser::page::ShownWatch::new(read_again.clone()), browser::page::StorageWatch::new(read_again));
            move || drop(watches)
        });
    }
    {
        // Each graded prediction goes to the embedding page, if the link names its origin.
        let (sink, verdict, orbit) = (use_result_sink(), state.verdict(), state.orbit);
        let prediction = state.prediction.clone();
        use_effect_with((verdict, orbit), move |(verdict, orbit)| {
            if *verdict != Verdict::Pending {
                let response = prediction.residues.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
                let statement = Statement {
                    verb: "answered",
                    object_id: format!("{}#/coverage?m={}&a={}", browser::page_url(), orbit.modulus(), orbit.stride()),
                    object_name: format!(
                        "Modular coverage: which residues does n·{} mod {} reach?",
                        orbit.stride(),
                        orbit.modulus()
                    ),
                    raw: u32::from(*verdict == Verdict::Correct),
                    max: 1,
                    success: *verdict == Verdict::Correct,
                    response,
                };
                sink.send(statement);
            }
        });
    }
    {
        let dispatcher = dispatcher.clone();
        use_effect_with(state.clock.is_some(), move |playing| {
            let interval = playing.then(|| {
                Interval::new(50, move || dispatcher.dispatch(CoverageAction::Tick { now_ms: browser::now_ms() }))
            });
            move || drop(interval)
        });
    }
    {
        let dispatcher = dispatcher.clone();
        use_effect_with((), move |_| {
            let listener = KeyListener::new(move |event| {
                // Issue 3: whenever the focus is not in a field or on another control that
                // Space works itself (a button, a checkbox, a link); Shift+Space still scrolls up.
                let modified = event.shift_key() || event.ctrl_key() || event.alt_key() || event.meta_key();
                if event.key() == " "
                    && !event.repeat()
                    && !modified
                    && !event.default_prevented()
                    && !browser::focus_takes_space(&event)
                {
                    event.prevent_default();
                    dispatcher.dispatch(CoverageAction::TogglePlay { now_ms: browser::now_ms() });
                }
            });
            move || drop(listener)
        });
    }
    let on_action = Callback::from(move |action: CoverageAction| dispatcher.dispatch(action));

    html! {
        <LabFrame lab={Lab::Coverage} lede={LEDE} notices={lab.notices} announce={lab.announce}>
            <InView names={WITH_EXERCISE}>
                <run_line::RunLine progress={state.progress} m={state.orbit.modulus()} a={state.orbit.stride()}
                    unpredicted={state.unpredicted()} />
            </InView>
            // The order of the task, which is also the keyboard's: the pair, the prediction,
            // then Play or Step, then the walk.
            <controls::Controls state={(*state).clone()} on_action={on_action.clone()} />
            <InView names={WITH_PREDICTION}>
                <prediction::PredictionPanel state={(*state).clone()} on_action={on_action.clone()} />
            </InView>
            <playback::Playback state={(*state).clone()} on_action={on_action.clone()} />
            <RevealAt name="circle"><div class="coverage-stage">
                <circle::Circle state={(*state).clone()} />
                <readout::Readout state={(*state).clone()} />
            </div></RevealAt>
            // Below the first screen: its code is fetched when it is wanted.
            <InView names={WITH_EXERCISE}><crate::components::Wanted height="short">
                <exercise::DeferredExercise progress={state.progress} m={state.orbit.modulus()} a={state.orbit.stride()} on_action={on_action} />
            </crate::components::Wanted></InView>
            // Context, not a control: after the exercise, so a phone reaches the controls first.
            <InView><p class="why">{ WHY }</p></InView>
        </LabFrame>
    }
}
