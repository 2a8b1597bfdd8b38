//! The restore-outcome predictor: the snapshot's max parallelism (and how it came about), the
//! new parallelism and max parallelism in; `restore-verdict` out, with the first failing check
//! and the message Flink gives.

use yew::prelude::*;

use super::query::{FIRST, MAXP, OTHER_MAXP, P, SAVED_HOW, SAVED_MAXP};
use super::state::PlannerState;
use crate::components::{slot_widgets, LiveForm, ResultAlert, ResultRegion};
use crate::labs::frame::PartProps;
use crate::model::number::count;
use crate::model::restore::RestoreOutcome;

#[function_component]
pub fn Predictor(props: &PartProps<PlannerState>) -> Html {
    let s = &props.state;
    let a = &props.on_action;
    let outcome = s.restore();
    // Where the snapshot's operators record other max parallelisms than the one above.
    let others = s.other_maxp.value.filter(|&o| Some(o) != s.saved_maxp.value);
    // A restore that fails blocks the rescale: the contract's alert, naming both numbers.
    let blocked = match outcome {
        RestoreOutcome::Fails(check) => Some(format!("The job does not start: {}.", check.plain())),
        RestoreOutcome::Ok { .. } => None,
    };
    let (verdict, body) = match outcome {
        RestoreOutcome::Ok { max_parallelism, adopted_from } => (
            "ok",
            html! {
                <>
                    <p><strong>{ "The job starts." }</strong>{ format!(" It runs {} over {}.", count(u64::from(s.p.value), "subtask", "subtasks"), count(u64::from(max_parallelism), "key group", "key groups")) }</p>
                    if let Some(other) = others {
                        <p data-testid="restore-mixed">{ format!("Every other operator keeps the max parallelism the snapshot records for it, {other} the least. Leave the job's own unset, or set each operator's (setMaxParallelism on it) to what the snapshot records for it: one value for the whole job differs from one of them, and on Flink 2.3.0 that stopped the restore (\"Max parallelism mismatch\").") }</p>
                    }
                    if let Some(derived) = adopted_from {
                        <p>{ format!("Max parallelism is not set, so Flink first derives {derived} from the parallelism, then silently replaces it with the snapshot's {max_parallelism} when it assigns the state.") }</p>
                        if others.is_none() {
                            <p data-testid="restore-unset-source">{ format!("Set it to {max_parallelism} all the same: on Flink 2.3.0, a job restored with it unset saved its source (built on Flink's Source API, an operator with a coordinator) at the default Flink derives from the source's own parallelism ({derived} for a source at {}) in its later savepoints, and a restore of one of those that set {max_parallelism} for the whole job failed for the source (\"Max parallelism mismatch\").", s.p.value) }</p>
                        }
                    }
                </>
            },
        ),
        RestoreOutcome::Fails(check) => (
            "fails",
            html! {
                <>
                    <p><strong>{ "The job does not start." }</strong>{ format!(" It fails at {}.", check.check_name()) }</p>
                    <p>{ "Flink says:" }</p>
                    <blockquote class="flink-message"><code>{ check.flink_message() }</code></blockquote>
                </>
            },
        ),
    };
    html! {
        <section class="predictor" aria-labelledby="predictor-title">
            <h2 id="predictor-title">{ "Will the restore start?" }</h2>
            <p>{ "The snapshot's values below feed both this check and the plan further down." }</p>
            <LiveForm>
                { slot_widgets(s, a, &[&SAVED_MAXP, &FIRST, &SAVED_HOW, &OTHER_MAXP, &P, &MAXP]) }
            </LiveForm>
            if let Some(why) = blocked {
                <ResultAlert class="restore-blocked">{ why }</ResultAlert>
            }
            <ResultRegion class={classes!("restore-result", verdict)} testid="restore-verdict" verdict={verdict}>
                { body }
            </ResultRegion>
            <p class="muted">
                { "Flink 2.3.0 was run with real savepoints to find these checks and their order: (1) building the job: parallelism \
                   above an explicitly set max parallelism; (2) loading the snapshot: an explicitly set max parallelism that differs \
                   from the snapshot's; (3) assigning state: parallelism above the snapshot's max parallelism. Whether the snapshot's \
                   value was set or derived is not stored in it and changed nothing. Where the snapshot's operators record different max \
                   parallelisms, the job's one parallelism and one max parallelism meet each operator's own." }
            </p>
        </section>
    }
}
