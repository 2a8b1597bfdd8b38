//! Operator (non-keyed) state on restore from p1 to p2, as Flink 2.3.0 redistributes it: split
//! (round-robin) list state in contiguous runs, union list state to every subtask, broadcast
//! state from old subtask i mod p1; which sources keep their positions in which; and idle source
//! subtasks when the parallelism exceeds the partitions.

use yew::prelude::*;

use crate::model::trace::operator_state::{broadcast_source, split, tagged, union};

/// The example source for idle subtasks: eight partitions, one split each.
const PARTITIONS: u32 = 8;
/// Subtasks listed at most.
const SHOWN: u32 = 64;

#[derive(Properties, PartialEq, Clone)]
pub struct OperatorStateProps {
    pub before: u32,
    pub after: u32,
}

fn list(entries: &[String]) -> String {
    if entries.is_empty() {
        "nothing".to_string()
    } else {
        entries.join(", ")
    }
}

fn split_text(p1: u32, p2: u32, total: u32) -> String {
    let order = "Within a subtask the old subtasks' runs arrived in an order that changed between two runs of the same job: rely on which entries a subtask gets, never on their order.";
    if p1 == p2 {
        return format!("At an unchanged parallelism each subtask keeps its own list. {order}");
    }
    let cut = match total % p2 {
        0 => format!("{} entries each", total / p2),
        extra => format!("the first {extra} get {} entries, the others {}", total / p2 + 1, total / p2),
    };
    format!("The {p1} old lists are joined in subtask order ({total} entries) and cut into {p2} contiguous runs: {cut}. {order}")
}

#[function_component]
pub fn OperatorState(props: &OperatorStateProps) -> Html {
    let (p1, p2) = (props.before.clamp(1, SHOWN), props.after.clamp(1, SHOWN));
    let old = tagged(p1, 3, 'L');
    let runs = split(&old, p2);
    let union_entries = union(&tagged(p1, 2, 'U'), 1).concat().len();
    let from = broadcast_source(p1, p2);
    let partitions: Vec<Vec<String>> = vec![(0..PARTITIONS).map(|i| format!("partition {i}")).collect()];
    let idle = split(&partitions, p2).iter().filter(|s| s.is_empty()).count();
    html! {
        <section class="operator-state" aria-labelledby="operator-state-title">
            <h2 id="operator-state-title">{ format!("Operator state on restore, {p1} → {p2}") }</h2>
            <p>{ "Not all state is keyed. Operator state is redistributed on restore by the mode the operator declared, not by key groups. What follows is what Flink 2.3.0 did with each mode, for an operator whose old subtask i wrote three entries of split list state (si.L0, si.L1, si.L2), two of union list state (si.U0, si.U1) and one copy of broadcast state." }</p>
            <h3>{ "Split (round-robin) list state: contiguous runs" }</h3>
            <p>{ split_text(p1, p2, old.concat().len() as u32) }</p>
            <ul class="split" data-testid="split-state">
                { for runs.iter().enumerate().map(|(i, part)| html! { <li key={i}>{ format!("subtask {i}: {}", list(part)) }</li> }) }
            </ul>
            <p>{ "FLIP-27 sources (fromSource: KafkaSource and the other new connectors) keep their splits, with each split's position, in split list state named SourceReaderState (Flink's report of a real savepoint shows it). The legacy FlinkKafkaConsumer (a SourceFunction) kept its partition offsets as union list state instead (read from its code, not observed here)." }</p>
            <h3>{ "Union list state: every subtask receives the whole list" }</h3>
            <p data-testid="union-state">{ format!("Each of the {p2} new subtasks gets all {union_entries} entries of the {p1} old subtasks (two from each, s0.U0 to s{}.U1) and must pick its own (or risk reading twice): union redistribution duplicates, it does not divide.", p1 - 1) }</p>
            <h3>{ "Broadcast state: new subtask i takes old subtask i mod p1's copy" }</h3>
            <ul class="broadcast" data-testid="broadcast-state">
                { for from.iter().enumerate().map(|(i, f)| html! { <li key={i}>{ format!("subtask {i}: the copy of old subtask {}", f.unwrap_or(0)) }</li> }) }
            </ul>
            <p>{ "Each old subtask's broadcast state is meant to be identical; if it is not, which copy a subtask ends up with depends on its index." }</p>
            if idle > 0 {
                <p data-testid="idle-sources">{ format!("{idle} of {p2} source subtasks get no partition and sit idle: a source reading {PARTITIONS} partitions gains nothing from a {}th subtask (a Kafka source's split state, cut as observed above; not run with Kafka here).", PARTITIONS + 1) }</p>
            }
            if props.before > SHOWN || props.after > SHOWN {
                <p class="muted">{ format!("Shown for at most {SHOWN} subtasks before and after.") }</p>
            }
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`OperatorState`], its code fetched when it is wanted.
    pub DeferredOperatorState(OperatorStateProps) => OperatorState, chunk trace_operator_state, "operator state"
);
