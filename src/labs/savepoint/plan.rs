//! **Plan from this snapshot**: the operator to plan from, the new parallelism for the restore
//! predictor, and three links into the other labs (built in `links.rs`, here, in this part's
//! chunk). A key set too long for a URL is built and written to the skew lab's local-storage
//! entry when its link is followed.

use std::rc::Rc;

use yew::prelude::*;

use super::facts::{total_state_bytes, OperatorRow};
use super::links::{self, Recorded};
use super::query::P;
use super::state::{SavepointAction, SavepointState};
use crate::browser;
use crate::components::{slot_field, LiveForm, SelectField};
use crate::lab::Lab;
use crate::labs::skew::query::STORAGE_KEY;
use crate::model::savepoint::report::other_max_parallelisms;
use crate::model::skew::units::format_bytes;
use crate::url::lab_href;

#[derive(Properties, PartialEq, Clone)]
pub struct PlanProps {
    pub state: SavepointState,
    pub rows: Rc<Vec<OperatorRow>>,
    pub operator: OperatorRow,
    /// The parallelism the predictor link uses.
    pub new_p: u32,
    pub on_action: Callback<SavepointAction>,
}

/// What every operator's links start from: the file's kind and backend as it records them, and
/// its state size (worked out once per file: both walk every subtask).
#[derive(PartialEq)]
struct FileFacts {
    recorded: Recorded,
    state_bytes: u64,
}

#[function_component]
pub fn Plan(props: &PlanProps) -> Html {
    let refused = use_state(|| false);
    let op = &props.operator;
    let loaded = props.state.loaded.as_ref().map(|l| (l.snapshot.clone(), l.sample));
    let facts = use_memo(loaded.clone(), |loaded| {
        let (s, sample) = loaded.as_ref()?;
        Some(FileFacts { recorded: Recorded::of(&s.0, *sample), state_bytes: total_state_bytes(&s.0) })
    });
    // The operator's skew link (its key groups' bytes), once per file and operator.
    let skew = use_memo((loaded.clone(), op.index), |(loaded, i)| {
        loaded.as_ref().and_then(|(s, _)| s.0.operators.get(*i)).and_then(links::skew_link)
    });
    // The operators recording another max parallelism than this one's, grouped once per file
    // and value (a file may hold thousands): for the links and the note under them.
    let grouped = use_memo((loaded.clone(), op.max_parallelism), |(loaded, max)| {
        loaded.as_ref().map_or_else(Vec::new, |(s, _)| other_max_parallelisms(&s.0.operators, *max))
    });
    let Some(facts) = facts.as_ref() else { return html! {} };
    let Some(operator) = props.state.snapshot().and_then(|s| s.operators.get(op.index)) else { return html! {} };
    // The least max parallelism another operator records (the groups come smallest first).
    let others = grouped.first().map(|(m, _)| *m);
    let predictor = links::predictor_href(operator, facts.recorded, others, facts.state_bytes, props.new_p);
    let (planner, planner_text) = links::planner_link(operator, facts.recorded, others, facts.state_bytes, props.new_p);
    let mixed = mixed_max_parallelism(&props.rows, op, &grouped);
    let owners = owners_href(op, props.new_p);
    let options: Vec<(AttrValue, AttrValue)> =
        props.rows.iter().map(|r| (AttrValue::from(r.index.to_string()), AttrValue::from(r.label()))).collect();
    let on_operator =
        props.on_action.reform(|v: String| SavepointAction::SelectOperator { index: v.parse().unwrap_or(0) });
    let on_skew = {
        let (stored, refused, index) = (skew.as_ref().as_ref().is_some_and(|s| s.stored), refused.clone(), op.index);
        // The key set, built only when a link too long for a URL is followed.
        let csv = move || loaded.as_ref().and_then(|(s, _)| s.0.operators.get(index)).and_then(links::skew_csv);
        Callback::from(move |e: MouseEvent| {
            if stored && !csv().is_some_and(|csv| browser::storage_try_set(STORAGE_KEY, &csv)) {
                e.prevent_default();
                refused.set(true);
            }
        })
    };
    html! {
        <section class="sp-plan" aria-labelledby="sp-plan-title">
            <h2 id="sp-plan-title">{ "Plan from this snapshot" }</h2>
            <LiveForm>
                <SelectField id="sp-operator" label="Operator to plan from" options={options}
                    selected={AttrValue::from(op.index.to_string())} on_change={on_operator} />
                { slot_field(&P, &props.state, &props.on_action) }
            </LiveForm>
            <ul class="sp-links">
                <li><a href={planner}>{ "Plan a rescale from this snapshot" }</a>
                    { planner_text }</li>
                <li><a href={predictor}>{ format!("Predict a restore at parallelism {}", props.new_p) }</a>
                    { format!(": the restore predictor with the snapshot's max parallelism {}{}.", op.max_parallelism,
                        others.map(|o| format!(", and {o}, the least the other operators record")).unwrap_or_default()) }</li>
                if let Some(owners) = owners {
                    <li><a href={owners}>{ format!("Key owners at max parallelism {}", op.max_parallelism) }</a>
                        { format!(": each subtask's key groups at parallelism {}, and which subtask a key of yours goes to.", props.new_p) }</li>
                }
                if let Some(skew) = skew.as_ref() {
                    <li><a href={skew.href.clone()} onclick={on_skew}>{ "Open the skew lab with these state bytes" }</a>
                        { if skew.exact {
                            format!(": {} keys, one per key group with state, each an int key chosen to land in that group, carrying its bytes and 0 events/s.", skew.groups)
                        } else {
                            format!(": {} keys, one per key group, each subtask's bytes spread evenly over its groups (an estimate: the file has no per-group offsets) and 0 events/s.", skew.groups)
                        } }
                        if skew.outside_groups > 0 {
                            <span data-testid="sp-outside-groups">{ format!(" Left out: {} ({} bytes) that belong to no key group, the headers the state handles write before their first group.",
                                format_bytes(skew.outside_groups), skew.outside_groups) }</span>
                        }</li>
                } else {
                    <li>{ format!("{} holds no keyed state to open in the skew lab.", op.label()) }</li>
                }
            </ul>
            if let Some(mixed) = mixed {
                <p class="notices" data-testid="sp-maxp-mixed">{ mixed }</p>
            }
            if *refused {
                <p class="alert" role="alert">{ "This browser's storage refused the key set, so the skew lab cannot open it." }</p>
            }
            <p class="muted">{ "In the skew lab, read the state-bytes figures and try other parallelisms: a snapshot records no event rates, so its events/s skew stays 0." }</p>
        </section>
    }
}

