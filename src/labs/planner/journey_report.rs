//! Reading a runbook journey's report (`tests/flink-runbook/observed-*.txt`) in the tests that
//! hold it: the planner state its link opens, the cutover's vertices it pins, the block under
//! one of its headings, and whether a message with "…" for what varies stands in a text.

use super::state::PlannerState;
use crate::labs::frame::LabState;
use crate::model::key_group::MaxParallelism;
use crate::model::planner::cutover::{CutoverInput, Operator};
use crate::model::restore::{RestoreInput, RestoreOutcome, SavedHow};
use crate::url::Location;

/// One journey's report, as committed.
pub struct Report(pub &'static str);

impl Report {
    /// The planner as the report's link opens it (a link with a notice fails the test).
    pub fn state(&self) -> PlannerState {
        let link = self.0.lines().find_map(|l| l.strip_prefix("Planner link: ")).expect("the link");
        let (state, notices) = PlannerState::parse(&Location::parse(link).params);
        assert!(notices.is_empty(), "{notices:?}");
        state
    }

    /// The journey job's vertices as the planner's per-operator cutover table pins them, as the
    /// report writes them (the shadow and the cutover must run with these).
    pub fn cutover_vertices(&self) -> String {
        let plan = self.state().plan_input().plan();
        let input = CutoverInput { verdict: plan.verdict, saved: 4, new_max: plan.end_max(), target: 6, partitions: 1 };
        let table = input.table();
        let route = |op: Operator| &table.iter().find(|r| r.operator == op).unwrap().chosen;
        let (src, sink, keyed) = (route(Operator::Source), route(Operator::Sink), route(Operator::Keyed));
        format!(
            "Source: src -> tag (p={}, max {}); sink: Writer -> sink: Committer (p={}, max {}); sum-per-key (p={}, max {})",
            src.parallelism, src.max_parallelism, sink.parallelism, sink.max_parallelism, keyed.parallelism, keyed.max_parallelism
        )
    }

    /// The incident's block, once it is seen to hold the message the predictor gives for a
    /// restart at 6 from a snapshot of max parallelism 4 (the journeys' incident).
    pub fn incident_as_predicted(&self) -> String {
        let four = MaxParallelism::new(4).unwrap();
        let outcome = RestoreInput::of((four, SavedHow::Explicit), 6, None).predict();
        let RestoreOutcome::Fails(check) = outcome else { panic!("{outcome:?}") };
        let incident = self.block("the incident");
        assert!(says(&incident, &check.flink_message()), "{}\n{incident}", check.flink_message());
        incident
    }

    /// The report's block under the heading that starts with `title`.
    pub fn block(&self, title: &str) -> String {
        let start = self.0.find(&format!("==== {title}")).unwrap_or_else(|| panic!("no block {title:?}"));
        let rest = &self.0[start..];
        rest[..rest[5..].find("\n====").map_or(rest.len(), |e| e + 5)].to_string()
    }
}

/// Every piece of a message with "…" for what varies, in order, in `text`.
pub fn says(text: &str, message: &str) -> bool {
    let mut from = 0;
    message.split('…').all(|piece| match text[from..].find(piece.trim_end_matches('.')) {
        Some(at) => {
            from += at + piece.trim_end_matches('.').len();
            true
        }
        None => false,
    })
}
