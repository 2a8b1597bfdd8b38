//! One operator's subtasks: each key-group range checked against Flink's range for the
//! operator's (max parallelism, parallelism), flagged where it differs; the keyed handle's kind
//! (full / incremental / changelog, inline or in files) and size; operator-state names with
//! their distribution mode and partition count. Paged, 32 rows at a time.

use std::rc::Rc;

use yew::prelude::*;

use super::facts::{subtask_rows, OperatorRow, SubtaskRow};
use super::state::Shared;
use crate::components::{use_page, PagerButtons};
use crate::model::savepoint::report::RangeCheck;
use crate::model::savepoint::Snapshot;
use crate::model::skew::units::format_bytes;

const PAGE_ROWS: usize = 32;

#[derive(Properties, PartialEq, Clone)]
pub struct SubtasksProps {
    pub operator: OperatorRow,
    /// The file shown: the operator's subtask rows are worked out here, in this part's chunk.
    pub snapshot: Shared<Snapshot>,
}

fn range(r: &SubtaskRow) -> Html {
    match (r.range, r.check) {
        (None, _) => html! { "–" },
        (Some((a, b)), RangeCheck::Matches) => html! { format!("{a}–{b}") },
        (Some((a, b)), RangeCheck::Differs { expected: (c, d) }) => html! {
            <strong class="sp-flag">{ format!("{a}–{b}: not Flink's {c}–{d}") }</strong>
        },
        (Some((a, b)), _) => html! { format!("{a}–{b} (not checked)") },
    }
}

fn states(r: &SubtaskRow) -> String {
    if r.states.is_empty() {
        return "–".to_string();
    }
    let named: Vec<String> = r
        .states
        .iter()
        .map(|(name, mode, n)| format!("{name:?} ({mode}, {n} partition{})", if *n == 1 { "" } else { "s" }))
        .collect();
    format!("{} · {}", named.join(", "), format_bytes(r.operator_bytes))
}

#[function_component]
pub fn Subtasks(props: &SubtasksProps) -> Html {
    let op = &props.operator;
    let rows: Rc<Vec<SubtaskRow>> = use_memo((props.snapshot.clone(), op.index), |(s, i)| {
        s.0.operators.get(*i).map(subtask_rows).unwrap_or_default()
    });
    // Another operator, or another file's, opens at its first page.
    let (page, on_go) = use_page(rows.len(), PAGE_ROWS, (props.snapshot.clone(), op.index));
    let differing = rows.iter().filter(|r| matches!(r.check, RangeCheck::Differs { .. })).count();
    let keyed = rows.iter().any(|r| r.range.is_some());
    html! {
        <section class="sp-subtasks" aria-labelledby="sp-subtasks-title">
            <h2 id="sp-subtasks-title">{ format!("Subtasks of {}", op.label()) }</h2>
            if op.fully_finished {
                <p>{ "Every subtask of this operator had finished: the file holds no subtask entries, and a restore starts it as finished (Flink's rule for finished operators, FLIP-147; not observed here)." }</p>
            }
            if keyed && differing == 0 {
                <p>{ format!("Every key-group range is the one Flink assigns for max parallelism {} and parallelism {}.", op.max_parallelism, op.parallelism) }</p>
            }
            if differing > 0 {
                <p class="alert" role="alert">{ format!("{differing} subtasks hold a key-group range that is not the one Flink assigns for max parallelism {} and parallelism {}: a restore gives their groups to the subtasks Flink assigns them to (read from Flink's sources, not observed: Flink itself never writes such a file).", op.max_parallelism, op.parallelism) }</p>
            }
            if !rows.is_empty() {
                <div class="sp-scroll" role="region" aria-label="Subtasks table, scrolls sideways" tabindex="0">
                    <table class="sp-table">
                        <thead><tr>
                            <th scope="col">{ "Subtask" }</th><th scope="col">{ "Key groups" }</th>
                            <th scope="col">{ "Keyed state" }</th><th scope="col">{ "Keyed bytes" }</th>
                            <th scope="col">{ "Operator state" }</th>
                        </tr></thead>
                        <tbody>
                            { for rows[page.first..page.end].iter().map(|r| html! {
                                <tr key={r.index}>
                                    <td>{ if r.finished { format!("{} (finished)", r.index) } else { r.index.to_string() } }</td>
                                    <td>{ range(r) }</td>
                                    <td class="text">{ r.handle.clone().unwrap_or_else(|| "–".into()) }</td>
                                    <td>{ r.keyed_bytes }</td>
                                    <td class="text">{ states(r) }</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
                if page.pages > 1 {
                    <div class="table-tools">
                        <PagerButtons page={page} noun="subtasks" status={format!("Subtasks {} to {} of {}", page.first, page.end - 1, rows.len())} on_go={on_go} />
                    </div>
                }
            }
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`Subtasks`], its code fetched when it is wanted.
    pub DeferredSubtasks(SubtasksProps) => Subtasks, chunk savepoint_subtasks, "the subtasks"
);
