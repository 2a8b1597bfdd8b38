//! The trace page's parameters and URL state: `scenario`, `backend`, `p1`, `p2`, `maxp`,
//! `keys`, `events`, `snapshot`. Every number is one [`Param`] of [`PARAMS`], bounded the same from a
//! link and when typed; the relations between them (p1 ≤ max parallelism, the snapshot within
//! the trace) are the model's to report, not a bound of the field. `scenario` and `backend`
//! (`hashmap|rocksdb`, absent = hashmap) are menus ([`Pick`]) of the same table.

use crate::model::trace::{Backend, Scenario};
use crate::url::{Notice, Param, ParamTable, Params, Pick, MAX_P};

pub static P1: Param<u32> =
    Param::whole("p1", "parallelism before", 1, MAX_P).control("Parallelism before", "trace-p1").lockable();
pub static P2: Param<u32> =
    Param::whole("p2", "parallelism after", 1, MAX_P).control("Parallelism after", "trace-p2").lockable();
pub static MAXP: Param<u32> =
    Param::whole("maxp", "max parallelism", 1, MAX_P).control("Max parallelism", "trace-maxp");
pub static KEYS: Param<u32> = Param::whole("keys", "number of keys", 1, 200).control("Keys in the trace", "trace-keys");
pub static EVENTS: Param<u32> =
    Param::whole("events", "number of events", 1, 100_000).control("Events in the trace", "trace-events");
pub static SNAPSHOT: Param<u32> =
    Param::whole("snapshot", "snapshot offset", 0, 100_000).control("Snapshot at offset", "trace-snapshot");

pub static SCENARIO: Pick<Scenario> = Pick::new("scenario", "Scenario", "trace-scenario").lockable();
pub static BACKEND: Pick<Backend> = Pick::new("backend", "State backend", "trace-backend").lockable();

/// No section of this lab is shown alone yet: `view=` opens the whole lab, with a notice.
pub static SECTIONS: crate::url::Sections = &[];

/// Every parameter of the page, in the order of its form.
pub static PARAMS: ParamTable = &[&SCENARIO, &BACKEND, &P1, &P2, &MAXP, &KEYS, &EVENTS, &SNAPSHOT];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceQuery {
    pub scenario: Scenario,
    pub backend: Backend,
    pub p1: u32,
    pub p2: u32,
    pub maxp: u32,
    pub keys: u32,
    pub events: u32,
    pub snapshot: u32,
}

impl Default for TraceQuery {
    fn default() -> Self {
        TraceQuery {
            scenario: Scenario::PlainRescale,
            backend: Backend::HashMap,
            p1: 4, p2: 6, maxp: 128, keys: 12, events: 240, snapshot: 160 }
    }
}

impl TraceQuery {
    pub fn parse(params: &Params) -> (TraceQuery, Vec<Notice>) {
        let d = TraceQuery::default();
        let mut n = Vec::new();
        let q = TraceQuery {
            scenario: SCENARIO.read_or(params, &mut n, d.scenario),
            backend: BACKEND.read_or(params, &mut n, d.backend),
            p1: P1.read_or(params, &mut n, d.p1),
            p2: P2.read_or(params, &mut n, d.p2),
            maxp: MAXP.read_or(params, &mut n, d.maxp),
            keys: KEYS.read_or(params, &mut n, d.keys),
            events: EVENTS.read_or(params, &mut n, d.events),
            snapshot: SNAPSHOT.read_or(params, &mut n, d.snapshot),
        };
        (q, n)
    }

    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = TraceQuery::default();
        let mut out = Vec::new();
        SCENARIO.pair(self.scenario, d.scenario, &mut out);
        BACKEND.pair(self.backend, d.backend, &mut out);
        P1.pair(&self.p1, &d.p1, &mut out);
        P2.pair(&self.p2, &d.p2, &mut out);
        MAXP.pair(&self.maxp, &d.maxp, &mut out);
        KEYS.pair(&self.keys, &d.keys, &mut out);
        EVENTS.pair(&self.events, &d.events, &mut out);
        SNAPSHOT.pair(&self.snapshot, &d.snapshot, &mut out);
        out
    }
}
