//! [`Wanted`]: children that mount only once they are wanted: near the view, after the
//! reader's first input, even one given before they were drawn (see [`crate::browser::wanted`]),
//! or [`IDLE_MS`] after their slot was drawn, whichever comes first; the last two only while
//! the lab's app is shown (one set aside for another module's lab fetches nothing).
//! They mount at once inside an embed's frame (a frame is sized by its content, and its host
//! page may never scroll it into view) and in a module built without code splitting. Until
//! then an empty slot of about their height holds their place, so what is below does not jump
//! far when they arrive (a class, not a style attribute: the page's Content-Security-Policy
//! allows no inline style). Once mounted they sit in a box of the same class that keeps that
//! height while a part in it still loads its code (`static/style.css`), so the page moves
//! once, when the code is there, not twice.

use yew::prelude::*;

use crate::browser::page::Timeout;

use crate::browser::wanted::{reader_engaged, WantedWatch};

/// How long after its slot is drawn a part is wanted anyway: the first screen's download and
/// compiling are done by then, and a reader who reads before scrolling finds the part ready.
pub const IDLE_MS: u32 = 3000;

#[derive(Properties, PartialEq)]
pub struct WantedProps {
    /// The slot's height until the children mount (about theirs): `short` (300 px),
    /// `medium` (600 px) or `tall` (900 px); see `static/style.css`.
    #[prop_or("medium")]
    pub height: &'static str,
    #[prop_or_default]
    pub children: Html,
}

#[function_component]
pub fn Wanted(props: &WantedProps) -> Html {
    let wanted = use_state_eq(|| !cfg!(feature = "split") || crate::browser::in_frame() || reader_engaged());
    // Whether the observer has said if the slot is near the view: until then the page is not
    // settled (the first screen may want the part).
    let observed = use_state_eq(|| false);
    crate::components::use_busy(!*wanted && !*observed);
    let slot = use_node_ref();
    {
        let (wanted, observed, slot) = (wanted.clone(), observed.clone(), slot.clone());
        use_effect_with(*wanted, move |&now| {
            let watch = match slot.cast::<web_sys::Element>() {
                Some(element) if !now => {
                    // Not while another module's lab is shown: a lab set aside fetches nothing.
                    let idle = {
                        let wanted = wanted.clone();
                        Timeout::new(IDLE_MS, move || {
                            if crate::browser::page::shown() {
                                wanted.set(true);
                            }
                        })
                    };
                    Some((WantedWatch::new(&element, move || wanted.set(true), move || observed.set(true)), idle))
                }
                _ => None,
            };
            move || drop(watch)
        });
    }
    if *wanted {
        html! { <div class={classes!("wanted-part", props.height)}>{ props.children.clone() }</div> }
    } else {
        html! { <div ref={slot} class={classes!("wanted-slot", props.height)}></div> }
    }
}
