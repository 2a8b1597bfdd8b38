//! A running job's own numbers: the Flink REST bodies an operator can copy from one keyed
//! vertex, read into per-subtask load and the data skew % as the Flink web UI shows it.
//!
//! Accepted bodies (Flink 2.3.0 samples in `tests/flink-rest-metrics/bodies-flink-2.3.0/`):
//! - the vertex details, `GET /jobs/<job>/vertices/<vertex>`: per subtask `metrics.read-records`
//!   (the web UI's "Records Received") and `read-bytes`, with the vertex's parallelism and max
//!   parallelism;
//! - per-subtask metric lists, `GET …/subtasks/<i>/metrics?get=numRecordsIn` (or
//!   `numRecordsInPerSecond`): one body per subtask, pasted one after another in subtask order
//!   (or as one list of lists);
//! - the vertex's metric list with subtask-prefixed ids, `GET …/vertices/<vertex>/metrics?
//!   get=0.numRecordsIn,1.numRecordsIn,…`;
//! - the aggregated form the web UI's Data Skew tab reads, `GET …/subtasks/metrics?get=
//!   numRecordsIn`: `min`, `max`, `avg`, `sum` and `skew` over the subtasks, but no subtask's
//!   own value. It gives Flink's skew number and max ÷ mean, never per-subtask load.
//!
//! The data skew is Flink's (`DoubleAccumulator.DoubleDataSkew`, FLIP-418): the mean absolute
//! deviation over the mean, ×100, capped at 100, which the Data Skew tab rounds with
//! `Math.round`. From per-subtask values it is computed exactly (integers), from an aggregated
//! body it is Flink's own `skew` field rounded the same way.
//!
//! Guarantees: never panics; at most [`MAX_SUBTASKS`] subtasks; every refusal names the byte
//! offset and the field (or the subtask) it concerns.

use std::fmt;

use super::aggregate::data_skew_percent;
use crate::imbalance::Imbalance;
use crate::json::{parse_sequence, Decimal, JsonError, Node, Value};
use crate::{MaxParallelism, Parallelism};

/// The most subtasks a vertex can have (Flink's upper bound of max parallelism).
pub const MAX_SUBTASKS: usize = 32768;
/// The finest decimal place kept for rates (values are exact to 10^-18 at best).
const MAX_SCALE: u32 = 18;

/// Which per-subtask number the load is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// Records received since the task started (the Data Skew tab's metric).
    NumRecordsIn,
    /// Records received per second, a 60 s moving rate (the Overview graph's live skew).
    NumRecordsInPerSecond,
    /// The vertex details' `read-records` (the subtask list's "Records Received").
    ReadRecords,
}

impl Metric {
    /// The id as Flink writes it.
    pub fn id(self) -> &'static str {
        match self {
            Metric::NumRecordsIn => "numRecordsIn",
            Metric::NumRecordsInPerSecond => "numRecordsInPerSecond",
            Metric::ReadRecords => "read-records",
        }
    }

    /// The unit of a value.
    pub fn unit(self) -> &'static str {
        match self {
            Metric::NumRecordsInPerSecond => "records/s",
            _ => "records",
        }
    }

    /// The metric ids the lists may carry, the Data Skew tab's first.
    const LISTED: [Metric; 2] = [Metric::NumRecordsIn, Metric::NumRecordsInPerSecond];
}

/// Which REST body the text was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    VertexDetails,
    SubtaskLists,
    IndexedList,
    Aggregated,
}

impl Body {
    /// The short name used in `data-body`.
    pub fn as_str(self) -> &'static str {
        match self {
            Body::VertexDetails => "vertex",
            Body::SubtaskLists => "subtask-lists",
            Body::IndexedList => "indexed",
            Body::Aggregated => "aggregated",
        }
    }

    /// The request that answers with this body.
    pub fn request(self) -> &'static str {
        match self {
            Body::VertexDetails => "GET /jobs/<job>/vertices/<vertex>",
            Body::SubtaskLists => "GET /jobs/<job>/vertices/<vertex>/subtasks/<i>/metrics?get=…, one body per subtask",
            Body::IndexedList => "GET /jobs/<job>/vertices/<vertex>/metrics?get=0.…,1.…",
            Body::Aggregated => "GET /jobs/<job>/vertices/<vertex>/subtasks/metrics?get=…",
        }
    }
}

