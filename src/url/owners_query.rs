//! The owners lab's URL state: `maxp`, `p`, `key`, `type`.

use super::{notice, Notice, Params};
use crate::model::number::parse_in_range;
use crate::model::{KeyType, UPPER_BOUND_MAX_PARALLELISM};

/// State of the owners lab carried in the URL: `maxp`, `p`, `key`, `type`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnersQuery {
    /// Max parallelism; `None` = Flink's default derived from `p`.
    pub maxp: Option<u32>,
    /// Parallelism, `1..=32768` (it may exceed `maxp`: the lab then shows why the job fails).
    pub p: u32,
    pub key: String,
    pub key_type: KeyType,
}

/// The longest key the URL carries.
pub const MAX_KEY_CHARS: usize = 1000;

impl Default for OwnersQuery {
    fn default() -> Self {
        OwnersQuery {
            maxp: None,
            p: 4,
            key: "customer-42".to_string(),
            key_type: KeyType::String,
        }
    }
}

impl OwnersQuery {
    /// Reads the lab's parameters, falling back to defaults with notices.
    pub fn parse(params: &Params) -> (OwnersQuery, Vec<Notice>) {
        let mut q = OwnersQuery::default();
        let mut notices = Vec::new();
        let bound = i64::from(UPPER_BOUND_MAX_PARALLELISM);
        if let Some(text) = params.get("maxp") {
            match parse_in_range(text, "max parallelism", 1, bound) {
                Ok(v) => q.maxp = Some(v as u32),
                Err(e) => notices.push(notice(
                    "maxp",
                    text,
                    &format!("{e}; using Flink's default derived from p"),
                )),
            }
        }
        if let Some(text) = params.get("p") {
            match parse_in_range(text, "parallelism", 1, bound) {
                Ok(v) => q.p = v as u32,
                Err(e) => notices.push(notice("p", text, &format!("{e}; using p = {}", q.p))),
            }
        }
        if let Some(text) = params.get("key") {
            if text.chars().count() <= MAX_KEY_CHARS {
                q.key = text.to_string();
            } else {
                let why = format!(
                    "a key in the URL may be at most {MAX_KEY_CHARS} characters; using {:?}",
                    q.key
                );
                notices.push(notice("key", text, &why));
            }
        }
        if let Some(text) = params.get("type") {
            match KeyType::parse(text) {
                Ok(t) => q.key_type = t,
                Err(e) => notices.push(notice("type", text, &format!("{e}; using string"))),
            }
        }
        (q, notices)
    }

    /// The parameters that differ from the defaults.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = OwnersQuery::default();
        let mut pairs = Vec::new();
        if let Some(m) = self.maxp {
            pairs.push(("maxp", m.to_string()));
        }
        if self.p != d.p {
            pairs.push(("p", self.p.to_string()));
        }
        if self.key != d.key {
            pairs.push(("key", self.key.clone()));
        }
        if self.key_type != d.key_type {
            pairs.push(("type", self.key_type.as_str().to_string()));
        }
        pairs
    }
}
