//! Results said when an edit ends, not at each keystroke. A lab's result regions are live, and
//! a number typed into a field passes through values on its way (2, 20, then 200): each would
//! be said. While a field of the lab has an edit under way ([`crate::url::slot::editing`]) the
//! regions are quiet (`aria-live="off"`); when it ends (the field left, a value set) they speak
//! again and their content is drawn anew, so a screen reader says the result once, for the
//! value that stands. A menu, a slider or a button sets a value at once: said at once.

use yew::prelude::*;

/// What a result region needs: whether to speak, and a key that changes when an edit ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Announce {
    pub editing: bool,
    /// Counts the edits that have ended: the region's content is keyed by it.
    pub ended: u32,
}

impl Announce {
    /// The region's `aria-live`.
    pub fn live(self) -> &'static str {
        if self.editing {
            "off"
        } else {
            "polite"
        }
    }
}

/// The lab's [`Announce`], from whether one of its fields has an edit under way.
#[hook]
pub fn use_announce(editing: bool) -> Announce {
    let seen = use_mut_ref(|| (false, 0u32));
    let mut seen = seen.borrow_mut();
    if seen.0 && !editing {
        seen.1 = seen.1.wrapping_add(1);
    }
    seen.0 = editing;
    Announce { editing, ended: seen.1 }
}

#[derive(Properties, PartialEq)]
pub struct ResultRegionProps {
    #[prop_or_default]
    pub class: Classes,
    pub testid: AttrValue,
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
    let announce = use_context::<Announce>().unwrap_or_default();
    html! {
        <div class={props.class.clone()} data-testid={props.testid.clone()} data-verdict={props.verdict.clone()}
            data-ok={props.ok.clone()} role="status" aria-live={announce.live()}>
            <div class="region-content" key={announce.ended.to_string()}>{ props.children.clone() }</div>
        </div>
    }
}