/// What the vertex details say of the vertex itself.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Vertex {
    pub id: Option<String>,
    pub name: Option<String>,
    pub parallelism: Option<u32>,
    pub max_parallelism: Option<u32>,
}

/// Per-subtask values of one metric.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtaskMetrics {
    pub body: Body,
    pub metric: Metric,
    pub vertex: Option<Vertex>,
    /// One value per subtask, index = subtask, in units of 10^-`scale`.
    pub values: Vec<u64>,
    pub scale: u32,
    /// `read-bytes` per subtask (vertex details only).
    pub bytes: Option<Vec<u64>>,
    /// Things worth knowing that do not stop the import (incomplete counters, states).
    pub notes: Vec<String>,
}

/// Flink's aggregation over the subtasks of one metric, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AggregatedMetric {
    pub metric: Metric,
    pub min: Option<Decimal>,
    pub max: Option<Decimal>,
    pub avg: Option<Decimal>,
    pub sum: Option<Decimal>,
    pub skew: Decimal,
    /// The `skew` field exactly as Flink wrote it (`88.21666666666667`).
    pub skew_text: String,
}

/// A body read: per-subtask values, or only Flink's aggregation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Imported {
    PerSubtask(SubtaskMetrics),
    AggregatedOnly(AggregatedMetric),
}

impl Imported {
    pub fn body(&self) -> Body {
        match self {
            Imported::PerSubtask(m) => m.body,
            Imported::AggregatedOnly(_) => Body::Aggregated,
        }
    }

    pub fn metric(&self) -> Metric {
        match self {
            Imported::PerSubtask(m) => m.metric,
            Imported::AggregatedOnly(a) => a.metric,
        }
    }

    /// The data skew % as the web UI's Data Skew tab shows it (0 to 100).
    pub fn skew_percent(&self) -> u32 {
        match self {
            Imported::PerSubtask(m) => m.skew_percent(),
            Imported::AggregatedOnly(a) => a.skew.round().map_or(100, |v| v.min(100) as u32),
        }
    }

    /// Busiest subtask ÷ mean, in thousandths (from `max` and `avg` when aggregated).
    pub fn max_over_mean_milli(&self) -> Option<u64> {
        match self {
            Imported::PerSubtask(m) => Some(m.max_over_mean_milli()),
            Imported::AggregatedOnly(a) => ratio_milli(a.max?, a.avg?),
        }
    }
}

impl SubtaskMetrics {
    /// The data skew %, rounded half up as `Math.round` does.
    pub fn skew_percent(&self) -> u32 {
        data_skew_percent(&self.values)
    }

    /// Flink's unrounded skew (capped at 100) in ten-thousandths of a percent, rounded half
    /// up: 882167 for 88.21666…%.
    pub fn skew_ten_thousandths(&self) -> u64 {
        let n = self.values.len() as u128;
        let sum = self.total();
        if n == 0 || sum == 0 {
            return 0;
        }
        let deviation: u128 = self.values.iter().map(|&v| (u128::from(v) * n).abs_diff(sum)).sum();
        let denominator = n * sum;
        // 100 · 10^4 · deviation / denominator, rounded half up, capped at 100 %.
        let scaled = deviation.saturating_mul(2_000_000).saturating_add(denominator) / (2 * denominator);
        scaled.min(1_000_000) as u64
    }

    pub fn total(&self) -> u128 {
        self.values.iter().map(|&v| u128::from(v)).sum()
    }

    /// The subtask with the largest value (lowest index on ties).
    pub fn busiest(&self) -> u32 {
        let mut best = 0;
        for (i, &v) in self.values.iter().enumerate() {
            if v > self.values[best] {
                best = i;
            }
        }
        best as u32
    }

    /// Largest value ÷ mean, in thousandths (1000 = perfectly even).
    pub fn max_over_mean_milli(&self) -> u64 {
        let n = self.values.len() as u128;
        let max = self.values.iter().copied().max().map_or(0, u128::from);
        (max * n * 1000).checked_div(self.total()).map_or(1000, |v| v.min(u128::from(u64::MAX)) as u64)
    }

