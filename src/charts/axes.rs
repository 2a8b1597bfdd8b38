//! The frame every plotters chart shares: background, axes, grid and labels in the theme's
//! colours at [`super::style::FONT_PX`], x ticks as whole indices, y ticks in the axis's unit
//! ([`AxisScale`]: `k events/s`, `MB`), so a tick reads `2.5` where it would read `2500000`.

use plotters::coord::types::{RangedCoordu64, RangedCoordusize};
use plotters::prelude::*;

use super::style::{ChartStyle, FONT_PX};
use crate::model::number::{AxisScale, Quantity};

/// A y axis: what it measures, and the quantity that picks its unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YAxis<'a> {
    pub what: &'a str,
    pub quantity: Quantity,
}

impl YAxis<'_> {
    /// The axis title with its unit: `k events/s`, `state (MB)`, `key groups`.
    pub fn title(&self, scale: &AxisScale) -> String {
        match self.quantity {
            Quantity::Count => self.what.to_string(),
            Quantity::Rate => scale.unit.to_string(),
            Quantity::Bytes => format!("{} ({})", self.what, scale.unit),
        }
    }
}

/// The error type of a drawing into a string.
pub type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// The chart type the draw functions use: indices on x, thousandths of the y unit on y.
pub type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordusize, RangedCoordu64>>;

/// Fills the background and draws the mesh of a chart over `0..x_end` × `0..y_top`
/// (y in thousandths of `scale`'s unit).
pub fn frame<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
    style: &ChartStyle,
    x_desc: &str,
    y_title: &str,
    x_end: usize,
    y_top: u64,
) -> Result<Chart<'a, 'b>, Box<dyn std::error::Error>> {
    let p = style.palette;
    root.fill(&p.background)?;
    let mut chart = ChartBuilder::on(root)
        .margin(10)
        .x_label_area_size(38)
        .y_label_area_size(58)
        .build_cartesian_2d(0usize..x_end.max(1), 0u64..y_top.max(1))?;
    let label = ("sans-serif", FONT_PX).into_font().color(&p.ink);
    let y_fmt = |v: &u64| AxisScale::tick(*v);
    // Bars stand on [i, i + 1): the tick at x_end names no bar (no subtask 3 at p = 3).
    let x_fmt = |v: &usize| if *v < x_end { v.to_string() } else { String::new() };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(x_desc)
        .y_desc(y_title)
        .x_labels(style.x_labels())
        .y_labels(5)
        .y_label_formatter(&y_fmt)
        .x_label_formatter(&x_fmt)
        .label_style(label.clone())
        .axis_desc_style(label)
        .axis_style(p.axis)
        .bold_line_style(p.grid)
        .light_line_style(p.background)
        .draw()?;
    Ok(chart)
}
