//! The check of a job's output (`output-verdict`, `data-verdict` = `preserved`, `lost` or
//! `wrong`): a headline, then each kind of problem with its count and at most [`SHOWN`] of its
//! keys (a million-key output stays a short list).

use yew::prelude::*;

use crate::model::trace::output::{Diff, OutputCheck, OutputVerdict};

/// Keys listed per kind of problem.
pub const SHOWN: usize = 10;

#[derive(Properties, PartialEq)]
pub struct OutputViewProps {
    pub check: OutputCheck,
}

fn diff(d: &Diff) -> String {
    format!("{}: {} (the trace: {}, {:+})", d.key, d.actual, d.expected, d.off_by())
}

/// One kind of problem: its title with the count, and its first keys.
fn problem(title: &str, items: Vec<String>, total: usize) -> Html {
    if total == 0 {
        return html! {};
    }
    let more = total.saturating_sub(items.len());
    html! {
        <div class="output-problem">
            <p><strong>{ format!("{title}: {total}") }</strong></p>
            <ul>
                { for items.into_iter().enumerate().map(|(i, t)| html! { <li key={i} class="text">{ t }</li> }) }
                if more > 0 { <li>{ format!("… and {more} more") }</li> }
            </ul>
        </div>
    }
}

#[function_component]
pub fn OutputView(props: &OutputViewProps) -> Html {
    let c = &props.check;
    let offset = match c.offset {
        None => "no source_offset row".to_string(),
        Some(o) if o == c.offset_expected => format!("the source read to offset {o}, the end of the trace"),
        Some(o) => format!("the source read to offset {o}, not the trace's end {}", c.offset_expected),
    };
    let headline = match c.verdict {
        OutputVerdict::Preserved => {
            format!(
                "Preserved: {}, and no other key is there ({offset}).",
                crate::model::trace::output::every_key_whole(c.keys as u64)
            )
        }
        OutputVerdict::Lost => format!(
            "Lost: {} of {} keys hold their full totals; part of the truth is missing ({offset}).",
            c.matched, c.keys
        ),
        OutputVerdict::Wrong => format!(
            "Wrong: nothing is missing, yet the output holds more than the trace: {} of {} keys match ({offset}).",
            c.matched, c.keys
        ),
    };
    let first = |v: &[Diff]| v.iter().take(SHOWN).map(diff).collect::<Vec<_>>();
    html! {
        <div class={classes!("output-verdict", c.verdict.as_str())} data-testid="output-verdict" data-verdict={c.verdict.as_str()}>
            <p><strong>{ headline }</strong></p>
            { problem("Keys missing from the output (lost)", c.missing.iter().take(SHOWN).cloned().collect(), c.missing.len()) }
            { problem("Totals below the trace's (lost)", first(&c.below), c.below.len()) }
            { problem("Totals above the trace's (events counted twice?)", first(&c.above), c.above.len()) }
            { problem("Keys the trace does not have", c.extra.iter().take(SHOWN).map(|(k, v)| format!("{k}: {v}")).collect(), c.extra.len()) }
        </div>
    }
}
