//! Which vertices gain from the plan: the source, capped by its partitions and, after a rewrite
//! of the keyed state, by the cutover's pin at the snapshot's max parallelism; the keyed
//! operators after `keyBy`, capped by the max parallelism the plan ends with.

use super::cutover::{Operator, OperatorCutover};
use super::{PlanInput, Verdict};

/// The kinds of vertex a keyed job has, as far as rescaling goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VertexKind {
    /// The source: no more subtasks read than the topic has partitions.
    Source,
    /// The operators after `keyBy`: their own parallelism, up to max parallelism.
    Keyed,
}

/// What one kind of vertex gains from the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VertexPlan {
    pub kind: VertexKind,
    /// Subtasks doing work now (source: those that have a partition to read).
    pub now: u32,
    /// Subtasks doing work after the plan.
    pub after: u32,
    /// What caps it: the partitions, or the max parallelism the plan ends with.
    pub cap: u32,
    /// The source kept at the snapshot's max parallelism by the cutover (`cutover`): it caps
    /// the source too, below its partitions.
    pub pinned_at: Option<u32>,
}

/// Which way a vertex's working subtasks go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VertexChange {
    /// More subtasks do work after the plan.
    Gains,
    /// As many as now (capped, or the same parallelism).
    Same,
    /// Fewer: the plan scales down.
    Fewer,
}

impl VertexPlan {
    pub fn gains(&self) -> bool {
        self.change() == VertexChange::Gains
    }

    pub fn change(&self) -> VertexChange {
        match self.after.cmp(&self.now) {
            std::cmp::Ordering::Greater => VertexChange::Gains,
            std::cmp::Ordering::Equal => VertexChange::Same,
            std::cmp::Ordering::Less => VertexChange::Fewer,
        }
    }
}

impl PlanInput {
    /// The source vertex, then the keyed vertices, as the cutover table (`cutover`) leaves them.
    pub(super) fn vertices(&self, verdict: Verdict, end_max: u32, cutover: &[OperatorCutover]) -> [VertexPlan; 2] {
        // The source's route decides how far it can go: pinned, at most the snapshot's value.
        let source_max =
            cutover.iter().find(|r| r.operator == Operator::Source).map_or(end_max, |r| r.chosen.max_parallelism);
        let pinned_at = (source_max < self.partitions && verdict == Verdict::RewriteNeeded).then_some(source_max);
        [
            VertexPlan {
                kind: VertexKind::Source,
                now: self.current.min(self.partitions),
                after: self.target.min(self.partitions).min(source_max),
                cap: self.partitions,
                pinned_at,
            },
            VertexPlan {
                kind: VertexKind::Keyed,
                now: self.current,
                after: self.target.min(end_max),
                cap: end_max,
                pinned_at: None,
            },
        ]
    }
}
