//! The planner page's state: the restore predictor's and the planner's inputs, each kept as
//! typed text with its last valid value, and the pure reducer.

use std::rc::Rc;

use yew::Reducible;

use super::query::*;
use crate::model::planner::in_place::{InPlaceInput, Scheduler};
use crate::model::planner::release::Release;
use crate::model::planner::checklist::ChecklistInput;
use crate::model::planner::document::plan_markdown;
use crate::model::planner::runbook::{Runbook, RunbookInput};
use crate::model::planner::snapshot_kinds::SnapshotKind;
use crate::model::trace::Backend;
use crate::model::planner::{JobStatus, Plan, PlanInput};
use crate::model::restore::{RestoreInput, RestoreOutcome, SavedHow};
use crate::model::MaxParallelism;
use crate::url::{Field, FieldView};

/// The fields of the page, one per parameter of [`PARAMS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlannerField {
    SavedMaxp,
    P,
    Maxp,
    Current,
    First,
    State,
    Rate,
    SpRate,
    RestoreRate,
    IncRate,
    Partitions,
    Ttl,
    Slots,
}

impl PlannerField {
    pub const ALL: [PlannerField; 13] = [
        PlannerField::SavedMaxp,
        PlannerField::P,
        PlannerField::Maxp,
        PlannerField::Current,
        PlannerField::First,
        PlannerField::State,
        PlannerField::Rate,
        PlannerField::SpRate,
        PlannerField::RestoreRate,
        PlannerField::IncRate,
        PlannerField::Partitions,
        PlannerField::Ttl,
        PlannerField::Slots,
    ];
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlannerState {
    pub saved_maxp: Field<Option<u32>>,
    pub saved_how: SavedHow,
    pub p: Field<u32>,
    pub maxp: Field<Option<u32>>,
    pub current: Field<u32>,
    pub first: Field<u32>,
    pub state: Field<u64>,
    pub rate: Field<u64>,
    pub sp_rate: Field<u64>,
    pub restore_rate: Field<u64>,
    pub inc_rate: Field<u64>,
    pub partitions: Field<u32>,
    pub ttl: Field<Option<u64>>,
    pub txn: bool,
    pub scheduler: Scheduler,
    pub slots: Field<Option<u32>>,
    pub release: Release,
    pub snapshot: SnapshotKind,
    pub backend: Backend,
    pub job: JobStatus,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PlannerAction {
    Set { field: PlannerField, text: String, bad_input: bool },
    SetSavedHow { how: SavedHow },
    SetTransactional { on: bool },
    SetScheduler { scheduler: Scheduler },
    SetRelease { release: Release },
    SetSnapshot { snapshot: SnapshotKind },
    SetBackend { backend: Backend },
    SetJob { job: JobStatus },
}

impl PlannerState {
    pub fn from_query(q: &PlannerQuery) -> PlannerState {
        PlannerState {
            saved_maxp: SAVED_MAXP.field(q.saved_maxp),
            saved_how: q.saved_how,
            p: P.field(q.p),
            maxp: MAXP.field(q.maxp),
            current: CURRENT.field(q.current),
            first: FIRST.field(q.first),
            state: STATE.field(q.state),
            rate: RATE.field(q.rate),
            sp_rate: SP_RATE.field(q.sp_rate),
            restore_rate: RESTORE_RATE.field(q.restore_rate),
            inc_rate: INC_RATE.field(q.inc_rate),
            partitions: PARTITIONS.field(q.partitions),
            ttl: TTL.field(q.ttl),
            txn: q.txn,
            scheduler: q.scheduler,
            slots: SLOTS.field(q.slots),
            release: q.release,
            snapshot: q.snapshot,
            backend: q.backend,
            job: q.job,
        }
    }

    pub fn to_query(&self) -> PlannerQuery {
        PlannerQuery {
            saved_maxp: self.saved_maxp.value,
            saved_how: self.saved_how,
            p: self.p.value,
            maxp: self.maxp.value,
            current: self.current.value,
            first: self.first.value,
            state: self.state.value,
            rate: self.rate.value,
            sp_rate: self.sp_rate.value,
            restore_rate: self.restore_rate.value,
            inc_rate: self.inc_rate.value,
            partitions: self.partitions.value,
            ttl: self.ttl.value,
            txn: self.txn,
            scheduler: self.scheduler,
            slots: self.slots.value,
            release: self.release,
            snapshot: self.snapshot,
            backend: self.backend,
            job: self.job,
        }
    }

    /// One field's parameter, text and error.
    pub fn field(&self, which: PlannerField) -> FieldView<'_> {
        match which {
            PlannerField::SavedMaxp => FieldView::of(&SAVED_MAXP, &self.saved_maxp),
            PlannerField::P => FieldView::of(&P, &self.p),
            PlannerField::Maxp => FieldView::of(&MAXP, &self.maxp),
            PlannerField::Current => FieldView::of(&CURRENT, &self.current),
            PlannerField::First => FieldView::of(&FIRST, &self.first),
            PlannerField::State => FieldView::of(&STATE, &self.state),
            PlannerField::Rate => FieldView::of(&RATE, &self.rate),
            PlannerField::SpRate => FieldView::of(&SP_RATE, &self.sp_rate),
            PlannerField::RestoreRate => FieldView::of(&RESTORE_RATE, &self.restore_rate),
            PlannerField::IncRate => FieldView::of(&INC_RATE, &self.inc_rate),
            PlannerField::Partitions => FieldView::of(&PARTITIONS, &self.partitions),
            PlannerField::Ttl => FieldView::of(&TTL, &self.ttl),
            PlannerField::Slots => FieldView::of(&SLOTS, &self.slots),
        }
    }

    /// The restore predictor's answer, for the one snapshot max parallelism the plan uses too.
    pub fn restore(&self) -> RestoreOutcome {
        let m = |v: u32| MaxParallelism::new(i64::from(v)).unwrap_or(MaxParallelism::LARGEST);
        RestoreInput {
            saved: Some((self.plan_input().snapshot_max(), self.saved_how)),
            parallelism: self.p.value,
            max_parallelism: self.maxp.value.map(m),
        }
        .predict()
    }

    /// The planner's input.
    pub fn plan_input(&self) -> PlanInput {
        PlanInput {
            current: self.current.value,
            target: self.p.value,
            saved_max: self.saved_maxp.value.and_then(|v| MaxParallelism::new(i64::from(v)).ok()),
            first: self.first.value,
            state_bytes: self.state.value,
            throughput: self.rate.value,
            savepoint_rate: self.sp_rate.value,
            restore_rate: self.restore_rate.value,
            incremental_rate: self.inc_rate.value,
            backend: self.backend,
            partitions: self.partitions.value,
            ttl_s: self.ttl.value,
            transactional_sinks: self.txn,
            job: self.job,
        }
    }

    /// The runbook of `plan`, for the picked release and backend.
    pub fn runbook(&self, plan: &Plan) -> Runbook {
        let max_parallelism = plan.end_max();
        RunbookInput {
            release: self.release,
            verdict: plan.verdict,
            target: self.p.value,
            max_parallelism,
            backend: self.backend,
            current: self.current.value,
            job: self.job,
            first_checkpoint_s: plan.timeline.first_checkpoint_s(),
            saved_max: plan.saved_max,
            partitions: self.partitions.value,
        }
        .runbook()
    }

    /// What to record during the rescale of `plan`.
    pub fn checklist(&self, plan: &Plan) -> ChecklistInput {
        ChecklistInput {
            current: self.current.value,
            target: self.p.value,
            max_parallelism: plan.end_max(),
            restore_estimate_s: plan.timeline.phases.iter().rev().find(|ph| ph.downtime).map_or(0, |ph| ph.seconds),
        }
    }

    /// The whole plan as Markdown (`plan.md`).
    pub fn plan_markdown(&self, plan: &Plan) -> String {
        plan_markdown(&self.plan_input(), plan, &self.runbook(plan), &self.checklist(plan))
    }

    /// The in-place route's input, for a running job whose max parallelism is `max_parallelism`
    /// (the plan's snapshot value).
    pub fn in_place_input(&self, max_parallelism: u32) -> InPlaceInput {
        InPlaceInput {
            current: self.current.value,
            target: self.p.value,
            max_parallelism,
            scheduler: self.scheduler,
            slots: self.slots.value,
        }
    }
}

impl Reducible for PlannerState {
    type Action = PlannerAction;

