//! What the trace page does with its state (the state and its parameters are in `query.rs`):
//! the pure reducer, and the trace and run it describes.

use std::rc::Rc;

use yew::Reducible;

pub use super::query::TraceState;
use super::query::SLOTS;
use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::model::trace::kit::Trace;
use crate::model::trace::output::JobOutput;
use crate::model::trace::{TraceInput, TraceResult};
use crate::model::{MaxParallelism, ModelError, Parallelism};
use crate::url::Edit;

/// What a person did: edited a field or menu, or checked a job's output.
#[derive(Debug, Clone, PartialEq)]
pub enum TraceAction {
    Edit(Edit),
    /// **Check output**: read a job's output (the last good one stays when it cannot be read).
    CheckOutput { text: String },
}

crate::url::edit_action!(TraceAction::Edit);

impl TraceState {
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
            TraceAction::Edit(edit) => edit.apply(SLOTS, &mut s),
            TraceAction::CheckOutput { text } => match JobOutput::parse(&text) {
                Ok(out) => (s.output, s.output_error) = (Some(Rc::new(out)), None),
                Err(e) => s.output_error = Some(e.to_string()),
            },
        }
        Rc::new(s)
    }
}

impl LabState for TraceState {
    const LAB: Lab = Lab::Trace;
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
