//! The view for a route no lab answers: says so (showing the path as text) and links to
//! every lab.

use yew::prelude::*;

use super::Lab;

#[derive(Properties, PartialEq)]
pub struct NotFoundProps {
    /// The path that matched nothing, as typed.
    pub path: AttrValue,
}

#[function_component]
pub fn NotFound(props: &NotFoundProps) -> Html {
    html! {
        <section class="not-found" aria-labelledby="not-found-title">
            <h1 id="not-found-title">{ "No lab here" }</h1>
            <p>{ "Nothing lives at " }<code>{ props.path.clone() }</code>{ ". Try one of these:" }</p>
            <ul>
                { for Lab::ALL.iter().map(|lab| html! {
                    <li key={lab.slug()}><a href={crate::url::lab_href(*lab, &[])}>{ lab.title() }</a></li>
                }) }
                <li><a href="#/">{ "Home" }</a></li>
            </ul>
        </section>
    }
}
