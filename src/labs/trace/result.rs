//! The trace check's outcome (`trace-verdict`), where the source resumed, the JobManager's log
//! lines, and one row per key: expected vs actual total, key group, and owner before and after
//! (moved keys marked); the keys a changed key function made, which the trace does not have
//! (`trace-new-keys`); **Export CSV** (`trace-check.csv`, both).

use std::rc::Rc;

use yew::prelude::*;

use crate::components::{ResultAlert, ResultRegion, ScrollBox};
use crate::model::export::trace_check_csv;
use crate::model::number::count;
use crate::model::trace::{Scenario, TraceResult, TraceVerdict};
use crate::model::ModelError;

#[derive(Properties, PartialEq)]
pub struct TraceResultProps {
    /// The run, shared with the page's memo (not copied per render).
    pub run: Rc<Result<TraceResult, ModelError>>,
    pub scenario: Scenario,
}

#[function_component]
pub fn TraceResultView(props: &TraceResultProps) -> Html {
    let r = match &*props.run {
        Ok(r) => r,
        Err(e) => return html! { <ResultAlert>{ format!("This trace cannot run: {e}.") }</ResultAlert> },
    };
    let moved = r.rows.iter().filter(|row| row.moved()).count();
    let wrong = r.rows.iter().filter(|row| row.actual != Some(row.expected)).count();
    let headline = match &r.verdict {
        TraceVerdict::Preserved => format!("Preserved: {} and the source resumed from the snapshot's offset {} and is at offset {}, including the {} that changed owner.", crate::model::trace::output::every_key_whole(r.rows.len() as u64), r.resume_expected, r.source_expected, count(moved as u64, "key", "keys")),
        TraceVerdict::Refused { .. } => "Refused: the restore did not start, so nothing ran and nothing was lost.".to_string(),
        TraceVerdict::Lost => {
            // Which way the totals are wrong: events counted twice, lost, or both.
            let n = r.rows.len();
            let (word, how) = match r.above_and_below() {
                (above, 0) => ("Counted twice", format!("{above} of {n} keys hold more than the truth")),
                (0, below) => ("Lost", format!("{below} of {n} keys hold less than the truth")),
                (above, below) => ("Wrong", format!("{wrong} of {n} keys hold the wrong total, {above} above the truth and {below} below")),
            };
            format!("{word}: the job is RUNNING and read the source to offset {}, yet {how}{}{}.", r.source_actual.unwrap_or(0),
                match r.resumed_from { Some(at) if at != r.resume_expected => format!(", and the source resumed from offset {at}, not the snapshot's {}", r.resume_expected), _ => String::new() },
                match r.new_keys.len() { 0 => String::new(), k => format!("; the events after the restore went to {} the trace does not have (the second table)", count(k as u64, "key", "keys")) })
        }
        TraceVerdict::Failing(f) => format!("Failing: the job reported RUNNING {} times, yet its keyed task never got past INITIALIZING. Each attempt failed while registering the state; the restart strategy restarted the job {} times, then it ended FAILED. Nothing was read after the restore.", f.running_phases, f.restarts),
    };
    let source = match r.resumed_from {
        Some(at) => format!(
            "Source position: resumed from offset {at} ({}), read to offset {}.",
            if at == r.resume_expected {
                "the snapshot's, ✓ right".to_string()
            } else {
                format!("✗ wrong: the snapshot holds {}", r.resume_expected)
            },
            r.source_actual.unwrap_or(0)
        ),
        None => format!(
            "Source position: it never read after the restore (the snapshot holds offset {}).",
            r.resume_expected
        ),
    };
    let unread = if matches!(r.verdict, TraceVerdict::Failing(_)) { "task failed" } else { "not run" };
    let on_export = {
        let run = Rc::clone(&props.run);
        Callback::from(move |_: MouseEvent| {
            if let Ok(r) = &*run {
                crate::browser::download("trace-check.csv", "text/csv", &trace_check_csv(r));
            }
        })
    };
    html! {
        <section class="trace-result" aria-labelledby="trace-result-title">
            <h2 id="trace-result-title">{ format!("Check: {}", props.scenario.title()) }</h2>
            // One of Flink's restore checks refused the rescale: the contract's alert, naming both numbers.
            if let TraceVerdict::Refused { check: Some(check), .. } = &r.verdict {
                <ResultAlert class="restore-blocked">{ format!("The restore does not start: {}.", check.plain()) }</ResultAlert>
            }
            <ResultRegion class={classes!("trace-verdict", r.verdict.as_str())} testid="trace-verdict" verdict={r.verdict.as_str()}>
                <strong>{ headline }</strong>
                if let TraceVerdict::Refused { reason, .. } = &r.verdict {
                    <blockquote class="flink-message"><code>{ reason.clone() }</code></blockquote>
                }
            </ResultRegion>
            { for r.notes.iter().enumerate().map(|(i, n)| html! { <p key={i}>{ n.clone() }</p> }) }
            if let TraceVerdict::Failing(f) = &r.verdict {
                <super::failing::FailingView failing={f.clone()} />
            }
            <p data-testid="trace-source">{ source }</p>
            if !r.log.is_empty() {
                <p>{ "The JobManager logs:" }</p>
                <blockquote class="flink-message" data-testid="trace-log">
                    { for r.log.iter().enumerate().map(|(i, l)| html! { <div key={i}><code>{ l.clone() }</code></div> }) }
                </blockquote>
            }
            <ScrollBox label="Per-key check table"><table class="trace-table">
                <caption>{ format!("Per key: expected total from the trace vs the restored job's total ({} changed owner)", count(moved as u64, "key", "keys")) }</caption>
                <thead><tr><th scope="col">{ "key" }</th><th scope="col">{ "key group" }</th><th scope="col">{ "owner before" }</th>
                    <th scope="col">{ "owner after" }</th><th scope="col">{ "expected" }</th><th scope="col">{ "actual" }</th><th scope="col">{ "check" }</th></tr></thead>
                <tbody>
                    { for r.rows.iter().map(|row| {
                        let ok = row.actual == Some(row.expected);
                        html! {
                            <tr key={row.key.clone()} class={classes!((!ok && row.actual.is_some()).then_some("wrong"))}>
                                <td class="text">{ row.key.clone() }</td><td>{ row.key_group }</td><td>{ row.owner_before }</td>
                                <td>{ row.owner_after.map_or("—".to_string(), |o| if row.moved() { format!("{o} (moved)") } else { o.to_string() }) }</td>
                                <td>{ row.expected }</td><td>{ row.actual.map_or("—".to_string(), |a| a.to_string()) }</td>
                                <td>{ match row.actual { None => unread, Some(_) if ok => "✓ right", Some(_) => "✗ wrong" } }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table></ScrollBox>
            if !r.new_keys.is_empty() {
                <ScrollBox label="Keys the trace does not have"><table class="trace-table" data-testid="trace-new-keys">
                    <caption>{ format!("Keys the new job made, which the trace does not have ({}): the events after the restore", r.new_keys.len()) }</caption>
                    <thead><tr><th scope="col">{ "key" }</th><th scope="col">{ "made from" }</th><th scope="col">{ "key group" }</th>
                        <th scope="col">{ "owner" }</th><th scope="col">{ "total" }</th></tr></thead>
                    <tbody>
                        { for r.new_keys.iter().map(|k| html! {
                            <tr key={k.key.clone()}>
                                <td class="text">{ k.key.clone() }</td><td class="text">{ k.from.clone() }</td><td>{ k.key_group }</td>
                                <td>{ k.owner }</td><td>{ k.total }</td>
                            </tr>
                        }) }
                    </tbody>
                </table></ScrollBox>
            }
            <button type="button" onclick={on_export}>{ "Export CSV" }</button>
        </section>
    }
}
