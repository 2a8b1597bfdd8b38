//! The frame every plotters chart shares: background, axes, grid and labels in the theme's
//! colours at [`super::style::FONT_PX`], x ticks as whole indices, y ticks in the axis's unit
//! ([`AxisScale`]: `k events/s`, `MB`), so a tick reads `2.5` where it would read `2500000`.

use plotters::coord::types::{RangedCoordu64, RangedCoordusize};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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
    // The x labels are drawn below, each under the middle of its bar: plotters would put one at
    // a bar's left edge, where it reads as the next bar's.
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(x_desc)
        .y_desc(y_title)
        // One label (plotters needs one), written empty; the labels are drawn below.
        .x_labels(1)
        .x_label_formatter(&|_| String::new())
        .y_labels(5)
        .y_label_formatter(&y_fmt)
        .label_style(label.clone())
        .axis_desc_style(label.clone())
        .axis_style(p.axis)
        .bold_line_style(p.grid)
        .light_line_style(p.background)
        .draw()?;
    let step = label_step(x_end, style.x_labels());
    for i in (0..x_end).step_by(step) {
        let ((left, y), (right, _)) = (chart.backend_coord(&(i, 0)), chart.backend_coord(&(i + 1, 0)));
        let centred = label.pos(Pos::new(HPos::Center, VPos::Top));
        root.draw(&Text::new(i.to_string(), ((left + right) / 2, y + 6), centred))?;
        root.draw(&PathElement::new(vec![((left + right) / 2, y), ((left + right) / 2, y + 4)], p.axis))?;
    }
    Ok(chart)
}

/// Every how many bars an x label stands, for `bars` bars and room for about `room` labels:
/// 1, 2 or 5 times a power of ten, so labels fall on round indices (0, 5, 10 …).
pub fn label_step(bars: usize, room: usize) -> usize {
    let wanted = bars.div_ceil(room.max(1)).max(1);
    let mut ten = 1;
    loop {
        for step in [ten, 2 * ten, 5 * ten] {
            if step >= wanted {
                return step;
            }
        }
        ten *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round steps that leave at most `room` labels: every bar while they fit.
    #[test]
    fn labels_fall_on_round_indices_and_fit() {
        assert_eq!(label_step(4, 3), 2);
        assert_eq!(label_step(3, 3), 1);
        assert_eq!(label_step(8, 7), 2);
        assert_eq!(label_step(100, 7), 20);
        assert_eq!(label_step(128, 3), 50);
        assert_eq!(label_step(32768, 7), 5000);
        assert_eq!(label_step(0, 7), 1);
        for (bars, room) in [(1usize, 2usize), (7, 7), (99, 4), (1000, 7), (32768, 2)] {
            assert!(bars.div_ceil(label_step(bars, room)) <= room, "{bars} {room}");
        }
    }
}
