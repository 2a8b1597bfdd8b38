//! What the plan asks of Kafka (`data-testid="plan-kafka"`): the source topic's retention and,
//! with transactional sinks, the sink's and the brokers' transaction timeouts, each with the
//! least value the plan's clock needs (`data-key`, `data-above-default`). Not observed here; the
//! section says where the defaults come from. Part of the plan section's chunk.

use yew::prelude::*;

use crate::model::planner::kafka::SOURCE;
use crate::model::planner::Plan;

#[derive(Properties, PartialEq, Clone)]
pub struct KafkaProps {
    pub plan: Plan,
}

#[function_component]
pub fn KafkaChecks(props: &KafkaProps) -> Html {
    html! {
        <>
            <h3>{ "What the plan asks of Kafka" }</h3>
            <ul class="kafka-checks" data-testid="plan-kafka">
                { for props.plan.kafka.iter().map(|c| html! {
                    <li key={c.key} data-key={c.key} data-above-default={c.above_default.to_string()}>
                        if c.above_default { <strong>{ "Above the default: " }</strong> }
                        { c.text.clone() }
                    </li>
                }) }
            </ul>
            <p class="muted">{ format!("Defaults and behaviour {SOURCE}.") }</p>
        </>
    }
}
