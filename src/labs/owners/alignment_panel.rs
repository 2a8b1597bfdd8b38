//! **Good parallelisms**: the divisors of max parallelism around p, and what the Flink
//! Kubernetes operator's autoscaler (its 1.15 release, both key-group alignment modes) would run
//! if it aimed at p from the earlier parallelism.

use yew::prelude::*;

use super::state::OwnersView;
use crate::model::autoscaler::Outcome;

#[derive(Properties, PartialEq, Clone)]
pub struct AlignmentPanelProps {
    pub view: OwnersView,
    pub p: u32,
    pub from: Option<u32>,
}

#[function_component]
pub fn AlignmentPanel(props: &AlignmentPanelProps) -> Html {
    let v = &props.view;
    let max = v.max.get();
    let divisors = v.divisors_near.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    html! {
        <section class="alignment" aria-labelledby="alignment-title">
            <h2 id="alignment-title">{ "Good parallelisms" }</h2>
            <p data-testid="divisors-near">
                { format!("Divisors of {max} near {}: {divisors}. At these, every subtask owns the same number of key groups.", props.p) }
            </p>
            <h3>{ "What the Kubernetes operator's autoscaler would run (flink-kubernetes-operator 1.15)" }</h3>
            { match (props.from, v.autoscaler) {
                (Some(current), Some(choices)) => html! {
                    <ul class="autoscaler">
                        { for choices.iter().map(|(mode, choice)| html! {
                            <li key={mode.as_str()} data-testid={format!("autoscaler-{}", mode.as_str())}>
                                <code>{ mode.as_str() }</code>{ ": " }<strong>{ choice.parallelism }</strong>
                                { format!(" — {}", explain(choice.outcome, current, props.p, choice.parallelism, max)) }
                            </li>
                        }) }
                    </ul>
                },
                _ => html! { <p>{ "Set an earlier parallelism to see what the autoscaler would pick when it aims at this parallelism from there." }</p> },
            } }
            <p class="muted" data-testid="autoscaler-version">{ "Modelled on flink-kubernetes-operator 1.15 (JobVertexScaler, read from its release-1.15.0 tag): the key-group alignment of a keyed vertex with no vertex limits, in each mode of job.autoscaler.scaling.key-group.partitions.adjust.mode (EVENLY_SPREAD is the default). Release 1.15 added a direction check that 1.14 lacks: in 1.14 the upward search of a scale-down may pass the current parallelism (12 → 10 at 128 key groups gives 16 there, 10 here). A source vertex is aligned to its partitions instead." }</p>
        </section>
    }
}

fn explain(outcome: Outcome, current: u32, target: u32, chosen: u32, max: u32) -> String {
    match outcome {
        Outcome::AsRequested if chosen == current => format!("already running at {current}; nothing to do"),
        Outcome::AsRequested => format!("{target} already suits {max} key groups"),
        Outcome::Capped => format!("{target} is above the {max} key groups, so it is capped at {chosen}"),
        Outcome::AlignedUp => format!("rounded up from {target} to a parallelism that shares {max} key groups better"),
        Outcome::FellBack => format!("nothing suitable between {target} and the limit, so it falls back to {chosen}"),
        Outcome::Refused => format!(
            "the aligned value would not move from {current} in the direction asked for, so it stays at {current}"
        ),
    }
}

crate::components::deferred::deferred!(
    /// [`AlignmentPanel`], its code fetched when it is wanted.
    pub DeferredAlignment(AlignmentPanelProps) => AlignmentPanel, chunk owners_alignment, "the alignment"
);
