//! Every operator of the file, one row each (`savepoint-operator`, with `data-operator-id`,
//! `data-parallelism`, `data-max-parallelism` and `data-uid` where the file stores one): name
//! and uid (format 5+), the id as Flink prints it, parallelisms, subtasks (finished ones
//! counted), coordinator and total state, the keyed-state skew, the range check; a button
//! shows an operator's details below. A file of more than [`PAGE_ROWS`] operators is shown a
//! page at a time (a 1,000-operator file's table was 1,324 elements; paged, about 150).
//! **Export CSV** downloads every subtask (`savepoint.csv`).

use std::rc::Rc;

use yew::prelude::*;

use super::facts::OperatorRow;
use super::state::Shared;
use crate::browser;
use crate::components::{use_page, PagerButtons};
use crate::model::savepoint::unmatched::Unmatched;
use crate::model::savepoint::Snapshot;
use crate::model::skew::units::format_bytes;

/// Operators shown at a time.
pub const PAGE_ROWS: usize = 100;

#[derive(Properties, PartialEq, Clone)]
pub struct OperatorsProps {
    /// The shown file's operators: another file's rows open at the first page.
    pub rows: Rc<Vec<OperatorRow>>,
    pub selected: Option<usize>,
    /// The file stores names and uids (format 5 and later).
    pub has_uids: bool,
    /// The file shown, which **Export CSV** writes out (`export::subtasks_csv`, in this chunk).
    pub snapshot: Shared<Snapshot>,
    pub on_select: Callback<usize>,
}

fn subtasks(r: &OperatorRow) -> String {
    match (r.fully_finished, r.finished_subtasks) {
        (true, _) => "all finished".to_string(),
        (false, 0) => r.subtasks.to_string(),
        (false, f) => format!("{} ({f} finished)", r.subtasks),
    }
}

fn row(r: &OperatorRow, selected: bool, on_select: &Callback<usize>) -> Html {
    let index = r.index;
    let on_click = on_select.reform(move |_: MouseEvent| index);
    let ranges = match (r.keyed, r.ranges_differing) {
        (false, _) => html! { "–" },
        (true, 0) => html! { "Flink's" },
        (true, n) => html! { <strong class="sp-flag">{ format!("{n} differ") }</strong> },
    };
    html! {
        <tr key={r.id.clone()} data-testid="savepoint-operator" data-operator-id={r.id.clone()}
            data-parallelism={r.parallelism.to_string()} data-max-parallelism={r.max_parallelism.to_string()}
            data-uid={r.uid.clone()} class={classes!(selected.then_some("selected"))}>
            // The row's header (found by a keyboard walk-through: a cell, so a screen reader's
            // table moves did not name the operator a value is of).
            <th scope="row" class="text">{ r.name.clone().unwrap_or_else(|| "(name not stored)".into()) }
                if let Some(uid) = &r.uid { <br /><span class="muted">{ "uid " }<code>{ uid.clone() }</code></span> }
                <br /><code class="sp-op-id">{ r.id.clone() }</code></th>
            <td>{ r.parallelism }</td>
            <td>{ r.max_parallelism }</td>
            <td>{ subtasks(r) }</td>
            <td>{ format_bytes(r.state_bytes) }
                if let Some(c) = r.coordinator_bytes { <br /><span class="muted">{ format!("coordinator {} of it", format_bytes(c)) }</span> }</td>
            <td>{ r.skew_percent.map_or("–".to_string(), |p| format!("{p}%")) }</td>
            <td>{ ranges }</td>
            <td>{ if matches!(r.unmatched, Unmatched::Skipped) { "skipped: no state" } else { "refused" } }</td>
            <td><button type="button" aria-pressed={selected.to_string()} onclick={on_click}
                aria-label={format!("Details of {}", r.label())}>{ "Details" }</button></td>
        </tr>
    }
}

#[function_component]
pub fn Operators(props: &OperatorsProps) -> Html {
    let on_export = {
        let snapshot = props.snapshot.clone();
        Callback::from(move |_: MouseEvent| {
            browser::download("savepoint.csv", "text/csv", &super::export::subtasks_csv(&snapshot.0));
        })
    };
    let n = props.rows.len();
    let (page, on_go) = use_page(n, PAGE_ROWS, props.rows.clone());
    html! {
        <section class="sp-operators" aria-labelledby="sp-operators-title">
            <h2 id="sp-operators-title">{ "Operators" }</h2>
            if !props.has_uids {
                <p class="muted">{ "This format (before 2.0) stores no names or uids: type a uid below to find its operator." }</p>
            }
            <div class="sp-scroll" role="region" aria-label="Operators table, scrolls sideways" tabindex="0">
                <table class="sp-table" aria-labelledby="sp-operators-title">
                    <thead><tr>
                        <th scope="col">{ "Operator, uid and id" }</th>
                        // Soft hyphens (U+00AD) let the long header words break, so the table
                        // fits a 1366 px laptop screen with every column in view.
                        <th scope="col">{ "Par\u{ad}allel\u{ad}ism" }</th><th scope="col">{ "Max par\u{ad}allel\u{ad}ism" }</th>
                        <th scope="col">{ "Sub\u{ad}tasks" }</th><th scope="col">{ "State" }</th>
                        <th scope="col">{ "Keyed-state skew" }</th><th scope="col">{ "Key-group ranges" }</th>
                        <th scope="col" aria-describedby="sp-lacks-note">{ "If the new job lacks it" }</th><th scope="col"><span class="visually-hidden">{ "Details" }</span></th>
                    </tr></thead>
                    <tbody>{ for props.rows[page.first..page.end].iter().map(|r| row(r, props.selected == Some(r.index), &props.on_select)) }</tbody>
                </table>
            </div>
            <p class="muted" id="sp-lacks-note">{ "If the new job lacks it: what a restore does when no operator of the new job has this operator's id (its uid changed, or it was removed). With state, the restore is refused unless --allowNonRestoredState, which then drops that state; without state, Flink skips it and starts (observed in Flink 2.3.0). Type a uid below to check one." }</p>
            if n > PAGE_ROWS {
                <div class="table-tools">
                    <PagerButtons page={page} noun="operators" status={format!("Operators {} to {} of {n}", page.first + 1, page.end)} on_go={on_go} />
                </div>
            }
            <div class="table-tools">
                <button type="button" onclick={on_export}>{ "Export CSV" }</button>
                <span class="muted">{ "savepoint.csv: one row per subtask of every operator (a fully finished one, whose subtasks Flink does not keep: one row)." }</span>
            </div>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`Operators`], its code fetched when it is wanted.
    pub DeferredOperators(OperatorsProps) => Operators, chunk savepoint_operators, "the operators"
);
