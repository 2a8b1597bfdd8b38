//! **Owner ranges**: the key-group axis with each subtask's run (a few merged SVG paths),
//! a paged per-subtask table (subtask, first and last key group, count), and **Export CSV**
//! for the whole table (`owners.csv`); **Find a key group** (`group`) names a group's owner and
//! opens the table at its row, marked.

use yew::prelude::*;

use crate::browser;
use crate::charts::ranges_bar::RangesBar;
use crate::components::{use_page_from, Page, PagerButtons, ResultRegion, ScrollBox};
use crate::model::export::owners_csv;
use crate::model::number::count;
use crate::model::rescale::RescaleDiff;
use crate::model::{OperatorIndex, Parallelism};

/// Rows per table page: the DOM stays small whatever the parallelism.
pub const PAGE_ROWS: u32 = 32;

#[derive(Properties, PartialEq)]
pub struct RangesPanelProps {
    pub parallelism: Parallelism,
    pub diff: Option<RescaleDiff>,
    /// The key group looked for (`group`), and its field.
    pub group: Option<u32>,
    pub finder: Html,
}

#[function_component]
pub fn RangesPanel(props: &RangesPanelProps) -> Html {
    let p = props.parallelism;
    let bar = use_memo((p, props.diff.clone()), |(p, diff)| RangesBar::new(*p, diff.as_ref()));
    let found = props.group.map(|g| p.find_group(g));
    let owner = found.as_ref().and_then(|f| f.as_ref().ok()).map(|(_, owner, _)| owner.index());
    // A group looked for opens the table at its owner's page (again when either changes); with
    // none, the table keeps its page as the parallelism moves.
    let (page, on_go) =
        use_page_from(p.get() as usize, PAGE_ROWS as usize, props.group.map(|g| (g, p)), owner.unwrap_or(0) as usize);
    // Where the owner's row is: on the page shown (marked), or on another (found by review: the
    // status said "marked" after paging away).
    let row_at = |owner: u32| {
        if (page.first..page.end).contains(&(owner as usize)) {
            "its row is marked in the table.".to_string()
        } else {
            let its = Page::of(p.get() as usize, PAGE_ROWS as usize, (owner / PAGE_ROWS) as usize);
            format!("its row is on another page of the table, subtasks {} to {}.", its.first, its.end - 1)
        }
    };
    let (found_text, alert) = match &found {
        None => (String::new(), false),
        Some(Ok((group, owner, range))) => (
            format!(
                "Key group {} belongs to subtask {}, which owns {}: {}",
                group.index(),
                owner.index(),
                range.words(),
                row_at(owner.index())
            ),
            false,
        ),
        Some(Err(e)) => (format!("Not found: {e}."), true),
    };
    let on_export = Callback::from(move |_: MouseEvent| browser::download("owners.csv", "text/csv", &owners_csv(p)));
    let max = p.max().get();
    let first_row = page.first as u32;
    let rows = (first_row..page.end as u32).filter_map(|i| p.operator(i));
    html! {
        <section class="ranges" aria-labelledby="ranges-title">
            <h2 id="ranges-title">{ "Owner ranges" }</h2>
            <p>{ format!("Key groups 0 to {} are split into {}, one per subtask. Subtask i owns \
                          from ⌈i·{max}/{}⌉ to ⌊((i+1)·{max} − 1)/{}⌋{}", max - 1,
                          count(u64::from(p.get()), "contiguous run", "contiguous runs"), p.get(), p.get(),
                          if max.is_multiple_of(p.get()) { format!(": here every run holds {}.", count(u64::from(max / p.get()), "key group", "key groups")) }
                          else { larger_runs_said(p) }) }</p>
            <svg class="ranges-bar" viewBox={format!("0 0 {} 34", bar.columns)} preserveAspectRatio="none" role="img"
                aria-label={format!("Key groups 0 to {} across {}", max - 1, count(u64::from(p.get()), "subtask", "subtasks"))}>
                <path class="run-even" d={bar.even.clone()} />
                <path class="run-odd" d={bar.odd.clone()} />
                <path class="run-busiest" d={bar.busiest.clone()} />
                <path class="run-moved" d={bar.moved.clone()} />
            </svg>
            <p class="legend">
                <span><span class="swatch run-even" aria-hidden="true"></span>{ "even subtasks" }</span>
                <span><span class="swatch run-odd" aria-hidden="true"></span>{ "odd subtasks (up to 512 subtasks)" }</span>
                <span><span class="swatch run-busiest" aria-hidden="true"></span>{ "subtasks with the extra group (middle band)" }</span>
                if props.diff.is_some() {
                    <span><span class="swatch run-moved" aria-hidden="true"></span>{ "groups that change owner (bottom band)" }</span>
                }
            </p>
            { group_finder(props.finder.clone(), found_text, alert) }
            <div class="table-tools">
                <button type="button" onclick={on_export}>{ "Export CSV" }</button>
                <PagerButtons page={page} noun="subtasks" status={format!("Subtasks {} to {} of {}", first_row, page.end - 1, p.get())} on_go={on_go} />
            </div>
            <ScrollBox label="Ranges table">
                <table class="ranges-table">
                    <caption class="visually-hidden">{ "Key-group range of each subtask" }</caption>
                    <thead><tr><th scope="col">{ "subtask" }</th><th scope="col">{ "first key group" }</th>
                        <th scope="col">{ "last key group" }</th><th scope="col">{ "key groups" }</th></tr></thead>
                    <tbody>
                        { for rows.map(|op| {
                            let r = p.range_of(op);
                            let marked = owner == Some(op.index());
                            html! {
                                <tr key={op.index()} class={classes!(marked.then_some("found"))} aria-current={marked.then_some("true")}>
                                    <td>{ op.index() }</td><td>{ r.first() }</td><td>{ r.last() }</td><td>{ r.len() }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </ScrollBox>
        </section>
    }
}

/// Which subtasks own the larger runs and which the smaller, where `p` does not divide the max
/// parallelism: each side named when it is a few subtasks, else counted (the bar's middle band
/// marks the larger runs).
fn larger_runs_said(p: Parallelism) -> String {
    // One pass over the ranges (up to 32768 subtasks): no per-subtask search of the other list.
    let (larger, smaller) = p.runs_by_size();
    let (big, small) = (p.max().get().div_ceil(p.get()), p.max().get() / p.get());
    let who = |ids: &[OperatorIndex]| -> (String, &'static str) {
        if ids.len() > 4 {
            return (count(ids.len() as u64, "subtask", "subtasks"), "own");
        }
        let names: Vec<String> = ids.iter().map(|i| i.index().to_string()).collect();
        match names.as_slice() {
            [one] => (format!("subtask {one}"), "owns"),
            [first @ .., last] => (format!("subtasks {} and {last}", first.join(", ")), "own"),
            [] => (String::new(), "own"),
        }
    };
    let ((many, own_big), (few, own_small)) = (who(&larger), who(&smaller));
    let each = if larger.len() > 1 { " each" } else { "" };
    let spread = if larger.len() > 4 || smaller.len() > 4 {
        ", where the rounding puts them (the middle band of the bar marks the larger runs)"
    } else {
        ""
    };
    format!(": {many} {own_big} {big} key groups{each}, {few} {own_small} {small}{spread}.")
}

/// The id of what **Find a key group** found: the message that refuses a group no subtask
/// can own (the field is described by it then).
pub const FOUND_ID: &str = "group-owner-found";

/// **Find a key group** with what it found (`group-owner`, a status region), also drawn alone
/// when the job cannot start and there is no table to find the group in.
pub fn group_finder(field: Html, found: String, alert: bool) -> Html {
    html! {
        <div class="group-finder">
            { field }
            <ResultRegion id={FOUND_ID} class={classes!("group-owner", alert.then_some("alert"))} testid="group-owner">{ found }</ResultRegion>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MaxParallelism;

    /// Each side of the split in words that agree with its count, named when few.
    #[test]
    fn the_larger_and_smaller_runs_are_said_with_their_subtasks() {
        let said = |max: i64, p: i64| larger_runs_said(Parallelism::new(p, MaxParallelism::new(max).unwrap()).unwrap());
        assert_eq!(said(128, 3), ": subtasks 0 and 1 own 43 key groups each, subtask 2 owns 42.");
        assert_eq!(said(7, 2), ": subtask 0 owns 4 key groups, subtask 1 owns 3.");
        assert_eq!(said(128, 5), ": subtasks 0, 1 and 3 own 26 key groups each, subtasks 2 and 4 own 25.");
        let spread = ", where the rounding puts them (the middle band of the bar marks the larger runs).";
        assert_eq!(said(11, 6), format!(": 5 subtasks own 2 key groups each, subtask 5 owns 1{spread}"));
        assert_eq!(said(128, 100), format!(": 28 subtasks own 2 key groups each, 72 subtasks own 1{spread}"));
    }
}
