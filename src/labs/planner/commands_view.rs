//! The runbook panel: for each step of the plan the `flink` commands, the configuration keys
//! and the Kubernetes operator's `FlinkDeployment` fields, named for the release picked in the
//! in-place part above it (whose answers depend on it too) (the model's [`Runbook`]); Copy and a Markdown download of the same
//! text. `data-testid="runbook"` carries `data-release`.

use yew::prelude::*;

use super::query::RELEASE;
use super::state::PlannerState;
use crate::browser;
use crate::components::{code_lines, CopyExport};
use crate::model::planner::runbook::markdown::CONFIG_HOW;
use crate::url::Edit;

#[derive(Properties, PartialEq, Clone)]
pub struct CommandsProps {
    pub state: PlannerState,
    pub on_action: Callback<Edit>,
}

#[function_component]
pub fn Commands(props: &CommandsProps) -> Html {
    let s = &props.state;
    let book = s.runbook(&super::use_plan(s));
    html! {
        <section class="runbook" aria-labelledby="runbook-title" data-testid="runbook" data-release={s.release.slug()}>
            <h2 id="runbook-title">{ "Commands and configuration" }</h2>
            <p>
                { format!("The plan's steps as commands, configuration keys and Kubernetes operator fields, named for Flink {}, the release picked in the in-place part above (its answers depend on the release too). The names change between releases; each is checked against that release's jar. Words in angle brackets are yours to fill in. ", s.release.slug()) }
                <button type="button" onclick={Callback::from(|_: MouseEvent| browser::focus_by_id(RELEASE.id))}>{ "Change the release" }</button>
            </p>
            <ol class="runbook-steps">
                { for book.steps.iter().enumerate().map(|(i, st)| html! {
                    <li key={i}>
                        <strong>{ st.title.clone() }</strong>
                        if !st.cli.is_empty() {
                            <pre class="command" role="group" aria-label={format!("Commands of step {}", i + 1)}>{ code_lines(&st.cli.join("\n")) }</pre>
                        }
                        if !st.config.is_empty() {
                            <p class="muted">{ CONFIG_HOW }</p>
                            <pre class="command" role="group" aria-label={format!("Configuration of step {}", i + 1)}>{ code_lines(&st.config.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join("\n")) }</pre>
                        }
                        if !st.k8s.is_empty() {
                            <p class="muted">{ "Kubernetes operator (FlinkDeployment):" }</p>
                            <pre class="command" role="group" aria-label={format!("FlinkDeployment fields of step {}", i + 1)}>{ code_lines(&st.k8s.join("\n")) }</pre>
                        }
                    </li>
                }) }
            </ol>
            <ul class="runbook-notes">{ for book.notes.iter().map(|n| html! { <li key={n.clone()}>{ n.clone() }</li> }) }</ul>
            <CopyExport text={AttrValue::from(book.markdown())} filename="runbook.md"
                copy_label="Copy commands" download_label="Download commands (Markdown)" />
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`Commands`], its code fetched when it is wanted.
    pub DeferredCommands(CommandsProps) => Commands, chunk planner_commands, "the commands"
);
