//! Reading the pasted text: which of the accepted bodies it is, and each body's shape into
//! [`super::Imported`], with every refusal naming the byte offset and the field.

use super::*;

mod shapes;
use shapes::{aggregated_body, indexed_list, split_index, subtask_lists, vertex_details};

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
