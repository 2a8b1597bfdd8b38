//! Building the key set: a preset with its parameters, or **Keys (CSV)** lines
//! (`key,events_per_s[,state_bytes]`) applied with **Apply**, or a CSV file. Malformed lines
//! are listed with their numbers; the good ones are kept; a paste over 256 KB of which no line
//! can be read comes back into the box. Lines typed and not yet applied come back when the box
//! is drawn again in this tab over the same key set (a reload, the lab opened again), with a
//! note that they are not applied.

use std::rc::Rc;

use yew::prelude::*;

use crate::labs::frame::PartProps;

use super::import::SYNC_LIMIT;
use super::query::{KeySource, HOT, N, PRESET, S, TOTAL};
use super::state::{ImportReport, SkewAction, SkewState};
use crate::browser;
use crate::components::{slot_field, slot_pick};
use crate::components::{use_big_text, BigField, Draft, FileKind, LockNote};
use crate::model::number::count;
use crate::model::skew::csv::MAX_KEYS;
use crate::model::skew::presets::PresetKind;

#[function_component]
pub fn KeySet(props: &PartProps<SkewState>) -> Html {
    let s = &props.state;
    let act = &props.on_action;
    let initial = initial_text(s);
    // Lines typed over this key set (a preset with its numbers, a link's list, a stored set).
    let big =
        use_big_text("Apply", true, Some(Draft { key: "rescale-lab.skew.keys", base: format!("{:?}", s.source) }));
    // A large text read from the box (held out of it, or cleared by the read) of which no line
    // could be read comes back into the box once its read ends, to be mended where the report
    // says (a read superseded by another set leaves the text as the state holds it: not this).
    let large = use_mut_ref(|| None::<String>);
    let on_apply = {
        let (big, act, large) = (big.clone(), act.clone(), large.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some((text, lone)) = big.read() {
                *large.borrow_mut() = (text.len() > SYNC_LIMIT).then(|| text.clone());
                apply(text, lone, &act);
            }
        })
    };
    {
        let big = big.clone();
        let none_read = s.import.as_ref().is_some_and(|r| r.kept_previous);
        use_effect_with(
            (s.importing.is_some(), none_read, Rc::clone(&s.csv_text)),
            move |(importing, none_read, held)| {
                if !*importing {
                    if let Some(text) = large.borrow_mut().take().filter(|text| *none_read && **held == *text) {
                        big.refused(text);
                    }
                }
            },
        );
    }
    let on_file = {
        let act = act.clone();
        Callback::from(move |e: Event| {
            let Some(file) = browser::events::chosen_file(&e) else {
                return;
            };
            let act = act.clone();
            yew::platform::spawn_local(async move {
                if let Some((text, lone)) = browser::events::file_text(file).await {
                    apply(text, lone, &act);
                }
            });
        })
    };
    let preset_active = matches!(s.source, KeySource::Preset(_));
    // A page that locks the preset (or any of its numbers) keeps its key set: no list replaces it.
    let locked = crate::components::use_any_locked(super::query::KEY_SET_PARAMS);
    html! {
        <section class="keyset" aria-labelledby="keyset-title">
            <h2 id="keyset-title">{ "The key set" }</h2>
            <p>{ format!("{} now{}.", count(s.keys.len() as u64, "key", "keys"), if preset_active { ", from the preset below" } else { ", from your own list" }) }</p>
            <div class="controls">
                { slot_pick(&PRESET, s, act) }
                { slot_field(&N, s, act) }
                if s.preset_kind == PresetKind::Zipf {
                    { slot_field(&S, s, act) }
                }
                if s.preset_kind == PresetKind::Hot {
                    { slot_field(&HOT, s, act) }
                }
                { slot_field(&TOTAL, s, act) }
            </div>
            if locked {
                <p data-testid="keyset-locked">{ "The key set is the preset's here: no list or file can replace it." }</p>
                <LockNote id="skew-keyset-locked" />
            } else { { big.field(BigField {
                id: "skew-csv",
                label: "Keys (CSV)",
                rows: 6,
                hint: format!("One key per line: key,events_per_s[,state_bytes]. A header line is optional; quote keys that hold commas; \
                               sizes take B, KB, MB, GB or TB (1 KB = 1024 B). Up to {MAX_KEYS} keys. Apply replaces the key set \
                               (a very large paste is read from memory and the box is emptied; if no line of it can be read, it comes back)."),
                placeholder: "customer-1,120\ncustomer-2,80,64 MB\n\"key, with comma\",5",
                initial: Some(initial),
                button: ("Apply", on_apply, s.importing.is_some()),
                file: (FileKind::Csv, on_file),
                // Described by the summary and the first line not used (the list's own label
                // would stand in for its lines in the description: "Lines not used").
                problem: s.import.as_ref().filter(|r| r.error_count > 0).map(|_| "skew-csv-summary skew-csv-first"),
                note_testid: "pending-paste",
            }) } }
            // The region says once that keys are being read; the bar and its figure stay out of
            // it (a step every 40 ms would be read out each time).
            <div role="status">{ if s.importing.is_some() { "Reading keys…" } else { "" } }</div>
            if let Some(permille) = s.importing {
                <p><progress max="1000" value={permille.to_string()} aria-label="Reading keys"></progress>
                    { format!(" {}%", permille / 10) }</p>
            }
            // The report's first line, with the first unused line's reason, is said from a live
            // region there before it (the list of unused lines, up to 200, is read when reached,
            // not said whole).
            <div role="status" class="visually-hidden">{ s.import.as_ref().map(spoken).unwrap_or_default() }</div>
            { report(s) }
        </section>
    }
}

