//! The plan on a time axis (plotters, SVG backend): one bar per step, its row named with the
//! step's number (as in the list beside it) and short name, the axis labelled at round times and
//! at the total, every outage window shaded, the point of no return a vertical line with its label beside
//! it. Drawn twice, once
//! per theme palette; the page shows the one matching its theme. No maths of the domain here:
//! the starts, durations and the outage come from the model's `Timeline`.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::model::planner::format_duration;
use crate::model::planner::outage::Timeline;

/// The widest the picture is drawn; a narrower container (a phone) gets a picture of its own width.
pub const WIDTH: u32 = 640;
const HEIGHT: u32 = 220;
/// Room for the rows' names ("5 stop with savepoint").
const ROW_LABELS: u32 = 170;
/// Below this width a row is named by its number alone (the list beside it names the steps),
/// and the time axis keeps only the ticks that do not crowd each other.
const NARROW: u32 = 480;
/// The least room between two time labels.
const TICK_ROOM: i32 = 90;

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

/// The timeline as an SVG document `width` pixels wide (at most [`WIDTH`]) in `palette`; empty if
/// plotters reports an error.
pub fn timeline_svg(timeline: &Timeline, palette: Palette, width: u32) -> String {
    let mut svg = String::new();
    if draw(&mut svg, timeline, palette, width.clamp(super::style::MIN_WIDTH, WIDTH)).is_err() {
        svg.clear();
    }
    svg
}

fn draw<'a>(svg: &'a mut String, t: &Timeline, c: Palette, width: u32) -> Result<(), Box<dyn std::error::Error + 'a>> {
    let root = SVGBackend::with_string(svg, (width, HEIGHT)).into_drawing_area();
    root.fill(&c.background)?;
    let rows = t.phases.len().max(1) as u32;
    let total = t.total_s().max(1);
    let narrow = width < NARROW;
    // 14 (15 on a phone): plotters writes it as 11.3 px (12.1 px), the other charts' size.
    let font = ("sans-serif", if narrow { 15 } else { 14 }).into_font().color(&c.text);
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .margin_top(26)
        .x_label_area_size(28)
        .y_label_area_size(if narrow { 28 } else { ROW_LABELS })
        .build_cartesian_2d(0u64..total, 0u32..rows)?;
    // The axes only: their labels are drawn below, where the model puts them (plotters' own
    // tick points overflow a u64 axis asked for none, so two are asked for and left blank).
    chart
        .configure_mesh()
        .disable_mesh()
        .axis_style(c.text)
        .x_labels(2)
        .y_labels(2)
        .x_label_formatter(&|_| String::new())
        .y_label_formatter(&|_| String::new())
        .draw()?;
    chart.draw_series(
        t.windows().into_iter().map(|(start, end)| Rectangle::new([(start, 0), (end, rows)], c.window.filled())),
    )?;
    let starts = t.starts();
    chart.draw_series(t.phases.iter().zip(starts).enumerate().map(|(i, (p, start))| {
        let row = rows - 1 - i as u32;
        let colour = if p.downtime { c.down } else { c.step };
        Rectangle::new([(start, row), (start.saturating_add(p.seconds).max(start + 1), row + 1)], colour.filled())
    }))?;
    let pnr = t.point_of_no_return_s().min(total);
    chart.draw_series([PathElement::new(vec![(pnr, 0), (pnr, rows)], c.marker.stroke_width(3))])?;
    let at = |x: u64, y: u32| chart.backend_coord(&(x, y));
    // Each row named, right-aligned against the axis.
    let right = font.pos(Pos::new(HPos::Right, VPos::Center));
    for (i, p) in t.phases.iter().enumerate() {
        let row = rows - 1 - i as u32;
        let ((x, low), (_, high)) = (at(0, row), at(0, row + 1));
        let name = if narrow { (i + 1).to_string() } else { format!("{} {}", i + 1, p.short()) };
        root.draw(&Text::new(name, (x - 6, (low + high) / 2), right.clone()))?;
    }
    // The time axis: round ticks, and the total at its right end; a tick too near the one
    // kept before it, or the total, is left out.
    let ticks = spaced(&t.ticks(), |tick| at(tick.min(total), 0).0);
    for (n, &tick) in ticks.iter().enumerate() {
        let (x, y) = at(tick.min(total), 0);
        root.draw(&PathElement::new(vec![(x, y), (x, y + 5)], c.text))?;
        let anchor = if n + 1 == ticks.len() && n > 0 { HPos::Right } else { HPos::Center };
        let text = if tick == 0 { "0".to_string() } else { format_duration(tick) };
        root.draw(&Text::new(text, (x, y + 8), font.pos(Pos::new(anchor, VPos::Top))))?;
    }
    // The point of no return's label, beside its line in the top margin.
    let ((x, _), (left, top)) = (at(pnr, 0), at(0, rows));
    let room_left = x - left > 150;
    let (anchor, dx, text) =
        if room_left { (HPos::Right, -4, "point of no return ▸") } else { (HPos::Left, 4, "◂ point of no return") };
    root.draw(&Text::new(text, (x + dx, top - 4), font.pos(Pos::new(anchor, VPos::Bottom))))?;
    root.present()?;
    Ok(())
}

