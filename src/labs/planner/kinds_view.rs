//! Which snapshot can do what: the model's table (canonical savepoint, native savepoint,
//! retained aligned and unaligned checkpoints against the operations a rescale needs), each
//! cell marked as observed in Flink 2.3.0 or taken from the documentation; the job's snapshot
//! kind picker; and the plan checked against the table (`data-testid="plan-snapshot-check"`,
//! `data-ok`).

use yew::prelude::*;

use super::query::SNAPSHOT;
use super::state::PlannerState;
use crate::components::{slot_pick, LiveForm, ResultRegion};
use crate::model::planner::snapshot_kinds::{plan_needs, snapshot_kinds_csv, Cell, Operation, SnapshotKind, Source};
use crate::model::planner::{JobStatus, Verdict};
use crate::url::Edit;

#[derive(Properties, PartialEq, Clone)]
pub struct KindsProps {
    pub state: PlannerState,
    pub on_action: Callback<Edit>,
}

fn cell_text(c: Cell) -> String {
    format!("{} ({})", c.answer(), source_text(c.source))
}

fn source_text(s: Source) -> &'static str {
    match s {
        Source::Observed => "observed",
        Source::ObservedWithoutInFlight => "observed with no in-flight data in it",
        Source::Documented => "documentation",
    }
}

#[function_component]
pub fn Kinds(props: &KindsProps) -> Html {
    let s = &props.state;
    let verdict = super::use_plan(s).verdict;
    let needs = plan_needs(verdict, s.snapshot, s.job);
    let ok = needs.iter().all(|n| n.cell.yes);
    html! {
        <section class="snapshot-kinds" aria-labelledby="kinds-title">
            <h2 id="kinds-title">{ "Which snapshot can do what" }</h2>
            <LiveForm>
                { slot_pick(&SNAPSHOT, s, &props.on_action) }
            </LiveForm>
            <div class="sp-scroll" role="region" aria-label="Snapshot kinds table, scrolls sideways" tabindex="0">
                <table data-testid="snapshot-kinds">
                    <caption>{ "\"observed\": seen in a Flink 2.3.0 MiniCluster (restored at parallelism 3 from snapshots taken at 2, with the input stopped while they were taken; tests/flink-snapshot-kinds): so the unaligned checkpoint held no in-flight data, and what one holding it does was not observed. \"documentation\": from Flink's documentation, not an observation. \"works, not guaranteed\": it works today, but Flink does not promise to support it." }</caption>
                    <thead><tr><th scope="col">{ "Snapshot" }</th>{ for Operation::ALL.iter().map(|o| html! { <th scope="col" key={o.title()}>{ o.title() }</th> }) }</tr></thead>
                    <tbody>
                        { for SnapshotKind::ALL.iter().map(|k| html! {
                            <tr key={k.slug()} data-kind={k.slug()} class={classes!((*k == s.snapshot).then_some("current"))}>
                                <th scope="row">{ k.title() }</th>
                                { for Operation::ALL.iter().map(|o| { let c = k.can(*o); html! {
                                    <td key={o.title()} data-yes={c.yes.to_string()} data-source={source_text(c.source)}>{ cell_text(c) }</td>
                                } }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            <button type="button" onclick={Callback::from(|_: MouseEvent| crate::browser::download("snapshot-kinds.csv", "text/csv", &snapshot_kinds_csv()))}>{ "Export CSV" }</button>
            <h3>{ "The plan against the table" }</h3>
            <ResultRegion testid="plan-snapshot-check" ok={ok.to_string()}>
                <ul class="plan-needs">
                    { for needs.iter().map(|n| html! {
                        <li key={n.step}>{ format!("{}: {} — {}: {}", n.step, n.kind.title(), n.op.title(), cell_text(n.cell)) }</li>
                    }) }
                </ul>
            </ResultRegion>
            <p class="muted">{ if s.job == JobStatus::Down && verdict == Verdict::DirectRestore {
                format!("A job that is down restarts from its own latest {}, at another parallelism and in NO_CLAIM mode: neither a rewrite nor another backend is asked of it.", s.snapshot.title())
            } else {
                format!("The plan's route takes its own canonical savepoint before it relies on one, so a job with only {} snapshots is never asked to be rewritten or to switch backends from them. A relief or a shorter outage that restores from the job's own latest snapshot at another parallelism asks the first column of its row above.", s.snapshot.title())
            } }</p>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`Kinds`], its code fetched when it is wanted.
    pub DeferredKinds(KindsProps) => Kinds, chunk planner_kinds, "the snapshot kinds"
);