/// A text small enough is read at once, in the reducer; a larger one in steps, under the key
/// type in force when its read starts.
fn apply(text: String, lone_surrogates: bool, act: &Callback<SkewAction>) {
    if text.len() <= SYNC_LIMIT {
        act.emit(SkewAction::SetCsvText { text, lone_surrogates });
        act.emit(SkewAction::ApplyCsv);
    } else {
        act.emit(SkewAction::ReadInSteps { text: Rc::new(text), lone_surrogates });
    }
}

/// What the text box starts with: the CSV the link carried, if any.
fn initial_text(s: &SkewState) -> String {
    match &s.source {
        KeySource::Csv(text) => text.clone(),
        _ => String::new(),
    }
}

/// The report's first line: the keys read, and how many lines were not.
fn summary(r: &ImportReport) -> String {
    let header = if r.header { " (a header line was skipped)" } else { "" };
    let kept = if r.kept_previous { " No key could be read, so the key set was kept as it was." } else { "" };
    let unused = match r.error_count {
        0 => String::new(),
        1 => " 1 line was not used:".to_string(),
        n => format!(" {n} lines were not used:"),
    };
    format!("Read {}{header}.{kept}{unused}", count(r.kept as u64, "key", "keys"))
}

/// What the live region says: the summary with the first unused line's reason (found by a
/// keyboard walk-through: it ended at "2 lines were not used:", the reasons unsaid).
fn spoken(r: &ImportReport) -> String {
    match r.errors.first() {
        Some(e) => format!(
            "{} line {}: {}{}",
            summary(r),
            e.line,
            e.reason,
            if r.error_count > 1 { "; the others are listed under the box." } else { "." }
        ),
        None => summary(r),
    }
}

fn report(s: &SkewState) -> Html {
    let Some(r) = &s.import else { return html! {} };
    html! {
        <div class="import-report" id="skew-csv-report" data-testid="csv-report">
            <p id="skew-csv-summary">{ summary(r) }</p>
            if r.error_count > 0 {
                // It scrolls past 12 rem: focusable, so a keyboard can scroll it.
                <ul class="line-errors" tabindex="0" aria-label="Lines not used">
                    { for r.errors.iter().enumerate().map(|(i, e)| html! {
                        <li key={e.line} id={(i == 0).then_some("skew-csv-first")}>{ format!("line {}: {}", e.line, e.reason) }</li>
                    }) }
                    if r.error_count > r.errors.len() { <li>{ format!("… and {} more", r.error_count - r.errors.len()) }</li> }
                </ul>
            }
        </div>
    }
}

crate::components::deferred::deferred!(
    /// [`KeySet`], its code fetched when it is wanted.
    pub DeferredKeySet(PartProps<SkewState>) => KeySet, chunk skew_keyset, "the key set"
);
