//! The coverage walk: orbit sizes, trails at fractional times, grading.

use super::*;
use proptest::prelude::*;

fn orbit(m: i64, a: i64) -> Orbit {
    Orbit::new(m, a).unwrap()
}

fn set(items: &[u32]) -> BTreeSet<u32> {
    items.iter().copied().collect()
}

#[test]
fn orbit_size_is_m_over_gcd_for_all_small_pairs() {
    for m in 1..=64 {
        for a in 0..=200 {
            let o = orbit(m, a);
            let (mu, au) = (m as u32, (a as u32) % m as u32);
            let g = (1..=mu).rev().find(|&d| mu.is_multiple_of(d) && au.is_multiple_of(d)).unwrap();
            assert_eq!(o.size(), m as u32 / g, "m={m} a={a}");
            let first_return = (1..=m as u64).find(|&n| o.residue(n) == 0).unwrap();
            assert_eq!(first_return, o.closes_at(), "m={m} a={a}");
            let walked: BTreeSet<u32> = o.trail(o.closes_at()).into_iter().collect();
            assert_eq!(walked, o.reached(), "m={m} a={a}");
        }
    }
}

#[test]
fn the_seed_runs() {
    assert_eq!(orbit(8, 3).trail(8), vec![0, 3, 6, 1, 4, 7, 2, 5, 0]);
    assert_eq!(orbit(8, 3).size(), 8);
    assert_eq!(orbit(8, 2).trail(4), vec![0, 2, 4, 6, 0]);
    assert_eq!(orbit(8, 2).reached(), set(&[0, 2, 4, 6]));
    assert_eq!(orbit(8, 0).reached(), set(&[0]));
    assert_eq!(orbit(1, 5).closes_at(), 1);
}

#[test]
fn step_at_fractional_times() {
    for (t_ms, n) in [(0, 0), (490, 0), (499, 0), (500, 1), (1490, 2), (1500, 3), (10_000, 20), (u32::MAX, 7200)] {
        assert_eq!(step_at(t_ms), n, "t = {t_ms} ms");
    }
    assert_eq!(millis_of_step(3), 1500);
    assert_eq!(millis_of_step(u64::MAX), MAX_MILLIS);
}

#[test]
fn huge_strides_reduce_mod_m() {
    let o = orbit(360, 1_000_000_000_000);
    assert_eq!(o.reduced_stride(), (1_000_000_000_000u64 % 360) as u32);
    assert_eq!(o.residue(u64::MAX), ((u64::MAX % 360) * u64::from(o.reduced_stride()) % 360) as u32);
}

#[test]
fn bounds_are_named() {
    for (m, a, fragment) in [
        (0, 1, "modulus m must be between 1 and 360, got 0"),
        (361, 1, "got 361"),
        (8, -1, "stride a must be between 0 and 1000000000000, got -1"),
    ] {
        let message = Orbit::new(m, a).unwrap_err().to_string();
        assert!(message.contains(fragment), "{message:?} lacks {fragment:?}");
    }
}

#[test]
fn grading_table() {
    type Case<'a> = (i64, i64, &'a [u32], Option<u32>, Verdict);
    let cases: &[Case] = &[
        (8, 3, &[0, 1, 2, 3, 4, 5, 6, 7], None, Verdict::Correct),
        (8, 2, &[0, 2, 4, 6], None, Verdict::Correct),
        (8, 2, &[0, 1, 2, 3, 4, 5, 6, 7], None, Verdict::Incorrect),
        (8, 2, &[], Some(4), Verdict::Correct),
        (8, 2, &[], Some(8), Verdict::Incorrect),
        (8, 2, &[0, 2, 4, 6], Some(5), Verdict::Incorrect),
        (8, 2, &[], None, Verdict::Pending),
    ];
    for (m, a, residues, count, expected) in cases {
        let p = Prediction { residues: set(residues), count: *count };
        assert_eq!(grade(orbit(*m, *a), &p).verdict, *expected, "m={m} a={a} {p:?}");
    }
    let g = grade(orbit(8, 2), &Prediction { residues: set(&[0, 1, 2, 3, 4, 5, 6, 7]), count: None });
    assert_eq!(g.predicted_not_reached, set(&[1, 3, 5, 7]));
    assert!(g.reached_not_predicted.is_empty());
}

proptest! {
    #[test]
    fn trail_is_closed_under_the_orbit(m in 1i64..=360, a in 0i64..=1_000_000_000_000, n in 0u64..2000) {
        let o = orbit(m, a);
        let reached = o.reached();
        for r in o.trail(n) {
            prop_assert!(reached.contains(&r));
            prop_assert_eq!(r % o.gcd(), 0);
        }
        prop_assert_eq!(o.reached_by(n).len() as u64, (n + 1).min(o.closes_at()));
    }
}

/// The circle's points from the short series are the points the standard library's sine and
/// cosine give, to the unit, for every residue of every modulus the lab takes, at the radii the
/// picture draws (the ring, the labels).
#[test]
fn circle_points_match_the_standard_library() {
    let std_point = |residue: u32, m: u32, centre: i32, radius: i32| {
        let angle = std::f64::consts::TAU * f64::from(residue) / f64::from(m) - std::f64::consts::TAU / 4.0;
        let r = f64::from(radius);
        (centre + (r * angle.cos()).round() as i32, centre + (r * angle.sin()).round() as i32)
    };
    for m in 1..=MAX_MODULUS {
        for residue in 0..m {
            for radius in [1200, 1400] {
                assert_eq!(
                    circle_point(residue, m, 1600, radius),
                    std_point(residue, m, 1600, radius),
                    "{residue} of {m} at {radius}"
                );
            }
        }
    }
    assert_eq!(circle_point(0, 8, 1600, 1200), (1600, 400));
    assert_eq!(circle_point(2, 8, 1600, 1200), (2800, 1600));
}
