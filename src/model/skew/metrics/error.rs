//! Why a paste is not read: the refusal, naming the byte offset and the field or subtask.

use std::fmt;

use super::MAX_SUBTASKS;
use crate::json::JsonError;

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
