//! The planner page (`#/planner`): the restore-outcome predictor (will this restart work, and
//! if not, which of Flink's checks fails first, with Flink's message), and the rescale
//! planner (verdict, suggested max parallelism, ordered steps with the point of no return,
//! time estimates, warnings). State lives in the URL.

mod plan_view;
mod predictor;
pub mod state;

use yew::prelude::*;

use crate::components::{FieldInput, Notices, TextField};
use crate::labs::url_sync::use_url_sync;
use crate::labs::Lab;
use crate::url::{Location, PlannerQuery};
use state::{PlannerAction, PlannerField, PlannerState};

#[derive(Properties, PartialEq)]
pub struct PlannerLabProps {
    pub location: Location,
}

/// A text field bound to one planner field.
pub fn field(
    state: &PlannerState,
    on_action: &Callback<PlannerAction>,
    which: PlannerField,
    label: &'static str,
    hint: Option<&'static str>,
) -> Html {
    use PlannerField::*;
    let (id, text, error, kind) = match which {
        SavedMaxp => ("pl-saved-maxp", &state.saved_maxp.text, &state.saved_maxp.error, "number"),
        P => ("pl-p", &state.p.text, &state.p.error, "number"),
        Maxp => ("pl-maxp", &state.maxp.text, &state.maxp.error, "number"),
        Current => ("pl-current", &state.current.text, &state.current.error, "number"),
        Target => ("pl-target", &state.target.text, &state.target.error, "number"),
        PlanMaxp => ("pl-plan-maxp", &state.plan_maxp.text, &state.plan_maxp.error, "number"),
        First => ("pl-first", &state.first.text, &state.first.error, "number"),
        State => ("pl-state", &state.state.text, &state.state.error, "text"),
        Rate => ("pl-rate", &state.rate.text, &state.rate.error, "text"),
        Partitions => ("pl-partitions", &state.partitions.text, &state.partitions.error, "number"),
        Ttl => ("pl-ttl", &state.ttl.text, &state.ttl.error, "text"),
    };
    let on_input = on_action.reform(move |i: FieldInput| PlannerAction::Set {
        field: which,
        text: i.text,
        bad_input: i.bad_input,
    });
    let placeholder = matches!(which, Maxp | PlanMaxp).then_some(AttrValue::Static("not set"));
    let param = match which {
        SavedMaxp => "saved_maxp",
        P => "p",
        Maxp => "maxp",
        Current => "current",
        Target => "target",
        PlanMaxp => "plan_maxp",
        First => "first",
        State => "state",
        Rate => "rate",
        Partitions => "partitions",
        Ttl => "ttl",
    };
    html! {
        <TextField id={id} label={label} kind={kind} value={text.clone()} error={error.clone().map(AttrValue::from)}
            hint={hint.map(AttrValue::Static)} placeholder={placeholder} param={AttrValue::Static(param)} on_input={on_input} />
    }
}

#[function_component]
pub fn PlannerLab(props: &PlannerLabProps) -> Html {
    let parsed = use_memo(props.location.clone(), |location| {
        let (query, notices) = PlannerQuery::parse(&location.params);
        (query, location.notices.iter().cloned().chain(notices).collect::<Vec<_>>())
    });
    let state = use_reducer_eq({
        let query = parsed.0.clone();
        move || PlannerState::from_query(&query)
    });
    use_url_sync(Lab::Planner, &props.location.common, state.to_query().pairs());
    let on_action = {
        let dispatcher = state.dispatcher();
        Callback::from(move |a: PlannerAction| dispatcher.dispatch(a))
    };
    let plan = use_memo(state.plan_input(), |input| input.plan());
    html! {
        <section class="lab lab-planner" aria-labelledby="planner-title">
            <h1 id="planner-title">{ Lab::Planner.title() }</h1>
            <p class="lede">
                { "Changing a keyed job's parallelism means snapshot, stop, and restore. First ask whether the restore \
                   will even start; then plan the change so that every step can be undone until one clearly marked moment." }
            </p>
            <Notices notices={parsed.1.clone()} />
            <predictor::Predictor state={(*state).clone()} on_action={on_action.clone()} />
            <plan_view::PlanSection state={(*state).clone()} plan={(*plan).clone()} on_action={on_action} />
        </section>
    }
}
