//! What the lab's views show of a parsed snapshot, computed once from the model's report
//! functions (no maths in the views): the summary, one row per operator, one per subtask, the
//! operator chosen by default for details and plans, and the uid lookup. The page works out the
//! operator rows and the lookup; each part below its first screen works out what it shows.

use crate::model::savepoint::json::{format_name, kind_name};
use crate::model::savepoint::report::{
    check_range, handle_kind, key_group_range, keyed_state_skew_percent, subtasks_by_index, total_keyed_bytes,
    total_keyed_checkpointed_bytes, RangeCheck,
};
use crate::model::savepoint::table::releases_writing;
use crate::model::savepoint::unmatched::{if_unmatched, Unmatched};
use crate::model::savepoint::{operator_id_from_uid, Operator, OperatorId, Snapshot};

/// The file as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub version: i32,
    pub releases: &'static str,
    pub checkpoint_id: i64,
    /// `checkpoint`, `savepoint` or `unknown` (the contract's names).
    pub kind: &'static str,
    /// `canonical`, `native` or `unknown`.
    pub format: &'static str,
    pub type_name: Option<String>,
    pub file_bytes: usize,
    pub operators: usize,
    pub master_states: usize,
    /// Flink's state size of the whole snapshot (every operator).
    pub state_bytes: u64,
    pub keyed_bytes: u64,
    /// The keyed state this snapshot wrote itself (Flink's checkpointed size), if recorded.
    pub keyed_checkpointed_bytes: Option<u64>,
    /// The max parallelisms its operators record, in words: `128, every operator`.
    pub max_parallelism: String,
    /// Taken by a stop with `--drain` (its type "Terminate Savepoint").
    pub drained: bool,
}

impl Summary {
    pub fn of(s: &Snapshot) -> Summary {
        Summary {
            version: s.version,
            releases: releases_writing(s.version),
            checkpoint_id: s.checkpoint_id,
            kind: kind_name(s),
            format: format_name(s),
            type_name: s.properties.as_ref().and_then(|p| p.type_name.clone()),
            file_bytes: s.file_len,
            operators: s.operators.len(),
            master_states: s.master_states.len(),
            state_bytes: total_state_bytes(s),
            keyed_bytes: total_keyed_bytes(s),
            keyed_checkpointed_bytes: total_keyed_checkpointed_bytes(s),
            max_parallelism: max_parallelisms(s),
            drained: crate::model::savepoint::recorded::recorded_drain(s),
        }
    }
}