    fn reduce(self: Rc<Self>, action: PlannerAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            PlannerAction::SetSavedHow { how } => s.saved_how = how,
            PlannerAction::SetTransactional { on } => s.txn = on,
            PlannerAction::SetScheduler { scheduler } => s.scheduler = scheduler,
            PlannerAction::SetRelease { release } => s.release = release,
            PlannerAction::SetSnapshot { snapshot } => s.snapshot = snapshot,
            PlannerAction::SetBackend { backend } => s.backend = backend,
            PlannerAction::SetJob { job } => s.job = job,
            PlannerAction::Set { field, text, bad_input } => match field {
                PlannerField::SavedMaxp => SAVED_MAXP.apply(&mut s.saved_maxp, text, bad_input),
                PlannerField::P => P.apply(&mut s.p, text, bad_input),
                PlannerField::Maxp => MAXP.apply(&mut s.maxp, text, bad_input),
                PlannerField::Current => CURRENT.apply(&mut s.current, text, bad_input),
                PlannerField::First => FIRST.apply(&mut s.first, text, bad_input),
                PlannerField::State => STATE.apply(&mut s.state, text, bad_input),
                PlannerField::Rate => RATE.apply(&mut s.rate, text, bad_input),
                PlannerField::SpRate => SP_RATE.apply(&mut s.sp_rate, text, bad_input),
                PlannerField::RestoreRate => RESTORE_RATE.apply(&mut s.restore_rate, text, bad_input),
                PlannerField::IncRate => INC_RATE.apply(&mut s.inc_rate, text, bad_input),
                PlannerField::Partitions => PARTITIONS.apply(&mut s.partitions, text, bad_input),
                PlannerField::Ttl => TTL.apply(&mut s.ttl, text, bad_input),
                PlannerField::Slots => SLOTS.apply(&mut s.slots, text, bad_input),
            },
        }
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests;
