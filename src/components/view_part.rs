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

/// The section the whole lab opens at: the one shown alone before **Show the whole lab**, as
/// its `view=` word and its label (which names the part that takes the focus, for a screen
/// reader).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reveal(pub Option<(&'static str, &'static str)>);

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

/// The section the whole lab comes up at, while the whole lab shows.
#[hook]
fn use_reveal() -> Option<(&'static str, &'static str)> {
    let reveal = use_context::<Reveal>().unwrap_or_default().0;
    let whole = use_view().is_none();
    reveal.filter(|_| whole)
}

/// Once a part where the whole lab comes up is drawn, the lab's anchor for it (a [`RevealAt`]),
/// else its first such part, is brought into view and focused (`browser::reveal_first`).
#[hook]
fn use_brought_into_view(revealed: Option<&'static str>) {
    use_effect_with(revealed, |&revealed| {
        if let Some(label) = revealed {
            browser::reveal::reveal_first(&["[data-revealed=\"anchor\"]", "[data-revealed=\"part\"]"], label);
        }
    });
}

/// Its children when the whole lab shows, or when the section shown is one of `names`.
#[function_component]
pub fn InView(props: &InViewProps) -> Html {
    let revealed = use_reveal().filter(|(name, _)| props.names.contains(name));
    use_brought_into_view(revealed.map(|(_, label)| label));
    match (use_view(), revealed) {
        (Some(view), _) if !props.names.contains(&view) => html! {},
        (_, Some(_)) => focused_part("part", props.children.clone()),
        _ => props.children.clone(),
    }
}

#[derive(Properties, PartialEq)]
pub struct RevealAtProps {
    /// The section (`view=` word) whose reader the whole lab brings here.
    pub name: &'static str,
    #[prop_or_default]
    pub children: Html,
}

/// Where the whole lab comes up for the section `name`, where that is not its first part: the
/// part its reader was using (the plan's steps, not the form above them; the what-ifs, shown
/// first alone).
#[function_component]
pub fn RevealAt(props: &RevealAtProps) -> Html {
    let revealed = use_reveal().filter(|(name, _)| *name == props.name);
    use_brought_into_view(revealed.map(|(_, label)| label));
    match revealed {
        Some(_) => focused_part("anchor", props.children.clone()),
        None => props.children.clone(),
    }
}

/// A part the whole lab may come up at: focusable. The one that takes the focus (the anchor,
/// else the first part) becomes a group named by its section's label, which a screen reader
/// says as the focus lands (`browser::reveal::reveal_first`).
fn focused_part(kind: &'static str, children: Html) -> Html {
    html! { <div class="revealed" data-revealed={kind} tabindex="-1">{ children }</div> }
}
