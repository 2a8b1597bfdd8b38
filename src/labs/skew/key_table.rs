//! The key table: each key with its events per second, state size, key group and subtask,
//! paged; rows can be renamed, re-weighted, removed and added. Edits apply when a field is
//! left (change event), and a bad edit is named and leaves the row as it was. After a row is
//! removed, focus goes to the remove button now in its place, else the previous row's, else
//! **Add key**, so a keyboard user stays where they were; a key added is shown (its page) and
//! its key cell takes the focus (a screen reader then says the cell's name and the new key); a
//! renamed key keeps its row, and so the focus. Text typed into a cell and not yet
//! applied is kept as a draft: yew sets an input's value from the page on every render where
//! the two differ, so a render for another row's edit would otherwise wipe it. A draft that
//! could not apply stays in its cell, marked invalid and tied to the message that names it.

use std::collections::HashMap;
use std::rc::Rc;

use yew::prelude::*;

use crate::components::{use_page, PagerButtons, ScrollBox};

use super::results::key_text;
use super::state::{KeyColumn, SkewAction, TableError};
use super::view::Scenario;
use crate::model::skew::aggregate::GroupLoads;
use crate::model::skew::units::format_milli;
use crate::model::skew::KeyLoad;
use crate::model::Key;

const PAGE_ROWS: usize = 20;
const ADD_ID: &str = "skew-add-key";
const ERROR_ID: &str = "key-table-error";

/// The id of row `i`'s remove button.
fn remove_id(i: usize) -> String {
    format!("skew-remove-{i}")
}

/// The id of row `i`'s key cell.
fn key_id(i: usize) -> String {
    format!("skew-key-{i}")
}

/// Text typed into a cell: the key its row had then, and whether a change sent it.
struct Draft {
    key: Key,
    text: String,
    sent: bool,
}

#[derive(Properties, PartialEq, Clone)]
pub struct KeyTableProps {
    pub keys: Rc<Vec<KeyLoad>>,
    pub groups: Rc<GroupLoads>,
    pub scenario: Rc<Scenario>,
    pub error: Option<TableError>,
    pub on_action: Callback<SkewAction>,
}

