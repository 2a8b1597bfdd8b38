//! How a chart is drawn: its size (the width its container gives it, so text stays at its
//! drawn size, never shrunk) and the theme's palette (the page's own background and ink, and
//! series colours that keep their contrast on it). Pure data: the components measure and
//! choose, the draw functions only read it.

use plotters::style::RGBColor;

/// A theme's chart colours. Background and ink are the page's `--bg` and `--fg`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub background: RGBColor,
    pub ink: RGBColor,
    /// Axis lines and the main grid.
    pub axis: RGBColor,
    pub grid: RGBColor,
    /// The main series, its alternate (neighbouring runs), and the highlighted bar.
    pub series: RGBColor,
    pub alternate: RGBColor,
    pub highlight: RGBColor,
}

impl Palette {
    pub const LIGHT: Palette = Palette {
        background: RGBColor(0xff, 0xff, 0xff),
        ink: RGBColor(0x1a, 0x1d, 0x21),
        axis: RGBColor(0x4a, 0x52, 0x60),
        grid: RGBColor(0xe1, 0xe5, 0xea),
        series: RGBColor(29, 79, 145),
        alternate: RGBColor(122, 167, 224),
        highlight: RGBColor(176, 58, 46),
    };
    pub const DARK: Palette = Palette {
        background: RGBColor(0x14, 0x17, 0x1c),
        ink: RGBColor(0xe8, 0xeb, 0xef),
        axis: RGBColor(0xaa, 0xb3, 0xbf),
        grid: RGBColor(0x2c, 0x32, 0x3b),
        series: RGBColor(0x8d, 0xb8, 0xf2),
        alternate: RGBColor(0x4f, 0x7f, 0xbf),
        highlight: RGBColor(0xff, 0x9a, 0xa4),
    };
}

/// The narrowest and widest a chart is drawn.
pub const MIN_WIDTH: u32 = 240;
pub const MAX_WIDTH: u32 = 960;
/// Tick labels and axis titles as plotters is given them. Its SVG backend writes a font of
/// size s as `font-size` s ÷ 1.24, so 15 is about 12 CSS pixels, drawn 1:1 on screen.
pub const FONT_PX: u32 = 15;

/// A chart's size and colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChartStyle {
    pub width: u32,
    pub height: u32,
    pub palette: Palette,
}

impl ChartStyle {
    /// For a container `width` pixels wide (clamped to [`MIN_WIDTH`]..=[`MAX_WIDTH`]); the
    /// height follows at 3:8, between 200 and 280.
    pub fn new(width: u32, dark: bool) -> ChartStyle {
        let width = width.clamp(MIN_WIDTH, MAX_WIDTH);
        let palette = if dark { Palette::DARK } else { Palette::LIGHT };
        ChartStyle { width, height: (width * 3 / 8).clamp(200, 280), palette }
    }

    /// How many x labels fit: about one per 90 pixels.
    pub fn x_labels(&self) -> usize {
        (self.width / 90).max(2) as usize
    }
}

impl Default for ChartStyle {
    fn default() -> Self {
        ChartStyle::new(640, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_container() {
        let cases = [(640, 640, 240, 7), (342, 342, 200, 3), (100, 240, 200, 2), (4000, 960, 280, 10)];
        for (given, width, height, labels) in cases {
            let s = ChartStyle::new(given, false);
            assert_eq!((s.width, s.height, s.x_labels()), (width, height, labels), "{given}");
        }
        assert_eq!(ChartStyle::new(640, true).palette, Palette::DARK);
    }
}
