//! One reader per accepted body shape: the vertex details, per-subtask metric lists, the
//! vertex's list with subtask-prefixed ids, and the aggregated min/max/avg/sum/skew form.

use super::*;

pub(super) fn vertex_details(node: &Node) -> Result<SubtaskMetrics, MetricsError> {
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

pub(super) fn subtask_lists(bodies: &[&Node]) -> Result<SubtaskMetrics, MetricsError> {
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
pub(super) fn split_index(id: &str) -> Option<(u64, &str)> {
    let (index, rest) = id.split_once('.')?;
    if index.is_empty() || index.len() > 6 || !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((index.parse().ok()?, rest))
}

pub(super) fn indexed_list(list: &Node) -> Result<SubtaskMetrics, MetricsError> {
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

pub(super) fn aggregated_body(list: &Node) -> Result<AggregatedMetric, MetricsError> {
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