    /// A subtask's share of the total, in per-mille, rounded half up.
    pub fn share_permille(&self, subtask: usize) -> u32 {
        let total = self.total();
        let v = self.values.get(subtask).map_or(0, |&v| u128::from(v));
        ((v * 2000 + total) / (2 * total).max(1)).min(1000) as u32
    }

    /// The key groups each subtask owns, when the vertex details give a valid parallelism and
    /// max parallelism and the subtask count matches.
    pub fn key_groups(&self) -> Option<Imbalance> {
        let v = self.vertex.as_ref()?;
        let max = MaxParallelism::new(i64::from(v.max_parallelism?)).ok()?;
        let p = Parallelism::new(i64::from(v.parallelism?), max).ok()?;
        (p.get() as usize == self.values.len()).then(|| Imbalance::of(p))
    }
}

/// `a ÷ b` in thousandths, exact over the decimal texts; `None` when `b` is 0.
pub fn ratio_milli(a: Decimal, b: Decimal) -> Option<u64> {
    let scale = a.places().max(b.places()).min(MAX_SCALE);
    let (a, b) = (u128::from(a.units(scale)?), u128::from(b.units(scale)?));
    (a * 1000).checked_div(b).map(|v| v.min(u128::from(u64::MAX)) as u64)
}

/// Writes `units` × 10^-`scale` with at most `places` decimals (rounded half up, trailing
/// zeros dropped): `format_units(12345, 3, 2)` = `12.35`.
pub fn format_units(units: u64, scale: u32, places: u32) -> String {
    let (scale, places) = (scale.min(MAX_SCALE), places.min(MAX_SCALE));
    let (value, scale) = if scale > places {
        let d = 10u128.pow(scale - places);
        ((u128::from(units) + d / 2) / d, places)
    } else {
        (u128::from(units), scale)
    };
    let unit = 10u128.pow(scale);
    let (whole, frac) = (value / unit, value % unit);
    if frac == 0 {
        return whole.to_string();
    }
    let digits = format!("{frac:0width$}", width = scale as usize);
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// Why a text could not be read as metrics of a vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetricsError {
    /// Not JSON at all (or cut off): the reader's own message with its byte offset.
    Json(JsonError),
    /// A Flink REST error answer (`{"errors": […]}`), with Flink's message.
    FlinkError { message: String },
    /// Valid JSON, but none of the bodies this reads.
    Foreign { at: usize, what: String },
    /// A field missing, or not of the kind it must be.
    Field { at: usize, field: String, problem: String },
    /// Metric lists that carry neither `numRecordsIn` nor `numRecordsInPerSecond`.
    NoLoadMetric { at: usize, found: Vec<String> },
    /// A subtask with no value.
    MissingSubtask { subtask: usize, of: usize },
    /// A subtask given twice.
    DuplicateSubtask { at: usize, subtask: u64 },
    /// More than [`MAX_SUBTASKS`] subtasks.
    TooManySubtasks { count: usize },
    /// An aggregated body without Flink's `skew` field.
    NoSkew { at: usize, metric: &'static str },
}

impl From<JsonError> for MetricsError {
    fn from(e: JsonError) -> Self {
        MetricsError::Json(e)
    }
}

impl fmt::Display for MetricsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MetricsError::Json(e) => write!(f, "This is not complete JSON: {e}."),
            MetricsError::FlinkError { message } => {
                write!(f, "This is Flink's error answer, not metrics: {message:?}. Check the job and vertex ids in the request.")
            }
            MetricsError::Foreign { at, what } => write!(
                f,
                "At byte {at}: {what}. Paste the vertex details (GET /jobs/<job>/vertices/<vertex>), the subtask metrics \
                 (…/subtasks/metrics?get=numRecordsIn) or one …/subtasks/<i>/metrics?get=numRecordsIn body per subtask."
            ),
            MetricsError::Field { at, field, problem } => write!(f, "At byte {at}: {field} {problem}."),
            MetricsError::NoLoadMetric { at, found } => {
                let shown: Vec<&str> = found.iter().take(6).map(String::as_str).collect();
                let more = if found.len() > shown.len() { format!(" and {} more", found.len() - shown.len()) } else { String::new() };
                let operator = if found.iter().any(|id| id.ends_with(".numRecordsIn")) {
                    " (operator-scoped ids such as <operator>.numRecordsIn are not the task's numRecordsIn)"
                } else {
                    ""
                };
                write!(
                    f,
                    "At byte {at}: these metrics ({}{more}) hold no numRecordsIn or numRecordsInPerSecond{operator}; ask for \
                     get=numRecordsIn, the metric the web UI's Data Skew tab uses",
                    if shown.is_empty() { "none".to_string() } else { shown.join(", ") }
                )?;
                f.write_str(".")
            }
            MetricsError::MissingSubtask { subtask, of } => {
                write!(f, "Subtask {subtask} has no value (expected one for each of subtasks 0 to {}).", of.saturating_sub(1))
            }
            MetricsError::DuplicateSubtask { at, subtask } => write!(f, "At byte {at}: subtask {subtask} is given a second time."),
            MetricsError::TooManySubtasks { count } => {
                write!(f, "{count} subtasks is more than a vertex can have ({MAX_SUBTASKS}).")
            }
            MetricsError::NoSkew { at, metric } => write!(
                f,
                "At byte {at}: the aggregated {metric} has no \"skew\" field (Flink adds it from 1.20 on, when the request has no \
                 agg= or includes agg=skew), and min, max, avg and sum alone give neither the skew nor any subtask's load."
            ),
        }
    }
}

