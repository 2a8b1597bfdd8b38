//! The skew lab's charts (plotters, SVG backend): load per subtask, load per key group, and
//! the sorted load curve over keys with the heaviest keys named. Many values are bucketed to
//! at most [`MAX_BARS`] bars (each bar shows its bucket's largest value) or
//! [`MAX_POINTS`] points, so drawing time does not grow with the key count. Key names are
//! text: plotters escapes them, and the chart is shown as an image, where nothing runs.
//! Each is drawn at the [`ChartStyle`]'s size in its palette, y in the axis's unit.

use plotters::prelude::*;

use super::axes::{frame, DrawResult, YAxis};
use super::style::{ChartStyle, Palette, FONT_PX};
use crate::model::number::{AxisScale, Quantity};

/// The most bars one chart draws.
pub const MAX_BARS: usize = 128;
/// The most points of the sorted curve.
pub const MAX_POINTS: usize = 200;

/// Buckets `values` into at most `limit` (first index, largest value) pairs.
pub fn bucket_max(values: &[u64], limit: usize) -> Vec<(usize, u64)> {
    let n = values.len();
    let buckets = n.min(limit.max(1));
    let mut out: Vec<(usize, u64)> = Vec::with_capacity(buckets);
    for (i, &v) in values.iter().enumerate() {
        let b = i * buckets / n.max(1);
        if b == out.len() {
            out.push((i, v));
        } else if let Some(last) = out.last_mut() {
            last.1 = last.1.max(v);
        }
    }
    out
}

/// A bar chart of `values` (index on x), the bar holding `highlight` in the highlight colour.
pub fn bars_svg(values: &[u64], x_desc: &str, y: YAxis<'_>, highlight: Option<usize>, style: &ChartStyle) -> String {
    coloured_bars_svg(values, x_desc, y, style, |p, start, end| {
        if highlight.is_some_and(|h| (start..end).contains(&h)) {
            p.highlight
        } else {
            p.series
        }
    })
}

/// A bar chart of `values` (index on x), bucketed to at most [`MAX_BARS`] bars; the bar of
/// indices `start..end` takes `colour(palette, start, end)`.
pub fn coloured_bars_svg(
    values: &[u64],
    x_desc: &str,
    y: YAxis<'_>,
    style: &ChartStyle,
    colour: impl Fn(&Palette, usize, usize) -> RGBColor,
) -> String {
    let buckets = bucket_max(values, MAX_BARS);
    let top = buckets.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let scale = AxisScale::for_max(y.quantity, top);
    let mut svg = String::new();
    let drawn = (|| -> DrawResult {
        let root = SVGBackend::with_string(&mut svg, (style.width, style.height)).into_drawing_area();
        let y_top = scale.milli(top);
        let mut chart = frame(&root, style, x_desc, &y.title(&scale), values.len(), y_top + y_top / 10 + 1)?;
        let ends: Vec<usize> = buckets.iter().skip(1).map(|b| b.0).chain(std::iter::once(values.len())).collect();
        chart.draw_series(buckets.iter().zip(ends).map(|(&(start, v), end)| {
            Rectangle::new([(start, 0), (end, scale.milli(v))], colour(&style.palette, start, end).filled())
        }))?;
        root.present()?;
        Ok(())
    })();
    if drawn.is_err() {
        svg.clear();
    }
    svg
}

