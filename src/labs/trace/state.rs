//! The trace page's state: the scenario and the trace's numbers as typed text with last valid
//! values, the pure reducer, and the run it describes.

use std::rc::Rc;

use yew::Reducible;

use super::query::*;
use crate::model::trace::kit::Trace;
use crate::model::trace::output::JobOutput;
use crate::model::trace::{Backend, Scenario, TraceInput, TraceResult};
use crate::model::{MaxParallelism, ModelError, Parallelism};
use crate::url::{Field, FieldView};

/// The number fields, one per parameter of [`PARAMS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceField {
    P1,
    P2,
    Maxp,
    Keys,
    Events,
    Snapshot,
}

impl TraceField {
    pub const ALL: [TraceField; 6] =
        [TraceField::P1, TraceField::P2, TraceField::Maxp, TraceField::Keys, TraceField::Events, TraceField::Snapshot];

    fn param(self) -> &'static crate::url::Param<u32> {
        match self {
            TraceField::P1 => &P1,
            TraceField::P2 => &P2,
            TraceField::Maxp => &MAXP,
            TraceField::Keys => &KEYS,
            TraceField::Events => &EVENTS,
            TraceField::Snapshot => &SNAPSHOT,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TraceState {
    pub scenario: Scenario,
    pub backend: Backend,
    pub p1: Field<u32>,
    pub p2: Field<u32>,
    pub maxp: Field<u32>,
    pub keys: Field<u32>,
    pub events: Field<u32>,
    pub snapshot: Field<u32>,
    /// The last job output read by **Check output**, and why the latest text was not read.
    pub output: Option<Rc<JobOutput>>,
    pub output_error: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum TraceAction {
    SetScenario { scenario: Scenario },
    SetBackend { backend: Backend },
    Set { field: TraceField, text: String, bad_input: bool },
    /// **Check output**: read a job's output (the last good one stays when it cannot be read).
    CheckOutput { text: String },
}

impl TraceState {
    pub fn from_query(q: &TraceQuery) -> TraceState {
        TraceState {
            scenario: q.scenario,
            backend: q.backend,
            p1: P1.field(q.p1),
            p2: P2.field(q.p2),
            maxp: MAXP.field(q.maxp),
            keys: KEYS.field(q.keys),
            events: EVENTS.field(q.events),
            snapshot: SNAPSHOT.field(q.snapshot),
            output: None,
            output_error: None,
        }
    }

    pub fn to_query(&self) -> TraceQuery {
        TraceQuery {
            scenario: self.scenario,
            backend: self.backend,
            p1: self.p1.value,
            p2: self.p2.value,
            maxp: self.maxp.value,
            keys: self.keys.value,
            events: self.events.value,
            snapshot: self.snapshot.value,
        }
    }

    fn slot(&mut self, which: TraceField) -> &mut Field<u32> {
        match which {
            TraceField::P1 => &mut self.p1,
            TraceField::P2 => &mut self.p2,
            TraceField::Maxp => &mut self.maxp,
            TraceField::Keys => &mut self.keys,
            TraceField::Events => &mut self.events,
            TraceField::Snapshot => &mut self.snapshot,
        }
    }

    /// One field's parameter, text and error.
    pub fn field(&self, which: TraceField) -> FieldView<'_> {
        let f = match which {
            TraceField::P1 => &self.p1,
            TraceField::P2 => &self.p2,
            TraceField::Maxp => &self.maxp,
            TraceField::Keys => &self.keys,
            TraceField::Events => &self.events,
            TraceField::Snapshot => &self.snapshot,
        };
        FieldView::of(which.param(), f)
    }

    /// The trace the page's numbers describe (what **Download trace** gives).
    pub fn trace(&self) -> Trace {
        Trace::for_scenario(self.scenario, self.keys.value, self.events.value)
    }

    /// The run, or why the inputs do not describe one (p1 above max parallelism).
    pub fn run(&self) -> Result<TraceResult, ModelError> {
        let max = MaxParallelism::new(i64::from(self.maxp.value))?;
        let p1 = Parallelism::new(i64::from(self.p1.value), max)?;
        let input = TraceInput {
            scenario: self.scenario,
            p1,
            p2: self.p2.value,
            keys: self.keys.value,
            events: self.events.value,
            snapshot_at: self.snapshot.value.min(self.events.value),
            backend: self.backend,
        };
        Ok(input.run())
    }
}

impl Reducible for TraceState {
    type Action = TraceAction;

    fn reduce(self: Rc<Self>, action: TraceAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            TraceAction::SetScenario { scenario } => s.scenario = scenario,
            TraceAction::SetBackend { backend } => s.backend = backend,
            TraceAction::Set { field, text, bad_input } => field.param().apply(s.slot(field), text, bad_input),
            TraceAction::CheckOutput { text } => match JobOutput::parse(&text) {
                Ok(out) => (s.output, s.output_error) = (Some(Rc::new(out)), None),
                Err(e) => s.output_error = Some(e.to_string()),
            },
        }
        Rc::new(s)
    }
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
