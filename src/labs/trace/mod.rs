//! The trace check page (`#/trace`): pick a scenario, run a generated trace through a
//! simulated keyed job, snapshot, restore at another parallelism, and check every key's total
//! and the source position against the truth (`trace-verdict`). Also: how operator (list)
//! state is redistributed, and idle source subtasks.

mod operator_state;
mod result;
pub mod state;

use yew::prelude::*;

use crate::components::{FieldInput, Notices, SelectField, TextField};
use crate::labs::url_sync::use_url_sync;
use crate::labs::Lab;
use crate::model::trace::Scenario;
use crate::url::{Location, TraceQuery};
use state::{TraceAction, TraceField, TraceState};

#[derive(Properties, PartialEq)]
pub struct TraceLabProps {
    pub location: Location,
}

#[function_component]
pub fn TraceLab(props: &TraceLabProps) -> Html {
    let parsed = use_memo(props.location.clone(), |location| {
        let (query, notices) = TraceQuery::parse(&location.params);
        (query, location.notices.iter().cloned().chain(notices).collect::<Vec<_>>())
    });
    let state = use_reducer_eq({
        let query = parsed.0;
        move || TraceState::from_query(&query)
    });
    use_url_sync(Lab::Trace, &props.location.common, state.to_query().pairs());
    let run = use_memo((*state).clone(), |s| s.run());
    let on_action = {
        let d = state.dispatcher();
        Callback::from(move |a: TraceAction| d.dispatch(a))
    };
    let scenarios =
        Scenario::ALL.iter().map(|s| (AttrValue::Static(s.slug()), AttrValue::Static(s.title()))).collect::<Vec<_>>();
    let on_scenario = on_action.reform(|v: String| TraceAction::SetScenario {
        scenario: Scenario::from_slug(&v).unwrap_or(Scenario::PlainRescale),
    });
    let field = |which: TraceField, id: &'static str, label: &'static str, param: &'static str| {
        let f = match which {
            TraceField::P1 => &state.p1,
            TraceField::P2 => &state.p2,
            TraceField::Maxp => &state.maxp,
            TraceField::Keys => &state.keys,
            TraceField::Events => &state.events,
            TraceField::Snapshot => &state.snapshot,
        };
        let on_input = on_action.reform(move |i: FieldInput| TraceAction::Set {
            field: which,
            text: i.text,
            bad_input: i.bad_input,
        });
        html! { <TextField id={id} label={label} kind="number" value={f.text.clone()} error={f.error.clone().map(AttrValue::from)} param={AttrValue::Static(param)} on_input={on_input} /> }
    };
    html! {
        <section class="lab lab-trace" aria-labelledby="trace-title">
            <h1 id="trace-title">{ Lab::Trace.title() }</h1>
            <p class="lede">
                { "A job that reports RUNNING after a rescale has not proved anything. Here a trace with known totals per key \
                   runs through a keyed sum, is snapshotted, restored at another parallelism, and finished; then every key's \
                   total and the source position are checked against the truth computed from the trace alone." }
            </p>
            <Notices notices={parsed.1.clone()} />
            <form class="controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <SelectField id="trace-scenario" param="scenario" label="Scenario" options={scenarios} selected={AttrValue::Static(state.scenario.slug())} on_change={on_scenario} />
                { field(TraceField::P1, "trace-p1", "Parallelism before", "p1") }
                { field(TraceField::P2, "trace-p2", "Parallelism after", "p2") }
                { field(TraceField::Maxp, "trace-maxp", "Max parallelism", "maxp") }
                { field(TraceField::Keys, "trace-keys", "Keys in the trace", "keys") }
                { field(TraceField::Events, "trace-events", "Events in the trace", "events") }
                { field(TraceField::Snapshot, "trace-snapshot", "Snapshot at offset", "snapshot") }
            </form>
            <result::TraceResultView run={(*run).clone()} scenario={state.scenario} />
            <operator_state::OperatorState parallelism={state.p2.value} />
        </section>
    }
}
