//! The report as readable text (`keygroups savepoint PATH`): a summary line, then per
//! operator its identity and one row per subtask (range and its check, keyed bytes, handle,
//! operator state).

use super::json::{format_name, kind_name};
use super::report::{
    check_range, handle_kind, key_group_range, keyed_state_skew_percent, subtasks_by_index, RangeCheck,
};
use super::types::{Operator, Snapshot, Subtask};

/// The Flink releases that write a format version.
pub fn releases_writing(version: i32) -> &'static str {
    match version {
        // Only 1.15 of these is on PyPI, so only its files were read (tests/flink-savepoints).
        3 => "Flink 1.11 to 1.15: 1.15 observed, the older from Flink's sources",
        4 => "Flink 1.16 to 1.20",
        5 => "Flink 2.0",
        6 => "Flink 2.1 to 2.3",
        _ => "no known Flink release",
    }
}

/// The whole report as text, ending with a newline.
pub fn to_table(snapshot: &Snapshot) -> String {
    let mut out = String::new();
    let kind = match (kind_name(snapshot), format_name(snapshot)) {
        ("savepoint", format) => format!("savepoint ({format})"),
        (kind, _) => kind.to_string(),
    };
    let type_name = snapshot.properties.as_ref().and_then(|p| p.type_name.as_deref());
    out.push_str(&format!(
        "format version {} ({}), checkpoint id {}, {kind}{}, {} bytes\n",
        snapshot.version,
        releases_writing(snapshot.version),
        snapshot.checkpoint_id,
        type_name.map(|t| format!(" \"{t}\"")).unwrap_or_default(),
        snapshot.file_len
    ));
    out.push_str(&format!("{} operators, {} master states\n", snapshot.operators.len(), snapshot.master_states.len()));
    for op in &snapshot.operators {
        operator(&mut out, op);
    }
    out
}

fn operator(out: &mut String, op: &Operator) {
    out.push('\n');
    out.push_str(&format!("operator {}", op.id.hex()));
    if let Some(name) = &op.name {
        out.push_str(&format!("  name {name:?}"));
    }
    if let Some(uid) = &op.uid {
        out.push_str(&format!("  uid {uid:?}"));
    }
    out.push('\n');
    let mut facts = vec![
        format!("parallelism {}", op.parallelism),
        format!("max parallelism {}", op.max_parallelism),
        format!("{} subtasks", op.subtasks.len()),
        format!("state {} bytes", op.state_size()),
    ];
    if op.fully_finished {
        facts.push("fully finished".into());
    }
    if let Some(c) = &op.coordinator {
        facts.push(format!("coordinator state {} bytes", c.state_size()));
    }
    if let Some(skew) = keyed_state_skew_percent(op) {
        facts.push(format!("keyed-state skew {skew}%"));
    }
    out.push_str(&format!("  {}\n", facts.join(", ")));
    let rows: Vec<[String; 5]> = subtasks_by_index(op).into_iter().map(|s| row(op, s)).collect();
    if rows.is_empty() {
        return;
    }
    let header = ["subtask", "key groups", "keyed bytes", "keyed state", "operator state"].map(String::from);
    let mut widths = header.clone().map(|h| h.chars().count());
    for r in &rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for r in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = r.iter().zip(widths).map(|(c, w)| format!("{c:<w$}")).collect();
        out.push_str(&format!("  {}\n", cells.join("  ").trim_end()));
    }
}

fn row(op: &Operator, s: &Subtask) -> [String; 5] {
    let index = if s.finished { format!("{} (finished)", s.index) } else { s.index.to_string() };
    let range = match (key_group_range(s), check_range(op, s)) {
        (None, _) => "-".to_string(),
        (Some((a, b)), RangeCheck::Matches) => format!("{a}-{b} ok"),
        (Some((a, b)), RangeCheck::Differs { expected: (c, d) }) => format!("{a}-{b} NOT Flink's {c}-{d}"),
        (Some((a, b)), _) => format!("{a}-{b} (unchecked)"),
    };
    let keyed = s.state.managed_keyed.as_deref().map_or("-".to_string(), handle_kind);
    let mut states: Vec<String> = s
        .state
        .managed_operator
        .iter()
        .flat_map(|h| &h.states)
        .map(|st| format!("{} ({}, {})", st.name, st.mode.name(), st.offsets.len()))
        .collect();
    states.sort();
    let states = if states.is_empty() { "-".to_string() } else { states.join(", ") };
    [index, range, s.state.keyed_state_size().to_string(), keyed, states]
}
