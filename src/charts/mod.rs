//! Chart drawing: model data in, SVG out. No maths of the domain here, only geometry.
//!
//! - [`ranges_bar`]: the key-group axis with each subtask's run, as a handful of SVG paths
//!   (never one element per key group or per subtask).
//! - [`groups_chart`]: key groups per subtask, drawn with plotters' SVG backend and shown as
//!   an image, so its many shapes add no DOM nodes.
//! - [`savepoint_charts`]: a snapshot's state bytes per key group, coloured by owning subtask.
//! - [`plan_timeline`]: the rescale plan's steps on a time axis, the outage and the point of no return.
//! - [`style`] and [`axes`]: every plotters chart's size (the width it is given), palette (the
//!   theme's) and frame (axes in the theme's ink, y ticks in the axis's unit).

pub mod axes;
pub mod groups_chart;
pub mod load_charts;
pub mod plan_timeline;
pub mod ranges_bar;
pub mod rescale_flows;
pub mod savepoint_charts;
pub mod style;

use crate::url::encode_component;

/// An SVG document as a `data:` URL for an `<img>` (allowed by the page's CSP).
pub fn svg_data_url(svg: &str) -> String {
    format!("data:image/svg+xml;charset=utf-8,{}", encode_component(svg))
}
