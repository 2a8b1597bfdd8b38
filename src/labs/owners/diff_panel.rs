//! **Rescale diff**: from the earlier parallelism to the current one, which key groups change
//! owner, how many subtasks keep all their groups, the share of state that changes owner if
//! every key group is the same size, and a picture of it: the old subtasks above, the new ones
//! below, each run of key groups a band from its old owner to its new one
//! (`rescale-picture`), with the same numbers as a paged table (`rescale-moves`). Bands are
//! logical moves (key groups), never bytes.

use std::rc::Rc;

use yew::prelude::*;

use crate::charts::rescale_flows::{RescalePicture, BOX_H, HEIGHT, NEW_LABEL_Y, NEW_TOP, OLD_LABEL_Y, OLD_TOP};
use crate::components::{use_page, Page, PagerButtons, ScrollBox};
use crate::model::number::{count, noun};
use crate::model::rescale::{Flow, RescaleDiff};
use crate::model::ModelError;

#[derive(Properties, PartialEq, Clone)]
pub struct DiffPanelProps {
    pub diff: Option<Result<RescaleDiff, ModelError>>,
    /// The earlier parallelism as set (a diff is missing when it is unset, or when the current
    /// parallelism cannot run).
    pub from: Option<u32>,
}

/// Shows at most this many moved runs as text; the bar shows them all.
const LISTED_RUNS: usize = 12;
/// Rows per page of the moves table.
const PAGE_ROWS: usize = 32;

#[function_component]
pub fn DiffPanel(props: &DiffPanelProps) -> Html {
    let valid = props.diff.clone().and_then(Result::ok);
    // The picture is drawn as wide as it shows: its labels keep their size on a phone.
    let (figure, style) = crate::components::use_chart_style();
    let drawn = use_memo((valid.clone(), style.width), |(d, width)| {
        d.as_ref().map(|d| {
            let flows = d.flows();
            let picture = RescalePicture::new(d.from, d.to, &flows, *width);
            (Rc::new(flows), Rc::new(picture))
        })
    });
    let (page, on_go) = use_page(drawn.as_ref().as_ref().map_or(0, |(f, _)| f.len()), PAGE_ROWS, ());
    let body = match &props.diff {
        None => match props.from {
            Some(from) => html! {
                <p class="field-error">{ format!("No rescale from {from} to show: the new parallelism cannot run (see the message above).") }</p>
            },
            None => html! { <p>{ "Set an earlier parallelism to see what a rescale from it would reassign." }</p> },
        },
        Some(Err(e)) => {
            html! { <p class="field-error">{ format!("The earlier parallelism cannot run either: {e}.") }</p> }
        }
        Some(Ok(d)) => summary(d),
    };
    html! {
        <section class="diff" aria-labelledby="diff-title">
            <h2 id="diff-title">{ "Rescale diff" }</h2>
            { body }
            if let (Some(d), Some((flows, picture))) = (&valid, drawn.as_ref()) {
                { picture_view(d, picture, figure) }
                { moves_table(flows, page, on_go) }
            }
            <p class="muted">
                { "This counts logical reassignment only. The bytes that really travel depend on where the snapshot's \
                   files live and where each subtask lands: a group that changes owner may be read from shared \
                   checkpoint storage without crossing between machines, and a group that keeps its owner may still \
                   be loaded again in full on a fresh machine." }
            </p>
        </section>
    }
}

fn summary(d: &RescaleDiff) -> Html {
    let permille = d.moved_permille();
    let runs = d
        .moved_runs
        .iter()
        .take(LISTED_RUNS)
        .map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}–{b}") })
        .collect::<Vec<_>>()
        .join(", ");
    let more = d.moved_runs.len().saturating_sub(LISTED_RUNS);
    html! {
        <>
            <p data-testid="rescale-diff">
                { format!("From {} to {} over {}: {} {} owner ({}.{}% of the \
                           state if every group holds the same amount). {} of the {} at both parallelisms {}.",
                    d.from, count(u64::from(d.to), "subtask", "subtasks"), count(u64::from(d.max_parallelism), "key group", "key groups"),
                    count(u64::from(d.moved_groups), "key group", "key groups"),
                    noun(u64::from(d.moved_groups), "changes", "change"), permille / 10, permille % 10, d.keeping_all,
                    count(u64::from(d.shared_subtasks), "subtask that exists", "subtasks that exist"),
                    noun(u64::from(d.keeping_all), "keeps all its groups", "keep all their groups")) }
            </p>
            if d.moved_groups > 0 {
                <p>{ "Groups that change owner: " }{ runs }
                    if more > 0 { { format!(" and {more} more runs (all are marked in the bottom band of the bar above)") } }
                </p>
            }
        </>
    }
}

