//! The plan's time: each step with its duration and arithmetic, the outage (`plan-downtime`),
//! the end-to-end duration (`plan-duration`), the point of no return on the same clock, the
//! timeline picture, and the shorter cutover with its conditions and risks (`plan-alternative`).

use yew::prelude::*;

use crate::charts::plan_timeline::{self, Palette};
use crate::charts::svg_data_url;
use crate::components::{use_chart_style, ResultRegion};
use crate::model::planner::{about_days, format_duration, format_span, Plan};

#[derive(Properties, PartialEq)]
pub struct TimeViewProps {
    pub plan: Plan,
}

#[function_component]
pub fn TimeView(props: &TimeViewProps) -> Html {
    let p = &props.plan;
    let t = &p.timeline;
    let starts = t.starts();
    // Drawn at the section's width (a phone's, or at most the picture's own), so its text is
    // never shrunk below the size it is drawn at.
    let (chart_ref, style) = use_chart_style();
    let width = style.width.min(plan_timeline::WIDTH);
    let charts = use_memo((t.clone(), width), |(t, width)| {
        [Palette::LIGHT, Palette::DARK].map(|palette| svg_data_url(&plan_timeline::timeline_svg(t, palette, *width)))
    });
    let (down, total, pnr) = (t.downtime_s(), t.total_s(), t.point_of_no_return_s());
    let names: Vec<String> = t.phases.iter().enumerate().map(|(i, ph)| format!("{} {}", i + 1, ph.short())).collect();
    let alt = format!(
        "Timeline of the {} steps ({}) over {}: the outage of {} shaded, the point of no return at {}. The same numbers are listed below.",
        t.phases.len(),
        names.join(", "),
        format_duration(total),
        format_duration(down),
        format_duration(pnr)
    );
    html! {
        <div class="plan-time" ref={chart_ref}>
            <h3>{ "How long it takes, and how long the job is down" }</h3>
            <ResultRegion class="plan-downtime" testid="plan-downtime">
                <strong>{ format!("{} {}", t.outage_label(), format_duration(down)) }</strong>
                { format!(": {}{}.", t.downtime_arithmetic(), t.cutover_part()) }
            </ResultRegion>
            if let Some(note) = t.commit_gap_note() {
                <p class="field-hint" data-testid="plan-commit-gap">{ note }</p>
            }
            <p data-testid="plan-duration">
                { format!("End to end: {}{}; the point of no return comes at {}, {}.",
                    format_duration(total), about_days(total).map(|d| format!(" (about {d})")).unwrap_or_default(), format_duration(pnr), p.no_return_when) }
            </p>
            { for charts.iter().zip(["light", "dark"]).map(|(src, theme)| html! {
                <img key={theme} class={classes!("chart", "timeline-chart", theme)} src={src.clone()} width={width.to_string()} height="220" alt={alt.clone()} />
            }) }
            <ol class="estimates" data-testid="plan-phases">
                { for t.phases.iter().zip(starts).enumerate().map(|(i, (ph, start))| { let (from, to) = format_span(start, start.saturating_add(ph.seconds)); html! {
                    <li key={i} data-downtime={ph.downtime.to_string()}>
                        <strong>{ ph.what }</strong>{ format!(" — {} (from {from} to {to}){}: ", format_duration(ph.seconds),
                            if ph.downtime { format!(", {}", ph.outage_words()) } else { String::new() }) }
                        { ph.arithmetic.clone() }
                    </li>
                } }) }
            </ol>
            <p class="muted">{ "Assumed: a restore from a canonical savepoint reads every byte once; one from a retained RocksDB incremental \
                checkpoint downloads, for each new subtask, every file of each old subtask whose key-group range overlaps its own \
                (each old subtask's files taken to cover its whole range, state spread evenly over the key groups), so a rescale reads more." }</p>
            if let Some(alt) = &p.alternative {
                <div class="alternative" data-testid="plan-alternative">
                    <h4>{ "A shorter outage" }</h4>
                    <p>{ format!("{}: {}; {}, instead of {}.", capitalised(alt.what), alt.arithmetic, alt.total(), format_duration(alt.instead_of_s(t))) }</p>
                    <p>{ "When:" }</p>
                    <ul>{ for alt.conditions.iter().map(|c| html! { <li key={*c}>{ *c }</li> }) }</ul>
                    <p>{ "Risks:" }</p>
                    <ul>{ for alt.risks.iter().map(|r| html! { <li key={*r}>{ *r }</li> }) }</ul>
                </div>
            }
        </div>
    }
}

/// The lab's own English, so ASCII: char::to_uppercase would bring core's Unicode case tables.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}
