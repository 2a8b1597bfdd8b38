//! The savepoint lab's key-group chart (plotters, SVG backend): state bytes per key group, each
//! bar coloured by the subtask that owns its group (alternating two blues, so every subtask's
//! run of groups shows), the largest group in red. More groups than [`MAX_BARS`] are bucketed
//! (each bar shows its bucket's largest value). Per-subtask bars reuse
//! [`super::load_charts::bars_svg`].

use plotters::prelude::*;

use super::load_charts::{bucket_max, MAX_BARS};

const SIZE: (u32, u32) = (640, 240);

/// [`super::svg_data_url`]'s URL (every byte but RFC 3986 unreserved ones percent-encoded),
/// written without an allocation per byte: the savepoint lab's charts redraw with each file.
pub fn data_url(svg: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(40 + svg.len() * 2);
    out.push_str("data:image/svg+xml;charset=utf-8,");
    for &b in svg.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    out
}
const EVEN: RGBColor = RGBColor(29, 79, 145);
const ODD: RGBColor = RGBColor(122, 167, 224);
const RED: RGBColor = RGBColor(176, 58, 46);

/// Bars of `bytes` (one per key group); `owner[g]` is the subtask owning group `g`.
pub fn group_bytes_svg(bytes: &[u64], owner: &[u32]) -> String {
    let buckets = bucket_max(bytes, MAX_BARS);
    let largest = bytes.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0))).map(|(i, _)| i);
    let mut svg = String::new();
    let drawn = (|| -> Result<(), Box<dyn std::error::Error + '_>> {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let top = buckets.iter().map(|b| b.1).max().unwrap_or(0).max(1);
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(64)
            .build_cartesian_2d(0usize..bytes.len().max(1), 0u64..top + top / 10 + 1)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("key group")
            .y_desc("state bytes")
            .x_labels(8)
            .y_labels(6)
            .label_style(("sans-serif", 13))
            .draw()?;
        let ends: Vec<usize> = buckets.iter().skip(1).map(|b| b.0).chain(std::iter::once(bytes.len())).collect();
        chart.draw_series(buckets.iter().zip(ends).map(|(&(start, v), end)| {
            let colour = if largest.is_some_and(|l| (start..end).contains(&l)) {
                RED
            } else if owner.get(start).copied().unwrap_or(0) % 2 == 0 {
                EVEN
            } else {
                ODD
            };
            Rectangle::new([(start, 0), (end, v)], colour.filled())
        }))?;
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
    fn one_bar_per_group_up_to_the_limit_and_owners_alternate() {
        let bytes: Vec<u64> = (0..128).map(|g| g % 5).collect();
        let owner: Vec<u32> = (0..128).map(|g| g / 32).collect();
        let svg = group_bytes_svg(&bytes, &owner);
        assert!(svg.starts_with("<svg"));
        assert!(svg.matches("<rect").count() >= 128);
        for colour in ["#1D4F91", "#7AA7E0", "#B03A2E"] {
            assert!(svg.to_uppercase().contains(colour), "{colour}");
        }
        assert_eq!(data_url(&svg), super::super::svg_data_url(&svg));
        assert_eq!(data_url("<a b=\"ü#%\"/>"), super::super::svg_data_url("<a b=\"ü#%\"/>"));
        let many = group_bytes_svg(&vec![1; 32768], &vec![0; 32768]);
        assert!(many.matches("<rect").count() < 200);
        assert!(group_bytes_svg(&[], &[]).starts_with("<svg"));
    }
}