/// Events per key, heaviest first, as a line; the `named` heaviest keys are labelled.
pub fn sorted_curve_svg(sorted_events: &[u64], names: &[String], style: &ChartStyle) -> String {
    let n = sorted_events.len();
    let step = n.div_ceil(MAX_POINTS).max(1);
    let top = sorted_events.first().copied().unwrap_or(0).max(1);
    let scale = AxisScale::for_max(Quantity::Rate, top);
    let points: Vec<(usize, u64)> = (0..n).step_by(step).map(|i| (i, scale.milli(sorted_events[i]))).collect();
    let p = style.palette;
    let mut svg = String::new();
    let drawn = (|| -> DrawResult {
        let root = SVGBackend::with_string(&mut svg, (style.width, style.height)).into_drawing_area();
        let y_top = scale.milli(top);
        let title = YAxis { what: "events/s", quantity: Quantity::Rate }.title(&scale);
        let mut chart = frame(&root, style, "keys, heaviest first", &title, n, y_top + y_top / 5 + 1)?;
        chart.draw_series(LineSeries::new(points, p.series.stroke_width(2)))?;
        let text = ("sans-serif", FONT_PX).into_font().color(&p.highlight);
        // Each named key's point is marked; the names stand in a column from the top, ranked
        // (a hot key's followers lie close together near the axis, where names would overlap).
        for (i, name) in names.iter().enumerate().take(3) {
            let shown: String = name.chars().take(24).collect();
            let y = scale.milli(sorted_events.get(i).copied().unwrap_or(0));
            chart.draw_series(std::iter::once(Circle::new((i, y), 4, p.highlight.filled())))?;
            let at = ((n / 4).min(n.saturating_sub(1)), y_top.saturating_sub(y_top / 7 * i as u64));
            chart.draw_series(std::iter::once(Text::new(format!("{}. {shown}", i + 1), at, text.clone())))?;
        }
        root.present()?;
        Ok(())
    })();
    if drawn.is_err() {
        svg.clear();
    }
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVENTS: YAxis<'static> = YAxis { what: "events/s", quantity: Quantity::Rate };

    #[test]
    fn buckets_keep_every_maximum() {
        let values: Vec<u64> = (0..1000).map(|i| i % 97).collect();
        let b = bucket_max(&values, 128);
        assert_eq!(b.len(), 128);
        assert_eq!(b.iter().map(|x| x.1).max(), Some(96));
        assert_eq!(bucket_max(&[5, 1], 128), vec![(0, 5), (1, 1)]);
        assert!(bucket_max(&[], 128).is_empty());
    }

    #[test]
    fn hostile_key_names_are_escaped_text() {
        let svg = sorted_curve_svg(
            &[30, 20, 10],
            &["<script>alert(1)</script>".to_string(), "\"><svg onload=x>".to_string()],
            &ChartStyle::default(),
        );
        assert!(svg.starts_with("<svg"));
        assert!(!svg.contains("<script>"));
        assert!(!svg.contains("<svg onload"));
        assert!(svg.contains("1. &lt;script&gt;"));
        // The names stand apart, one under another, whatever the values beside them.
        let close = sorted_curve_svg(&[1000, 2, 1], &["a".into(), "b".into(), "c".into()], &ChartStyle::default());
        let y_of = |label: &str| {
            let at = close.find(&format!(">\n{label}\n<")).unwrap();
            let tag = &close[close[..at].rfind("<text").unwrap()..at];
            let y = &tag[tag.find(" y=\"").unwrap() + 4..];
            y[..y.find('"').unwrap()].parse::<f64>().unwrap()
        };
        let (one, two, three) = (y_of("1. a"), y_of("2. b"), y_of("3. c"));
        assert!(two - one >= 14.0 && three - two >= 14.0, "{one} {two} {three}");
        // Inside the plot, left of its right edge.
        let x = close[close.find(">\n1. a\n<").map(|at| close[..at].rfind("<text").unwrap()).unwrap()..]
            .split(" x=\"")
            .nth(1)
            .unwrap();
        assert!(x[..x.find('"').unwrap()].parse::<f64>().unwrap() < 500.0);
        let bars = bars_svg(&[1, 2, 3], "subtask", EVENTS, Some(2), &ChartStyle::default());
        assert!(bars.matches("<rect").count() >= 3);
    }

    #[test]
    fn drawn_at_the_given_size_in_the_palette_with_units() {
        let style = ChartStyle::new(342, true);
        let svg = bars_svg(&[29_366, 12_000, 3], "subtask", EVENTS, Some(0), &style);
        assert!(svg.contains("width=\"342\"") && svg.contains("height=\"200\""), "{}", &svg[..120]);
        assert!(svg.to_uppercase().contains("FILL=\"#14171C\""), "dark background");
        assert!(svg.contains("k events/s"));
        assert!(!svg.contains("29366"));
        let bytes = YAxis { what: "state", quantity: Quantity::Bytes };
        let svg = bars_svg(&[100_000_000, 50_000_000], "subtask", bytes, None, &ChartStyle::default());
        assert!(svg.contains("state (MB)"));
        assert!(!svg.contains("100000000"));
        assert!(svg.to_uppercase().contains("FILL=\"#FFFFFF\""), "light background");
    }
}
