//! The failing restore (`data-verdict="failing"`): the job's status sequence as Flink 2.3.0's
//! JobMaster logged it, what a status poll sees, each attempt's task failure and the restart
//! strategy's last word, verbatim (serializer hashes as `<hash>`).

use yew::prelude::*;

use crate::model::trace::schema::{DEFAULT_RESTART, JOB_FAILED};
use crate::model::trace::Failing;

#[derive(Properties, PartialEq)]
pub struct FailingViewProps {
    pub failing: Failing,
}

#[function_component]
pub fn FailingView(props: &FailingViewProps) -> Html {
    let f = &props.failing;
    let chain = |links: &[String]| {
        links
            .iter()
            .enumerate()
            .map(|(i, l)| if i == 0 { l.clone() } else { format!("caused by: {l}") })
            .collect::<Vec<_>>()
    };
    let mut last = vec![JOB_FAILED.to_string(), f.suppressed.clone()];
    last.extend(f.task_failure.iter().cloned());
    html! {
        <div class="failing">
            <h3>{ "What the job did" }</h3>
            <ol class="job-status" data-testid="trace-job-status" aria-label="Job status, in order">
                { for f.transitions.iter().enumerate().map(|(i, s)| html! { <li key={i}>{ *s }</li> }) }
            </ol>
            <p class="muted">{ format!("A status poll (JobClient.getJobStatus()) sees {}: FAILING lasts milliseconds.", f.polled.join(" → ")) }</p>
            <p>{ format!("Each of the {} attempts fails the keyed task while it is still INITIALIZING:", f.running_phases) }</p>
            <blockquote class="flink-message" data-testid="trace-failure-message">
                { for chain(&f.task_failure).into_iter().enumerate().map(|(i, l)| html! { <div key={i}><code>{ l }</code></div> }) }
            </blockquote>
            <p>{ format!("After {} restarts the restart strategy gives up, and the job's result is:", f.restarts) }</p>
            <blockquote class="flink-message">
                { for chain(&last).into_iter().enumerate().map(|(i, l)| html! { <div key={i}><code>{ l }</code></div> }) }
            </blockquote>
            <p data-testid="trace-default-restart">{ DEFAULT_RESTART }</p>
            <p><strong>{ "RUNNING proves nothing." }</strong>{ " A dashboard that shows the job RUNNING a second after the restore shows this job too. Check that every subtask reached RUNNING and stayed there (no restarts in the exception history), and that the state is right, before you trust a restore." }</p>
        </div>
    }
}
