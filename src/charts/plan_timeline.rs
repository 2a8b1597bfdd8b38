//! The plan on a time axis (plotters, SVG backend): one numbered bar per step (numbers as in the
//! list beside it), the outage shaded, the point of no return a vertical line. Drawn twice, once
//! per theme palette; the page shows the one matching its theme. No maths of the domain here:
//! the starts, durations and the outage come from the model's `Timeline`.

use plotters::prelude::*;

use crate::model::planner::outage::Timeline;

const WIDTH: u32 = 640;
const HEIGHT: u32 = 220;

/// The colours of one theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub background: RGBColor,
    pub text: RGBColor,
    pub step: RGBColor,
    pub down: RGBColor,
    pub window: RGBColor,
    pub marker: RGBColor,
}

impl Palette {
    pub const LIGHT: Palette = Palette {
        background: RGBColor(255, 255, 255),
        text: RGBColor(34, 34, 34),
        step: RGBColor(29, 79, 145),
        down: RGBColor(176, 58, 46),
        window: RGBColor(246, 222, 218),
        marker: RGBColor(0, 0, 0),
    };
    pub const DARK: Palette = Palette {
        background: RGBColor(24, 26, 30),
        text: RGBColor(230, 230, 230),
        step: RGBColor(141, 184, 242),
        down: RGBColor(240, 128, 112),
        window: RGBColor(74, 40, 38),
        marker: RGBColor(224, 196, 92),
    };
}

/// The timeline as an SVG document in `palette`; empty if plotters reports an error.
pub fn timeline_svg(timeline: &Timeline, palette: Palette) -> String {
    let mut svg = String::new();
    if draw(&mut svg, timeline, palette).is_err() {
        svg.clear();
    }
    svg
}

fn draw<'a>(svg: &'a mut String, t: &Timeline, c: Palette) -> Result<(), Box<dyn std::error::Error + 'a>> {
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&c.background)?;
    let rows = t.phases.len().max(1) as u32;
    let total = t.total_s().max(1);
    let font = ("sans-serif", 16).into_font().color(&c.text);
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .x_label_area_size(34)
        .y_label_area_size(30)
        .build_cartesian_2d(0u64..total, 0u32..rows)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .disable_x_mesh()
        .axis_style(c.text)
        .x_labels(6)
        .y_labels(rows as usize)
        .x_label_formatter(&|s| format!("{} h", s / 3600))
        .y_label_formatter(&|r| if *r < rows { (rows - r).to_string() } else { String::new() })
        .label_style(font.clone())
        .draw()?;
    if let Some((start, end)) = t.downtime() {
        chart.draw_series([Rectangle::new([(start, 0), (end, rows)], c.window.filled())])?;
    }
    let starts = t.starts();
    chart.draw_series(t.phases.iter().zip(starts).enumerate().map(|(i, (p, start))| {
        let row = rows - 1 - i as u32;
        let colour = if p.downtime { c.down } else { c.step };
        Rectangle::new([(start, row), (start.saturating_add(p.seconds).max(start + 1), row + 1)], colour.filled())
    }))?;
    let pnr = t.point_of_no_return_s().min(total);
    chart.draw_series([PathElement::new(vec![(pnr, 0), (pnr, rows)], c.marker.stroke_width(3))])?;
    let label = |text: &str, pos: (i32, i32)| Text::new(text.to_string(), pos, font.clone());
    root.draw(&label("point of no return ▸", (WIDTH as i32 - 200, 12)))?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::planner::PlanInput;

    #[test]
    fn one_bar_per_step_the_outage_and_the_marker_in_both_palettes() {
        let plan = PlanInput::default().plan();
        for palette in [Palette::LIGHT, Palette::DARK] {
            let svg = timeline_svg(&plan.timeline, palette);
            assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(80)]);
            // background, outage window, seven steps
            assert!(svg.matches("<rect").count() >= 9, "{svg}");
            assert!(svg.contains("point of no return") && svg.contains("<polyline"));
            assert!(!svg.contains("<script"));
        }
        let dark = timeline_svg(&plan.timeline, Palette::DARK);
        assert!(dark.contains("#181A1E") || dark.contains("#181a1e"), "dark background");
    }
}
