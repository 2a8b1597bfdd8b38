//! The skew lab's numbers per key group (issue 5), the chart of events per key group as text:
//! each key group's subtask at the parallelism shown ("—" where the job does not start at it),
//! its keys, events per second and state, paged as the subtask table is.

use std::rc::Rc;

use yew::prelude::*;

use super::view::Scenario;
use crate::components::{use_page, PagerButtons, ScrollBox};
use crate::model::number::format_rate_milli;
use crate::model::skew::aggregate::GroupLoads;
use crate::model::skew::units::format_bytes;

const PAGE_ROWS: usize = 32;

#[derive(Properties, PartialEq)]
pub struct GroupTableProps {
    pub groups: Rc<GroupLoads>,
    pub scenario: Rc<Scenario>,
}

#[function_component]
pub fn GroupTable(props: &GroupTableProps) -> Html {
    let total = props.groups.groups.len();
    let (page, on_go) = use_page(total, PAGE_ROWS, ());
    // Where the job does not start at this parallelism, the groups' own numbers still stand.
    let p = props.scenario.loads.as_ref().ok().map(|l| l.parallelism);
    html! {
        <div class="skew-groups">
            <div class="table-tools">
                <PagerButtons page={page} noun="key groups" status={format!("Key groups {} to {} of {}", page.first, page.end.saturating_sub(1), total)} on_go={on_go} />
            </div>
            <ScrollBox label="Key group load table">
                <table class="skew-table" data-testid="skew-groups-table">
                    <caption class="visually-hidden">{ "Load of each key group, and the subtask that owns it" }</caption>
                    <thead><tr><th scope="col">{ "key group" }</th><th scope="col">{ "subtask" }</th><th scope="col">{ "keys" }</th>
                        <th scope="col">{ "events/s" }</th><th scope="col">{ "state" }</th></tr></thead>
                    <tbody>
                        { for (page.first..page.end).map(|g| {
                            let load = &props.groups.groups[g];
                            let owner = p.and_then(|p| p.find_group(g as u32).ok()).map_or("—".to_string(), |(_, owner, _)| owner.index().to_string());
                            html! { <tr key={g}>
                                <td>{ g }</td><td>{ owner }</td><td>{ load.keys }</td><td>{ format_rate_milli(load.events_milli) }</td><td>{ format_bytes(load.bytes) }</td>
                            </tr> }
                        }) }
                    </tbody>
                </table>
            </ScrollBox>
        </div>
    }
}
