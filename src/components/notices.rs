//! The visible list of URL parameters that were ignored, each naming its parameter.

use yew::prelude::*;

use crate::url::Notice;

#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    pub notices: Vec<Notice>,
}

/// Renders nothing when there is nothing to say.
#[function_component]
pub fn Notices(props: &NoticesProps) -> Html {
    if props.notices.is_empty() {
        return html! {};
    }
    html! {
        <div class="notices" role="status" data-testid="url-notices">
            <p class="notices-title">{ "Some link parameters were not used:" }</p>
            <ul>
                { for props.notices.iter().map(|n| html! {
                    <li data-param={n.param.clone()}>{ n.message.clone() }</li>
                }) }
            </ul>
        </div>
    }
}
