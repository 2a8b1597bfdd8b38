//! Table and property tests of `chooser.rs`.

use super::*;

#[test]
fn divisor_tables() {
    assert_eq!(divisors(128), vec![1, 2, 4, 8, 16, 32, 64, 128]);
    assert_eq!(divisors(720).len(), 30);
    assert_eq!(divisors(1), vec![1]);
    assert_eq!(divisors_near(128, 100, 2), vec![32, 64, 128]);
    assert_eq!(divisors_near(720, 100, 2), vec![80, 90, 120, 144]);
    assert_eq!(
        highly_composite_up_to(32768),
        vec![
            1, 2, 4, 6, 12, 24, 36, 48, 60, 120, 180, 240, 360, 720, 840, 1260, 1680, 2520, 5040, 7560, 10080, 15120,
            20160, 25200, 27720
        ]
    );
}

/// Every suggestion is a multiple of each planned parallelism: for 200 alone 800–1600 in
/// steps of 200 (1200 has the most divisors), for 24 and 200 a multiple of 600.
#[test]
fn divisible_suggestions_table() {
    type Case = (&'static [u32], &'static [u32], u32, u32, &'static [u32]);
    let cases: [Case; 7] = [
        // planned, suggestions, best, power of two, planned uneven at that power of two
        (&[200], &[800, 1000, 1200, 1400, 1600], 1200, 1024, &[200]),
        (&[24, 200], &[1200], 1200, 1024, &[24, 200]),
        (&[200, 24, 24], &[1200], 1200, 1024, &[24, 200]),
        (&[128], &[512, 640, 768, 896, 1024], 768, 512, &[]),
        (&[7, 200], &[1400], 1400, 1024, &[7, 200]),
        (&[10_000], &[30_000], 30_000, 32768, &[10_000]),
        // Small parallelisms are suggested from 128–256, Flink's own floor and twice it, not
        // from 4–8× (12–24 for 3): nothing below what Flink would give by default.
        (&[24], &[144, 168, 192, 216, 240], 240, 128, &[24]),
    ];
    for (planned, values, best, pow2, uneven) in cases {
        let c = suggest_divisible(planned).unwrap();
        assert_eq!(c.suggestions.iter().map(|s| s.value).collect::<Vec<_>>(), values, "{planned:?}");
        assert_eq!((c.best, c.power_of_two, c.uneven_at_power_of_two.as_slice()), (best, pow2, uneven), "{planned:?}");
    }
    assert_eq!(suggest_divisible(&[32768]).unwrap().suggestions[0].value, 32768);
    let three = suggest_divisible(&[3]).unwrap();
    let values: Vec<u32> = three.suggestions.iter().map(|s| s.value).collect();
    assert_eq!(
        (values[0], values.last().copied(), values.len(), three.best, three.power_of_two),
        (129, Some(255), 43, 240, 128)
    );
    let one = suggest_divisible(&[1]).unwrap();
    assert_eq!((one.suggestions.len(), one.best, one.power_of_two), (129, 240, 128));
    assert!(one
        .trade_off()
        .starts_with("At one subtask any number of key groups is even; 240 has the most divisors here"));
    let c = suggest_divisible(&[200]).unwrap();
    assert_eq!((c.power_of_two_even, c.suggestions[2].even_parallelisms), (8, 25));
    assert_eq!(suggest_divisible(&[20_000]).unwrap().best, 20_000);
    let e = suggest_divisible(&[199, 200]).unwrap_err();
    assert_eq!(e, ModelError::NoCommonMultiple { planned: vec![199, 200], lcm: 39_800 });
    assert!(e.to_string().contains("least common multiple is 39800"), "{e}");
    assert!(matches!(suggest_divisible(&[0]), Err(ModelError::OutOfRange { value: 0, .. })));
    let t = suggest_divisible(&[24, 200]).unwrap().trade_off();
    assert!(t.starts_with("A multiple of 24 and 200 (1200) gives every subtask"), "{t}");
    assert!(
        t.contains("A power of two (1024) keeps halving and doubling even")
            && t.contains("But 24 and 200 do not divide 1024"),
        "{t}"
    );
    assert!(suggest_divisible(&[64]).unwrap().trade_off().contains("divide 256 too"));
}

#[test]
fn suggestions_for_the_seed_case() {
    // Largest foreseeable parallelism 200: 800..1600.
    let s = suggest_max_parallelism(200);
    let values: Vec<u32> = s.iter().map(|s| s.value).collect();
    assert_eq!(values, vec![840, 1024, 1260]);
    let even = |v: u32| s.iter().find(|s| s.value == v).unwrap().even_parallelisms;
    assert_eq!((even(1024), even(840), even(1260)), (8, 28, 30));
    assert_eq!(suggest_max_parallelism(32768).iter().map(|s| s.value).collect::<Vec<_>>(), vec![27720, 32768]);
    // Never below Flink's default floor of 128: a largest of 1 is suggested what 32 would be.
    assert_eq!(suggest_max_parallelism(1).iter().map(|s| s.value).collect::<Vec<_>>(), vec![128, 180, 240, 256]);
    let values = |l: u32| suggest_max_parallelism(l).iter().map(|s| s.value).collect::<Vec<_>>();
    assert_eq!(values(1), values(32));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Every suggestion is divisible by each planned parallelism, at least each, at most
        /// 32768, and the best is one of them; or the typed error says no such value exists.
        #[test]
        fn suggestions_divide_by_every_planned(planned in proptest::collection::vec(1u32..=32768, 1..4)) {
            match suggest_divisible(&planned) {
                Ok(c) => {
                    prop_assert!(!c.suggestions.is_empty());
                    prop_assert!(c.suggestions.iter().any(|s| s.value == c.best));
                    for s in &c.suggestions {
                        prop_assert!(s.value <= 32768);
                        for &p in &planned {
                            prop_assert!(s.value.is_multiple_of(p) && s.value >= p, "{} {}", s.value, p);
                        }
                    }
                }
                Err(ModelError::NoCommonMultiple { lcm, .. }) => {
                    prop_assert!(lcm > 32768);
                    prop_assert!(planned.iter().all(|&p| lcm.is_multiple_of(u64::from(p))));
                }
                Err(other) => prop_assert!(false, "{other}"),
            }
        }
    }
}
