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
use crate::model::trace::{Backend, Scenario, TraceInput, TraceResult};
use crate::model::{MaxParallelism, ModelError, Parallelism};
use crate::url::Edit;

/// What a person did: edited a field or menu, or checked a job's output.
#[derive(Debug, Clone, PartialEq)]
pub enum TraceAction {
    Edit(Edit),
    /// **Check output** was read (see [`TraceAction::check_output`]): the job's output, or why
    /// the text is none (the last good one stays).
    OutputRead {
        read: Result<Rc<JobOutput>, String>,
    },
    /// A large output is being read in steps: thousandths read so far.
    OutputProgress {
        permille: u32,
    },
}

crate::url::edit_action!(TraceAction::Edit);

impl TraceAction {
    /// Reads a job's output in the caller (the deferred kit panel), so the reducer only keeps
    /// the result and the first screen's code holds no output reader.
    pub fn check_output(text: &str) -> TraceAction {
        TraceAction::OutputRead { read: JobOutput::parse(text).map(Rc::new).map_err(|e| e.to_string()) }
    }
}

impl TraceState {
    /// The trace the page's numbers describe (what **Download trace** gives).
    pub fn trace(&self) -> Trace {
        Trace::for_scenario(self.scenario, self.keys.value, self.events.value)
    }

    /// What the run depends on: the page's scenario and numbers, not the output read beside
    /// them (a memo keyed on the whole state ran the trace again at every step of a read).
    pub fn run_key(&self) -> (Scenario, Backend, [u32; 6]) {
        let numbers =
            [self.p1.value, self.p2.value, self.maxp.value, self.keys.value, self.events.value, self.snapshot.value];
        (self.scenario, self.backend, numbers)
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
            snapshot_at: self.snapshot.value,
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
            TraceAction::OutputRead { read: Ok(out) } => {
                (s.output, s.output_error, s.checking) = (Some(out), None, None)
            }
            TraceAction::OutputRead { read: Err(why) } => (s.output_error, s.checking) = (Some(why), None),
            TraceAction::OutputProgress { permille } => s.checking = Some(permille),
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
