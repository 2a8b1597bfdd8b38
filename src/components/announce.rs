//! Results said when an edit ends, not at each keystroke. A lab's result regions are live, and
//! a number typed into a field passes through values on its way (2, 20, then 200): each would
//! be said. While a field of the lab has an edit under way ([`crate::url::slot::editing`]) the
//! regions are quiet (`aria-live="off"`); when it ends (the field left, a value set) they speak
//! again and their content is drawn anew, so a screen reader says the result once, for the
//! value that stands. A menu, a slider or a button sets a value at once: said at once. A field
//! that is not a parameter's (a key, a uid) tells the lab through [`Announce::typing`] that it
//! is being typed into, so the same holds for it. [`ResultRegion`] is a status region so made,
//! [`ResultAlert`] an alert, [`use_announced`] the pair for a region drawn by hand, and a field's
//! own error is one too (`text_field.rs`).

use yew::prelude::*;

/// What a result region needs: whether to speak, and a key that changes when an edit ends.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Announce {
    pub editing: bool,
    /// Counts the edits that have ended: the region's content is keyed by it.
    pub ended: u32,
    /// Told by a field that is typed into (`true`) and left or entered (`false`): the lab's
    /// own fields, beside its parameters'. None outside a lab.
    pub typing: Option<Callback<bool>>,
}

impl Announce {
    /// The region's `aria-live`.
    pub fn live(&self) -> &'static str {
        if self.editing {
            "off"
        } else {
            "polite"
        }
    }
}

/// The lab's [`Announce`], from whether one of its parameters has an edit under way, or one
/// of its other fields is being typed into.
#[hook]
pub fn use_announce(params_editing: bool) -> Announce {
    let typing = use_state_eq(|| false);
    let on_typing = {
        let setter = typing.setter();
        use_callback((), move |now: bool, _| setter.set(now))
    };
    let editing = params_editing || *typing;
    let seen = use_mut_ref(|| (false, 0u32));
    let mut seen = seen.borrow_mut();
    if seen.0 && !editing {
        seen.1 = seen.1.wrapping_add(1);
    }
    seen.0 = editing;
    Announce { editing, ended: seen.1, typing: Some(on_typing) }
}

/// The lab's [`Announce`] for a region drawn by hand: `aria-live={a.live()}`, and its content
/// keyed by `a.ended`.
#[hook]
pub fn use_announced() -> Announce {
    use_context::<Announce>().unwrap_or_default()
}

#[derive(Properties, PartialEq)]
pub struct ResultRegionProps {
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// `data-verdict`, where the region has one.
    #[prop_or_default]
    pub verdict: Option<AttrValue>,
    /// `data-ok`, where the region has one.
    #[prop_or_default]
    pub ok: Option<AttrValue>,
    pub children: Html,
}

/// A result region (`role="status"`) that is quiet while an edit is under way and speaks its
/// content once the edit ends.
#[function_component]
pub fn ResultRegion(props: &ResultRegionProps) -> Html {
    let announce = use_announced();
    html! {
        <div class={props.class.clone()} data-testid={props.testid.clone()} data-verdict={props.verdict.clone()}
            data-ok={props.ok.clone()} role="status" aria-live={announce.live()}>
            <div class="region-content" key={announce.ended.to_string()}>{ props.children.clone() }</div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ResultAlertProps {
    #[prop_or_default]
    pub class: Classes,
    pub children: Html,
}

/// An alert that a result raises (the job does not start): always `role="alert"` (the
/// contract's blocking error), but quiet while an edit is under way (each number on the way
/// would interrupt with its own readout) and its content drawn anew when the edit ends, so it
/// is said for the value that stands.
#[function_component]
pub fn ResultAlert(props: &ResultAlertProps) -> Html {
    let announce = use_announced();
    let live = if announce.editing { "off" } else { "assertive" };
    html! {
        <div class={classes!("alert", props.class.clone())} role="alert" aria-live={live}>
            <div class="region-content" key={announce.ended.to_string()}>{ props.children.clone() }</div>
        </div>
    }
}
