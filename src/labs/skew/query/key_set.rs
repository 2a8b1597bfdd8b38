//! Where a skew link's keys come from, read and written by hand beside the slots: a valid
//! `preset`, else `stored=1` (the set kept in local storage), else `keys` (CSV text), else the
//! default preset; a source the link passes over is said. The keys themselves then follow (a
//! preset's made or asked for in steps, a CSV read), a link's `type` kept over a preset's own.

use std::rc::Rc;

use super::*;
use crate::url::{notice, Notice, Params};

/// After the slots: where the keys come from (a valid `preset`, else `stored=1`, else `keys`,
/// else the default preset), then the keys themselves (a link's `type` kept over a preset's own) (a preset's made, or asked for in steps; a CSV read).
pub fn open_key_set(s: &mut SkewState, params: &Params, notices: &mut Vec<Notice>) {
    read_key_source(s, params);
    note_unused_sources(s, params, notices);
    // A preset's numbers beside a key set of the link's own: said, not dropped in silence.
    if !s.from_preset() {
        let set = if s.source == KeySource::Stored {
            "stored=1 (the set kept in this browser)"
        } else {
            "keys= (its own keys)"
        };
        for name in [N.name, S.name, HOT.name] {
            // One notice a parameter: a bad value has had its own.
            if let Some(text) = params.get(name).filter(|_| !notices.iter().any(|n| n.param == name)) {
                notices.push(notice(
                    name,
                    text,
                    &format!("it is a preset's number, and this link's keys come from {set}"),
                ));
            }
        }
    }
    // A hot-key set is the hot key and the rest: one key alone is raised to two, and said so.
    if let (KeySource::Preset(Preset::HotKey { n, .. }), Some(text)) = (&s.source, params.get(N.name)) {
        if N.parse(text).is_ok_and(|asked| asked < *n) {
            notices.push(notice(
                N.name,
                text,
                &format!("the one-hot-key preset needs at least {n} keys (the hot key and the rest); using n = {n}"),
            ));
        }
    }
    match s.source.clone() {
        KeySource::Preset(preset) => s.use_preset(preset),
        KeySource::Csv(_) => match read_link_csv(s) {
            Ok(partly) => notices.extend(partly),
            Err(none) => {
                notices.push(none);
                s.use_preset(default_preset());
            }
        },
        KeySource::Stored => {}
    }
    keep_linked_type(s, params);
}

/// A link's key type is kept over a preset's: it is the type of the keys pasted next.
fn keep_linked_type(s: &mut SkewState, params: &Params) {
    if let Some(linked) = params.get(TYPE.name).and_then(|text| TYPE.parse(text).ok()) {
        s.key_type = linked;
        if let Some(g) = s.generating.as_mut() {
            g.key_type = linked;
        }
    }
}

/// A `keys=` list is read; one with no readable key falls back to the default preset (its
/// keys made by the caller, if at all) with a notice naming the first line's problem (typed into
/// the box instead, the keys in force would stay).
fn read_link_csv(s: &mut SkewState) -> Result<Option<Notice>, Notice> {
    let KeySource::Csv(text) = s.source.clone() else { return Ok(None) };
    s.apply_csv();
    let Some(report) = s.import.as_ref() else { return Ok(None) };
    let first = report.errors.first().map(|e| format!("line {}: {}", e.line, e.reason));
    let why = first.map_or(String::new(), |r| format!(" ({})", r.chars().take(160).collect::<String>()));
    if !s.keys.is_empty() {
        // Some lines read, some not: the link is written back with the keys read, so say
        // which lines were left out, as for any parameter a link gets wrong.
        let (left, kept) = (report.error_count, s.keys.len());
        let lines = if left == 1 { "1 line" } else { &format!("{left} lines") as &str };
        let keys = if kept == 1 { "the 1 key" } else { &format!("the {kept} keys") as &str };
        let message = format!(
            "keys={} was used in part: {lines} of it could not be read{why}; using {keys} read from the rest.",
            crate::model::error::quote(&text)
        );
        return Ok((left > 0).then(|| Notice { param: "keys".into(), message }));
    }
    let found = notice("keys", &text, &format!("no key could be read from it{why}, so the default preset is used"));
    s.import = None;
    s.source = KeySource::default();
    Err(found)
}

