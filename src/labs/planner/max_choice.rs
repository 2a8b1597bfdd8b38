//! The suggested new max parallelism: a multiple of every parallelism the plan runs, the other
//! multiples in range, the trade-off against a power of two, and the imbalance the power of two
//! would leave at the target (`suggested-max`).

use yew::prelude::*;

use crate::model::planner::Plan;

#[derive(Properties, PartialEq)]
pub struct MaxChoiceProps {
    pub plan: Plan,
    pub target: u32,
}

fn join(values: impl Iterator<Item = u32>) -> String {
    values.map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

#[function_component]
pub fn MaxChoice(props: &MaxChoiceProps) -> Html {
    let (p, target) = (&props.plan, props.target);
    let c = &p.max_choice;
    let others = join(c.suggestions.iter().map(|s| s.value).filter(|&v| v != c.best));
    html! {
        <div class="max-choice">
            <p data-testid="suggested-max">
                { format!("Suggested new max parallelism: {}, a multiple of {} (the parallelisms this plan runs). ", p.suggested_max, c.planned_text()) }
                if !others.is_empty() { { format!("Other multiples at 4–8 × the largest: {others}. ") } }
                { format!("Parallelisms near {target} that divide {}: {}.", p.suggested_max, join(p.suggested_divisors.iter().copied())) }
            </p>
            if let Some(note) = &p.max_choice_note {
                <p class="notice">{ format!("{note}; the choice is for {target} alone.") }</p>
            }
            <p data-testid="max-trade-off">
                { c.trade_off() }
                if let Some(i) = p.power_of_two_imbalance {
                    { format!(" With {} key groups at parallelism {target}, {} subtasks would own {} and {} would own {}.", c.power_of_two, i.busy_subtasks, i.most, i.idle_subtasks, i.fewest) }
                }
            </p>
        </div>
    }
}
