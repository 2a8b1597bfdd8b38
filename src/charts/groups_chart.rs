//! Key groups per subtask as a bar chart (plotters, SVG backend). Beyond [`MAX_BARS`]
//! subtasks, neighbouring subtasks share a bar that shows the most groups any of them owns,
//! so the chart's size does not grow with p. Drawn at the [`ChartStyle`]'s size and colours.

use plotters::prelude::*;

use super::axes::{frame, DrawResult};
use super::style::ChartStyle;
use crate::model::number::{AxisScale, Quantity};
use crate::model::Parallelism;

/// The most bars drawn.
pub const MAX_BARS: u32 = 128;

/// One bar: subtasks `first..=last` and the most key groups any of them owns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bar {
    pub first: u32,
    pub last: u32,
    pub groups: u32,
}

/// Groups per subtask, bucketed to at most [`MAX_BARS`] bars (one pass over the ranges).
pub fn bars(p: Parallelism) -> Vec<Bar> {
    let n = p.get();
    let buckets = n.min(MAX_BARS);
    let mut out: Vec<Bar> = Vec::with_capacity(buckets as usize);
    for (op, range) in p.ranges() {
        let bucket = (u64::from(op.index()) * u64::from(buckets) / u64::from(n)) as usize;
        if bucket == out.len() {
            out.push(Bar { first: op.index(), last: op.index(), groups: range.len() });
        } else if let Some(bar) = out.last_mut() {
            bar.last = op.index();
            bar.groups = bar.groups.max(range.len());
        }
    }
    out
}

/// The chart as an SVG document at `style`'s size and colours; empty if plotters reports an error.
pub fn groups_per_subtask_svg(p: Parallelism, style: &ChartStyle) -> String {
    let bars = bars(p);
    let mut svg = String::new();
    if draw(&mut svg, p, &bars, style).is_err() {
        svg.clear();
    }
    svg
}

fn draw(svg: &mut String, p: Parallelism, bars: &[Bar], style: &ChartStyle) -> DrawResult {
    let root = SVGBackend::with_string(svg, (style.width, style.height)).into_drawing_area();
    let scale = AxisScale::for_max(Quantity::Count, 1);
    let busiest = bars.iter().map(|b| b.groups).max().unwrap_or(0);
    let top = scale.milli(u64::from(busiest) + 1);
    let mut chart = frame(&root, style, "subtask", "key groups", p.get() as usize, top)?;
    let palette = style.palette;
    // The busiest subtasks stand out only where some own more than others: an even split
    // (p divides the max parallelism) has no busiest subtask.
    let even = p.max().get().is_multiple_of(p.get());
    chart.draw_series(bars.iter().map(|b| {
        let colour = if b.groups == busiest && !even { palette.highlight } else { palette.series };
        Rectangle::new(
            [(b.first as usize, 0), (b.last as usize + 1, scale.milli(u64::from(b.groups)))],
            colour.filled(),
        )
    }))?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MaxParallelism;

    fn par(max: i64, p: i64) -> Parallelism {
        Parallelism::new(p, MaxParallelism::new(max).unwrap()).unwrap()
    }

    #[test]
    fn bars_cover_every_subtask_once() {
        for (max, p) in [(128, 100), (128, 12), (32768, 32768), (32768, 1000), (7, 7)] {
            let b = bars(par(max, p));
            assert!(b.len() as u32 <= MAX_BARS);
            assert_eq!(b[0].first, 0);
            assert_eq!(b.last().unwrap().last, p as u32 - 1);
            for pair in b.windows(2) {
                assert_eq!(pair[0].last + 1, pair[1].first);
            }
        }
        assert_eq!(bars(par(128, 100)).iter().filter(|b| b.groups == 2).count(), 28);
    }

    /// The highlight marks the subtasks with an extra group, so an even split has none.
    #[test]
    fn only_an_uneven_split_highlights_its_busiest_subtasks() {
        let style = ChartStyle::default();
        let RGBColor(r, g, b) = style.palette.highlight;
        let highlight = format!("#{r:02X}{g:02X}{b:02X}");
        let highlighted =
            |max, p| groups_per_subtask_svg(par(max, p), &style).to_uppercase().matches(&highlight).count();
        for (max, p, bars) in [(128, 4, 0), (128, 128, 0), (32768, 1024, 0), (128, 100, 28), (128, 3, 2), (7, 5, 2)] {
            assert_eq!(highlighted(max, p), bars, "max {max}, p {p}");
        }
    }

    #[test]
    fn svg_has_one_rect_per_bar_and_no_script() {
        let svg = groups_per_subtask_svg(par(128, 100), &ChartStyle::default());
        assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(80)]);
        assert!(svg.matches("<rect").count() >= 100);
        assert!(!svg.contains("<script"));
    }
}
