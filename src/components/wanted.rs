//! [`Wanted`]: children that mount only once they are wanted: near the view, or after the
//! reader's first input, even one given before they were drawn (see [`crate::browser::wanted`]).
//! They mount at once inside an embed's frame (a frame is sized by its content, and its host
//! page may never scroll it into view) and in a module built without code splitting. Until
//! then an empty slot of about their height holds their place, so what is below does not jump
//! far when they arrive (a class, not a style attribute: the page's Content-Security-Policy
//! allows no inline style).

use yew::prelude::*;

use crate::browser::wanted::{reader_engaged, WantedWatch};

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
    let slot = use_node_ref();
    {
        let (wanted, slot) = (wanted.clone(), slot.clone());
        use_effect_with(*wanted, move |&now| {
            let watch = match slot.cast::<web_sys::Element>() {
                Some(element) if !now => Some(WantedWatch::new(&element, move || wanted.set(true))),
                _ => None,
            };
            move || drop(watch)
        });
    }
    if *wanted {
        props.children.clone()
    } else {
        html! { <div ref={slot} class={classes!("wanted-slot", props.height)}></div> }
    }
}
