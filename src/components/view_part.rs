//! One section of a lab shown alone (`view=`, for a compact embed): the shell resolves the
//! link's word against the lab's sections and provides the [`ViewChoice`]; a lab wraps each
//! part in [`InView`] naming the sections it belongs to, and parts of no section show only
//! when the whole lab does. Opened from a section with **Show the whole lab**, the whole lab
//! brings that section's first part into view and gives it the focus ([`Reveal`]), so the
//! reader goes on where they were rather than at the top of the page.

use yew::prelude::*;

use crate::browser;

/// The section shown alone, or `None` for the whole lab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ViewChoice(pub Option<&'static str>);

/// The section the whole lab opens at: the one shown alone before **Show the whole lab**.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reveal(pub Option<&'static str>);

/// The section shown alone here, if any.
#[hook]
pub fn use_view() -> Option<&'static str> {
    use_context::<ViewChoice>().unwrap_or_default().0
}

#[derive(Properties, PartialEq)]
pub struct InViewProps {
    /// The sections this part belongs to (empty: only the whole lab shows it).
    #[prop_or_default]
    pub names: &'static [&'static str],
    #[prop_or_default]
    pub children: Html,
}

/// The selector of the parts the whole lab opens at; the first is scrolled to and focused.
const REVEALED: &str = "[data-revealed]";

/// Its children when the whole lab shows, or when the section shown is one of `names`.
#[function_component]
pub fn InView(props: &InViewProps) -> Html {
    let reveal = use_context::<Reveal>().unwrap_or_default().0;
    let view = use_view();
    let revealed = view.is_none() && reveal.is_some_and(|r| props.names.contains(&r));
    use_effect_with(revealed, |&revealed| {
        if revealed {
            browser::reveal_first(REVEALED);
        }
    });
    match view {
        Some(view) if !props.names.contains(&view) => html! {},
        _ if revealed => {
            html! { <div class="revealed" data-revealed="" tabindex="-1">{ props.children.clone() }</div> }
        }
        _ => props.children.clone(),
    }
}
