//! A wide table's own scroll container: at phone widths the table scrolls sideways inside it
//! and the page never does. It is a labelled region that takes focus (`tabindex=0`), so a
//! keyboard can scroll it and a screen reader names it (axe: scrollable-region-focusable).

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ScrollBoxProps {
    /// What the region holds, e.g. "Keys table"; ", scrolls sideways" is added.
    pub label: AttrValue,
    #[prop_or_default]
    pub children: Html,
}

#[function_component]
pub fn ScrollBox(props: &ScrollBoxProps) -> Html {
    html! {
        <div class="scroll-box" role="region" aria-label={format!("{}, scrolls sideways", props.label)} tabindex="0">
            { props.children.clone() }
        </div>
    }
}
