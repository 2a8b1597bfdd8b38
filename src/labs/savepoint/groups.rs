//! Where an operator's keyed state sits: bytes per subtask (with the data skew of state bytes,
//! computed as the skew lab computes data skew), and bytes per key group where the handles'
//! offsets allow it, saying why not where they do not. Charts are plotters SVG shown as images.

use yew::prelude::*;

use super::facts::OperatorRow;
use super::links::{group_bytes, GroupBytes};
use super::state::Shared;
use crate::charts::axes::YAxis;
use crate::charts::load_charts::bars_svg;
use crate::charts::savepoint_charts::group_bytes_svg;
use crate::charts::svg_data_url;
use crate::components::use_chart_style;
use crate::model::number::Quantity;
use crate::model::savepoint::report::keyed_bytes_per_subtask;
use crate::model::savepoint::{Operator, Snapshot};
use crate::model::skew::units::format_bytes;
use crate::model::{MaxParallelism, Parallelism};

#[derive(Properties, PartialEq, Clone)]
pub struct GroupsProps {
    pub operator: OperatorRow,
    /// The file shown: the operator's bytes per subtask and per key group, and each group's
    /// owner, are worked out here, in this part's chunk.
    pub snapshot: Shared<Snapshot>,
}

/// The owner subtask of every key group of an operator (empty if its parallelisms are invalid).
fn owners(op: &Operator) -> Vec<u32> {
    let max = MaxParallelism::new(i64::from(op.max_parallelism));
    let p = max.and_then(|m| Parallelism::new(i64::from(op.parallelism), m));
    p.map(|p| p.max().key_groups().map(|g| p.owner_of(g).index()).collect()).unwrap_or_default()
}

#[function_component]
pub fn Groups(props: &GroupsProps) -> Html {
    let (chart_ref, style) = use_chart_style();
    // Keyed bytes per subtask (index order), per key group, and each group's owner.
    let bytes = use_memo((props.snapshot.clone(), props.operator.index), |(s, i)| {
        s.0.operators.get(*i).map(|op| (keyed_bytes_per_subtask(op), group_bytes(op), owners(op))).unwrap_or_default()
    });
    // The charts are keyed on that memo's value, shared (a render copies none of its vectors).
    let subtask_chart = use_memo((bytes.clone(), style), |(bytes, style)| {
        let per_subtask = &bytes.0;
        let largest = per_subtask.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0))).map(|(i, _)| i);
        let y = YAxis { what: "keyed state", quantity: Quantity::Bytes };
        svg_data_url(&bars_svg(per_subtask, "subtask", y, largest, style))
    });
    let group_chart = use_memo((bytes.clone(), style), |(bytes, style)| {
        let (_, groups, owners) = &**bytes;
        groups.as_ref().filter(|g| g.exact).map(|g| svg_data_url(&group_bytes_svg(&g.bytes, owners, style)))
    });
    let groups = &bytes.1;
    let (width, height) = (style.width.to_string(), style.height.to_string());
    let op = &props.operator;
    if !op.keyed {
        return html! {
            <section class="sp-groups" aria-labelledby="sp-groups-title">
                <h2 id="sp-groups-title">{ "Keyed state" }</h2>
                <p>{ format!("{} holds no keyed state, so it has no key groups to show.", op.label()) }</p>
            </section>
        };
    }
    let exact = groups.as_ref().filter(|g| g.exact);
    html! {
        <section class="sp-groups" aria-labelledby="sp-groups-title" ref={chart_ref}>
            <h2 id="sp-groups-title">{ format!("Keyed state of {}", op.label()) }</h2>
            <p class="skew-figure">{ "State-bytes skew across subtasks: " }<strong data-testid="savepoint-skew">{ op.skew_percent.unwrap_or(0) }</strong>{ "%" }</p>
            <p class="muted">{ "Computed as the skew lab computes data skew (Flink's formula, checked against its REST API's skew field), over keyed state bytes per subtask instead of events: the mean absolute deviation over the mean, as a percentage capped at 100 as the web UI caps it (read from its sources)." }</p>
            if let Some(g) = groups.as_ref().and_then(|g| g.skew_percent) {
                <p>{ "That is over each subtask's whole keyed stream, the state's meta information included. Over the key groups' bytes alone, as the skew lab is given them: " }<strong data-testid="savepoint-group-skew">{ g }</strong>{ "%." }</p>
            }
            <img class="chart" src={(*subtask_chart).clone()} width={width.clone()} height={height.clone()} decoding="async"
                alt={format!("Bar chart of keyed state bytes per subtask of {}; the largest in red.", op.label())} />
            <h3>{ "Bytes per key group" }</h3>
            if let Some(g) = exact {
                { group_text(g) }
                if let Some(src) = (*group_chart).clone() {
                    <img class="chart" src={src} width={width} height={height} decoding="async"
                        alt="Bar chart of state bytes per key group, coloured by owning subtask; the largest group in red." />
                }
                <p class="muted">{ "From each key-groups handle's offsets: a group runs from its offset to the next group's. A canonical savepoint writes offset 0 for an empty group, so those hold nothing; the bytes before the first group (the state's meta information) belong to no group and are left out." }</p>
            } else {
                <p>{ "Not available for this operator: " }{ groups.as_ref().and_then(|g| g.why_not).unwrap_or("the file records no per-group offsets") }{ ". Only the bytes per subtask are known; the skew lab link below spreads them evenly over each subtask's groups, as an estimate." }</p>
            }
        </section>
    }
}

fn group_text(g: &GroupBytes) -> Html {
    let with_state = g.bytes.iter().filter(|&&b| b > 0).count();
    let largest = g.bytes.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)));
    let total: u64 = g.bytes.iter().sum();
    html! {
        <p>{ format!("{with_state} of {} key groups hold state, {} in all.", g.bytes.len(), format_bytes(total)) }
            if let Some((i, b)) = largest.filter(|(_, b)| **b > 0) {
                { format!(" The largest is key group {i} with {} ({b} bytes).", format_bytes(*b)) }
            }
        </p>
    }
}

crate::components::deferred::deferred!(
    /// [`Groups`], its code fetched when it is wanted.
    pub DeferredGroups(GroupsProps) => Groups, chunk savepoint_groups, "the key groups"
);
