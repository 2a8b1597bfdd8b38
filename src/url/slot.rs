//! A parameter that knows where it lives in its lab's state ([`Slot`]): the parameter (a
//! [`Param`] field or a [`Pick`] menu), its default, and a lens into the state (get, get-mut,
//! and an optional hook run after an edit, for a lab that must react). A lab lists its slots
//! once, with [`slots!`]; from that one list come the state's fields, the state a link opens
//! ([`open`]), the link the state writes back ([`pairs`]), every edit ([`Edit`], one action for
//! every field and menu of every lab) and the widgets' views. Nothing is mirrored by hand: a
//! new number parameter is its line in the list and its widget.

use std::ops::Deref;

use super::param_info::{FieldView, ParamInfo, ParamTable};
use super::{Notice, Param, Params};

mod declare;
mod kind;
pub(crate) use declare::slots;
pub use kind::Kind;

/// Where a slot's value lives in the state: get and get-mut.
pub type Lens<S, K> = (fn(&S) -> &<K as Kind>::Stored, fn(&mut S) -> &mut <K as Kind>::Stored);

/// A parameter of kind `K` bound to its place in the state `S`.
pub struct Slot<S: 'static, K: Kind> {
    pub kind: K,
    pub default: K::Value,
    get: fn(&S) -> &K::Stored,
    get_mut: fn(&mut S) -> &mut K::Stored,
    after: Option<fn(&mut S)>,
    carried: Option<fn(&S) -> bool>,
}

impl<S, K: Kind> Slot<S, K> {
    /// `after`: run on the state after every edit of this parameter (not when a link opens it).
    /// `carried`: when the link carries the value; `None`, whenever it is not the default (a
    /// parameter that only some states use, such as a preset's exponent, says when it is used).
    pub const fn new(
        kind: K,
        default: K::Value,
        (get, get_mut): Lens<S, K>,
        after: Option<fn(&mut S)>,
        carried: Option<fn(&S) -> bool>,
    ) -> Self {
        Slot { kind, default, get, get_mut, after, carried }
    }

    /// The state's current valid value.
    pub fn value<'a>(&self, state: &'a S) -> &'a K::Value {
        K::value((self.get)(state))
    }

    /// Adds `name=value` to a link into this lab, unless `value` is the default.
    pub fn pair(&self, value: &K::Value, out: &mut Vec<(&'static str, String)>) {
        if *value != self.default {
            out.push((self.kind.name(), self.kind.write(value)));
        }
    }

    /// The edit of `text` typed into this parameter's control (the field not yet left).
    pub fn typed(&self, text: &str) -> Edit {
        Edit { param: self.kind.name(), text: text.to_string(), bad_input: false, how: EditHow::Typing }
    }

    /// The text of a control that sets the value at once (a slider's move, a button): applied,
    /// and the edit ends there, so a bad value typed into the field next falls back to this one
    /// (found by review: the slider's moves were keystrokes of an edit that never ended, and a
    /// `0` typed after them went back to the value before the first move).
    pub fn set_text(&self, text: &str) -> Edit {
        Edit { param: self.kind.name(), text: text.to_string(), bad_input: false, how: EditHow::Set }
    }

    /// The parameter's field left: its edit ends there.
    pub fn left(&self) -> Edit {
        Edit { param: self.kind.name(), text: String::new(), bad_input: false, how: EditHow::Left }
    }

    /// The edit that sets this parameter to `value` (a menu's pick, a slider's move, a button).
    pub fn edit(&self, value: &K::Value) -> Edit {
        Edit { param: self.kind.name(), text: self.kind.write(value), bad_input: false, how: EditHow::Set }
    }
}

impl<S, T: Clone + PartialEq + Sync + 'static> Slot<S, Param<T>> {
    /// What the field widget draws: the parameter's spec, the text as typed and its error.
    pub fn view<'a>(&self, state: &'a S) -> FieldView<'a> {
        FieldView::of(&self.kind, (self.get)(state))
    }
}

impl<S, K: Kind> Deref for Slot<S, K> {
    type Target = K;
    fn deref(&self) -> &K {
        &self.kind
    }
}

