//! The rescale picture's geometry: flow by flow against Flink's owners, bounded at any
//! parallelism, and labels that never crowd at any width.

use super::*;
use crate::model::rescale::flows;
use crate::model::{MaxParallelism, Parallelism};

fn picture(max: i64, from: i64, to: i64) -> RescalePicture {
    let m = MaxParallelism::new(max).unwrap();
    let (a, b) = (Parallelism::new(from, m).unwrap(), Parallelism::new(to, m).unwrap());
    RescalePicture::new(from as u32, to as u32, &flows(a, b), WIDTH)
}

#[test]
fn twenty_four_to_thirty_two_is_drawn_flow_by_flow() {
    let p = picture(128, 24, 32);
    assert!(p.detailed);
    assert_eq!((p.old_boxes.len(), p.new_boxes.len(), p.bands.len(), p.moving_flows), (24, 32, 48, 45));
    // Slots are 20 units wide: old subtask i and new subtask i share a slot.
    assert_eq!((p.old_boxes[5].x, p.new_boxes[5].x, p.old_boxes[5].width), (102, 102, 16));
    // Every subtask labelled (slots of 20 ≥ 18 units).
    assert!(p.old_boxes.iter().chain(&p.new_boxes).all(|b| b.label_x.is_some()));
    // Groups 0–3 go straight down from old 0 to new 0: a vertical band.
    assert_eq!(p.bands[0].d, "M2 38C2 88 2 88 2 138H18C18 88 12 88 12 38Z");
    for b in &p.bands {
        assert!(!b.d.contains('.') && !b.d.contains('-'), "integer coordinates: {}", b.d);
    }
    assert!(p.elements() <= 24 + 32 + 48 + 56);
}

/// At any width, labels never touch nor cross an edge, and a row's first subtask
/// is labelled (its last too, unless within a step of the first).
#[test]
fn labels_never_crowd_at_any_width() {
    let m = MaxParallelism::new(128).unwrap();
    for width in [240, 344, 390, 640, 700, 960] {
        for (from, to) in [(24, 32), (64, 64), (63, 64), (1, 64), (2, 64), (40, 41), (7, 9), (1, 1)] {
            let (a, b) = (Parallelism::new(from, m).unwrap(), Parallelism::new(to, m).unwrap());
            let p = RescalePicture::new(from as u32, to as u32, &flows(a, b), width);
            assert!(p.width == width && p.detailed);
            for row in [&p.old_boxes, &p.new_boxes] {
                let labels: Vec<(u32, u32)> = row.iter().filter_map(|b| b.label_x.map(|x| (b.index, x))).collect();
                assert!(row[0].label_x.is_some(), "{from}->{to} at {width}");
                // A digit at 11 px is 7 px wide: half of each label, and a pixel, between centres.
                let half = |i: u32| if i < 10 { 4 } else { 7 };
                for pair in labels.windows(2) {
                    let [(a, x), (b, y)] = [pair[0], pair[1]];
                    assert!(y - x > half(a) + half(b), "{from}->{to} at {width}: {labels:?}");
                }
                // The last subtask is labelled wherever it is clear of the first.
                let last = row.last().unwrap();
                assert!(last.label_x.is_some() || last.index < 3, "{from}->{to} at {width}: {labels:?}");
                assert!(labels.iter().all(|&(_, c)| (LABEL_EDGE..=width - LABEL_EDGE).contains(&c)), "{labels:?}");
            }
        }
    }
    assert_eq!(picture(128, 24, 32).width, WIDTH);
    assert_eq!(RescalePicture::new(1, 1, &[], 10).width, MIN_WIDTH);
}

#[test]
fn bounded_at_32768() {
    for (from, to) in [(1, 32768), (32768, 1), (24, 32768), (32767, 32768), (65, 64), (100, 1000)] {
        let p = picture(32768, from, to);
        assert!(!p.detailed);
        assert_eq!(p.elements(), 4);
        let trapezoids = p.moving.matches('M').count() + p.staying.matches('M').count();
        assert!(trapezoids <= 2 * 2 * (p.width / BUNDLE) as usize + 2, "{from}->{to}: {trapezoids}");
        assert!(p.moving.len() + p.staying.len() < 120_000, "{from}->{to}");
        assert!(!p.moving.contains('.'));
    }
    let p = picture(64, 64, 64);
    assert!(p.detailed);
    assert_eq!(p.moving_flows, 0);
    assert!(p.old_boxes.iter().filter(|b| b.label_x.is_some()).count() <= 33);
}
