//! The savepoint lab's key-group chart (plotters, SVG backend): state bytes per key group, each
//! bar coloured by the subtask that owns its group (alternating two blues, so every subtask's
//! run of groups shows), the largest group in red. More groups than
//! [`super::load_charts::MAX_BARS`] are bucketed (each bar shows its bucket's largest value):
//! the drawing is [`super::load_charts::coloured_bars_svg`]'s, only the colours are this chart's.

use plotters::prelude::RGBColor;

use super::load_charts::coloured_bars_svg;

const EVEN: RGBColor = RGBColor(29, 79, 145);
const ODD: RGBColor = RGBColor(122, 167, 224);
const RED: RGBColor = RGBColor(176, 58, 46);

/// Bars of `bytes` (one per key group); `owner[g]` is the subtask owning group `g`.
pub fn group_bytes_svg(bytes: &[u64], owner: &[u32]) -> String {
    let largest = bytes.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0))).map(|(i, _)| i);
    coloured_bars_svg(bytes, "key group", "state bytes", |start, end| {
        if largest.is_some_and(|l| (start..end).contains(&l)) {
            RED
        } else if owner.get(start).copied().unwrap_or(0) % 2 == 0 {
            EVEN
        } else {
            ODD
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
        let svg = group_bytes_svg(&bytes, &owner);
        assert!(svg.starts_with("<svg"));
        assert!(svg.matches("<rect").count() >= 128);
        for colour in ["#1D4F91", "#7AA7E0", "#B03A2E"] {
            assert!(svg.to_uppercase().contains(colour), "{colour}");
        }
        let many = group_bytes_svg(&vec![1; 32768], &vec![0; 32768]);
        assert!(many.matches("<rect").count() < 200);
        assert!(group_bytes_svg(&[], &[]).starts_with("<svg"));
    }
}
