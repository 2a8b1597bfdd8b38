//! The owners lab's URL state: `maxp`, `p`, `first`, `from`, `largest`, `key`, `type`.

use super::{notice, Notice, Params};
use crate::model::number::parse_in_range;
use crate::model::{KeyType, UPPER_BOUND_MAX_PARALLELISM};

/// State of the owners lab carried in the URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnersQuery {
    /// Max parallelism; `None` = Flink's default, derived from `first` (or `p`).
    pub maxp: Option<u32>,
    /// Parallelism, `1..=32768` (it may exceed `maxp`: the lab then shows why the job fails).
    pub p: u32,
    /// The parallelism the job first ran with, from which an unset max parallelism was
    /// derived; `None` = `p`.
    pub first: Option<u32>,
    /// An earlier parallelism, for the rescale diff and the autoscaler; `None` = none.
    pub from: Option<u32>,
    /// The largest parallelism foreseen, for the max-parallelism chooser; `None` = `p`.
    pub largest: Option<u32>,
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
            first: None,
            from: None,
            largest: None,
            key: "customer-42".to_string(),
            key_type: KeyType::String,
        }
    }
}

fn parallelism_param(
    params: &Params,
    name: &str,
    what: &'static str,
    notices: &mut Vec<Notice>,
    fallback: &str,
) -> Option<u32> {
    let text = params.get(name)?;
    match parse_in_range(text, what, 1, i64::from(UPPER_BOUND_MAX_PARALLELISM)) {
        Ok(v) => Some(v as u32),
        Err(e) => {
            notices.push(notice(name, text, &format!("{e}; {fallback}")));
            None
        }
    }
}

impl OwnersQuery {
    /// Reads the lab's parameters, falling back to defaults with notices.
    pub fn parse(params: &Params) -> (OwnersQuery, Vec<Notice>) {
        let mut q = OwnersQuery::default();
        let mut n = Vec::new();
        q.maxp = parallelism_param(params, "maxp", "max parallelism", &mut n, "using Flink's default derived from p");
        let fallback = format!("using p = {}", q.p);
        q.p = parallelism_param(params, "p", "parallelism", &mut n, &fallback).unwrap_or(q.p);
        q.first = parallelism_param(params, "first", "first parallelism", &mut n, "using p");
        q.from = parallelism_param(params, "from", "earlier parallelism", &mut n, "showing no rescale");
        q.largest = parallelism_param(params, "largest", "largest parallelism", &mut n, "using p");
        if let Some(text) = params.get("key") {
            if text.chars().count() <= MAX_KEY_CHARS {
                q.key = text.to_string();
            } else {
                let why = format!("a key in the URL may be at most {MAX_KEY_CHARS} characters; using {:?}", q.key);
                n.push(notice("key", text, &why));
            }
        }
        if let Some(text) = params.get("type") {
            match KeyType::parse(text) {
                Ok(t) => q.key_type = t,
                Err(e) => n.push(notice("type", text, &format!("{e}; using string"))),
            }
        }
        (q, n)
    }

    /// The parameters that differ from the defaults.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = OwnersQuery::default();
        let mut pairs = Vec::new();
        let optional = [("maxp", self.maxp), ("first", self.first), ("from", self.from), ("largest", self.largest)];
        for (name, value) in optional.into_iter().take(1) {
            if let Some(v) = value {
                pairs.push((name, v.to_string()));
            }
        }
        if self.p != d.p {
            pairs.push(("p", self.p.to_string()));
        }
        for (name, value) in optional.into_iter().skip(1) {
            if let Some(v) = value {
                pairs.push((name, v.to_string()));
            }
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