/// Reads pasted text: one of the bodies of the module documentation.
pub fn read(text: &str) -> Result<Imported, MetricsError> {
    let values = parse_sequence(text)?;
    if let [one] = values.as_slice() {
        return read_one(one);
    }
    if let Some(odd) = values.iter().find(|v| v.as_list().is_none()) {
        return Err(foreign(odd, "several JSON values pasted together, and this one is not a metric list"));
    }
    subtask_lists(&values.iter().collect::<Vec<_>>()).map(Imported::PerSubtask)
}

fn read_one(node: &Node) -> Result<Imported, MetricsError> {
    match &node.value {
        Value::Object(_) => {
            if let Some(errors) = node.get("errors") {
                let message = match errors.as_list() {
                    Some(list) => list.iter().filter_map(Node::as_text).collect::<Vec<_>>().join("; "),
                    None => errors.as_text().unwrap_or("").to_string(),
                };
                return Err(MetricsError::FlinkError { message });
            }
            if node.get("subtasks").is_some() {
                return vertex_details(node).map(Imported::PerSubtask);
            }
            if node.get("jid").is_some() && node.get("vertices").is_some() {
                return Err(foreign(
                    node,
                    "this is a job's details (GET /jobs/<job>), which has no per-subtask values",
                ));
            }
            let keys = node.keys();
            let shown = keys.iter().take(5).copied().collect::<Vec<_>>().join(", ");
            Err(foreign(node, &format!("an object with the fields {shown}{}", if keys.len() > 5 { ", …" } else { "" })))
        }
        Value::List(items) => {
            if items.is_empty() {
                return Err(foreign(
                    node,
                    "an empty list (Flink answers [] when no metric has the requested name, or none was reported yet)",
                ));
            }
            if items.iter().all(|i| i.as_list().is_some()) {
                return subtask_lists(&items.iter().collect::<Vec<_>>()).map(Imported::PerSubtask);
            }
            let aggregated = items.iter().any(|i| {
                i.get("value").is_none() && ["min", "max", "avg", "sum", "skew"].iter().any(|k| i.get(k).is_some())
            });
            if aggregated {
                return aggregated_body(node).map(Imported::AggregatedOnly);
            }
            let indexed = items.iter().filter_map(|i| i.get("id")?.as_text()).any(|id| split_index(id).is_some());
            if indexed {
                return indexed_list(node).map(Imported::PerSubtask);
            }
            subtask_lists(&[node]).map(Imported::PerSubtask)
        }
        _ => Err(foreign(node, &format!("{}, not a REST body", node.describe()))),
    }
}

fn foreign(node: &Node, what: &str) -> MetricsError {
    MetricsError::Foreign { at: node.at, what: what.to_string() }
}

fn field_error(node: &Node, field: impl Into<String>, problem: impl Into<String>) -> MetricsError {
    MetricsError::Field { at: node.at, field: field.into(), problem: problem.into() }
}

