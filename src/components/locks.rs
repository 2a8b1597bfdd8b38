//! Controls an embedding page has locked (`lock=m,a`): the shell provides the list as a
//! context, and fields bound to a locked parameter render disabled, saying why.

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

/// The sentence a locked control is described by.
pub const LOCKED_NOTE: &str = "Locked by the page this lab is embedded in.";
