//! The trace page's URL state: `scenario`, `p1`, `p2`, `maxp`, `keys`, `events`, `snapshot`.

use super::{int_param, notice, Notice, Params};
use crate::model::trace::Scenario;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceQuery {
    pub scenario: Scenario,
    pub p1: u32,
    pub p2: u32,
    pub maxp: u32,
    pub keys: u32,
    pub events: u32,
    pub snapshot: u32,
}

impl Default for TraceQuery {
    fn default() -> Self {
        TraceQuery { scenario: Scenario::PlainRescale, p1: 4, p2: 6, maxp: 128, keys: 12, events: 240, snapshot: 160 }
    }
}

impl TraceQuery {
    pub fn parse(params: &Params) -> (TraceQuery, Vec<Notice>) {
        let mut q = TraceQuery::default();
        let mut n = Vec::new();
        if let Some(text) = params.get("scenario") {
            match Scenario::from_slug(text) {
                Some(s) => q.scenario = s,
                None => n.push(notice("scenario", text, "not a scenario of this lab; showing the plain rescale")),
            }
        }
        q.maxp = int_param(params, "maxp", "max parallelism", 1, 32768, &mut n).map_or(q.maxp, |v| v as u32);
        q.p1 = int_param(params, "p1", "parallelism before", 1, i64::from(q.maxp), &mut n)
            .map_or(q.p1.min(q.maxp), |v| v as u32);
        q.p2 = int_param(params, "p2", "parallelism after", 1, 32768, &mut n).map_or(q.p2, |v| v as u32);
        q.keys = int_param(params, "keys", "number of keys", 1, 200, &mut n).map_or(q.keys, |v| v as u32);
        q.events = int_param(params, "events", "number of events", 1, 100_000, &mut n).map_or(q.events, |v| v as u32);
        q.snapshot = int_param(params, "snapshot", "snapshot offset", 0, i64::from(q.events), &mut n)
            .map_or(q.snapshot.min(q.events), |v| v as u32);
        (q, n)
    }

    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = TraceQuery::default();
        let mut out = Vec::new();
        if self.scenario != d.scenario {
            out.push(("scenario", self.scenario.slug().to_string()));
        }
        for (name, v, dv) in [
            ("p1", self.p1, d.p1),
            ("p2", self.p2, d.p2),
            ("maxp", self.maxp, d.maxp),
            ("keys", self.keys, d.keys),
            ("events", self.events, d.events),
            ("snapshot", self.snapshot, d.snapshot),
        ] {
            if v != dv {
                out.push((name, v.to_string()));
            }
        }
        out
    }
}
