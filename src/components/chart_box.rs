//! What a chart is drawn for: the width of the element it sits in (measured, and measured
//! again when it changes, so text is drawn at its size on screen, never shrunk with the
//! picture) and the theme's palette (the shell provides [`DarkTheme`], resolved from
//! `theme=` or the system). A panel calls [`use_chart_style`], puts the ref on its section and
//! draws with the style, keyed on it.

use yew::prelude::*;

use crate::browser::watch::WidthWatch;
use crate::charts::style::ChartStyle;

/// Whether the page shows the dark theme (`theme=dark`, or the system's choice without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DarkTheme(pub bool);

/// Widths are taken in steps of this many pixels, so a drag of the window redraws seldom.
const STEP: u32 = 8;

/// The ref to put on the chart's container and the style to draw with.
#[hook]
pub fn use_chart_style() -> (NodeRef, ChartStyle) {
    let node = use_node_ref();
    let width = use_state_eq(|| 640u32);
    let dark = use_context::<DarkTheme>().unwrap_or_default().0;
    let watch = use_mut_ref(|| None::<WidthWatch>);
    {
        let (node, width) = (node.clone(), width.clone());
        // After every render: follow the container, which may appear (or be replaced) later.
        use_effect(move || {
            let current = watch.borrow().as_ref().is_some_and(|w| w.follows(&node));
            if !current {
                *watch.borrow_mut() = WidthWatch::of(&node, move |w| {
                    if w > 0 {
                        width.set(w / STEP * STEP);
                    }
                });
            }
        });
    }
    (node, ChartStyle::new(*width, dark))
}
