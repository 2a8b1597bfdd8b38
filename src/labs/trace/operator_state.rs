//! Operator (non-keyed) state on restore: list state split evenly or handed whole to every
//! subtask (union), shown for source partition offsets, and idle source subtasks when the
//! parallelism exceeds the partitions.

use yew::prelude::*;

use crate::model::trace::redistribute_list;

/// The example source: eight partitions with their offsets.
const PARTITIONS: u32 = 8;

#[derive(Properties, PartialEq)]
pub struct OperatorStateProps {
    pub parallelism: u32,
}

#[function_component]
pub fn OperatorState(props: &OperatorStateProps) -> Html {
    let p = props.parallelism.clamp(1, 64);
    let offsets: Vec<String> = (0..PARTITIONS).map(|i| format!("partition {i} @ {}", 1000 + i * 37)).collect();
    let split = redistribute_list(&offsets, p, false);
    let idle = split.iter().filter(|s| s.is_empty()).count();
    html! {
        <section class="operator-state" aria-labelledby="operator-state-title">
            <h2 id="operator-state-title">{ "Operator state on restore" }</h2>
            <p>{ "Not all state is keyed. A source keeps its partition offsets as list state, redistributed on restore by the operator's declared mode, not by key groups." }</p>
            <h3>{ format!("Even split at parallelism {p}: each subtask takes a share") }</h3>
            <ul class="split">
                { for split.iter().enumerate().map(|(i, part)| html! {
                    <li key={i}>{ format!("subtask {i}: {}", if part.is_empty() { "nothing (idle)".to_string() } else { part.join(", ") }) }</li>
                }) }
            </ul>
            if idle > 0 {
                <p data-testid="idle-sources">{ format!("{idle} of {p} source subtasks get no partition and sit idle: a source reading {PARTITIONS} partitions gains nothing from a {}th subtask.", PARTITIONS + 1) }</p>
            }
            <h3>{ "Union: every subtask receives the whole list" }</h3>
            <p>{ format!("Each of the {p} subtasks gets all {PARTITIONS} entries and must pick its own (or risk double reading): union redistribution duplicates, it does not divide.") }</p>
            if props.parallelism > 64 {
                <p class="muted">{ "Shown for the first 64 subtasks." }</p>
            }
        </section>
    }
}
