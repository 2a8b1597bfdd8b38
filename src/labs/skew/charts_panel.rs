//! The skew lab's charts: events and bytes per subtask, events per key group, and the
//! sorted load curve with the heaviest keys named. Each is one `<img>` of plotters' SVG.

use std::rc::Rc;

use yew::prelude::*;

use super::results::key_text;
use super::view::Scenario;
use crate::charts::load_charts::{bars_svg, sorted_curve_svg};
use crate::charts::svg_data_url;
use crate::model::skew::aggregate::GroupLoads;
use crate::model::skew::KeyLoad;

#[derive(Properties, PartialEq)]
pub struct ChartsPanelProps {
    pub keys: Rc<Vec<KeyLoad>>,
    pub groups: Rc<GroupLoads>,
    pub scenario: Rc<Scenario>,
}

#[function_component]
pub fn ChartsPanel(props: &ChartsPanelProps) -> Html {
    let subtask_charts = use_memo(props.scenario.clone(), |scenario| match &scenario.loads {
        Ok(l) => {
            let events: Vec<u64> = l
                .subtasks
                .iter()
                .map(|s| s.events_milli.div_ceil(1000))
                .collect();
            let bytes: Vec<u64> = l.subtasks.iter().map(|s| s.bytes).collect();
            let busiest = Some(l.busiest as usize);
            Some((
                svg_data_url(&bars_svg(&events, "subtask", "events/s", busiest)),
                svg_data_url(&bars_svg(&bytes, "subtask", "state bytes", busiest)),
            ))
        }
        Err(_) => None,
    });
    let group_chart = use_memo(props.groups.clone(), |groups| {
        let events: Vec<u64> = groups
            .groups
            .iter()
            .map(|g| g.events_milli.div_ceil(1000))
            .collect();
        svg_data_url(&bars_svg(&events, "key group", "events/s", None))
    });
    let curve = use_memo(props.keys.clone(), |keys| {
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_unstable_by(|&a, &b| {
            keys[b]
                .events_milli
                .cmp(&keys[a].events_milli)
                .then(a.cmp(&b))
        });
        let sorted: Vec<u64> = order
            .iter()
            .map(|&i| keys[i].events_milli.div_ceil(1000))
            .collect();
        let names: Vec<String> = order
            .iter()
            .take(3)
            .map(|&i| key_text(&keys[i].key))
            .collect();
        let alt = format!(
            "Events per second of {} keys sorted from heaviest; heaviest: {}.",
            keys.len(),
            names.join(", ")
        );
        (svg_data_url(&sorted_curve_svg(&sorted, &names)), alt)
    });
    html! {
        <section class="skew-charts" aria-labelledby="skew-charts-title">
            <h2 id="skew-charts-title">{ "Charts" }</h2>
            if let Some((events, bytes)) = subtask_charts.as_ref() {
                <img class="chart" src={events.clone()} width="640" height="240" decoding="async"
                    alt="Bar chart of events per second per subtask; the busiest subtask in red." />
                <img class="chart" src={bytes.clone()} width="640" height="240" decoding="async"
                    alt="Bar chart of state bytes per subtask; the busiest subtask by events in red." />
            }
            <img class="chart" src={(*group_chart).clone()} width="640" height="240" decoding="async"
                alt="Bar chart of events per second per key group." />
            <img class="chart" src={curve.0.clone()} width="640" height="240" decoding="async" alt={curve.1.clone()} />
        </section>
    }
}
