//! The planner page's state: the restore predictor's and the planner's inputs, each kept as
//! typed text with its last valid value, and the pure reducer.

use std::rc::Rc;

use yew::Reducible;

use crate::labs::field::Field;
use crate::model::number::parse_in_range;
use crate::model::planner::{parse_ttl, PlanInput};
use crate::model::restore::{RestoreInput, RestoreOutcome, SavedHow};
use crate::model::skew::units::{format_bytes, parse_bytes, parse_size};
use crate::model::{MaxParallelism, ModelError};
use crate::url::PlannerQuery;

/// The fields of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlannerField {
    SavedMaxp,
    P,
    Maxp,
    Current,
    Target,
    PlanMaxp,
    First,
    State,
    Rate,
    Partitions,
    Ttl,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlannerState {
    pub saved_maxp: Field<u32>,
    pub saved_how: SavedHow,
    pub p: Field<u32>,
    pub maxp: Field<Option<u32>>,
    pub current: Field<u32>,
    pub target: Field<u32>,
    pub plan_maxp: Field<Option<u32>>,
    pub first: Field<u32>,
    pub state: Field<u64>,
    pub rate: Field<u64>,
    pub partitions: Field<u32>,
    pub ttl: Field<Option<u64>>,
    pub txn: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PlannerAction {
    Set { field: PlannerField, text: String, bad_input: bool },
    SetSavedHow { how: SavedHow },
    SetTransactional { on: bool },
}

fn num(v: u32) -> Field<u32> {
    Field::valid(v.to_string(), v)
}

fn opt(v: Option<u32>) -> Field<Option<u32>> {
    Field::valid(v.map(|v| v.to_string()).unwrap_or_default(), v)
}

/// Writes seconds in the largest whole unit: 21600 → `6h`.
fn ttl_text(ttl: Option<u64>) -> String {
    match ttl {
        None => "none".to_string(),
        Some(s) if s > 0 && s % 86_400 == 0 => format!("{}d", s / 86_400),
        Some(s) if s > 0 && s % 3600 == 0 => format!("{}h", s / 3600),
        Some(s) if s > 0 && s % 60 == 0 => format!("{}min", s / 60),
        Some(s) => format!("{s}s"),
    }
}

impl PlannerState {
    pub fn from_query(q: &PlannerQuery) -> PlannerState {
        let state = parse_bytes(&q.state).unwrap_or(4 << 40);
        let rate = parse_bytes(&q.rate).unwrap_or(300 << 20);
        let ttl = parse_ttl(&q.ttl).unwrap_or(None);
        PlannerState {
            saved_maxp: num(q.saved_maxp),
            saved_how: q.saved_how,
            p: num(q.p),
            maxp: opt(q.maxp),
            current: num(q.current),
            target: num(q.target),
            plan_maxp: opt(q.plan_maxp),
            first: num(q.first),
            state: Field::valid(q.state.clone(), state),
            rate: Field::valid(q.rate.clone(), rate),
            partitions: num(q.partitions),
            ttl: Field::valid(q.ttl.clone(), ttl),
            txn: q.txn,
        }
    }

    pub fn to_query(&self) -> PlannerQuery {
        PlannerQuery {
            saved_maxp: self.saved_maxp.value,
            saved_how: self.saved_how,
            p: self.p.value,
            maxp: self.maxp.value,
            current: self.current.value,
            target: self.target.value,
            plan_maxp: self.plan_maxp.value,
            first: self.first.value,
            state: format_bytes(self.state.value),
            rate: format_bytes(self.rate.value),
            partitions: self.partitions.value,
            ttl: ttl_text(self.ttl.value),
            txn: self.txn,
        }
    }

    /// The restore predictor's answer.
    pub fn restore(&self) -> RestoreOutcome {
        let m = |v: u32| MaxParallelism::new(i64::from(v)).unwrap_or(MaxParallelism::LARGEST);
        RestoreInput {
            saved: Some((m(self.saved_maxp.value), self.saved_how)),
            parallelism: self.p.value,
            max_parallelism: self.maxp.value.map(m),
        }
        .predict()
    }

    /// The planner's input.
    pub fn plan_input(&self) -> PlanInput {
        PlanInput {
            current: self.current.value,
            target: self.target.value,
            saved_max: self.plan_maxp.value.and_then(|v| MaxParallelism::new(i64::from(v)).ok()),
            first: self.first.value,
            state_bytes: self.state.value,
            throughput: self.rate.value,
            partitions: self.partitions.value,
            ttl_s: self.ttl.value,
            transactional_sinks: self.txn,
        }
    }
}

fn parallelism(text: &str, what: &'static str) -> Result<u32, ModelError> {
    parse_in_range(text, what, 1, 32768).map(|v| v as u32)
}

fn optional(text: &str, what: &'static str) -> Result<Option<u32>, ModelError> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        parallelism(text, what).map(Some)
    }
}

