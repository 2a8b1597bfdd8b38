//! Geometry of the rescale picture: the old subtasks in a top row, the new ones in a bottom
//! row, both laid out by operator index in the same slots (subtask i of either row sits at the
//! same x), and each run of key groups ([`Flow`]) drawn as a band from its old owner to its new
//! one. A band that goes straight down keeps its owner; a slanted one changes owner, which is
//! what a rescale's logical move is. Band widths are key-group counts, never bytes.
//!
//! Bounded at any size: up to [`DETAILED_MAX`] subtasks per row every subtask and every flow is
//! its own element (at most 64 + 64 boxes, 127 bands and 64 labels); above it each row is one
//! bar and the bands are bundled into columns [`BUNDLE`] units wide, two paths in all.
//! Coordinates are integers (no float formatting in the wasm). The view box is as wide as the
//! picture is on screen (the container's width, measured), so one unit is one pixel: labels
//! keep their size on a phone, and fewer of them are drawn where the slots are narrow.

use crate::model::rescale::Flow;

/// The view box's width when the container's is not known yet, and the least and most it takes.
pub const WIDTH: u32 = 640;
const MIN_WIDTH: u32 = 240;
const MAX_WIDTH: u32 = 960;
/// Height of the view box.
pub const HEIGHT: u32 = 178;
/// The most subtasks in a row that are drawn one by one.
pub const DETAILED_MAX: u32 = 64;
/// Column width of bundled bands.
pub const BUNDLE: u32 = 4;
/// The least width, in units, a label needs.
const LABEL_SLOT: u32 = 18;
/// How far a label's centre stays from either edge: half a two-digit label at 11 px, and a pixel.
const LABEL_EDGE: u32 = 8;

pub const OLD_LABEL_Y: u32 = 13;
pub const OLD_TOP: u32 = 18;
pub const BOX_H: u32 = 20;
pub const NEW_TOP: u32 = 138;
pub const NEW_LABEL_Y: u32 = 172;
const BAND_TOP: u32 = OLD_TOP + BOX_H;
const BAND_BOTTOM: u32 = NEW_TOP;

/// One subtask's box and, when there is room, its label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotBox {
    pub index: u32,
    pub x: u32,
    pub width: u32,
    /// Where the label's centre goes, if this subtask is labelled.
    pub label_x: Option<u32>,
}

/// One band of the detailed picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Band {
    pub flow: Flow,
    pub d: String,
}

/// The picture's shapes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RescalePicture {
    /// The view box's width: the picture's on screen, in pixels.
    pub width: u32,
    pub from: u32,
    pub to: u32,
    /// Every subtask and every flow drawn on its own.
    pub detailed: bool,
    /// Detailed: one box per subtask of each row.
    pub old_boxes: Vec<SlotBox>,
    pub new_boxes: Vec<SlotBox>,
    /// Detailed: one band per flow.
    pub bands: Vec<Band>,
    /// Bundled: each row as one bar `(x, width)`.
    pub old_bar: (u32, u32),
    pub new_bar: (u32, u32),
    /// Bundled: the bands that change owner and those that keep it, as path data.
    pub moving: String,
    pub staying: String,
    /// Flows that change owner, and all flows.
    pub moving_flows: u32,
    pub flows: u32,
}

/// Slot `i` of `slots` across `width`: `[x0, x1)`.
fn slot(i: u32, slots: u32, width: u32) -> (u32, u32) {
    let x = |k: u32| (u64::from(k) * u64::from(width) / u64::from(slots.max(1))) as u32;
    (x(i), x(i + 1))
}

/// Where key groups `first..=last` sit inside a box `[x0, x1)` holding `range_first..=range_last`.
fn sub_span(x0: u32, x1: u32, range: (u32, u32), first: u32, last: u32) -> (u32, u32) {
    let len = u64::from(range.1 - range.0 + 1);
    let width = u64::from(x1 - x0);
    let at = |g: u32| x0 + (u64::from(g - range.0) * width / len) as u32;
    let (a, b) = (at(first), at(last + 1).min(x1));
    (a, b.max(a + 1))
}

/// A band from `[t0, t1)` on the old row's bottom edge to `[b0, b1)` on the new row's top edge,
/// with curved sides.
fn band_path(d: &mut String, (t0, t1): (u32, u32), (b0, b1): (u32, u32)) {
    let mid = (BAND_TOP + BAND_BOTTOM) / 2;
    d.push_str(&format!(
        "M{t0} {BAND_TOP}C{t0} {mid} {b0} {mid} {b0} {BAND_BOTTOM}H{b1}C{b1} {mid} {t1} {mid} {t1} {BAND_TOP}Z"
    ));
}

/// A bundled band one unit wider on the right, so neighbouring bundles overlap instead of
/// leaving an anti-aliased seam between them.
fn widen((a, b): (u32, u32), width: u32) -> (u32, u32) {
    (a, (b + 1).min(width).max(b))
}

/// How far apart the centres of labels `a` and `b` must be: half of each (a digit at 11 px is
/// 7 px wide) and a pixel.
fn apart(a: u32, b: u32) -> u32 {
    let half = |i: u32| if i < 10 { 4 } else { 7 };
    half(a) + half(b) + 1
}

