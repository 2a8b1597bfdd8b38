//! **Rescale diff**: from the earlier parallelism to the current one, which key groups change
//! owner, how many subtasks keep all their groups, and the share of state that changes
//! owner if every key group is the same size.

use yew::prelude::*;

use crate::model::rescale::RescaleDiff;
use crate::model::ModelError;

#[derive(Properties, PartialEq)]
pub struct DiffPanelProps {
    pub diff: Option<Result<RescaleDiff, ModelError>>,
}

/// Shows at most this many moved runs as text; the bar shows them all.
const LISTED_RUNS: usize = 12;

#[function_component]
pub fn DiffPanel(props: &DiffPanelProps) -> Html {
    let body = match &props.diff {
        None => {
            html! { <p>{ "Set an earlier parallelism to see what a rescale from it would reassign." }</p> }
        }
        Some(Err(e)) => {
            html! { <p class="field-error">{ format!("The earlier parallelism cannot run either: {e}.") }</p> }
        }
        Some(Ok(d)) => {
            let permille = d.moved_permille();
            let runs = d
                .moved_runs
                .iter()
                .take(LISTED_RUNS)
                .map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}–{b}") })
                .collect::<Vec<_>>()
                .join(", ");
            let more = d.moved_runs.len().saturating_sub(LISTED_RUNS);
            html! {
                <>
                    <p data-testid="rescale-diff">
                        { format!("From {} to {} subtasks over {} key groups: {} key groups change owner ({}.{}% of the \
                                   state if every group holds the same amount). {} of the {} subtasks that exist at both \
                                   parallelisms keep all their groups.",
                            d.from, d.to, d.max_parallelism, d.moved_groups, permille / 10, permille % 10, d.keeping_all, d.shared_subtasks) }
                    </p>
                    if d.moved_groups > 0 {
                        <p>{ "Groups that change owner: " }{ runs }
                            if more > 0 { { format!(" and {more} more runs (all are marked in the bottom band of the bar above)") } }
                        </p>
                    }
                </>
            }
        }
    };
    html! {
        <section class="diff" aria-labelledby="diff-title">
            <h2 id="diff-title">{ "Rescale diff" }</h2>
            { body }
            <p class="muted">
                { "This counts logical reassignment only. The bytes that really travel depend on where the snapshot's \
                   files live and where each subtask lands: a group that changes owner may be read from shared \
                   checkpoint storage without crossing between machines, and a group that keeps its owner may still \
                   be loaded again in full on a fresh machine." }
            </p>
        </section>
    }
}