/// The owners lab at the operator's max parallelism and the new parallelism, for a keyed
/// operator whose max parallelism the lab takes (1 to 32768).
fn owners_href(op: &OperatorRow, p: u32) -> Option<String> {
    let takes = op.keyed && (1..=32768).contains(&op.max_parallelism);
    takes.then(|| lab_href(Lab::Owners, &[("maxp", op.max_parallelism.to_string()), ("p", p.to_string())]))
}

/// Where the file's operators record other max parallelisms than the chosen one's: which, and
/// what that means for a restore (the links carry the chosen operator's alone).
fn mixed_max_parallelism(rows: &[OperatorRow], op: &OperatorRow, others: &[(i32, Vec<usize>)]) -> Option<String> {
    let (first_max, first) = others.first().map(|(m, ops)| (*m, ops[0]))?;
    let name = |i: usize| rows.get(i).map_or_else(|| format!("operator {i}"), OperatorRow::label);
    // Each max parallelism with its operators, five named at the most (a file may hold
    // thousands).
    let list: Vec<String> = others
        .iter()
        .map(|(m, ops)| {
            let mut named: Vec<String> = ops.iter().take(5).map(|i| name(*i)).collect();
            if ops.len() > 5 {
                named.push(format!("{} more", ops.len() - 5));
            }
            format!("{m} for {}", named.join(", "))
        })
        .collect();
    let id = rows.get(first).map_or_else(String::new, |r| r.id.clone());
    let m = op.max_parallelism;
    Some(format!(
        "Not every operator records max parallelism {m}: {}. These links carry {}'s alone. Flink checks each operator it restores against the max parallelism the new job gives it: one set for that operator, or for the whole job (setMaxParallelism on the environment, or pipeline.max-parallelism), that differs from what the snapshot records stops the restore, naming one such operator; for {} it says \"Max parallelism mismatch … Cannot map operator {id} with max parallelism {first_max} to new program with max parallelism {m}\". For the restore, set each operator's max parallelism in its code to what the snapshot records for it, or leave it unset with no job-wide value, so that Flink takes the snapshot's.",
        list.join("; "),
        op.label(),
        name(first)
    ))
}

crate::components::deferred::deferred!(
    /// [`Plan`], its code fetched when it is wanted.
    pub DeferredPlan(PlanProps) => Plan, chunk savepoint_plan, "the plan"
);
