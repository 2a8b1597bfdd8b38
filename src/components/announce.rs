//! Results said when an edit ends, not at each keystroke. A lab's result regions are live, and
//! a number typed into a field passes through values on its way (2, 20, then 200): each would
//! be said. While a field of the lab has an edit under way the regions are quiet
//! (`aria-live="off"`); when it ends (the field left, Enter or Escape, a number box's arrow) they
//! speak again, and a region whose content changed meanwhile draws it anew, so a screen reader
//! says the result once, for the value that stands (one whose content did not change is not
//! said again). A menu, a slider or a button sets a value at once: said at once. An edit under
//! way is a parameter's ([`crate::url::slot::editing`]) or any text field of the lab typed
//! into, which tells the lab through [`Announce::typing`]. [`ResultRegion`] is a status region so made, [`ResultAlert`]
//! an alert, [`use_spoken`] the pair for a region drawn by hand, and a field's own error is one
//! too (`text_field.rs`).

use yew::prelude::*;

/// Whether the lab's result regions speak now, and how its fields say they are typed into.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Announce {
    pub editing: bool,
    /// Told by a field that is typed into (`true`) and left, entered or removed (`false`).
    /// None outside a lab.
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
    Announce { editing: params_editing || *typing, typing: Some(on_typing) }
}

/// The lab's [`Announce`] (the default, always speaking, outside a lab).
#[hook]
pub fn use_announced() -> Announce {
    use_context::<Announce>().unwrap_or_default()
}

/// A region's `aria-live` and the key to draw its content under: a new key whenever `content`
/// differs from what the region last showed while it spoke. So an edit's quiet changes are
/// drawn anew when it ends (said once, for the value that stands), a region the edit did not
/// change is not said again, and one that first appeared during the edit (a verdict of another
/// kind, an alert) has said nothing yet: it is drawn anew too.
#[hook]
pub fn use_spoken<T: PartialEq + Clone + 'static>(content: &T) -> (&'static str, String) {
    use_spoken_from(content, false)
}

/// [`use_spoken`] for a region whose appearance is said by itself (an alert: browsers raise a
/// new `role="alert"` as an event of its own, quiet or not), when `said_at_first`: what it
/// first shows counts as said, even during an edit.
#[hook]
fn use_spoken_from<T: PartialEq + Clone + 'static>(content: &T, said_at_first: bool) -> (&'static str, String) {
    let announce = use_announced();
    let spoken = use_mut_ref(|| ((said_at_first || !announce.editing).then(|| content.clone()), 0u32));
    let mut spoken = spoken.borrow_mut();
    if !announce.editing && spoken.0.as_ref() != Some(content) {
        *spoken = (Some(content.clone()), spoken.1.wrapping_add(1));
    }
    (announce.live(), spoken.1.to_string())
}

#[derive(Properties, PartialEq)]
pub struct ResultRegionProps {
    #[prop_or_default]
    pub class: Classes,
    /// Its id, where a field refers to it (the message that refuses the field's value).
    #[prop_or_default]
    pub id: Option<AttrValue>,
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
    let (live, key) = use_spoken(&props.children);
    html! {
        <div id={props.id.clone()} class={props.class.clone()} data-testid={props.testid.clone()} data-verdict={props.verdict.clone()}
            data-ok={props.ok.clone()} role="status" aria-live={live}>
            <div class="region-content" {key}>{ props.children.clone() }</div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ResultAlertProps {
    #[prop_or_default]
    pub class: Classes,
    /// Its id, for the fields it refuses to name it (`aria-describedby`).
    #[prop_or_default]
    pub id: Option<AttrValue>,
    pub children: Html,
}

/// An alert that a result raises (the job does not start): always `role="alert"` (the
/// contract's blocking error), but quiet while an edit is under way (each number on the way
/// would interrupt with its own readout) and its content drawn anew when the edit ends, so it
/// is said for the value that stands. One that first appears during an edit is said as it
/// appears (browsers raise an alert's appearance as an event of its own), and again at the
/// edit's end only if it changed since.
#[function_component]
pub fn ResultAlert(props: &ResultAlertProps) -> Html {
    let (live, key) = use_spoken_from(&props.children, true);
    let live = if live == "off" { "off" } else { "assertive" };
    html! {
        <div id={props.id.clone()} class={classes!("alert", props.class.clone())} role="alert" aria-live={live}>
            <div class="region-content" {key}>{ props.children.clone() }</div>
        </div>
    }
}