/// The max parallelisms the operators record, the commonest first: `128, every operator`, or
/// `128 (3 operators), 256 (1 operator)`; `none` for a file with no operator.
pub fn max_parallelisms(s: &Snapshot) -> String {
    let mut counts: Vec<(i32, usize)> = Vec::new();
    for op in &s.operators {
        match counts.iter_mut().find(|(m, _)| *m == op.max_parallelism) {
            Some((_, n)) => *n += 1,
            None => counts.push((op.max_parallelism, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    match counts.as_slice() {
        [] => "none: the file has no operator".to_string(),
        [(m, _)] => format!("{m}, every operator"),
        many => many
            .iter()
            .map(|(m, n)| format!("{m} ({n} operator{})", if *n == 1 { "" } else { "s" }))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Flink's state size of the snapshot: the sum over its operators.
pub fn total_state_bytes(s: &Snapshot) -> u64 {
    s.operators.iter().map(|o| o.state_size().max(0) as u64).sum()
}

/// Whether any subtask of the operator holds keyed state.
pub fn is_keyed(op: &Operator) -> bool {
    op.subtasks.iter().any(|s| s.state.managed_keyed.is_some() || s.state.raw_keyed.is_some())
}

/// One operator, as the table shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatorRow {
    pub index: usize,
    pub id: String,
    pub name: Option<String>,
    pub uid: Option<String>,
    pub parallelism: i32,
    pub max_parallelism: i32,
    pub subtasks: usize,
    pub finished_subtasks: usize,
    pub fully_finished: bool,
    pub coordinator_bytes: Option<u64>,
    pub state_bytes: u64,
    pub keyed: bool,
    pub skew_percent: Option<u32>,
    /// Subtasks whose key-group range is not Flink's for (max parallelism, parallelism).
    pub ranges_differing: usize,
    pub unmatched: Unmatched,
}

impl OperatorRow {
    pub fn of(index: usize, op: &Operator) -> OperatorRow {
        let subtasks = subtasks_by_index(op);
        OperatorRow {
            index,
            id: op.id.hex(),
            name: op.name.clone(),
            uid: op.uid.clone(),
            parallelism: op.parallelism,
            max_parallelism: op.max_parallelism,
            subtasks: subtasks.len(),
            finished_subtasks: subtasks.iter().filter(|s| s.finished).count(),
            fully_finished: op.fully_finished,
            coordinator_bytes: op.coordinator.as_ref().map(|c| c.state_size().max(0) as u64),
            state_bytes: op.state_size().max(0) as u64,
            keyed: is_keyed(op),
            skew_percent: keyed_state_skew_percent(op),
            ranges_differing: subtasks
                .iter()
                .filter(|s| matches!(check_range(op, s), RangeCheck::Differs { .. }))
                .count(),
            unmatched: if_unmatched(op),
        }
    }

    /// The operator as a person names it: its name, else its uid, else its id.
    pub fn label(&self) -> String {
        self.name.clone().or_else(|| self.uid.clone()).unwrap_or_else(|| format!("operator {}", self.id))
    }
}

/// One operator state of a subtask: name, distribution mode, partitions.
pub type NamedState = (String, &'static str, usize);

/// One subtask, as the details table shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtaskRow {
    pub index: u32,
    pub finished: bool,
    pub range: Option<(u32, u32)>,
    pub check: RangeCheck,
    pub handle: Option<String>,
    pub keyed_bytes: u64,
    pub operator_bytes: u64,
    pub states: Vec<NamedState>,
}

/// The subtasks of an operator in index order.
pub fn subtask_rows(op: &Operator) -> Vec<SubtaskRow> {
    subtasks_by_index(op)
        .into_iter()
        .map(|s| {
            let mut states: Vec<NamedState> = s
                .state
                .managed_operator
                .iter()
                .flat_map(|h| &h.states)
                .map(|st| (st.name.clone(), st.mode.name(), st.offsets.len()))
                .collect();
            states.sort();
            SubtaskRow {
                index: s.index,
                finished: s.finished,
                range: key_group_range(s),
                check: check_range(op, s),
                handle: s.state.managed_keyed.as_deref().or(s.state.raw_keyed.as_deref()).map(handle_kind),
                keyed_bytes: s.state.keyed_state_size().max(0) as u64,
                operator_bytes: s.state.managed_operator.as_deref().map_or(0, |h| h.state_size().max(0) as u64),
                states,
            }
        })
        .collect()
}

/// The operator details and plans start with: the keyed operator with the most keyed state,
/// else the operator with the most state, else the first.
pub fn default_operator(s: &Snapshot) -> Option<usize> {
    let keyed_bytes = |op: &Operator| op.subtasks.iter().map(|t| t.state.keyed_state_size().max(0) as u64).sum::<u64>();
    let best = |score: &dyn Fn(&Operator) -> Option<u64>| {
        s.operators
            .iter()
            .enumerate()
            .filter_map(|(i, o)| score(o).map(|v| (v, i)))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
    };
    best(&|o| is_keyed(o).then(|| keyed_bytes(o)))
        .or_else(|| best(&|o| Some(o.state_size().max(0) as u64)))
        .map(|(_, i)| i)
}

/// The uid lookup: the id Flink derives, and the operator of the file that has it; for a uid
/// with white space at its ends that matches none, the operator the uid without it matches (a
/// pasted uid often brings a space along).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UidMatch {
    pub id: String,
    pub operator: Option<usize>,
    pub trimmed: Option<(String, usize)>,
}

pub fn uid_match(s: Option<&Snapshot>, uid: &str) -> UidMatch {
    let find = |uid: &str| {
        let id = OperatorId(operator_id_from_uid(uid));
        (id.hex(), s.and_then(|s| s.operators.iter().position(|o| o.id == id)))
    };
    let (id, operator) = find(uid);
    let bare = uid.trim();
    let trimmed = (operator.is_none() && bare != uid && !bare.is_empty())
        .then(|| find(bare).1.map(|i| (bare.to_string(), i)))
        .flatten();
    UidMatch { id, operator, trimmed }
}
