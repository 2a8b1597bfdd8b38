//! The skew lab's charts: events and bytes per subtask, events per key group (its numbers in a
//! table, `group_table.rs`), and the sorted load curve with the heaviest keys named. Each is one
//! `<img>` of plotters' SVG.

use std::rc::Rc;

use yew::prelude::*;

use super::view::Scenario;
use crate::charts::axes::YAxis;
use crate::charts::load_charts::{bars_svg, sorted_curve_svg};
use crate::charts::svg_data_url;
use crate::components::{use_chart_style, use_view, RevealAt};
use crate::model::number::{count, Quantity};
use crate::model::skew::aggregate::{GroupLoads, Ranked};
use crate::model::skew::KeyLoad;

const EVENTS: YAxis<'static> = YAxis { what: "events/s", quantity: Quantity::Rate };
const STATE: YAxis<'static> = YAxis { what: "state", quantity: Quantity::Bytes };

/// The sections (`view=`) that are one of these charts.
pub const CHARTS: &[&str] = &["load", "state", "groups", "curve"];

#[derive(Properties, PartialEq, Clone)]
pub struct ChartsPanelProps {
    pub keys: Rc<Vec<KeyLoad>>,
    pub groups: Rc<GroupLoads>,
    pub scenario: Rc<Scenario>,
    /// The load curve, when the job that made the keys sorted it already.
    pub ranked: Option<Rc<Ranked>>,
}

#[function_component]
pub fn ChartsPanel(props: &ChartsPanelProps) -> Html {
    let (chart_ref, style) = use_chart_style();
    let subtask_charts = use_memo((props.scenario.clone(), style), |(scenario, style)| match &scenario.loads {
        Ok(l) => {
            let events: Vec<u64> = l.subtasks.iter().map(|s| s.events_milli.div_ceil(1000)).collect();
            let bytes: Vec<u64> = l.subtasks.iter().map(|s| s.bytes).collect();
            let busiest = Some(l.busiest as usize);
            Some((
                svg_data_url(&bars_svg(&events, "subtask", EVENTS, busiest, style)),
                svg_data_url(&bars_svg(&bytes, "subtask", STATE, busiest, style)),
            ))
        }
        Err(_) => None,
    });
    let group_chart = use_memo((props.groups.clone(), style), |(groups, style)| {
        let events: Vec<u64> = groups.groups.iter().map(|g| g.events_milli.div_ceil(1000)).collect();
        svg_data_url(&bars_svg(&events, "key group", EVENTS, None, style))
    });
    // The keys sorted once per key set (or by the job that made them), not again when the
    // chart's style is measured.
    let ranked = use_memo((props.keys.clone(), props.ranked.clone()), |(keys, ranked)| {
        let ranked = ranked.clone().unwrap_or_else(|| Rc::new(Ranked::of(keys)));
        let names: Vec<String> = ranked.heaviest.iter().map(|&i| keys[i].key.java_literal()).collect();
        let alt = format!(
            "Events per second of {} sorted from heaviest; heaviest: {}.",
            count(keys.len() as u64, "key", "keys"),
            names.join(", ")
        );
        (ranked, names, alt)
    });
    let curve = use_memo((ranked, style), |(ranked, style)| {
        let (sorted, names, alt) = &**ranked;
        (svg_data_url(&sorted_curve_svg(&sorted.sorted_events, names, style)), alt.clone())
    });
    let (w, h) = (style.width.to_string(), style.height.to_string());
    // `view=load` (and the others of [`CHARTS`]) shows that chart alone.
    let view = use_view();
    let shows = |name: &str| view.is_none_or(|v| v == name);
    html! {
        <section class="skew-charts" aria-labelledby="skew-charts-title" ref={chart_ref}>
            <h2 id="skew-charts-title">{ "Charts" }</h2>
            if let Some((events, bytes)) = subtask_charts.as_ref() {
                if shows("load") {
                    <img class="chart" src={events.clone()} width={w.clone()} height={h.clone()} decoding="async"
                        alt="Bar chart of events per second per subtask; the busiest subtask in red." />
                }
                if shows("state") {
                    <RevealAt name="state"><img class="chart" src={bytes.clone()} width={w.clone()} height={h.clone()} decoding="async"
                        alt="Bar chart of state bytes per subtask; the busiest subtask by events in red." /></RevealAt>
                }
            }
            if shows("groups") {
                <RevealAt name="groups"><img class="chart" src={(*group_chart).clone()} width={w.clone()} height={h.clone()} decoding="async"
                    alt="Bar chart of events per second per key group; the numbers are in the table below it." /></RevealAt>
                <super::group_table::GroupTable groups={props.groups.clone()} scenario={props.scenario.clone()} />
            }
            if shows("curve") {
                <RevealAt name="curve"><img class="chart" src={curve.0.clone()} width={w.clone()} height={h.clone()} decoding="async" alt={curve.1.clone()} /></RevealAt>
            }
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`ChartsPanel`], its code fetched when it is wanted.
    pub DeferredCharts(ChartsPanelProps) => ChartsPanel, chunk skew_charts, "the charts"
);