/// The link a skew link writes back once its keys are made, without making a preset's keys
/// (the page writes it at its first render, before it computes: a CSV from the link is read,
/// which is short, so its rows are written as the parts will write them).
pub fn canonical_pairs(params: &Params) -> Vec<(&'static str, String)> {
    let mut s: SkewState = crate::url::slot::open(SLOTS, params, &mut Vec::new());
    read_key_source(&mut s, params);
    if matches!(s.source, KeySource::Csv(_)) {
        let _ = read_link_csv(&mut s);
    }
    keep_linked_type(&mut s, params);
    crate::labs::frame::LabState::pairs(&s)
}

/// A link gives one key set: a `stored` or `keys` the source it reads passes over (a preset
/// comes first, then `stored=1`), or a `stored` that is not 1, is said, never dropped unsaid.
fn note_unused_sources(s: &SkewState, params: &Params, notices: &mut Vec<Notice>) {
    let source = match s.source {
        KeySource::Preset(_) => "the link's preset= makes the key set",
        KeySource::Stored => "stored=1 reads the key set kept in this browser",
        KeySource::Csv(_) => "",
    };
    if let Some(text) = params.get("stored").filter(|t| *t != "1" && *t != "0") {
        notices.push(notice("stored", text, "stored takes 1 (the key set kept in this browser) or 0"));
    } else if let Some(text) = params.get("stored").filter(|t| *t == "1" && s.source != KeySource::Stored) {
        notices.push(notice("stored", text, &format!("{source}; a link gives one key set")));
    }
    if let Some(text) = params.get("keys").filter(|_| !matches!(s.source, KeySource::Csv(_))) {
        notices.push(notice("keys", text, &format!("{source}; a link gives one key set")));
    }
}

/// Where the keys come from. The preset fields then show the source's preset (or the default
/// one); a preset decides its own key type, and a total only spreads over a preset. No key is
/// made here.
fn read_key_source(s: &mut SkewState, params: &Params) {
    let preset = params.get(PRESET.name).and_then(|text| PRESET.parse(text).ok()).map(|_| s.preset());
    let source = match (preset, params.get("stored"), params.get("keys")) {
        (Some(preset), _, _) => KeySource::Preset(preset),
        (None, Some("1"), _) => KeySource::Stored,
        (None, _, Some(csv)) => KeySource::Csv(csv.to_string()),
        // No key set named: the preset the link's numbers describe (of the default kind,
        // `n=5` alone is 5 Zipf keys).
        _ => KeySource::Preset(s.preset()),
    };
    let shown = match source {
        KeySource::Preset(preset) => preset,
        _ => default_preset(),
    };
    s.preset_kind = shown.kind();
    s.preset_n = N.field(shown.n());
    s.preset_s = S.field(match shown {
        Preset::Zipf { s_milli, .. } => u64::from(s_milli),
        _ => S.default,
    });
    s.preset_hot = HOT.field(match shown {
        Preset::HotKey { percent, .. } => percent,
        _ => HOT.default,
    });
    match &source {
        KeySource::Preset(preset) => s.key_type = preset.key_type(),
        KeySource::Csv(text) => {
            s.total = TOTAL.field(TOTAL.default);
            s.csv_text = Rc::new(text.clone());
        }
        KeySource::Stored => s.total = TOTAL.field(TOTAL.default),
    }
    s.source = source;
}

/// After the slots' pairs: the key set's own (`keys=` or `stored=1`).
pub fn write_key_set(s: &SkewState, out: &mut Vec<(&'static str, String)>) {
    match &s.source {
        KeySource::Preset(_) => {}
        KeySource::Csv(text) => out.push(("keys", text.clone())),
        KeySource::Stored => out.push(("stored", "1".to_string())),
    }
}