fn picture_view(d: &RescaleDiff, p: &RescalePicture, figure: NodeRef) -> Html {
    let label = format!(
        "A rescale from {} to {} subtasks: {} of {} runs of key groups change owner ({} of {} key groups); the table below lists them.",
        d.from, d.to, p.moving_flows, p.flows, d.moved_groups, d.max_parallelism
    );
    let row = |boxes: &[crate::charts::rescale_flows::SlotBox], top: u32, label_y: u32, class: &'static str| {
        html! {
            <g class={class}>
                { for boxes.iter().map(|b| html! { <rect x={b.x.to_string()} y={top.to_string()} width={b.width.to_string()} height={BOX_H.to_string()} /> }) }
                { for boxes.iter().filter_map(|b| b.label_x.map(|x| html! {
                    <text x={x.to_string()} y={label_y.to_string()} text-anchor="middle">{ b.index }</text>
                })) }
            </g>
        }
    };
    let band_class = |f: &Flow| if f.moves() { "rp-band rp-moves" } else { "rp-band rp-stays" };
    html! {
        <figure class="rescale-picture" ref={figure}>
            <svg viewBox={format!("0 0 {} {HEIGHT}", p.width)} role="img" aria-label={label} data-testid="rescale-picture"
                data-mode={if p.detailed { "detailed" } else { "bundled" }} data-flows={p.flows.to_string()} data-moving={p.moving_flows.to_string()}>
                if p.detailed {
                    <g class="rp-bands">
                        { for p.bands.iter().map(|b| html! {
                            <path class={band_class(&b.flow)} d={b.d.clone()} data-from={b.flow.from.to_string()} data-to={b.flow.to.to_string()}
                                data-first={b.flow.first.to_string()} data-last={b.flow.last.to_string()} />
                        }) }
                    </g>
                    { row(&p.old_boxes, OLD_TOP, OLD_LABEL_Y, "rp-row rp-old") }
                    { row(&p.new_boxes, NEW_TOP, NEW_LABEL_Y, "rp-row rp-new") }
                } else {
                    <path class="rp-band rp-stays" d={p.staying.clone()} />
                    <path class="rp-band rp-moves" d={p.moving.clone()} />
                    <g class="rp-row rp-old"><rect x="0" y={OLD_TOP.to_string()} width={p.old_bar.1.to_string()} height={BOX_H.to_string()} /></g>
                    <g class="rp-row rp-new"><rect x="0" y={NEW_TOP.to_string()} width={p.new_bar.1.to_string()} height={BOX_H.to_string()} /></g>
                }
            </svg>
            <figcaption class="legend">
                <span>{ format!("Top: the {} before; bottom: the {} after, subtask i of both rows in the same column{}.",
                    count(u64::from(d.from), "subtask", "subtasks"), d.to, if p.detailed { "" } else { " (too many to draw one by one: each row is one bar and the bands are bundled)" }) }</span>
                <span><span class="swatch rp-moves" aria-hidden="true"></span>{ "changes owner (a slanted band: the subtask index differs)" }</span>
                <span><span class="swatch rp-stays" aria-hidden="true"></span>{ "keeps its owner (straight down)" }</span>
                <span>{ "A band's width is its number of key groups: a logical move, not the bytes that travel (see below)." }</span>
            </figcaption>
        </figure>
    }
}

fn moves_table(flows: &[Flow], page: Page, on_go: Callback<crate::components::PageStep>) -> Html {
    html! {
        <>
            <div class="table-tools">
                <PagerButtons page={page} noun="runs" status={format!("Runs {} to {} of {}", page.first + 1, page.end, flows.len())} on_go={on_go} />
            </div>
            <ScrollBox label="Key-group moves table">
                <table class="moves-table" data-testid="rescale-moves">
                    <caption>{ "Where each run of key groups goes" }</caption>
                    <thead><tr><th scope="col">{ "old subtask" }</th><th scope="col">{ "new subtask" }</th><th scope="col">{ "key groups" }</th>
                        <th scope="col">{ "count" }</th><th scope="col">{ "owner" }</th></tr></thead>
                    <tbody>
                        { for flows.get(page.first..page.end).unwrap_or_default().iter().map(|f| html! {
                            <tr key={f.first} class={classes!(f.moves().then_some("moves"))}>
                                <td>{ f.from }</td><td>{ f.to }</td>
                                <td>{ if f.first == f.last { f.first.to_string() } else { format!("{}–{}", f.first, f.last) } }</td>
                                <td>{ f.groups() }</td><td>{ if f.moves() { "changes" } else { "kept" } }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </ScrollBox>
        </>
    }
}

crate::components::deferred::deferred!(
    /// [`DiffPanel`], its code fetched when it is wanted.
    pub DeferredDiff(DiffPanelProps) => DiffPanel, chunk owners_diff, "the moves"
);
