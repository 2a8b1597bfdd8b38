//! One section of a lab shown alone (`view=`, for a compact embed): the shell resolves the
//! link's word against the lab's sections and provides the [`ViewChoice`]; a lab wraps each
//! part in [`InView`] naming the sections it belongs to, and parts of no section show only
//! when the whole lab does.

use yew::prelude::*;

/// The section shown alone, or `None` for the whole lab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ViewChoice(pub Option<&'static str>);

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

/// Its children when the whole lab shows, or when the section shown is one of `names`.
#[function_component]
pub fn InView(props: &InViewProps) -> Html {
    match use_view() {
        Some(view) if !props.names.contains(&view) => html! {},
        _ => props.children.clone(),
    }
}