/// Which of a row's `count` subtasks are labelled, with their label's centre (`centre`, kept
/// clear of the edges): the first, every `step`-th, and the last, each only where it does not
/// touch the one before; the last wins over the ones just before it.
fn labels(count: u32, step: u32, centre: impl Fn(u32) -> u32) -> Vec<(u32, u32)> {
    let mut kept: Vec<(u32, u32)> = Vec::new();
    let clear = |kept: &[(u32, u32)], i: u32, x: u32| kept.last().is_none_or(|&(j, px)| x >= px + apart(j, i));
    for i in (0..count).filter(|&i| i % step == 0 || i + 1 == count) {
        let x = centre(i);
        if i + 1 == count {
            while kept.len() > 1 && !clear(&kept, i, x) {
                kept.pop();
            }
        }
        if clear(&kept, i, x) {
            kept.push((i, x));
        }
    }
    kept
}

impl RescalePicture {
    /// Lays out `flows` (in key-group order, as [`crate::model::rescale::flows`] gives them)
    /// of a rescale from `from` to `to` subtasks, for a picture `width` pixels wide on screen
    /// (taken between 240 and 960).
    pub fn new(from: u32, to: u32, flows: &[Flow], width: u32) -> RescalePicture {
        let width = width.clamp(MIN_WIDTH, MAX_WIDTH);
        let slot = |i: u32, slots: u32| slot(i, slots, width);
        let widen = |span: (u32, u32)| widen(span, width);
        let slots = from.max(to).max(1);
        let detailed = slots <= DETAILED_MAX;
        let (slot_w0, slot_w1) = slot(0, slots);
        let step = LABEL_SLOT.div_ceil((slot_w1 - slot_w0).max(1));
        // Each subtask's key-group range, from the flows (they partition the groups).
        let ranges = |count: u32, owner: fn(&Flow) -> u32| {
            let mut r = vec![(u32::MAX, 0u32); count as usize];
            for f in flows {
                if let Some(e) = r.get_mut(owner(f) as usize) {
                    e.0 = e.0.min(f.first);
                    e.1 = e.1.max(f.last);
                }
            }
            r
        };
        let old_ranges = ranges(from, |f| f.from);
        let new_ranges = ranges(to, |f| f.to);
        let gap = if detailed { 2 } else { 0 };
        let inner = |i: u32| {
            let (x0, x1) = slot(i, slots);
            (x0 + gap, (x1 - gap).max(x0 + gap + 1))
        };
        let boxes = |count: u32| -> Vec<SlotBox> {
            if !detailed {
                return Vec::new();
            }
            let mut boxes: Vec<SlotBox> = (0..count)
                .map(|i| {
                    let (x0, x1) = inner(i);
                    SlotBox { index: i, x: x0, width: x1 - x0, label_x: None }
                })
                .collect();
            for (i, x) in labels(count, step, |i| {
                let (x0, x1) = inner(i);
                ((x0 + x1) / 2).clamp(LABEL_EDGE, width - LABEL_EDGE)
            }) {
                boxes[i as usize].label_x = Some(x);
            }
            boxes
        };
        let spans = |f: &Flow| {
            let top = old_ranges.get(f.from as usize).copied().unwrap_or((f.first, f.last));
            let bottom = new_ranges.get(f.to as usize).copied().unwrap_or((f.first, f.last));
            let (o0, o1) = inner(f.from);
            let (n0, n1) = inner(f.to);
            (sub_span(o0, o1, top, f.first, f.last), sub_span(n0, n1, bottom, f.first, f.last))
        };
        let mut picture = RescalePicture {
            width,
            from,
            to,
            detailed,
            old_boxes: boxes(from),
            new_boxes: boxes(to),
            bands: Vec::new(),
            old_bar: (0, slot(from, slots).0.max(1)),
            new_bar: (0, slot(to, slots).0.max(1)),
            moving: String::new(),
            staying: String::new(),
            moving_flows: flows.iter().filter(|f| f.moves()).count() as u32,
            flows: flows.len() as u32,
        };
        if detailed {
            picture.bands = flows
                .iter()
                .map(|f| {
                    let mut d = String::new();
                    let (top, bottom) = spans(f);
                    band_path(&mut d, top, bottom);
                    Band { flow: *f, d }
                })
                .collect();
        } else {
            for moves in [true, false] {
                let mut d = String::new();
                let mut open: Option<((u32, u32), (u32, u32))> = None;
                for f in flows.iter().filter(|f| f.moves() == moves) {
                    let (top, bottom) = spans(f);
                    open = match open {
                        Some((t, b)) if t.0 / BUNDLE == top.0 / BUNDLE && b.0 / BUNDLE == bottom.0 / BUNDLE => {
                            Some(((t.0, t.1.max(top.1)), (b.0, b.1.max(bottom.1))))
                        }
                        Some((t, b)) => {
                            band_path(&mut d, widen(t), widen(b));
                            Some((top, bottom))
                        }
                        None => Some((top, bottom)),
                    };
                }
                if let Some((t, b)) = open {
                    band_path(&mut d, widen(t), widen(b));
                }
                if moves {
                    picture.moving = d;
                } else {
                    picture.staying = d;
                }
            }
        }
        picture
    }

    /// Elements the picture adds to the page (boxes, bands, labels, bars and paths).
    pub fn elements(&self) -> usize {
        let labels = |b: &[SlotBox]| b.iter().filter(|s| s.label_x.is_some()).count();
        if self.detailed {
            self.old_boxes.len()
                + self.new_boxes.len()
                + self.bands.len()
                + labels(&self.old_boxes)
                + labels(&self.new_boxes)
        } else {
            4
        }
    }
}

#[cfg(test)]
#[path = "rescale_flows_tests.rs"]
mod tests;
