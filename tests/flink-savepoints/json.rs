//! The tests' view of a JSON file: Flink's `flink-report.json`, `operator-ids.json` and the
//! CLI's `--json` output. Whole numbers only (every number in these files is one).
#![allow(dead_code)]

use rescale_lab::model::json::{Node, Value};

/// A JSON value; objects keep their key order.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(i64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// Read by the app's own strict reader (`model::json`, table-tested on its own), then kept
    /// as plain values that a test can also build (`Json::Num`, `Json::Obj`, …).
    pub fn parse(text: &str) -> Result<Json, String> {
        let node = rescale_lab::model::json::parse(text).map_err(|e| e.to_string())?;
        Json::from_node(&node)
    }

    fn from_node(node: &Node) -> Result<Json, String> {
        Ok(match &node.value {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(text) => Json::Num(text.parse().map_err(|e| format!("{text} at byte {}: {e}", node.at))?),
            Value::Text(t) => Json::Str(t.clone()),
            Value::List(items) => Json::Arr(items.iter().map(Json::from_node).collect::<Result<_, _>>()?),
            Value::Object(members) => Json::Obj(
                members.iter().map(|(k, v)| Ok((k.clone(), Json::from_node(v)?))).collect::<Result<_, String>>()?,
            ),
        })
    }

    /// The field `name` of an object (`Null` if absent or not an object).
    pub fn get(&self, name: &str) -> &Json {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == name).map_or(&Json::Null, |(_, v)| v),
            _ => &Json::Null,
        }
    }

    pub fn has(&self, name: &str) -> bool {
        matches!(self, Json::Obj(fields) if fields.iter().any(|(k, _)| k == name))
    }

    pub fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(items) => items,
            _ => &[],
        }
    }

    pub fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn num(&self) -> Option<i64> {
        match self {
            Json::Num(n) => Some(*n),
            _ => None,
        }
    }
}
