//! The trace check page (`#/trace`): pick a scenario, run a generated trace through a
//! simulated keyed job, snapshot, restore at another parallelism, and check every key's total
//! and the source position against the truth (`trace-verdict`); download that trace and check
//! a real job's output against it (`output-verdict`). Also: how operator (list)
//! state is redistributed, and idle source subtasks.

mod failing;
mod kit_panel;
mod operator_state;
mod output_read;
mod output_view;
pub mod query;
mod result;
pub mod state;

use yew::prelude::*;

use crate::components::{slot_widgets, InView, LiveForm, RevealAt, Wanted};
use crate::lab::Lab;
use crate::labs::frame::{dispatch, use_lab, LabFrame, LabProps};

use query::{BACKEND, EVENTS, KEYS, MAXP, P1, P2, SCENARIO, SNAPSHOT};
use state::TraceState;

const LEDE: &str = "A job that reports RUNNING after a rescale has not proved anything. Here a trace with known totals per key \
                    runs through a keyed sum, is snapshotted, restored at another parallelism, and finished; then every key's \
                    total and the position the source resumed from are checked against the truth computed from the trace alone. \
                    What each restore does is what Flink 2.3.0 did in a MiniCluster.";

#[function_component]
pub fn TraceLab(props: &LabProps) -> Html {
    let lab = use_lab::<TraceState>(&props.location);
    let state = lab.state;
    let run = {
        let s = (*state).clone();
        use_memo(state.run_key(), move |_| s.run())
    };
    let on_action = dispatch(&state);
    let s = &*state;
    html! {
        <LabFrame lab={Lab::Trace} lede={LEDE} notices={lab.notices} announce={lab.announce}>
            <LiveForm>
                { slot_widgets(s, &on_action, &[&SCENARIO, &BACKEND, &P1, &P2, &MAXP, &KEYS, &EVENTS, &SNAPSHOT]) }
            </LiveForm>
            <RevealAt name="result"><result::TraceResultView run={run.clone()} scenario={state.scenario} /></RevealAt>
            // Below the first screen: each part's code is fetched when it is wanted.
            <InView><Wanted height="medium">
                <kit_panel::DeferredKitPanel state={(*state).clone()} on_action={on_action.clone()} />
                <operator_state::DeferredOperatorState before={state.p1.value} after={state.p2.value} />
            </Wanted></InView>
        </LabFrame>
    }
}
