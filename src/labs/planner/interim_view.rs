//! The fastest relief (`plan-interim`): run at the snapshot's max parallelism now, with no
//! rewrite, its outage and its imbalance; and what the State Processor API rewrite involves
//! and cannot carry (`rewrite-work`).

use yew::prelude::*;

use crate::model::planner::outage::RestoreFrom;
use crate::model::planner::{format_duration, Plan, Verdict};

#[derive(Properties, PartialEq)]
pub struct InterimProps {
    pub plan: Plan,
    pub current: u32,
    pub target: u32,
}

#[function_component]
pub fn InterimView(props: &InterimProps) -> Html {
    let (p, current, target) = (&props.plan, props.current, props.target);
    html! {
        <>
            if let Some(i) = &p.interim {
                <div class="interim" data-testid="plan-interim">
                    <h3>{ format!("Fastest relief: run at {} now, no rewrite", i.parallelism) }</h3>
                    <p>
                        { format!("The snapshot's max parallelism {} allows up to {} subtasks: restart there while the rewrite is prepared. Outage: {} ({}). ",
                            p.saved_max, i.parallelism, format_duration(i.seconds), i.arithmetic) }
                        { if i.imbalance.is_even() {
                            format!("At {} every subtask owns {} key group{}. ", i.parallelism, i.imbalance.fewest, if i.imbalance.fewest == 1 { "" } else { "s" })
                        } else {
                            format!("At {} {} subtasks own {} key groups and {} own {}: the busiest set the pace. ", i.parallelism,
                                i.imbalance.busy_subtasks, i.imbalance.most, i.imbalance.idle_subtasks, i.imbalance.fewest)
                        } }
                        { format!("It does not reach {target}: the ceiling stays {}.", p.saved_max) }
                    </p>
                    <p class="muted">
                        { match i.restore_from {
                            RestoreFrom::Savepoint => format!("Stop with a savepoint and restore from it: quicker here than restarting {current} → {} from a retained incremental checkpoint, which reads {}.{:03} × the state.",
                                i.parallelism, i.read_milli / 1000, i.read_milli % 1000),
                            RestoreFrom::IncrementalCheckpoint => format!("Restart from the latest retained incremental checkpoint: it reads {}.{:03} × the state, still quicker than writing and reading a savepoint.",
                                i.read_milli / 1000, i.read_milli % 1000),
                        } }
                    </p>
                </div>
            }
            if p.verdict == Verdict::RewriteNeeded {
                <div class="rewrite-work" data-testid="rewrite-work">
                    <h3>{ "What the State Processor API rewrite involves" }</h3>
                    <p>{ "A batch job you write and test. For each stateful operator, by its uid: read every keyed state (a reader function \
                          declaring each state descriptor, with the same serializers), its registered event-time and processing-time timers, \
                          and its operator state (list, union, broadcast); then bootstrap all of it into a new savepoint created with the new \
                          max parallelism, registering the timers again." }</p>
                    <p>{ "What it cannot carry: the state of any operator you do not read and write back (it is gone); state you cannot \
                          deserialize (classes or serializers missing); a source's split and offset state is the connector's own format, so keep \
                          it as it was or accept a new start position. Its estimate assumes every byte is read once and written once at the \
                          rewrite throughput." }</p>
                </div>
            }
        </>
    }
}
