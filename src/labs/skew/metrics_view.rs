//! What imported REST metrics show: the data skew % (`metrics-skew-percent`), where it came
//! from (`metrics-summary`), per-subtask load in a paged table when the body has it, and which
//! what-ifs these numbers can answer (`metrics-whatifs`): another parallelism needs a per-key
//! breakdown, which no REST body holds.

use std::rc::Rc;

use yew::prelude::*;

use super::query::{MAXP, P};
use super::state::SkewAction;
use crate::components::{use_locked, use_page, LockNote, PagerButtons, ScrollBox};
use crate::model::number::two_places;
use crate::model::skew::metrics::{format_units, AggregatedMetric, Imported, SubtaskMetrics};

const PAGE_ROWS: usize = 32;

#[derive(Properties, PartialEq)]
pub struct MetricsViewProps {
    pub metrics: Rc<Imported>,
    /// The lab's parallelism, to say when bodies that do not name theirs leave subtasks out.
    pub parallelism: u32,
    pub on_action: Callback<SkewAction>,
}

fn percent_of_permille(permille: u32) -> String {
    format!("{}.{}%", permille / 10, permille % 10)
}

fn value(m: &SubtaskMetrics, v: u64) -> String {
    format_units(v, m.scale, 3)
}

#[function_component]
pub fn MetricsView(props: &MetricsViewProps) -> Html {
    let m = &*props.metrics;
    let subtasks = match m {
        Imported::PerSubtask(s) => Some(s.values.len()),
        Imported::AggregatedOnly(_) => None,
    };
    let (page, on_go) = use_page(subtasks.unwrap_or(0), PAGE_ROWS, props.metrics.clone());
    let summary = match m {
        Imported::PerSubtask(s) => {
            let vertex = s.vertex.as_ref().and_then(|v| v.name.clone()).map(|n| format!(" of {n:?}")).unwrap_or_default();
            format!("Read {} subtasks{vertex}: {} from {}.", s.values.len(), s.metric.id(), m.body().request())
        }
        Imported::AggregatedOnly(a) => format!(
            "Read Flink's aggregation of {} over the subtasks ({}): min, max, mean, sum and skew, but no subtask's own value.",
            a.metric.id(),
            m.body().request()
        ),
    };
    let skew = m.skew_percent();
    // An embedding page that locked either value keeps it: the button to take the job's own
    // says so instead of changing it.
    let (p_locked, max_locked) =
        (use_locked(Some(AttrValue::Static("p"))), use_locked(Some(AttrValue::Static("maxp"))));
    let locked = p_locked || max_locked;
    html! {
        <div class="metrics-result">
            <p data-testid="metrics-summary" data-body={m.body().as_str()} data-metric={m.metric().id()}
                data-subtasks={subtasks.map(|n| n.to_string())}>{ summary }</p>
            <p class="skew-figure">
                { "Data skew of the imported metrics: " }<strong data-testid="metrics-skew-percent">{ skew }</strong>{ "%" }
            </p>
            { match m {
                Imported::PerSubtask(s) => html! {
                    <p class="muted">{ format!("Flink's formula over {} (it gave the skew field of Flink's REST API for a real job): the mean \
                        absolute deviation over the mean, {}% before the web UI's Data Skew tab rounds it (its rounding read \
                        from its sources).", s.metric.id(), four_places(s.skew_ten_thousandths())) }</p>
                },
                Imported::AggregatedOnly(a) => html! {
                    <p class="muted">{ "Flink's own skew field: " }<span data-testid="metrics-flink-skew">{ a.skew_text.clone() }</span>
                        { ", rounded as the web UI's Data Skew tab rounds it (Math.round, read from its sources)." }</p>
                },
            } }
            if let Imported::PerSubtask(s) = m {
                { for s.notes.iter().map(|n| html! { <p class="notice-line">{ n.clone() }</p> }) }
                if let Some(note) = s.coverage_note(props.parallelism) {
                    <p class="notice-line" data-testid="metrics-coverage">{ note }</p>
                }
                { load_table(s, page, on_go) }
            }
            { whatifs(m, &props.on_action, locked) }
        </div>
    }
}

fn four_places(ten_thousandths: u64) -> String {
    format!("{}.{:04}", ten_thousandths / 10_000, ten_thousandths % 10_000)
}

