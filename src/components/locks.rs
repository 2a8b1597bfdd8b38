//! Controls an embedding page has locked (`lock=m,a`): the shell provides the list as a
//! context, and fields bound to a locked parameter render disabled and look locked (the
//! `field-locked` class: dashed, hatched, a padlock), with [`LockNote`] saying why; the note is
//! tied to the control by `aria-describedby`, so a screen reader hears it with the control.

use std::rc::Rc;

use yew::prelude::*;

/// The locked parameter names, shared with every field below the shell.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Locks(pub Rc<Vec<String>>);

/// Whether the control of `param` is locked here.
#[hook]
pub fn use_locked(param: Option<AttrValue>) -> bool {
    let locks = use_context::<Locks>().unwrap_or_default();
    param.is_some_and(|p| locks.0.iter().any(|l| *l == *p))
}

/// Whether any of `params` is locked here (what several parameters make together, such as a
/// skew preset's key set, is locked with any of them).
#[hook]
pub fn use_any_locked(params: &'static [&'static str]) -> bool {
    let locks = use_context::<Locks>().unwrap_or_default();
    params.iter().any(|p| locks.0.iter().any(|l| l == p))
}

/// The sentence a locked control is described by.
pub const LOCKED_NOTE: &str = "Locked by the page this lab is embedded in.";

/// The class a locked field's wrapper takes.
pub fn locked_class(locked: bool) -> Option<&'static str> {
    locked.then_some("field-locked")
}

#[derive(Properties, PartialEq)]
pub struct LockNoteProps {
    /// The id the control's `aria-describedby` names.
    pub id: AttrValue,
}

/// "Locked by the page this lab is embedded in.", with a padlock drawn beside it.
#[function_component]
pub fn LockNote(props: &LockNoteProps) -> Html {
    html! {
        <p class="field-hint locked" id={props.id.clone()}>
            <svg class="padlock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.6" />
                <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
            </svg>
            { LOCKED_NOTE }
        </p>
    }
}