/// The ticks whose labels do not crowd each other: the first, the last (the total), and between
/// them each one at least [`TICK_ROOM`] pixels from the one kept before it and from the last.
fn spaced(ticks: &[u64], x_of: impl Fn(u64) -> i32) -> Vec<u64> {
    let Some((&last, rest)) = ticks.split_last() else { return Vec::new() };
    let mut kept: Vec<u64> = Vec::new();
    for &tick in rest {
        let x = x_of(tick);
        let clear_before = kept.last().is_none_or(|&k| x - x_of(k) >= TICK_ROOM);
        if kept.is_empty() || (clear_before && x_of(last) - x >= TICK_ROOM) {
            kept.push(tick);
        }
    }
    kept.push(last);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::planner::PlanInput;

    #[test]
    fn one_bar_per_step_the_outage_and_the_marker_in_both_palettes() {
        use crate::model::planner::JobStatus;
        let plan = PlanInput { job: JobStatus::Running, ..PlanInput::default() }.plan();
        for palette in [Palette::LIGHT, Palette::DARK] {
            let svg = timeline_svg(&plan.timeline, palette, WIDTH);
            assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(80)]);
            // background, outage window, eight steps
            assert!(svg.matches("<rect").count() >= 9, "{svg}");
            assert!(svg.contains("point of no return") && svg.contains("<polyline"));
            for name in [
                "1 restart with a longer timeout",
                "3 live savepoint",
                "6 shadow comparison",
                "9 restore at target",
                "10 first checkpoint",
                "48 h",
                "66 h 43 min",
            ] {
                assert!(svg.contains(name), "{name} missing");
            }
            assert!(!svg.contains("<script"));
        }
        // A job that is down: two windows shaded, the first row the job brought back.
        let down = timeline_svg(&PlanInput::default().plan().timeline, Palette::LIGHT, WIDTH);
        assert!(
            down.contains("1 bring the job back")
                && down.contains("2 first checkpoint")
                && down.contains("9 restore at target")
        );
        let dark = timeline_svg(&plan.timeline, Palette::DARK, WIDTH);
        assert!(dark.contains("#181A1E") || dark.contains("#181a1e"), "dark background");
    }

    /// On a phone the picture is drawn at the container's width, with its text at full size:
    /// rows named by number, time labels that do not overlap, the total and the marker kept.
    #[test]
    fn a_phone_gets_a_picture_of_its_own_width_with_readable_labels() {
        use crate::model::planner::JobStatus;
        let plan = PlanInput { job: JobStatus::Running, ..PlanInput::default() }.plan();
        let svg = timeline_svg(&plan.timeline, Palette::LIGHT, 336);
        assert!(svg.contains(r#"width="336""#), "{}", &svg[..svg.len().min(120)]);
        assert!(svg.contains("66 h 43 min") && svg.contains("point of no return"));
        assert!(
            !svg.contains("3 live savepoint") && svg.contains("\n10\n</text>"),
            "rows named by their number: {svg}"
        );
        // Plotters writes the 15 asked for as 12.1 px; the axes' own (blank) labels aside,
        // every text is that size.
        assert!(svg.matches(r#"font-size="12.09"#).count() >= 10, "{svg}");
        // Wider than the picture's own width: drawn at that width, not stretched.
        assert!(timeline_svg(&plan.timeline, Palette::LIGHT, 2000).contains(r#"width="640""#));
        // No two time labels closer than the room one needs.
        let xs = |ticks: &[u64]| ticks.iter().map(|&t| (t * 300 / plan.timeline.total_s()) as i32).collect::<Vec<_>>();
        let kept = spaced(&plan.timeline.ticks(), |t| (t * 300 / plan.timeline.total_s()) as i32);
        assert!(xs(&kept).windows(2).all(|w| w[1] - w[0] >= TICK_ROOM), "{kept:?}");
        assert_eq!((kept.first(), kept.last()), (Some(&0), Some(&plan.timeline.total_s())));
    }
}
