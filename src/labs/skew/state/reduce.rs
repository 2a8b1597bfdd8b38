//! The skew lab's pure reducer: one match over the actions, each delegating to the state's
//! own validated setters (an edit through the slots); and how the frame opens the lab.

use std::rc::Rc;

use yew::Reducible;

use super::*;
use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::labs::skew::query::SLOTS;

impl Reducible for SkewState {
    type Action = SkewAction;

    fn reduce(self: Rc<Self>, action: SkewAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            SkewAction::Edit(edit) => edit.apply(SLOTS, &mut s),
            SkewAction::SetCsvText { text, lone_surrogates } => {
                s.csv_text = Rc::new(text);
                s.csv_lone_surrogates = lone_surrogates;
            }
            SkewAction::ApplyCsv => {
                // A paste is newer than a read still on its way.
                s.cancel_reading();
                s.apply_csv();
            }
            SkewAction::PresetProgress { job, permille } => {
                if let Some(g) = s.generating.as_mut().filter(|g| g.job == job) {
                    g.permille = permille;
                }
            }
            SkewAction::PresetGenerated { job, keys, derived } => {
                if let Some(g) = s.generating.filter(|g| g.job == job) {
                    s.key_type = g.key_type;
                    s.replace_keys(keys);
                    s.sets += 1;
                    s.derived = Some(derived);
                }
            }
            SkewAction::ReadInSteps { text, lone_surrogates } => s.start_reading(text, lone_surrogates, false),
            SkewAction::ReadProgress { job, permille } => {
                if s.reading.as_ref().is_some_and(|r| r.job == job) {
                    s.importing = Some(permille);
                }
            }
            SkewAction::Read { job, rows, report, text } => s.read_arrived(job, rows, report, text),
            // A key that `text` cannot keep exactly is refused, not changed without a word (its
            // key group would change with it).
            SkewAction::EditKey { index, column: KeyColumn::Key, lone_surrogates: true, .. } => {
                let why = "this key holds a lone UTF-16 surrogate (half of a pair), which this lab cannot keep exactly";
                s.table_error = Some(TableError { index, column: KeyColumn::Key, why: why.to_string() })
            }
            SkewAction::EditKey { index, column, text, .. } => {
                s.table_error = s.edit(index, column, &text).err().map(|why| TableError { index, column, why })
            }
            SkewAction::RemoveKey { index } if index < s.keys.len() => {
                let mut keys = (*s.keys).clone();
                keys.remove(index);
                s.edited(keys);
            }
            SkewAction::RemoveKey { .. } => {}
            SkewAction::AddKey => s.add_key(),
            SkewAction::StoredSetMissing { unavailable } => {
                s.storage_notice = Some(if unavailable {
                    "This browser keeps no data for this page (a lab embedded from another site is often refused storage), so the key set this link names cannot be read here; showing the default preset.".to_string()
                } else {
                    "No key set was found in this browser's storage; showing the default preset.".to_string()
                });
                s.regenerate();
            }
            SkewAction::StorageFailed { message } => s.storage_notice = Some(message),
            SkewAction::MetricsRead { read } => s.metrics_read(read),
        }
        Rc::new(s)
    }
}

impl LabState for SkewState {
    const LAB: Lab = Lab::Skew;
    const READ_BY_HAND: &'static [&'static str] = &["keys", "stored"];
}
