//! The trace page's state: the scenario and the trace's numbers as typed text with last valid
//! values, the pure reducer, and the run it describes.

use std::rc::Rc;

use yew::Reducible;

use crate::labs::field::Field;
use crate::model::number::parse_in_range;
use crate::model::trace::{Scenario, TraceInput, TraceResult};
use crate::model::{MaxParallelism, ModelError, Parallelism};
use crate::url::TraceQuery;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceField {
    P1,
    P2,
    Maxp,
    Keys,
    Events,
    Snapshot,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TraceState {
    pub scenario: Scenario,
    pub p1: Field<u32>,
    pub p2: Field<u32>,
    pub maxp: Field<u32>,
    pub keys: Field<u32>,
    pub events: Field<u32>,
    pub snapshot: Field<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum TraceAction {
    SetScenario { scenario: Scenario },
    Set { field: TraceField, text: String, bad_input: bool },
}

fn num(v: u32) -> Field<u32> {
    Field::valid(v.to_string(), v)
}

impl TraceState {
    pub fn from_query(q: &TraceQuery) -> TraceState {
        TraceState {
            scenario: q.scenario,
            p1: num(q.p1),
            p2: num(q.p2),
            maxp: num(q.maxp),
            keys: num(q.keys),
            events: num(q.events),
            snapshot: num(q.snapshot),
        }
    }

    pub fn to_query(&self) -> TraceQuery {
        TraceQuery {
            scenario: self.scenario,
            p1: self.p1.value,
            p2: self.p2.value,
            maxp: self.maxp.value,
            keys: self.keys.value,
            events: self.events.value,
            snapshot: self.snapshot.value,
        }
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
            TraceAction::Set { field, text, bad_input } => {
                let (slot, what, max) = match field {
                    TraceField::P1 => (&mut s.p1, "parallelism before", 32768),
                    TraceField::P2 => (&mut s.p2, "parallelism after", 32768),
                    TraceField::Maxp => (&mut s.maxp, "max parallelism", 32768),
                    TraceField::Keys => (&mut s.keys, "number of keys", 200),
                    TraceField::Events => (&mut s.events, "number of events", 100_000),
                    TraceField::Snapshot => (&mut s.snapshot, "snapshot offset", 100_000),
                };
                let min = if field == TraceField::Snapshot { 0 } else { 1 };
                let parsed = parse_in_range(&text, what, min, max).map(|v| v as u32);
                slot.apply(text, bad_input, parsed);
            }
        }
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::trace::TraceVerdict;

    #[test]
    fn scenarios_from_the_page() {
        let s = Rc::new(TraceState::from_query(&TraceQuery::default()));
        assert_eq!(s.run().unwrap().verdict, TraceVerdict::Preserved);
        let s = s.reduce(TraceAction::SetScenario { scenario: Scenario::UidChangedAllowNonRestored });
        assert_eq!(s.run().unwrap().verdict, TraceVerdict::Lost);
        let s = s.reduce(TraceAction::Set { field: TraceField::P1, text: "300".into(), bad_input: false });
        assert!(s.run().unwrap_err().to_string().contains("300"));
        let s = s.reduce(TraceAction::Set { field: TraceField::Keys, text: "0".into(), bad_input: false });
        assert_eq!(s.keys.value, 12);
        assert!(s.keys.error.is_some());
    }
}
