//! The fastest relief (`plan-interim`): run at the snapshot's max parallelism now, with no
//! rewrite, its outage and its imbalance; and what the State Processor API rewrite involves
//! and cannot carry (`rewrite-work`).

use yew::prelude::*;

use crate::model::planner::{format_duration, Plan, Verdict};

#[derive(Properties, PartialEq)]
pub struct InterimProps {
    pub plan: Plan,
    pub target: u32,
}

#[function_component]
pub fn InterimView(props: &InterimProps) -> Html {
    let (p, target) = (&props.plan, props.target);
    html! {
        <>
            if let Some(i) = &p.interim {
                <div class="interim" data-testid="plan-interim">
                    <h3>{ format!("Fastest relief: run at {} now, no rewrite", i.parallelism) }</h3>
                    <p>
                        { format!("The snapshot's max parallelism {} allows up to {} subtasks: restart there while {}. Outage: {} ({}). ",
                            p.saved_max, i.parallelism,
                            if p.verdict == Verdict::RebuildFromLog { "the new job is rebuilt from the log" } else { "the rewrite is prepared" },
                            format_duration(i.seconds), i.arithmetic) }
                        { if i.imbalance.is_even() {
                            format!("At {} every subtask owns {} key group{}. ", i.parallelism, i.imbalance.fewest, if i.imbalance.fewest == 1 { "" } else { "s" })
                        } else {
                            format!("At {} {} subtasks own {} key groups and {} own {}: the busiest set the pace. ", i.parallelism,
                                i.imbalance.busy_subtasks, i.imbalance.most, i.imbalance.idle_subtasks, i.imbalance.fewest)
                        } }
                        { format!("It does not reach {target}: the ceiling stays {}.", p.saved_max) }
                    </p>
                    <p class="muted">{ i.how.clone() }</p>
                </div>
            }
            if p.verdict == Verdict::RewriteNeeded {
                <div class="rewrite-work" data-testid="rewrite-work">
                    <h3>{ "What the State Processor API rewrite involves" }</h3>
                    <p>{ "A batch job you write and test. For each stateful operator it rewrites, by its uid: read every keyed state (a reader \
                          function declaring each state descriptor, with the same serializers), its registered event-time and processing-time \
                          timers, and its operator state (list, union, broadcast); then bootstrap all of it again at the new max parallelism, \
                          registering the timers again. Started from the existing savepoint (SavepointWriter.fromExistingSavepoint), it replaces \
                          only those operators and keeps every other one as it was saved, at the old max parallelism, which the cutover then pins \
                          (see each stateful operator's route); started as a new savepoint, only what it writes is there." }</p>
                    <p class="muted">{ "How the State Processor API writes is read from its sources and documentation: its jar is not in the \
                          packages this lab can run, so no rewrite ran here. What Flink does with the savepoint it writes was observed, with a \
                          stand-in for the rewrite (tests/flink-cutover, tests/flink-runbook)." }</p>
                    <p>{ "What it cannot carry: in a new savepoint, the state of any operator it does not write (it is gone); state you cannot \
                          deserialize (classes or serializers missing); a source's split and offset state is the connector's own format, so keep \
                          it as it was or accept a new start position. Its estimate assumes every byte is read once and written once at the \
                          rewrite throughput." }</p>
                </div>
            }
        </>
    }
}
