//! The report as one JSON object (`keygroups savepoint --json`), written by hand. The fields
//! of `shared/CONTRACT.md` come first; the extra fields use the names of Flink's report in
//! `tests/flink-savepoints/` so the two compare field by field.

use super::report::{
    check_range, expected_range, handle_kind, key_group_range, keyed_state_skew_percent, subtasks_by_index, RangeCheck,
};
use super::sizes::{key_group_bytes, KeyGroupBytes};
use super::types::{SavepointFormat, Snapshot, SnapshotKind, Subtask};

/// A JSON string literal (control characters as `\uXXXX`): the JSON writer's.
pub use crate::json::quote;

fn opt_str(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => quote(out, s),
        None => out.push_str("null"),
    }
}

fn key(out: &mut String, name: &str) {
    if !out.ends_with('{') && !out.ends_with('[') {
        out.push(',');
    }
    quote(out, name);
    out.push(':');
}

fn num(out: &mut String, name: &str, n: impl std::fmt::Display) {
    key(out, name);
    out.push_str(&n.to_string());
}

/// The contract's names for kind and format.
pub fn kind_name(snapshot: &Snapshot) -> &'static str {
    match snapshot.properties.as_ref().map(|p| p.kind) {
        Some(SnapshotKind::Checkpoint) => "checkpoint",
        Some(SnapshotKind::Savepoint) => "savepoint",
        _ => "unknown",
    }
}

/// `canonical`, `native` or `unknown`.
pub fn format_name(snapshot: &Snapshot) -> &'static str {
    match snapshot.properties.as_ref().map(|p| p.format) {
        Some(SavepointFormat::Canonical) => "canonical",
        Some(SavepointFormat::Native) => "native",
        _ => "unknown",
    }
}

/// The whole report as JSON, ending with a newline.
pub fn to_json(snapshot: &Snapshot) -> String {
    let mut out = String::from("{");
    num(&mut out, "version", snapshot.version);
    num(&mut out, "checkpoint_id", snapshot.checkpoint_id);
    key(&mut out, "kind");
    quote(&mut out, kind_name(snapshot));
    key(&mut out, "format");
    quote(&mut out, format_name(snapshot));
    key(&mut out, "operators");
    out.push('[');
    for (i, op) in snapshot.operators.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        key(&mut out, "operator_id");
        quote(&mut out, &op.id.hex());
        key(&mut out, "name");
        opt_str(&mut out, op.name.as_deref());
        key(&mut out, "uid");
        opt_str(&mut out, op.uid.as_deref());
        num(&mut out, "parallelism", op.parallelism);
        num(&mut out, "max_parallelism", op.max_parallelism);
        key(&mut out, "subtasks");
        out.push('[');
        for (j, s) in subtasks_by_index(op).into_iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            subtask(&mut out, op, s);
        }
        out.push(']');
        num(&mut out, "fully_finished", op.fully_finished);
        key(&mut out, "coordinator_state_bytes");
        match &op.coordinator {
            Some(c) => out.push_str(&c.state_size().to_string()),
            None => out.push_str("null"),
        }
        num(&mut out, "state_bytes", op.state_size());
        key(&mut out, "keyed_state_skew_percent");
        match keyed_state_skew_percent(op) {
            Some(p) => out.push_str(&p.to_string()),
            None => out.push_str("null"),
        }
        out.push('}');
    }
    out.push(']');
    key(&mut out, "snapshot_type");
    opt_str(&mut out, snapshot.properties.as_ref().and_then(|p| p.type_name.as_deref()));
    num(&mut out, "master_states", snapshot.master_states.len());
    num(&mut out, "file_bytes", snapshot.file_len);
    out.push_str("}\n");
    out
}

fn pair(out: &mut String, name: &str, range: Option<(u32, u32)>) {
    key(out, name);
    match range {
        Some((a, b)) => out.push_str(&format!("[{a},{b}]")),
        None => out.push_str("null"),
    }
}

fn subtask(out: &mut String, op: &super::types::Operator, s: &Subtask) {
    out.push('{');
    num(out, "index", s.index);
    num(out, "finished", s.finished);
    pair(out, "key_groups", key_group_range(s));
    num(out, "keyed_state_bytes", s.state.keyed_state_size());
    key(out, "operator_state");
    out.push('[');
    let mut states: Vec<_> = s.state.managed_operator.iter().flat_map(|h| &h.states).collect();
    states.sort_by(|a, b| a.name.cmp(&b.name));
    for (k, st) in states.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push('{');
        key(out, "name");
        quote(out, &st.name);
        key(out, "mode");
        quote(out, st.mode.name());
        num(out, "partitions", st.offsets.len());
        out.push('}');
    }
    out.push(']');
    num(out, "operator_state_bytes", s.state.managed_operator.as_deref().map_or(0, |h| h.state_size()));
    let check = check_range(op, s);
    pair(out, "key_groups_expected", if key_group_range(s).is_some() { expected_range(op, s.index) } else { None });
    key(out, "key_groups_match");
    out.push_str(match check {
        RangeCheck::Matches => "true",
        RangeCheck::Differs { .. } => "false",
        RangeCheck::NoKeyedState | RangeCheck::Unchecked => "null",
    });
    key(out, "keyed_state_handle");
    opt_str(out, s.state.managed_keyed.as_deref().map(handle_kind).as_deref());
    match s.state.managed_keyed.as_deref().map(key_group_bytes) {
        Some(KeyGroupBytes::Known { bytes, .. }) => {
            key(out, "key_group_bytes");
            out.push('[');
            out.push_str(&bytes.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
            out.push(']');
            key(out, "key_group_bytes_note");
            out.push_str("null");
        }
        other => {
            key(out, "key_group_bytes");
            out.push_str("null");
            key(out, "key_group_bytes_note");
            opt_str(out, if let Some(KeyGroupBytes::Unavailable(r)) = other { Some(r) } else { None });
        }
    }
    out.push('}');
}
