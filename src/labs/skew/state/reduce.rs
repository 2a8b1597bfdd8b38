//! The skew lab's pure reducer: one match over the actions, each delegating to the state's
//! own validated setters.

use std::rc::Rc;

use yew::Reducible;

use super::*;

impl Reducible for SkewState {
    type Action = SkewAction;

    fn reduce(self: Rc<Self>, action: SkewAction) -> Rc<Self> {
        let mut s = (*self).clone();
        let bound = i64::from(UPPER_BOUND_MAX_PARALLELISM);
        match action {
            SkewAction::SetMaxParallelism { text, bad_input } => {
                let parsed = if text.trim().is_empty() {
                    Ok(None)
                } else {
                    parse_in_range(&text, "max parallelism", 1, bound).and_then(MaxParallelism::new).map(Some)
                };
                s.max_parallelism.apply(text, bad_input, parsed);
            }
            SkewAction::SetParallelism { text, bad_input } => {
                let parsed = parse_in_range(&text, "parallelism", 1, bound).map(|v| v as u32);
                s.parallelism.apply(text, bad_input, parsed);
            }
            SkewAction::SetKeyType { key_type } => {
                s.key_type = key_type;
                if !matches!(s.source, KeySource::Preset(_)) && !s.csv_text.is_empty() {
                    s.apply_csv();
                }
            }
            SkewAction::SetPresetKind { kind } => {
                s.preset_kind =
                    ["uniform", "zipf", "hot", "sequential"].into_iter().find(|k| *k == kind).unwrap_or("zipf");
                let preset = s.preset();
                s.use_preset(preset);
            }
            SkewAction::SetPresetN { text, bad_input } => {
                let parsed = parse_in_range(&text, "number of keys", 1, i64::from(MAX_PRESET_KEYS)).map(|v| v as u32);
                s.preset_n.apply(text, bad_input, parsed);
                if s.preset_n.error.is_none() {
                    let preset = s.preset();
                    s.use_preset(preset);
                }
            }
            SkewAction::SetPresetS { text } => {
                let parsed = parse_milli(&text, "Zipf exponent", 5).and_then(|v| {
                    if v == 0 {
                        Err(ModelError::NotPositive { what: "Zipf exponent" })
                    } else {
                        Ok(v as u32)
                    }
                });
                s.preset_s.apply(text, false, parsed);
                if s.preset_s.error.is_none() {
                    let preset = s.preset();
                    s.use_preset(preset);
                }
            }
            SkewAction::SetPresetHot { text, bad_input } => {
                let parsed = parse_in_range(&text, "hot key share %", 0, 100).map(|v| v as u32);
                s.preset_hot.apply(text, bad_input, parsed);
                if s.preset_hot.error.is_none() {
                    let preset = s.preset();
                    s.use_preset(preset);
                }
            }
            SkewAction::SetTotal { text } => {
                let parsed = parse_milli(&text, "total events per second", MAX_EVENTS_PER_S).and_then(|v| {
                    if v == 0 {
                        Err(ModelError::NotPositive { what: "total events per second" })
                    } else {
                        Ok(v)
                    }
                });
                s.total.apply(text, false, parsed);
                if s.total.error.is_none() && matches!(s.source, KeySource::Preset(_)) {
                    let preset = s.preset();
                    s.use_preset(preset);
                }
            }
            SkewAction::SetCsvText { text, lone_surrogates } => {
                s.csv_text = Rc::from(text.as_str());
                s.csv_lone_surrogates = lone_surrogates;
            }
            SkewAction::ApplyCsv => s.apply_csv(),
            SkewAction::ImportStarted => s.importing = Some(0),
            SkewAction::ImportProgress { permille } => s.importing = Some(permille),
            SkewAction::Imported { rows, report, text } => {
                s.importing = None;
                s.csv_text = text;
                s.import = Some(report);
                if !rows.is_empty() {
                    s.keys = rows;
                    s.version += 1;
                    s.table_error = None;
                    s.custom_source();
                }
            }
            SkewAction::EditKey { index, column, text } => s.table_error = s.edit(index, column, &text).err(),
            SkewAction::RemoveKey { index } if index < s.keys.len() => {
                let mut keys = (*s.keys).clone();
                keys.remove(index);
                s.set_keys(keys);
                s.custom_source();
            }
            SkewAction::RemoveKey { .. } => {}
            SkewAction::AddKey => s.add_key(),
            SkewAction::SetWhatIf { text, bad_input } => {
                let parsed = if text.trim().is_empty() {
                    Ok(None)
                } else {
                    parse_in_range(&text, "what-if parallelism", 1, bound).map(|v| Some(v as u32))
                };
                s.what_if.apply(text, bad_input, parsed);
            }
            SkewAction::SetSalt { text, bad_input } => {
                let parsed = if text.trim().is_empty() {
                    Ok(0)
                } else {
                    parse_in_range(&text, "sub-keys", 0, i64::from(MAX_SALT)).map(|v| v as u32)
                };
                s.salt.apply(text, bad_input, parsed);
            }
            SkewAction::StoredSetMissing => {
                s.storage_notice =
                    Some("No key set was found in this browser's storage; showing the default preset.".to_string());
                let preset = s.preset();
                s.use_preset(preset);
            }
            SkewAction::StorageFailed { message } => s.storage_notice = Some(message),
        }
        Rc::new(s)
    }
}