impl Reducible for PlannerState {
    type Action = PlannerAction;

    fn reduce(self: Rc<Self>, action: PlannerAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            PlannerAction::SetSavedHow { how } => s.saved_how = how,
            PlannerAction::SetTransactional { on } => s.txn = on,
            PlannerAction::Set { field, text, bad_input } => match field {
                PlannerField::SavedMaxp => {
                    let v = parallelism(&text, "snapshot max parallelism");
                    s.saved_maxp.apply(text, bad_input, v);
                }
                PlannerField::P => {
                    let v = parallelism(&text, "new parallelism");
                    s.p.apply(text, bad_input, v);
                }
                PlannerField::Maxp => {
                    let v = optional(&text, "new max parallelism");
                    s.maxp.apply(text, bad_input, v);
                }
                PlannerField::Current => {
                    let v = parallelism(&text, "current parallelism");
                    s.current.apply(text, bad_input, v);
                }
                PlannerField::Target => {
                    let v = parallelism(&text, "target parallelism");
                    s.target.apply(text, bad_input, v);
                }
                PlannerField::PlanMaxp => {
                    let v = optional(&text, "snapshot max parallelism");
                    s.plan_maxp.apply(text, bad_input, v);
                }
                PlannerField::First => {
                    let v = parallelism(&text, "first parallelism");
                    s.first.apply(text, bad_input, v);
                }
                PlannerField::State => {
                    let v = parse_bytes(&text);
                    s.state.apply(text, bad_input, v);
                }
                PlannerField::Rate => {
                    let v = parse_size(&text, "rewrite throughput").and_then(|b| {
                        if b == 0 {
                            Err(ModelError::NotPositive { what: "rewrite throughput" })
                        } else {
                            Ok(b)
                        }
                    });
                    s.rate.apply(text, bad_input, v);
                }
                PlannerField::Partitions => {
                    let v = parse_in_range(&text, "source partitions", 1, 1_000_000).map(|v| v as u32);
                    s.partitions.apply(text, bad_input, v);
                }
                PlannerField::Ttl => {
                    let v = parse_ttl(&text);
                    s.ttl.apply(text, bad_input, v);
                }
            },
        }
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::planner::Verdict;
    use crate::model::restore::FailedCheck;

    fn set(field: PlannerField, text: &str) -> PlannerAction {
        PlannerAction::Set { field, text: text.into(), bad_input: false }
    }

    #[test]
    fn opens_on_the_seed_case_and_round_trips() {
        let s = Rc::new(PlannerState::from_query(&PlannerQuery::default()));
        assert_eq!(
            s.restore(),
            RestoreOutcome::Fails(FailedCheck::SavedMaxBelowParallelism { saved: 128, parallelism: 200 })
        );
        assert_eq!(s.plan_input().plan().verdict, Verdict::RewriteNeeded);
        assert_eq!(PlannerState::from_query(&s.to_query()).to_query(), s.to_query());
        let s = [set(PlannerField::Maxp, "256"), set(PlannerField::Ttl, "6h"), set(PlannerField::State, "lots")]
            .into_iter()
            .fold(s, Reducible::reduce);
        assert_eq!(s.restore(), RestoreOutcome::Fails(FailedCheck::MaxParallelismChanged { saved: 128, new: 256 }));
        assert_eq!(s.to_query().ttl, "6h");
        assert!(s.state.error.as_deref().unwrap().contains("not a size"));
        assert_eq!(s.state.value, 4 << 40);
    }
}
