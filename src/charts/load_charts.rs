//! The skew lab's charts (plotters, SVG backend): load per subtask, load per key group, and
//! the sorted load curve over keys with the heaviest keys named. Many values are bucketed to
//! at most [`MAX_BARS`] bars (each bar shows its bucket's largest value) or
//! [`MAX_POINTS`] points, so drawing time does not grow with the key count. Key names are
//! text: plotters escapes them, and the chart is shown as an image, where nothing runs.

use plotters::prelude::*;

/// The most bars one chart draws.
pub const MAX_BARS: usize = 128;
/// The most points of the sorted curve.
pub const MAX_POINTS: usize = 200;
const SIZE: (u32, u32) = (640, 240);
const BLUE: RGBColor = RGBColor(29, 79, 145);
const RED: RGBColor = RGBColor(176, 58, 46);

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

/// A bar chart of `values` (index on x), the bar holding `highlight` in red.
pub fn bars_svg(values: &[u64], x_desc: &str, y_desc: &str, highlight: Option<usize>) -> String {
    coloured_bars_svg(values, x_desc, y_desc, |start, end| {
        if highlight.is_some_and(|h| (start..end).contains(&h)) {
            RED
        } else {
            BLUE
        }
    })
}

/// A bar chart of `values` (index on x), bucketed to at most [`MAX_BARS`] bars; the bar of
/// indices `start..end` takes `colour(start, end)`.
pub fn coloured_bars_svg(
    values: &[u64],
    x_desc: &str,
    y_desc: &str,
    colour: impl Fn(usize, usize) -> RGBColor,
) -> String {
    let buckets = bucket_max(values, MAX_BARS);
    let mut svg = String::new();
    let drawn = (|| -> Result<(), Box<dyn std::error::Error + '_>> {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let top = buckets.iter().map(|b| b.1).max().unwrap_or(0).max(1);
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(64)
            .build_cartesian_2d(0usize..values.len().max(1), 0u64..top + top / 10 + 1)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_labels(8)
            .y_labels(6)
            .label_style(("sans-serif", 13))
            .draw()?;
        let ends: Vec<usize> = buckets.iter().skip(1).map(|b| b.0).chain(std::iter::once(values.len())).collect();
        chart.draw_series(
            buckets
                .iter()
                .zip(ends)
                .map(|(&(start, v), end)| Rectangle::new([(start, 0), (end, v)], colour(start, end).filled())),
        )?;
        root.present()?;
        Ok(())
    })();
    if drawn.is_err() {
        svg.clear();
    }
    svg
}

/// Events per key, heaviest first, as a line; the `named` heaviest keys are labelled.
pub fn sorted_curve_svg(sorted_events: &[u64], names: &[String]) -> String {
    let n = sorted_events.len();
    let step = n.div_ceil(MAX_POINTS).max(1);
    let points: Vec<(usize, u64)> = (0..n).step_by(step).map(|i| (i, sorted_events[i])).collect();
    let mut svg = String::new();
    let drawn = (|| -> Result<(), Box<dyn std::error::Error + '_>> {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let top = sorted_events.first().copied().unwrap_or(0).max(1);
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(64)
            .build_cartesian_2d(0usize..n.max(1), 0u64..top + top / 5 + 1)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("keys, heaviest first")
            .y_desc("events/s")
            .x_labels(8)
            .y_labels(6)
            .label_style(("sans-serif", 13))
            .draw()?;
        chart.draw_series(LineSeries::new(points, BLUE.stroke_width(2)))?;
        let style = ("sans-serif", 13).into_font().color(&RED);
        for (i, name) in names.iter().enumerate().take(3) {
            let shown: String = name.chars().take(24).collect();
            let y = sorted_events.get(i).copied().unwrap_or(0);
            chart.draw_series(std::iter::once(Circle::new((i, y), 4, RED.filled())))?;
            chart.draw_series(std::iter::once(Text::new(
                shown,
                (i + 1 + n / 40, y.saturating_sub(top / 12 * i as u64)),
                style.clone(),
            )))?;
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
        );
        assert!(svg.starts_with("<svg"));
        assert!(!svg.contains("<script>"));
        assert!(!svg.contains("<svg onload"));
        assert!(svg.contains("&lt;script&gt;"));
        let bars = bars_svg(&[1, 2, 3], "subtask", "events/s", Some(2));
        assert!(bars.matches("<rect").count() >= 3);
    }
}