/// A slot seen whatever its kind: what opening, writing back and editing the state need.
pub trait Bound<S>: ParamInfo {
    /// Sets the slot from a link (its default when absent or bad).
    fn open(&self, state: &mut S, params: &Params, notices: &mut Vec<Notice>);
    /// Adds `name=value` when the state's value is not the default.
    fn write(&self, state: &S, out: &mut Vec<(&'static str, String)>);
    /// Applies typed or picked text, then the slot's hook.
    fn set(&self, state: &mut S, text: String, bad_input: bool);
    /// The edit under way of its field ends.
    fn settle(&self, state: &mut S);
    /// Its field has an edit under way.
    fn editing(&self, state: &S) -> bool;
    /// The field's current error.
    fn error<'a>(&self, state: &'a S) -> Option<&'a str>;
}

impl<S: 'static, K: Kind> Bound<S> for Slot<S, K> {
    fn open(&self, state: &mut S, params: &Params, notices: &mut Vec<Notice>) {
        let value = self.kind.read_or(params, notices, self.default.clone());
        *(self.get_mut)(state) = self.kind.store(value);
    }
    fn write(&self, state: &S, out: &mut Vec<(&'static str, String)>) {
        match self.carried {
            Some(carried) if carried(state) => out.push((self.kind.name(), self.kind.write(self.value(state)))),
            Some(_) => {}
            None => self.pair(self.value(state), out),
        }
    }
    fn set(&self, state: &mut S, text: String, bad_input: bool) {
        self.kind.set((self.get_mut)(state), text, bad_input);
        if let Some(hook) = self.after {
            hook(state);
        }
    }
    fn settle(&self, state: &mut S) {
        K::settle((self.get_mut)(state));
    }
    fn editing(&self, state: &S) -> bool {
        K::editing((self.get)(state))
    }
    fn error<'a>(&self, state: &'a S) -> Option<&'a str> {
        K::error((self.get)(state))
    }
}

impl<S: 'static, K: Kind> ParamInfo for Slot<S, K> {
    fn name(&self) -> &'static str {
        self.kind.name()
    }
    fn label(&self) -> &'static str {
        self.kind.label()
    }
    fn noun(&self) -> &'static str {
        self.kind.noun()
    }
    fn lockable(&self) -> bool {
        self.kind.lockable()
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn problem(&self, text: &str) -> Option<String> {
        self.kind.problem(text)
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn fallback(&self) -> &'static str {
        self.kind.fallback()
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn normalise(&self, text: &str) -> Option<String> {
        self.kind.normalise(text)
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn slugs(&self) -> Vec<&'static str> {
        self.kind.slugs()
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn shown_at(&self) -> Option<&'static str> {
        self.kind.shown_at()
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn number_input(&self) -> bool {
        self.kind.number_input()
    }
}

/// A lab's slots, in the order of its forms.
pub type Table<S> = &'static [&'static dyn Bound<S>];

/// A state whose parameters live in slots: its two tables, as `slots!` declares them.
pub trait Slotted: Sized + 'static {
    /// The slots, in the order of the lab's forms.
    const SLOTS: Table<Self>;
    /// Every parameter of the lab: its slots, and the parameters it reads by hand (named for
    /// locks, embed titles and tests).
    const PARAMS: ParamTable;

    /// After the slots have read the link: what the lab reads by hand (its `also` parameters,
    /// old names); may add notices. `slots!`'s `read by` clause names it.
    fn read_by_hand(&mut self, _params: &Params, _notices: &mut Vec<Notice>) {}
    /// After the slots have written their pairs: what the lab writes by hand (`written by`).
    fn write_by_hand(&self, _out: &mut Vec<(&'static str, String)>) {}
}

/// `impl From<Edit> for Action`: the lab's action that carries an edit of its slots
/// (`edit_action!(TraceAction::Edit)`).
macro_rules! edit_action {
    ($action:ident :: $variant:ident) => {
        impl From<$crate::url::Edit> for $action {
            fn from(edit: $crate::url::Edit) -> Self {
                $action::$variant(edit)
            }
        }
    };
}
pub(crate) use edit_action;

/// One edit of any lab's field or menu: the parameter's URL name and the text typed or picked.
/// `bad_input`: the browser could not read a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub param: &'static str,
    pub text: String,
    pub bad_input: bool,
    pub how: EditHow,
}

/// How an edit comes: a keystroke in a field, a value set at once, or the field left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EditHow {
    /// A keystroke: bad text leaves the value the field's edit began with.
    #[default]
    Typing,
    /// A menu's pick, a slider's move, a button: applied, and the edit ends there.
    Set,
    /// The field was left: its edit ends, its text is not read again.
    Left,
}

impl Edit {
    /// Applies the edit to the slot it names (an unknown name changes nothing).
    pub fn apply<S>(self, table: Table<S>, state: &mut S) {
        if let Some(slot) = table.iter().find(|slot| slot.name() == self.param) {
            if self.how != EditHow::Left {
                slot.set(state, self.text, self.bad_input);
            }
            if self.how != EditHow::Typing {
                slot.settle(state);
            }
        }
    }
}

/// The state a link opens: every slot read from it, each bad value a notice.
pub fn open<S: Default>(table: Table<S>, params: &Params, notices: &mut Vec<Notice>) -> S {
    let mut state = S::default();
    for slot in table {
        slot.open(&mut state, params, notices);
    }
    state
}

/// Some field of `state` has an edit under way (typed into, not yet left).
pub fn editing<S>(table: Table<S>, state: &S) -> bool {
    table.iter().any(|slot| slot.editing(state))
}

/// The link's parameters for `state`, defaults left out, in the table's order.
pub fn pairs<S>(table: Table<S>, state: &S) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for slot in table {
        slot.write(state, &mut out);
    }
    out
}

#[cfg(test)]
mod tests;