/// A number written as a JSON number or as a string holding one (Flink writes metric values
/// as strings).
fn decimal(node: &Node, field: &str) -> Result<Decimal, MetricsError> {
    let text = match &node.value {
        Value::Number(n) => n.as_str(),
        Value::Text(t) => t.as_str(),
        _ => return Err(field_error(node, field, format!("is {}, not a number", node.describe()))),
    };
    Decimal::parse(text).map_err(|e| match e {
        crate::json::DecimalError::NotANumber => {
            field_error(node, field, format!("is {}, not a number", node.describe()))
        }
        other => field_error(node, field, format!("is {} ({other})", node.describe())),
    })
}

/// A member that must be there.
fn member<'a>(node: &'a Node, key: &str, what: &str) -> Result<&'a Node, MetricsError> {
    node.get(key).ok_or_else(|| field_error(node, what, format!("has no \"{key}\" field")))
}

/// Values at one common decimal scale, the finest that keeps every value within `u64`.
fn common_scale(values: &[(Decimal, &Node)], what: &str) -> Result<(Vec<u64>, u32), MetricsError> {
    let mut scale = values.iter().map(|(d, _)| d.places()).max().unwrap_or(0).min(MAX_SCALE);
    loop {
        let units: Option<Vec<u64>> = values.iter().map(|(d, _)| d.units(scale)).collect();
        if let Some(units) = units {
            return Ok((units, scale));
        }
        if scale == 0 {
            let problem = |node: &Node| format!("is {}, above {} (too large to add up)", node.describe(), u64::MAX);
            return Err(match values.iter().find(|(d, _)| d.units(0).is_none()) {
                Some((_, node)) => field_error(node, what, problem(node)),
                None => MetricsError::Field { at: 0, field: what.to_string(), problem: "is too large".to_string() },
            });
        }
        scale -= 1;
    }
}

fn vertex_details(node: &Node) -> Result<SubtaskMetrics, MetricsError> {
    let subtasks = member(node, "subtasks", "the vertex details")?;
    let list = subtasks
        .as_list()
        .ok_or_else(|| field_error(subtasks, "\"subtasks\"", format!("is {}, not a list", subtasks.describe())))?;
    if list.is_empty() {
        return Err(field_error(subtasks, "\"subtasks\"", "is empty: the vertex has no subtasks yet"));
    }
    if list.len() > MAX_SUBTASKS {
        return Err(MetricsError::TooManySubtasks { count: list.len() });
    }
    let whole = |n: &Node, what: &str| -> Result<u64, MetricsError> {
        let d = decimal(n, what)?;
        match d.units(0) {
            Some(v) if d.exponent >= 0 => Ok(v),
            _ => Err(field_error(n, what, format!("is {}, not a whole number", n.describe()))),
        }
    };
    let mut slots: Vec<Option<(Decimal, &Node, Option<u64>)>> = vec![None; list.len()];
    let (mut incomplete, mut not_running) = (Vec::new(), Vec::new());
    for entry in list {
        let index_node = member(entry, "subtask", "a subtask entry")?;
        let index = whole(index_node, "\"subtask\"")?;
        let slot = usize::try_from(index).ok().filter(|&i| i < list.len()).ok_or_else(|| {
            field_error(index_node, "\"subtask\"", format!("is {index}, but there are only {} subtasks", list.len()))
        })?;
        if slots[slot].is_some() {
            return Err(MetricsError::DuplicateSubtask { at: index_node.at, subtask: index });
        }
        let metrics = member(entry, "metrics", &format!("subtask {index}"))?;
        let records_node = member(metrics, "read-records", &format!("the metrics of subtask {index}"))?;
        let records = decimal(records_node, &format!("\"read-records\" of subtask {index}"))?;
        let bytes = match metrics.get("read-bytes") {
            Some(b) => whole(b, &format!("\"read-bytes\" of subtask {index}")).ok(),
            None => None,
        };
        if let Some(Value::Bool(false)) = metrics.get("read-records-complete").map(|n| &n.value) {
            incomplete.push(index.to_string());
        }
        if let Some(status) = entry.get("status").and_then(Node::as_text) {
            if status != "RUNNING" && status != "FINISHED" {
                not_running.push(format!("{index} ({status})"));
            }
        }
        slots[slot] = Some((records, records_node, bytes));
    }
    let mut read = Vec::with_capacity(list.len());
    let mut bytes = Vec::with_capacity(list.len());
    for (i, slot) in slots.into_iter().enumerate() {
        let (records, node, b) = slot.ok_or(MetricsError::MissingSubtask { subtask: i, of: list.len() })?;
        read.push((records, node));
        bytes.push(b);
    }
    let (values, scale) = common_scale(&read, "\"read-records\"")?;
    let text = |key: &str| node.get(key).and_then(Node::as_text).map(str::to_string);
    let number = |key: &str| node.get(key).and_then(|n| whole(n, key).ok()).and_then(|v| u32::try_from(v).ok());
    let vertex = Vertex {
        id: text("id"),
        name: text("name"),
        parallelism: number("parallelism"),
        max_parallelism: number("maxParallelism"),
    };
    let mut notes = Vec::new();
    if let Some(p) = vertex.parallelism.filter(|&p| p as usize != list.len()) {
        notes.push(format!("The vertex says parallelism {p} but lists {} subtasks.", list.len()));
    }
    if !incomplete.is_empty() {
        notes.push(format!(
            "Flink marks read-records as not complete on subtask{} {}: those counts may be low.",
            if incomplete.len() == 1 { "" } else { "s" },
            incomplete.join(", ")
        ));
    }
    if !not_running.is_empty() {
        notes.push(format!("Not running: subtask {}.", not_running.join(", ")));
    }
    let bytes = bytes.into_iter().collect::<Option<Vec<u64>>>();
    Ok(SubtaskMetrics {
        body: Body::VertexDetails,
        metric: Metric::ReadRecords,
        vertex: Some(vertex),
        values,
        scale,
        bytes,
        notes,
    })
}

