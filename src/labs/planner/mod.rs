//! The planner page (`#/planner`): the restore-outcome predictor (will this restart work, and
//! if not, which of Flink's checks fails first, with Flink's message), and the rescale
//! planner (verdict, suggested max parallelism, ordered steps with the point of no return,
//! time estimates, warnings, which vertices gain, each stateful operator at the cutover), and the in-place route with the adaptive
//! scheduler. State lives in the URL.

mod checklist_view;
mod commands_view;
mod cutover_view;
mod in_place_view;
mod interim_view;
#[cfg(test)]
mod journey_inplace_restart_tests;
#[cfg(test)]
mod journey_inplace_tests;
#[cfg(test)]
mod journey_report;
#[cfg(test)]
mod journey_savepoint_tests;
#[cfg(test)]
mod journey_tests;
mod kafka_view;
mod kinds_view;
mod max_choice;
mod plan_view;
mod predictor;
pub mod query;
pub mod state;
mod time_view;

use yew::prelude::*;

use crate::components::{InView, Wanted};
use crate::lab::Lab;
use crate::labs::frame::{dispatch, use_lab, LabFrame, LabProps};
use state::PlannerState;

const LEDE: &str = "A keyed job takes a new parallelism only by restarting from a snapshot of its state: a savepoint \
                    taken as it stops, a checkpoint it retained or, rescaled in place by the adaptive scheduler, a checkpoint \
                    of the running job. First ask whether the restore \
                    will even start; then plan the change so that every step can be undone until one clearly marked moment.";

/// The plan of `state`, worked out once per state by each part that shows it.
#[hook]
fn use_plan(state: &PlannerState) -> std::rc::Rc<crate::model::planner::Plan> {
    use_memo(state.plan_input(), |input| input.plan())
}

// The parts each section of `query::SECTIONS` shows (`view=`); the commands and the checklist
// go with the whole lab only.
const RESTORE: &[&str] = &["restore"];
const PLAN: &[&str] = &["plan", "steps"];
const IN_PLACE: &[&str] = &["in-place"];
const KINDS: &[&str] = &["kinds"];

#[function_component]
pub fn PlannerLab(props: &LabProps) -> Html {
    let lab = use_lab::<PlannerState>(&props.location);
    let state = lab.state;
    let on_action = dispatch(&state);
    // The plan is worked out in the parts that show it, below the first screen: its code
    // arrives with them, not with the page.
    html! {
        <LabFrame lab={Lab::Planner} lede={LEDE} notices={lab.notices} announce={lab.announce}>
            <InView names={RESTORE}><predictor::Predictor state={(*state).clone()} on_action={on_action.clone()} /></InView>
            // Below the first screen: each part's code is fetched when it is wanted.
            <InView names={PLAN}><Wanted height="tall">
                <plan_view::DeferredPlanSection state={(*state).clone()} on_action={on_action.clone()} />
            </Wanted></InView>
            <InView names={IN_PLACE}><Wanted height="medium">
                <in_place_view::DeferredInPlace state={(*state).clone()} on_action={on_action.clone()} />
            </Wanted></InView>
            <InView><Wanted height="medium">
                <commands_view::DeferredCommands state={(*state).clone()} on_action={on_action.clone()} />
            </Wanted></InView>
            <InView names={KINDS}><Wanted height="medium">
                <kinds_view::DeferredKinds state={(*state).clone()} on_action={on_action} />
            </Wanted></InView>
            <InView><Wanted height="medium">
                <checklist_view::DeferredChecklist state={(*state).clone()} />
            </Wanted></InView>
        </LabFrame>
    }
}
