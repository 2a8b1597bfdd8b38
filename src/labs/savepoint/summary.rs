//! The file at a glance (`savepoint-summary`, with `data-version`, `data-checkpoint-id`,
//! `data-kind` and `data-format`): format version and the releases that write it, checkpoint
//! id, checkpoint or savepoint, canonical or native, the operators' max parallelism, sizes (and, for an incremental
//! checkpoint, the keyed state it wrote itself), and how long the read took.

use yew::prelude::*;

use super::facts::Summary;
use super::state::{Shared, Timing};
use crate::model::savepoint::Snapshot;
use crate::model::skew::units::format_bytes;

#[derive(Properties, PartialEq, Clone)]
pub struct SummaryProps {
    /// The file shown: its summary is worked out here, in this part's chunk.
    pub snapshot: Shared<Snapshot>,
    pub name: AttrValue,
    pub timing: Timing,
}

fn bytes(n: u64) -> String {
    if n < 1024 {
        format!("{n} bytes")
    } else {
        format!("{} ({n} bytes)", format_bytes(n))
    }
}

#[function_component]
pub fn SummaryView(props: &SummaryProps) -> Html {
    let summary = use_memo(props.snapshot.clone(), |s| Summary::of(&s.0));
    let s = &*summary;
    let kind = match (s.kind, s.format) {
        ("savepoint", "unknown") => "a savepoint".to_string(),
        ("savepoint", format) => format!("a savepoint, {format} format"),
        ("checkpoint", _) => "a checkpoint".to_string(),
        _ => "not recorded (format 3 has no properties trailer)".to_string(),
    };
    let t = props.timing;
    html! {
        <section class="sp-summary" aria-labelledby="sp-summary-title" data-testid="savepoint-summary"
            data-version={s.version.to_string()} data-checkpoint-id={s.checkpoint_id.to_string()}
            data-kind={s.kind} data-format={s.format}>
            <h2 id="sp-summary-title">{ "What the file is" }</h2>
            <dl class="sp-facts">
                <dt>{ "File" }</dt><dd>{ props.name.clone() }{ format!(", {}", bytes(s.file_bytes as u64)) }</dd>
                <dt>{ "Metadata format" }</dt><dd>{ format!("version {}, written by {}", s.version, s.releases) }</dd>
                <dt>{ "Checkpoint id" }</dt><dd>{ s.checkpoint_id }</dd>
                <dt>{ "Kind" }</dt><dd>{ kind }
                    if let Some(t) = &s.type_name { { format!(" (Flink calls it \u{201c}{t}\u{201d})") } }</dd>
                <dt>{ "Operators" }</dt><dd>{ format!("{}, with {} master states", s.operators, s.master_states) }</dd>
                <dt>{ "Max parallelism" }</dt><dd data-testid="savepoint-max-parallelism">{ s.max_parallelism.clone() }</dd>
                <dt>{ "State" }</dt><dd>{ format!("{} in all, {} of it keyed", bytes(s.state_bytes), bytes(s.keyed_bytes)) }</dd>
                if let Some(written) = s.keyed_checkpointed_bytes.filter(|w| *w != s.keyed_bytes) {
                    <dt>{ "Written by this checkpoint" }</dt>
                    <dd data-testid="savepoint-checkpointed">{ format!("{} of the keyed state (Flink's checkpointed size): the rest are files that earlier checkpoints wrote and this one refers to", bytes(written)) }</dd>
                }
                <dt>{ "Read in" }</dt><dd>{ format!("{} ms, in {} step{} (longest {} ms)", t.total_ms, t.steps, if t.steps == 1 { "" } else { "s" }, t.longest_step_ms) }</dd>
            </dl>
            if s.drained {
                <p class="notices" data-testid="sp-drained">
                    <strong>{ "Taken by a stop with --drain. " }</strong>
                    { "Flink names such a stop \u{201c}Terminate Savepoint\u{201d} (a plain stop is a \u{201c}Suspend Savepoint\u{201d}). \
                       Draining moves event time to its end before the savepoint is taken: every event-time timer still waiting fires then, \
                       with the output it makes, and the savepoint keeps none of them. A job restored from it starts, with the rest of its keyed \
                       state, but those timers never fire again (on Flink 2.3.0 a test job's pending timers all fired at the drained stop and \
                       none after its restore, where a plain stop's fired after theirs: tests/flink-drain). To rescale a job and go on where it \
                       was, stop it without --drain." }
                </p>
            }
            <p class="muted">{ "State sizes are Flink's own (getStateSize): for files outside _metadata, the sizes the file records; \
                               for an incremental checkpoint they include files shared with earlier checkpoints." }</p>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`SummaryView`], its code fetched when it is wanted.
    pub DeferredSummary(SummaryProps) => SummaryView, chunk savepoint_summary, "the summary"
);
