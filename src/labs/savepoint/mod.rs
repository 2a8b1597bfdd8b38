//! The savepoint inspector (`#/savepoint`): a checkpoint's or savepoint's `_metadata` file,
//! chosen, dropped or taken from the bundled samples, read in this browser in steps (nothing is
//! uploaded), then shown: the summary, every operator, one operator's subtasks and key groups,
//! the uid → operator id lookup, and links that plan from the snapshot in the other labs.
//!
//! - [`query`], [`state`]: URL state (`uid`, `p`, `sample`) and the pure reducer.
//! - [`facts`], [`links`], [`export`]: what the views show, the "plan from" links, the CSV.
//! - `reader`: getting the bytes and driving the model's stepped parser.
//! - views: `upload`, `summary`, `operators`, `subtasks`, `groups`, `uid`, `plan`.

mod export;
pub mod facts;
mod groups;
pub mod links;
mod operators;
mod plan;
mod planner_links;
pub mod query;
mod reader;
mod reads;
mod shown;
pub mod state;
mod subtasks;
mod summary;
mod uid;
mod upload;

use std::rc::Rc;

use yew::prelude::*;

use crate::browser::files::{DropListener, File};
use crate::components::{FieldInput, InView, RevealAt};
use crate::lab::Lab;
use crate::labs::frame::{dispatch, use_lab, LabFrame, LabProps};
use crate::model::savepoint::unmatched::refusal_message;
use crate::model::savepoint::Snapshot;
use crate::model::training::Sample;
use facts::{uid_match, OperatorRow};
use reads::{Found, Reads};
use state::{SavepointAction, SavepointState, Shared};

const LEDE: &str = "Before rescaling, read what the snapshot holds: its max parallelism, every operator with its id, \
                    parallelism and state, each subtask's key groups. Choose a checkpoint's or savepoint's _metadata file; \
                    it is read here, in your browser.";

const UID: &[&str] = &["uid"];

#[function_component]
pub fn SavepointLab(props: &LabProps) -> Html {
    let lab = use_lab::<SavepointState>(&props.location);
    // `view=uid` shows the file's choice and the uid lookup alone; `view=operators` all but it.
    let view = crate::components::view_part::use_view();
    let state = lab.state;
    // A file or sample being read in steps: the page is not settled.
    crate::components::use_busy(state.reading.is_some());
    let on_action = dispatch(&state);
    let reads = Reads::page();
    let dragging = use_state(|| false);
    let on_file = {
        let reads = reads.clone();
        Callback::from(move |file: File| reader::read_file(file, &reads))
    };
    let on_sample = {
        let reads = reads.clone();
        Callback::from(move |sample: Sample| reader::read_sample(sample, &reads))
    };
    {
        let (wanted, on_sample, on_file, dragging) =
            (state.wanted_sample, on_sample.clone(), on_file.clone(), dragging.clone());
        let send = on_action.clone();
        use_effect_with((), move |_| {
            // The reads' actions come here now. A sample the link names; else the read this
            // page has on its way or the file it read last (a link back to the lab opens it
            // afresh); else the file kept for the tab (a reload).
            let shown = reads.attach(send);
            if let Some(sample) = wanted {
                on_sample.emit(sample);
            } else if reads.take_over() == Found::Nothing {
                reader::read_kept(&reads);
            }
            let listener = DropListener::new(move |on| dragging.set(on), move |file| on_file.emit(file));
            move || {
                drop(listener);
                reads.leave(shown);
            }
        });
    }
    let snapshot: Option<Shared<Snapshot>> = state.loaded.as_ref().map(|l| l.snapshot.clone());
    let rows = use_memo(snapshot.clone(), |s| {
        s.as_ref()
            .map(|s| Rc::new(s.0.operators.iter().enumerate().map(|(i, o)| OperatorRow::of(i, o)).collect::<Vec<_>>()))
    });
    let uid_value = state.uid.value.clone();
    let found = use_memo((snapshot.clone(), uid_value.clone()), |(s, uid)| {
        (!uid.is_empty()).then(|| uid_match(s.as_ref().map(|s| &*s.0), uid))
    });
    let on_uid = on_action.reform(|i: FieldInput| SavepointAction::SetUid { text: i.text, well_formed: i.well_formed });
    let rows_now = (*rows).clone();
    let refusal = found
        .as_ref()
        .as_ref()
        .and_then(|m| m.operator)
        .and_then(|i| snapshot.as_ref().map(|s| refusal_message(&s.0.operators[i])));
    // The uid lookup: last in the whole lab; alone (`view=uid`), first, above the file's choice,
    // so its answer is on the first screen (found by review: below the file picker), with the
    // file it looks in named (the summary, left out, names it).
    let uid_first = view == Some("uid");
    let lookup = html! {
        <InView names={UID}>
            if let (Some(l), true) = (&state.loaded, uid_first) {
                <p data-testid="uid-file">{ format!("Looked up in {}.", l.name) }</p>
            }
            <uid::UidLookup text={AttrValue::from(state.uid.text.clone())} error={state.uid.error.clone().map(AttrValue::from)}
                found={(*found).clone().map(|m| (AttrValue::from(uid_value.clone()), m))}
                rows={rows_now.clone()} refusal={refusal.map(AttrValue::from)} on_input={on_uid} />
        </InView>
    };
    html! {
        <LabFrame lab={Lab::Savepoint} lede={LEDE} notices={lab.notices} announce={lab.announce}>
            if uid_first { { lookup.clone() } }
            <upload::Upload reading={state.reading.clone()} error={state.error.clone()} dragging={*dragging}
                shown={state.loaded.as_ref().map(|l| AttrValue::from(l.name.clone()))} on_file={on_file} on_sample={on_sample} />
            if let (Some(l), Some(rows), true) = (&state.loaded, rows_now.clone(), view != Some("uid")) {
                // What each part below shows is worked out in that part, in its chunk.
                <summary::DeferredSummary snapshot={l.snapshot.clone()} name={AttrValue::from(l.name.clone())} timing={l.timing} />
                <RevealAt name="operators"><operators::DeferredOperators rows={rows.clone()} selected={state.operator} has_uids={l.snapshot.0.version >= 5}
                    snapshot={l.snapshot.clone()} on_select={on_action.reform(|index| SavepointAction::SelectOperator { index })} /></RevealAt>
                { details(&state, l.snapshot.clone(), &rows, &on_action) }
            }
            if !uid_first { { lookup } }
        </LabFrame>
    }
}

/// The chosen operator's subtasks, key groups and plans.
fn details(
    state: &SavepointState,
    snapshot: Shared<Snapshot>,
    rows: &Rc<Vec<OperatorRow>>,
    on_action: &Callback<SavepointAction>,
) -> Html {
    let Some((index, op)) = state.operator.and_then(|i| snapshot.0.operators.get(i).map(|op| (i, op))) else {
        return html! {};
    };
    let Some(row) = rows.get(index) else { return html! {} };
    let new_p = state.p.value.unwrap_or(op.parallelism.max(1) as u32);
    html! {
        <>
            <subtasks::DeferredSubtasks key={format!("subtasks-{index}")} operator={row.clone()} snapshot={snapshot.clone()} />
            <groups::DeferredGroups key={format!("groups-{index}")} operator={row.clone()} snapshot={snapshot} />
            <plan::DeferredPlan state={state.clone()} rows={Rc::clone(rows)} operator={row.clone()} new_p={new_p}
                on_action={on_action.clone()} />
        </>
    }
}
