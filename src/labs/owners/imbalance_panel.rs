//! **Imbalance**: how many subtasks own ⌈max/p⌉ and how many ⌊max/p⌋ key groups, the
//! busiest-to-idlest ratio, and a plotters chart of key groups per subtask.

use yew::prelude::*;

use crate::charts::groups_chart::groups_per_subtask_svg;
use crate::charts::svg_data_url;
use crate::components::use_chart_style;
use crate::model::imbalance::Imbalance;
use crate::model::number::count;
use crate::model::Parallelism;

#[derive(Properties, PartialEq, Clone)]
pub struct ImbalancePanelProps {
    pub parallelism: Parallelism,
}

#[function_component]
pub fn ImbalancePanel(props: &ImbalancePanelProps) -> Html {
    let p = props.parallelism;
    let (chart_ref, style) = use_chart_style();
    let chart = use_memo((p, style), |(p, style)| svg_data_url(&groups_per_subtask_svg(*p, style)));
    let i = Imbalance::of(p);
    let ratio = crate::model::number::two_places(u64::from(i.ratio_milli()));
    let idle = format!("{}.{}", i.idle_capacity_milli() / 10, i.idle_capacity_milli() % 10);
    let summary = if i.is_even() {
        format!(
            "{} divides {}: {}. No subtask waits for another.",
            i.parallelism,
            i.max_parallelism,
            i.owners_sentence()
        )
    } else {
        format!(
            "{}. The busiest hold {ratio}× what the idlest hold; with evenly spread keys the job runs at the \
             busiest subtasks' pace, so about {idle}% of the slots' capacity sits idle.",
            super::capitalised(&i.owners_sentence())
        )
    };
    html! {
        <section class="imbalance" aria-labelledby="imbalance-title" ref={chart_ref}>
            <h2 id="imbalance-title">{ "Imbalance" }</h2>
            <p data-testid="imbalance-summary">{ summary }</p>
            <img class="chart" src={(*chart).clone()} width={style.width.to_string()} height={style.height.to_string()} decoding="async"
                alt={format!("Bar chart of key groups per subtask for {} over {}: {}.",
                    count(u64::from(i.parallelism), "subtask", "subtasks"), count(u64::from(i.max_parallelism), "key group", "key groups"), i.owners_sentence())} />
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`ImbalancePanel`], its code (with plotters, for its chart) fetched when it is wanted.
    pub DeferredImbalance(ImbalancePanelProps) => ImbalancePanel, chunk owners_imbalance, "the imbalance"
);