/// The `(id, value)` pairs of a metric list, or what is wrong with it.
fn metric_pairs<'a>(list: &'a Node, what: &str) -> Result<Vec<(&'a str, &'a Node)>, MetricsError> {
    let items = list
        .as_list()
        .ok_or_else(|| field_error(list, what, format!("is {}, not a list of metrics", list.describe())))?;
    let mut pairs = Vec::with_capacity(items.len());
    for item in items {
        if !matches!(item.value, Value::Object(_)) {
            return Err(field_error(
                item,
                format!("an entry of {what}"),
                format!("is {}, not {{\"id\": …, \"value\": …}}", item.describe()),
            ));
        }
        let id = member(item, "id", &format!("an entry of {what}"))?;
        let id = id.as_text().ok_or_else(|| field_error(id, "\"id\"", format!("is {}, not a text", id.describe())))?;
        let value = member(item, "value", &format!("the metric {id} of {what}"))?;
        pairs.push((id, value));
    }
    Ok(pairs)
}

fn subtask_lists(bodies: &[&Node]) -> Result<SubtaskMetrics, MetricsError> {
    if bodies.len() > MAX_SUBTASKS {
        return Err(MetricsError::TooManySubtasks { count: bodies.len() });
    }
    let what = |i: usize| {
        if bodies.len() == 1 {
            "the metric list".to_string()
        } else {
            format!("body {} (subtask {i})", i + 1)
        }
    };
    let first = metric_pairs(bodies[0], &what(0))?;
    if first.is_empty() {
        return Err(field_error(bodies[0], what(0), "is an empty list: no metric of the requested name was reported"));
    }
    let metric = Metric::LISTED.into_iter().find(|m| first.iter().any(|(id, _)| *id == m.id())).ok_or_else(|| {
        MetricsError::NoLoadMetric { at: bodies[0].at, found: first.iter().map(|(id, _)| id.to_string()).collect() }
    })?;
    let mut read = Vec::with_capacity(bodies.len());
    for (i, body) in bodies.iter().enumerate() {
        let pairs = if i == 0 { first.clone() } else { metric_pairs(body, &what(i))? };
        let (_, node) = pairs
            .iter()
            .find(|(id, _)| *id == metric.id())
            .ok_or_else(|| field_error(body, what(i), format!("has no {} (the first body has it)", metric.id())))?;
        read.push((decimal(node, &format!("{} of {}", metric.id(), what(i)))?, *node));
    }
    let (values, scale) = common_scale(&read, metric.id())?;
    let mut notes = Vec::new();
    if values.len() == 1 {
        notes.push(
            "Only one subtask's body: a subtask's own metrics do not name the subtask, so paste one body per subtask, \
             in subtask order, one after another."
                .to_string(),
        );
    }
    Ok(SubtaskMetrics { body: Body::SubtaskLists, metric, vertex: None, values, scale, bytes: None, notes })
}