#[function_component]
pub fn KeyTable(props: &KeyTableProps) -> Html {
    let n = props.keys.len();
    // Edits keep the page (a removed row's neighbour takes the focus); another set is another
    // table (the lab keys it by `SkewState::sets`), at its first page.
    let (page, on_go) = use_page(n, PAGE_ROWS, ());
    // The row a key was added as (the end of the set): its page is shown and its key cell takes
    // the focus once it is drawn.
    let added = use_mut_ref(|| None::<usize>);
    let on_add = {
        let added = added.clone();
        props.on_action.reform(move |_: MouseEvent| {
            *added.borrow_mut() = Some(n);
            SkewAction::AddKey
        })
    };
    {
        let (added, visible, on_go) = (added.clone(), page.first..page.end, on_go.clone());
        use_effect(move || {
            let row = *added.borrow();
            match row {
                Some(i) if visible.contains(&i) => {
                    added.borrow_mut().take();
                    crate::browser::focus_by_id(&key_id(i));
                }
                Some(i) if i < n => on_go.emit(crate::components::PageStep::To(i / PAGE_ROWS)),
                _ => {}
            }
        });
    }
    let first = page.first;
    // The row whose remove button was pressed; focus is placed after the next render.
    let removed = use_mut_ref(|| None::<usize>);
    {
        let (removed, visible) = (removed.clone(), first..page.end);
        use_effect(move || {
            if let Some(i) = removed.borrow_mut().take() {
                let target = [i, i.wrapping_sub(1)].into_iter().find(|t| visible.contains(t));
                match target {
                    Some(t) => crate::browser::focus_by_id(&remove_id(t)),
                    None => crate::browser::focus_by_id(ADD_ID),
                }
            }
        });
    }
    let remove = |index: usize| {
        let removed = removed.clone();
        props.on_action.reform(move |_: MouseEvent| {
            *removed.borrow_mut() = Some(index);
            SkewAction::RemoveKey { index }
        })
    };
    let owner = |group: u32| match &props.scenario.loads {
        Ok(l) => l
            .parallelism
            .max()
            .key_group(group)
            .map_or("—".to_string(), |g| l.parallelism.owner_of(g).index().to_string()),
        Err(_) => "—".to_string(),
    };
    // The key set of a preset an embedding page locked cannot be edited here either.
    let locked = crate::components::use_any_locked(super::query::KEY_SET_PARAMS);
    let described = locked.then_some("key-table-locked");
    // Text typed into a cell and not applied yet: shown on every render until the cell's
    // change applies it; one the change could not apply stays, beside the message naming its
    // cell, until it is typed over (or another edit's outcome replaces that message). Rows are
    // kept by position, so each draft remembers the key its row had: when the set changes under
    // it (a read, a preset arriving), the row holds another key, and the draft is dropped rather
    // than shown, or applied, over that key.
    let drafts = use_mut_ref(HashMap::<(usize, KeyColumn), Draft>::new);
    let keys = props.keys.clone();
    let failed = props.error.as_ref().map(|e| (e.index, e.column));
    drafts
        .borrow_mut()
        .retain(|cell, d| keys.get(cell.0).is_some_and(|k| k.key == d.key) && (!d.sent || failed == Some(*cell)));
    let shown = |index: usize, column: KeyColumn, applied: String| {
        drafts.borrow().get(&(index, column)).map_or(applied, |d| d.text.clone())
    };
    let draft = |index: usize, column: KeyColumn| {
        let (drafts, key) = (drafts.clone(), keys[index].key.clone());
        Callback::from(move |e: InputEvent| {
            let text = crate::browser::events::input_value(&e);
            drafts.borrow_mut().insert((index, column), Draft { key: key.clone(), text, sent: false });
        })
    };
    let edit = |index: usize, column: KeyColumn| {
        let drafts = drafts.clone();
        props.on_action.reform(move |e: Event| {
            if let Some(d) = drafts.borrow_mut().get_mut(&(index, column)) {
                d.sent = true;
            }
            let (text, lone_surrogates) = crate::browser::events::changed_text(&e);
            SkewAction::EditKey { index, column, text, lone_surrogates }
        })
    };
    // The cell whose edit failed is invalid and described by the message (and the lock note).
    let invalid = |index: usize, column: KeyColumn| (failed == Some((index, column))).then_some("true");
    let described_by = |index: usize, column: KeyColumn| match (failed == Some((index, column)), described) {
        (true, Some(lock)) => Some(format!("{ERROR_ID} {lock}")),
        (true, None) => Some(ERROR_ID.to_string()),
        (false, lock) => lock.map(str::to_string),
    };
    html! {
        <section class="key-table" aria-labelledby="key-table-title">
            <h2 id="key-table-title">{ "Keys" }</h2>
            <div class="table-tools">
                <button type="button" id={ADD_ID} onclick={on_add} disabled={locked} aria-describedby={described}>{ "Add key" }</button>
                <PagerButtons page={page} noun="keys" status={if n == 0 { "No keys".to_string() } else { format!("Keys {} to {} of {n}", first + 1, page.end) }} on_go={on_go} />
            </div>
            if locked { <crate::components::LockNote id="key-table-locked" /> }
            // Below the tools, so a message that appears as a cell is left does not move the
            // button that was being clicked.
            if let Some(e) = &props.error { <p class="field-error" id={ERROR_ID} role="alert">{ e.message() }</p> }
            <ScrollBox label="Keys table">
                <table>
                    <caption class="visually-hidden">{ "Keys with their load, key group and subtask" }</caption>
                    <thead><tr><th scope="col">{ "key" }</th><th scope="col">{ "events/s" }</th><th scope="col">{ "state bytes" }</th>
                        <th scope="col">{ "key group" }</th><th scope="col">{ "subtask" }</th><th scope="col">{ "remove" }</th></tr></thead>
                    <tbody>
                        { for (first..page.end).map(|i| {
                            let k = &props.keys[i];
                            let name = key_text(&k.key);
                            let group = props.groups.group_of_key.get(i).copied().unwrap_or(0);
                            html! {
                                // Keyed by position alone: a renamed key keeps its row, and the
                                // cell being edited keeps focus.
                                <tr key={i}>
                                    <td><input class="cell" id={key_id(i)} value={shown(i, KeyColumn::Key, name.clone())} aria-label={format!("Key of row {}", i + 1)}
                                        readonly={locked} aria-invalid={invalid(i, KeyColumn::Key)} aria-describedby={described_by(i, KeyColumn::Key)} oninput={draft(i, KeyColumn::Key)} onchange={edit(i, KeyColumn::Key)} /></td>
                                    <td><input class="cell num" value={shown(i, KeyColumn::Events, format_milli(k.events_milli))} aria-label={format!("Events per second of row {}", i + 1)}
                                        readonly={locked} aria-invalid={invalid(i, KeyColumn::Events)} aria-describedby={described_by(i, KeyColumn::Events)} oninput={draft(i, KeyColumn::Events)} onchange={edit(i, KeyColumn::Events)} /></td>
                                    <td><input class="cell num" value={shown(i, KeyColumn::Bytes, k.bytes.to_string())} aria-label={format!("State bytes of row {}", i + 1)}
                                        readonly={locked} aria-invalid={invalid(i, KeyColumn::Bytes)} aria-describedby={described_by(i, KeyColumn::Bytes)} oninput={draft(i, KeyColumn::Bytes)} onchange={edit(i, KeyColumn::Bytes)} /></td>
                                    <td>{ group }</td>
                                    <td>{ owner(group) }</td>
                                    <td><button type="button" id={remove_id(i)} aria-label={format!("Remove row {}", i + 1)}
                                        disabled={locked} aria-describedby={described} onclick={remove(i)}>{ "×" }</button></td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </ScrollBox>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`KeyTable`], its code fetched when it is wanted.
    pub DeferredKeyTable(KeyTableProps) => KeyTable, chunk skew_key_table, "the key table"
);
