//! The planner page's URL state. Restore predictor: `saved_maxp`, `saved_maxp_set`
//! (`explicit|derived`), `p`, `maxp` (absent = not set). Planner: `current`, `target`,
//! `plan_maxp` (absent = unknown, then derived from `first`), `first`, `state` (a size such as
//! `4TB`), `rate` (rewrite throughput per second, such as `300MB`), `partitions`, `ttl` (such as
//! `6h`, or `none`), `txn` (`1` transactional sinks, `0` not). Defaults are seed 004's case.

use super::{int_param, notice, Notice, Params};
use crate::model::planner::parse_ttl;
use crate::model::restore::SavedHow;
use crate::model::skew::units::parse_bytes;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannerQuery {
    pub saved_maxp: u32,
    pub saved_how: SavedHow,
    pub p: u32,
    pub maxp: Option<u32>,
    pub current: u32,
    pub target: u32,
    pub plan_maxp: Option<u32>,
    pub first: u32,
    /// Texts as typed (sizes and durations keep their units in the URL).
    pub state: String,
    pub rate: String,
    pub partitions: u32,
    pub ttl: String,
    pub txn: bool,
}

impl Default for PlannerQuery {
    fn default() -> Self {
        PlannerQuery {
            saved_maxp: 128,
            saved_how: SavedHow::Derived,
            p: 200,
            maxp: None,
            current: 24,
            target: 200,
            plan_maxp: None,
            first: 24,
            state: "4 TB".into(),
            rate: "300 MB".into(),
            partitions: 256,
            ttl: "none".into(),
            txn: true,
        }
    }
}

impl PlannerQuery {
    pub fn parse(params: &Params) -> (PlannerQuery, Vec<Notice>) {
        let mut q = PlannerQuery::default();
        let mut n = Vec::new();
        let par =
            |name: &str, n: &mut Vec<Notice>| int_param(params, name, "parallelism", 1, 32768, n).map(|v| v as u32);
        q.saved_maxp = par("saved_maxp", &mut n).unwrap_or(q.saved_maxp);
        q.p = par("p", &mut n).unwrap_or(q.p);
        q.maxp = par("maxp", &mut n);
        q.current = par("current", &mut n).unwrap_or(q.current);
        q.target = par("target", &mut n).unwrap_or(q.target);
        q.plan_maxp = par("plan_maxp", &mut n);
        q.first = par("first", &mut n).unwrap_or(q.first);
        q.partitions = int_param(params, "partitions", "source partitions", 1, 1_000_000, &mut n)
            .map_or(q.partitions, |v| v as u32);
        match params.get("saved_maxp_set") {
            None => {}
            Some("explicit") => q.saved_how = SavedHow::Explicit,
            Some("derived") => q.saved_how = SavedHow::Derived,
            Some(other) => n.push(notice("saved_maxp_set", other, "it takes explicit or derived; using derived")),
        }
        for (name, slot) in [("state", &mut q.state), ("rate", &mut q.rate)] {
            if let Some(text) = params.get(name) {
                match parse_bytes(text) {
                    Ok(_) => *slot = text.to_string(),
                    Err(e) => n.push(notice(name, text, &format!("{e}; using {slot}"))),
                }
            }
        }
        if let Some(text) = params.get("ttl") {
            match parse_ttl(text) {
                Ok(_) => q.ttl = text.to_string(),
                Err(e) => n.push(notice("ttl", text, &format!("{e}; using none"))),
            }
        }
        match params.get("txn") {
            None => {}
            Some("1") => q.txn = true,
            Some("0") => q.txn = false,
            Some(other) => n.push(notice("txn", other, "it takes 1 or 0; using 1")),
        }
        (q, n)
    }

    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = PlannerQuery::default();
        let mut out = Vec::new();
        let mut num = |name: &'static str, v: u32, dv: u32| {
            if v != dv {
                out.push((name, v.to_string()));
            }
        };
        num("saved_maxp", self.saved_maxp, d.saved_maxp);
        num("p", self.p, d.p);
        num("current", self.current, d.current);
        num("target", self.target, d.target);
        num("first", self.first, d.first);
        num("partitions", self.partitions, d.partitions);
        if self.saved_how != d.saved_how {
            out.push(("saved_maxp_set", "explicit".to_string()));
        }
        if let Some(m) = self.maxp {
            out.push(("maxp", m.to_string()));
        }
        if let Some(m) = self.plan_maxp {
            out.push(("plan_maxp", m.to_string()));
        }
        for (name, v, dv) in
            [("state", &self.state, &d.state), ("rate", &self.rate, &d.rate), ("ttl", &self.ttl, &d.ttl)]
        {
            if v != dv {
                out.push((name, v.clone()));
            }
        }
        if self.txn != d.txn {
            out.push(("txn", "0".to_string()));
        }
        out
    }
}
