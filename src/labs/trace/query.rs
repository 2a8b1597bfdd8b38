//! The trace page's parameters and URL state: `scenario`, `backend`, `p1`, `p2`, `maxp`,
//! `keys`, `events`, `snapshot`. Every parameter is one line of `slots!` below, bound to its field of [`TraceState`]
//! and bounded the same from a link and when typed; the relations between them (p1 ≤ max parallelism, the snapshot within
//! the trace) are the model's to report, not a bound of the field. `scenario` and `backend`
//! (`hashmap|rocksdb`, absent = hashmap) are menus ([`Pick`]) of the same list. The state also
//! keeps the job output last read by **Check output**, which no link carries.

use std::rc::Rc;

use crate::model::trace::kit::MAX_KEYS;
use crate::model::trace::output::JobOutput;
use crate::model::trace::{Backend, Scenario};
use crate::url::{slots, Param, Pick, MAX_P};

slots! {
    /// The page's scenario and numbers (typed text beside last valid values), and the output read.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct TraceState {
        SCENARIO: Pick<Scenario> = scenario, Scenario::PlainRescale, Pick::new("scenario", "Scenario", "trace-scenario").noun("scenario").lockable();
        BACKEND: Pick<Backend> = backend, Backend::HashMap, Pick::new("backend", "State backend", "trace-backend").noun("state backend").lockable();
        P1: Param<u32> = p1, 4, Param::whole("p1", "parallelism before", 1, MAX_P).control("Parallelism before", "trace-p1").lockable();
        P2: Param<u32> = p2, 6, Param::whole("p2", "parallelism after", 1, MAX_P).control("Parallelism after", "trace-p2").lockable();
        MAXP: Param<u32> = maxp, 128, Param::whole("maxp", "max parallelism", 1, MAX_P).control("Max parallelism", "trace-maxp");
        KEYS: Param<u32> = keys, 12, Param::whole("keys", "number of keys", 1, MAX_KEYS as i64).control("Keys in the trace", "trace-keys");
        EVENTS: Param<u32> = events, 240, Param::whole("events", "number of events", 1, 100_000).control("Events in the trace", "trace-events");
        SNAPSHOT: Param<u32> = snapshot, 160, Param::whole("snapshot", "snapshot offset", 0, 100_000).control("Snapshot at offset", "trace-snapshot");
    } and {
        /// The last job output read by **Check output**, and why the latest text was not read.
        pub output: Option<Rc<JobOutput>>,
        pub output_error: Option<String>,
        /// Thousandths of a large output read so far, while it is read in steps.
        pub checking: Option<u32>,
    }
}

/// The parts of the lab a `view=` link shows alone: the trace's settings and its result, without
/// the kit and the operator-state picture below them.
pub static SECTIONS: crate::url::Sections =
    &[crate::url::Section { name: "result", label: "The trace and its result" }];
