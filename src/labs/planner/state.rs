//! What the planner page computes from its state (the state and its parameters are in
//! `query.rs`): the restore predictor's answer, the plan's input, the runbook, the checklist,
//! the in-place route's input and words; and the reducer, which applies any edit through the slots.

use std::rc::Rc;

use yew::Reducible;

pub use super::query::PlannerState;
use super::query::SLOTS;
use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::model::planner::checklist::ChecklistInput;
use crate::model::planner::document::plan_markdown;
use crate::model::planner::in_place::InPlaceInput;
use crate::model::planner::in_place_report::{InPlaceContext, InPlaceReport};
use crate::model::planner::new_max::new_max_note;
use crate::model::planner::outage::Rates;
use crate::model::planner::runbook::{Runbook, RunbookInput};
use crate::model::planner::{Plan, PlanInput};
use crate::model::restore::{RestoreInput, RestoreOutcome};
use crate::model::MaxParallelism;
use crate::url::Edit;

impl PlannerState {
    /// The restore predictor's question: the one snapshot max parallelism the plan uses too, and
    /// the new job as typed.
    fn restore_input(&self) -> RestoreInput {
        let m = |v: u32| MaxParallelism::new(i64::from(v)).unwrap_or(MaxParallelism::LARGEST);
        RestoreInput {
            saved: Some((self.plan_input().snapshot_max(), self.saved_how)),
            parallelism: self.p.value,
            max_parallelism: self.maxp.value.map(m),
            others: self.other_maxp.value.map(m),
        }
    }

    /// The restore predictor's answer.
    pub fn restore(&self) -> RestoreOutcome {
        self.restore_input().predict()
    }

    /// Where the new job's own max parallelism fails the plan's direct restore: why, and what
    /// to set instead (beside the verdict, and in `plan.md`).
    pub fn new_max_note(&self, plan: &Plan) -> Option<String> {
        new_max_note(plan, &self.restore_input())
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
            checkpoint_interval_s: self.interval.value.map(u64::from),
            job: self.job,
            latest: self.snapshot,
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
            latest: self.snapshot,
            first_checkpoint_s: plan.timeline.first_checkpoint_s(),
            saved_max: plan.saved_max,
            partitions: self.partitions.value,
            transactional: self.txn,
        }
        .runbook()
    }

    /// What to record during the rescale of `plan`.
    pub fn checklist(&self, plan: &Plan) -> ChecklistInput {
        let restore = plan.timeline.last_restore();
        ChecklistInput {
            current: self.current.value,
            target: self.p.value,
            max_parallelism: plan.end_max(),
            restore_estimate_s: restore.map_or(0, |ph| ph.seconds),
            restore_what: restore.map_or("no restore", |ph| ph.what),
            resumes_from: plan.resumes_from,
        }
    }

    /// The whole plan as Markdown (`plan.md`), the in-place route after its runbook.
    pub fn plan_markdown(&self, plan: &Plan) -> String {
        let parts = (self.runbook(plan), self.in_place_report(), self.checklist(plan));
        plan_markdown(&self.plan_input(), plan, self.new_max_note(plan).as_deref(), &parts.0, &parts.1, &parts.2)
    }

    /// The in-place route in words, for the running job whose max parallelism is the plan's
    /// snapshot value: the page's section and `plan.md`'s.
    pub fn in_place_report(&self) -> InPlaceReport {
        let plan_input = self.plan_input();
        let input = self.in_place_input(plan_input.snapshot_max().get());
        let rates = Rates {
            savepoint: self.sp_rate.value,
            rewrite: self.rate.value,
            restore: self.restore_rate.value,
            incremental: self.inc_rate.value,
        };
        InPlaceContext {
            input,
            job: self.job,
            verdict: plan_input.verdict(),
            latest: self.snapshot,
            partitions: self.partitions.value,
            state: (self.state.value, rates, self.backend),
            transactional: self.txn,
            interval_s: self.interval.value,
        }
        .report()
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
            release: self.release,
        }
    }
}

impl Reducible for PlannerState {
    type Action = Edit;

    fn reduce(self: Rc<Self>, edit: Edit) -> Rc<Self> {
        let mut s = (*self).clone();
        edit.apply(SLOTS, &mut s);
        Rc::new(s)
    }
}

impl LabState for PlannerState {
    const LAB: Lab = Lab::Planner;
    const READ_BY_HAND: &'static [&'static str] = &[super::query::TARGET.name, super::query::PLAN_MAXP.name];
}

#[cfg(test)]
mod tests;