/// `"12.numRecordsIn"` → `(12, "numRecordsIn")`.
fn split_index(id: &str) -> Option<(u64, &str)> {
    let (index, rest) = id.split_once('.')?;
    if index.is_empty() || index.len() > 6 || !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((index.parse().ok()?, rest))
}

fn indexed_list(list: &Node) -> Result<SubtaskMetrics, MetricsError> {
    let pairs = metric_pairs(list, "the metric list")?;
    let metric = Metric::LISTED
        .into_iter()
        .find(|m| pairs.iter().any(|(id, _)| split_index(id).is_some_and(|(_, name)| name == m.id())))
        .ok_or_else(|| MetricsError::NoLoadMetric {
            at: list.at,
            found: pairs.iter().map(|(id, _)| id.to_string()).collect(),
        })?;
    let mine: Vec<(u64, &Node)> = pairs
        .iter()
        .filter_map(|(id, node)| split_index(id).filter(|(_, name)| *name == metric.id()).map(|(i, _)| (i, *node)))
        .collect();
    if mine.len() > MAX_SUBTASKS {
        return Err(MetricsError::TooManySubtasks { count: mine.len() });
    }
    let n = mine.len();
    let mut slots: Vec<Option<(Decimal, &Node)>> = vec![None; n];
    for (index, node) in mine {
        let slot = usize::try_from(index).ok().filter(|&i| i < n).ok_or_else(|| MetricsError::MissingSubtask {
            subtask: (0..n)
                .find(|i| !pairs.iter().any(|(id, _)| split_index(id) == Some((*i as u64, metric.id()))))
                .unwrap_or(0),
            of: n,
        })?;
        if slots[slot].is_some() {
            return Err(MetricsError::DuplicateSubtask { at: node.at, subtask: index });
        }
        slots[slot] = Some((decimal(node, &format!("{index}.{}", metric.id()))?, node));
    }
    let read = slots
        .into_iter()
        .enumerate()
        .map(|(i, s)| s.ok_or(MetricsError::MissingSubtask { subtask: i, of: n }))
        .collect::<Result<Vec<_>, _>>()?;
    let (values, scale) = common_scale(&read, metric.id())?;
    Ok(SubtaskMetrics { body: Body::IndexedList, metric, vertex: None, values, scale, bytes: None, notes: Vec::new() })
}

fn aggregated_body(list: &Node) -> Result<AggregatedMetric, MetricsError> {
    let items = list.as_list().unwrap_or_default();
    let ids: Vec<(&str, &Node)> = items.iter().filter_map(|i| Some((i.get("id")?.as_text()?, i))).collect();
    let (metric, item) = Metric::LISTED
        .into_iter()
        .find_map(|m| ids.iter().find(|(id, _)| *id == m.id()).map(|(_, node)| (m, *node)))
        .ok_or_else(|| MetricsError::NoLoadMetric {
            at: list.at,
            found: ids.iter().map(|(id, _)| id.to_string()).collect(),
        })?;
    let field = |key: &str| -> Result<Option<Decimal>, MetricsError> {
        item.get(key).map(|n| decimal(n, &format!("\"{key}\" of {}", metric.id()))).transpose()
    };
    let (min, max, avg, sum) = (field("min")?, field("max")?, field("avg")?, field("sum")?);
    let skew_node = item.get("skew").ok_or(MetricsError::NoSkew { at: item.at, metric: metric.id() })?;
    let skew = decimal(skew_node, &format!("\"skew\" of {}", metric.id()))?;
    if skew.round().is_none_or(|v| v > 100) {
        return Err(field_error(
            skew_node,
            format!("\"skew\" of {}", metric.id()),
            "is above 100, which Flink never reports",
        ));
    }
    let skew_text = match &skew_node.value {
        Value::Number(n) => n.clone(),
        Value::Text(t) => t.clone(),
        _ => String::new(),
    };
    Ok(AggregatedMetric { metric, min, max, avg, sum, skew, skew_text })
}

#[cfg(test)]
mod tests;
