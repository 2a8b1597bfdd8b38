//! The savepoint lab's key-group chart (plotters, SVG backend): state bytes per key group, each
//! bar coloured by the subtask that owns its group (alternating two blues, so every subtask's
//! run of groups shows), the largest group in red. More groups than
//! [`super::load_charts::MAX_BARS`] are bucketed (each bar shows its bucket's largest value):
//! the drawing is [`super::load_charts::coloured_bars_svg`]'s, only the colours (from the
//! theme's palette) are this chart's.

use super::axes::YAxis;
use super::load_charts::coloured_bars_svg;
use super::style::ChartStyle;
use crate::model::number::Quantity;

/// Bars of `bytes` (one per key group); `owner[g]` is the subtask owning group `g`.
pub fn group_bytes_svg(bytes: &[u64], owner: &[u32], style: &ChartStyle) -> String {
    let largest = bytes.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0))).map(|(i, _)| i);
    let y = YAxis { what: "state", quantity: Quantity::Bytes };
    coloured_bars_svg(bytes, "key group", y, style, |p, start, end| {
        if largest.is_some_and(|l| (start..end).contains(&l)) {
            p.highlight
        } else if owner.get(start).copied().unwrap_or(0) % 2 == 0 {
            p.series
        } else {
            p.alternate
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bar_per_group_up_to_the_limit_and_owners_alternate() {
        let bytes: Vec<u64> = (0..128).map(|g| g % 5).collect();
        let owner: Vec<u32> = (0..128).map(|g| g / 32).collect();
        let svg = group_bytes_svg(&bytes, &owner, &ChartStyle::default());
        assert!(svg.starts_with("<svg"));
        assert!(svg.matches("<rect").count() >= 128);
        for colour in ["#1D4F91", "#7AA7E0", "#B03A2E"] {
            assert!(svg.to_uppercase().contains(colour), "{colour}");
        }
        let many = group_bytes_svg(&vec![1; 32768], &vec![0; 32768], &ChartStyle::default());
        assert!(many.matches("<rect").count() < 200);
        assert!(group_bytes_svg(&[], &[], &ChartStyle::default()).starts_with("<svg"));
    }
}