fn load_table(s: &SubtaskMetrics, page: crate::components::Page, on_go: Callback<crate::components::PageStep>) -> Html {
    let n = s.values.len();
    let busiest = s.busiest() as usize;
    html! {
        <>
            <div class="table-tools">
                <PagerButtons page={page} noun="imported subtasks" status={format!("Subtasks {} to {} of {}", page.first, page.end.saturating_sub(1), n)} on_go={on_go} />
            </div>
            <ScrollBox label="Metrics table">
                <table class="metrics-table">
                    <caption>{ "Load of each subtask, imported" }</caption>
                    <thead><tr><th scope="col">{ "subtask" }</th><th scope="col">{ format!("{} ({})", s.metric.id(), s.metric.unit()) }</th>
                        <th scope="col">{ "share" }</th>
                        if s.bytes.is_some() { <th scope="col">{ "read-bytes" }</th> }</tr></thead>
                    <tbody>
                        { for (page.first..page.end).map(|i| html! {
                            <tr key={i} class={classes!((i == busiest).then_some("busiest"))}>
                                <td>{ i }</td><td>{ value(s, s.values[i]) }</td><td>{ percent_of_permille(s.share_permille(i)) }</td>
                                if let Some(b) = &s.bytes { <td>{ b[i] }</td> }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </ScrollBox>
        </>
    }
}

fn whatifs(m: &Imported, on_action: &Callback<SkewAction>, locked: bool) -> Html {
    let yes = |text: String| html! { <li class="answers"><strong>{ "Answered: " }</strong>{ text }</li> };
    let no = |text: &str| html! { <li class="needs"><strong>{ "Not from these numbers: " }</strong>{ text.to_string() }</li> };
    let per_key = "another parallelism. A subtask's load is the sum of its key groups' loads, and another parallelism \
                   regroups exactly those key groups, so it needs the load per key (or per key group), which no REST body \
                   holds. Enter your keys with their rates in the key set below and use What if… there.";
    let items = match m {
        Imported::PerSubtask(s) => {
            let busiest = s.busiest() as usize;
            let mut items = vec![
                yes(format!("the data skew now, {}%.", m.skew_percent())),
                yes(format!(
                    "the busiest subtask: {busiest}, with {} {} ({} of all), {} × the mean.",
                    value(s, s.values[busiest]),
                    s.metric.unit(),
                    percent_of_permille(s.share_permille(busiest)),
                    two_places(s.max_over_mean_milli())
                )),
            ];
            if let Some(g) = s.key_groups() {
                items.push(yes(if g.is_even() {
                    format!(
                        "key groups: every subtask owns {} of the {} key groups, so none of this skew comes from \
                             unequal key-group counts; it comes from the keys.",
                        g.most, g.max_parallelism
                    )
                } else {
                    format!(
                        "key groups: {}, so part of the skew may come from that; a parallelism dividing {} removes \
                             that part only.",
                        g.owners_sentence(),
                        g.max_parallelism
                    )
                }));
            }
            items.push(no(per_key));
            items.push(no(
                "whether one hot key makes the busiest subtask busy, and splitting it: that also needs per-key counts.",
            ));
            items
        }
        Imported::AggregatedOnly(a) => aggregated_items(m, a, &yes, &no, per_key),
    };
    let settings = match m {
        Imported::PerSubtask(s) => s.vertex.as_ref().and_then(|v| Some((v.parallelism?, v.max_parallelism?))),
        Imported::AggregatedOnly(_) => None,
    };
    let on_use = settings.map(|(p, max)| {
        let act = on_action.clone();
        Callback::from(move |_: MouseEvent| {
            act.emit(MAXP.set_text(&max.to_string()).into());
            act.emit(P.set_text(&p.to_string()).into());
        })
    });
    html! {
        <div class="metrics-whatifs">
            <h3>{ "What these numbers can answer" }</h3>
            <ul data-testid="metrics-whatifs">{ for items }</ul>
            if let (Some((p, max)), Some(on_use)) = (settings, on_use) {
                if locked {
                    <button type="button" disabled=true aria-describedby="metrics-use-locked">
                        { format!("Use parallelism {p} and max parallelism {max} in this lab") }
                    </button>
                    <LockNote id="metrics-use-locked" />
                } else {
                    <button type="button" onclick={on_use}>{ format!("Use parallelism {p} and max parallelism {max} in this lab") }</button>
                }
            }
        </div>
    }
}

fn aggregated_items(
    m: &Imported,
    a: &AggregatedMetric,
    yes: &dyn Fn(String) -> Html,
    no: &dyn Fn(&str) -> Html,
    per_key: &str,
) -> Vec<Html> {
    let mut items = vec![yes(format!("the data skew now, {}% (Flink's {}).", m.skew_percent(), a.skew_text))];
    if let Some(r) = m.max_over_mean_milli() {
        items.push(yes(format!(
            "the busiest subtask carries {} × the mean (max ÷ avg), but not which subtask it is.",
            two_places(r)
        )));
    }
    items.push(no(
        "the load of each subtask: this body holds only min, max, avg, sum and skew. Paste the vertex details \
                   (GET /jobs/<job>/vertices/<vertex>) or one …/subtasks/<i>/metrics body per subtask for that.",
    ));
    items.push(no(per_key));
    items
}
