//! A form of live controls: every field acts as it changes, so there is nothing to submit, and
//! Enter in a field must not send the form (a submitted form would reload the page and lose
//! what the lab holds).

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LiveFormProps {
    /// Classes beside `controls`.
    #[prop_or_default]
    pub class: Classes,
    pub children: Html,
}

#[function_component]
pub fn LiveForm(props: &LiveFormProps) -> Html {
    html! {
        <form class={classes!("controls", props.class.clone())} onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            { props.children.clone() }
        </form>
    }
}
