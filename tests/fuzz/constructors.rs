//! The constructors: parallelisms, presets, restores.

use crate::checks::*;
use crate::prelude::*;
use crate::strategies::*;

// ---------------------------------------------------------------------------------------------
// Constructors
// ---------------------------------------------------------------------------------------------

pub(crate) fn preset_of(kind: u8, n: u32, s_milli: u32, percent: u32) -> Preset {
    match kind {
        0 => Preset::Uniform { n },
        1 => Preset::Zipf { n, s_milli },
        2 => Preset::HotKey { n, percent },
        _ => Preset::Sequential { n },
    }
}

/// What `generate` promises for any preset and total: n keys (clamped to 1..=10^6), unique,
/// of the preset's key type, spreading exactly the total (capped at 10^12 events per
/// second), each with 4096 bytes of state per event per second.
pub(crate) fn check_generated(preset: Preset, total: u64, keys: &[KeyLoad]) -> Result<(), TestCaseError> {
    prop_assert_eq!(keys.len() as u32, preset.n().clamp(1, MAX_PRESET_KEYS));
    let sum = keys.iter().map(|k| u128::from(k.events_milli)).sum::<u128>();
    prop_assert_eq!(sum, u128::from(total.min(MAX_TOTAL_MILLI)), "{:?}", preset);
    let unique: HashSet<&Key> = keys.iter().map(|k| &k.key).collect();
    prop_assert_eq!(unique.len(), keys.len());
    for k in keys {
        prop_assert_eq!(k.key.key_type(), preset.key_type());
        let bytes = u128::from(k.events_milli) * u128::from(BYTES_PER_EVENT) / 1000;
        prop_assert_eq!(u128::from(k.bytes), bytes, "{:?}", k);
    }
    Ok(())
}

proptest! {
    #![proptest_config(fuzz_config())]

    /// `MaxParallelism::new` accepts exactly 1..=32768 and keeps the value; `Parallelism::new`
    /// accepts exactly 1..=max; every key group lies in its owner's range, and the first and
    /// last subtasks' ranges start at 0 and end at max − 1.
    #[test]
    fn ctor_max_parallelism_and_parallelism(m in parallelism_i64(), p in parallelism_i64(), hash in any::<i32>(), looked_for in 0u32..40_000) {
        match MaxParallelism::new(m) {
            Ok(max) => {
                prop_assert!((1..=32768).contains(&m));
                prop_assert_eq!(i64::from(max.get()), m);
                match Parallelism::new(p, max) {
                    Ok(par) => {
                        prop_assert!(p >= 1 && p <= m);
                        prop_assert_eq!(i64::from(par.get()), p);
                        let group = max.key_group_of_hash(hash);
                        prop_assert!(group.index() < max.get());
                        let owner = par.owner_of(group);
                        prop_assert!(owner.index() < par.get());
                        prop_assert!(par.range_of(owner).contains(group));
                        prop_assert_eq!(par.range_of(par.operator(0).expect("subtask 0")).first(), 0);
                        let last = par.operator(par.get() - 1).expect("last subtask");
                        prop_assert_eq!(par.range_of(last).last(), max.get() - 1);
                        prop_assert!(par.operator(par.get()).is_none());
                        // A group looked for by number: found with the owner whose range holds
                        // it, or refused with the bound when it does not exist.
                        match par.find_group(looked_for) {
                            Ok((found, owner, range)) => {
                                prop_assert!(looked_for < max.get());
                                prop_assert_eq!((found.index(), owner), (looked_for, par.owner_of(found)));
                                prop_assert!(range.contains(found) && range == par.range_of(owner));
                            }
                            Err(e) => {
                                prop_assert!(looked_for >= max.get());
                                check_error(&e)?;
                            }
                        }
                    }
                    Err(e) => {
                        prop_assert!(p < 1 || p > m);
                        check_error(&e)?;
                    }
                }
            }
            Err(e) => {
                prop_assert!(!(1..=32768).contains(&m));
                check_error(&e)?;
            }
        }
    }

    /// `default_max_parallelism` is defined for exactly 1..=32768 and gives a power of two in
    /// 128..=32768, at least `p + p/2` unless capped, so never below `p`.
    #[test]
    fn ctor_default_max_parallelism(p in parallelism_i64()) {
        match default_max_parallelism(p) {
            Ok(max) => {
                prop_assert!((1..=32768).contains(&p));
                let m = i64::from(max.get());
                prop_assert!(max.get().is_power_of_two() && (128..=32768).contains(&m));
                prop_assert!(m >= (p + p / 2).min(32768) && m >= p);
                let d = DefaultMaxDerivation::new(p).expect("same domain");
                prop_assert_eq!(d.result, max);
                prop_assert_eq!(i64::from(d.with_headroom), p + p / 2);
                prop_assert!(d.rounded.is_power_of_two() && d.rounded >= d.with_headroom && d.rounded / 2 < d.with_headroom);
            }
            Err(e) => {
                prop_assert!(!(1..=32768).contains(&p));
                check_error(&e)?;
            }
        }
    }

    /// `Orbit::new` accepts exactly m in 1..=360 and a in 0..=10^12; the walk closes after
    /// `m / gcd` steps, visits exactly the multiples of the gcd, and any step lands on one.
    #[test]
    fn ctor_orbit(
        m in prop_oneof![boundary_i64(), 0i64..=362],
        a in prop_oneof![boundary_i64(), 0i64..=1000],
        n in prop_oneof![0u64..=1000, any::<u64>()],
    ) {
        match Orbit::new(m, a) {
            Ok(orbit) => {
                prop_assert!((1..=i64::from(MAX_MODULUS)).contains(&m) && (0..=MAX_STRIDE as i64).contains(&a));
                prop_assert_eq!(orbit.size() * orbit.gcd(), orbit.modulus());
                prop_assert_eq!(orbit.residue(orbit.closes_at()), 0);
                prop_assert!((1..orbit.closes_at()).all(|k| orbit.residue(k) != 0));
                let reached = orbit.reached();
                prop_assert_eq!(reached.len() as u32, orbit.size());
                let r = orbit.residue(n);
                prop_assert!(r < orbit.modulus() && r.is_multiple_of(orbit.gcd()) && reached.contains(&r));
                prop_assert!(orbit.reached_by(n.min(400)).is_subset(&reached));
            }
            Err(e) => {
                prop_assert!(!(1..=i64::from(MAX_MODULUS)).contains(&m) || !(0..=MAX_STRIDE as i64).contains(&a));
                check_error(&e)?;
            }
        }
    }

    /// `Preset::validate` accepts exactly the documented ranges and names the bound it
    /// refuses. `generate` (n capped at 2000 here) never panics, even unvalidated, keeps its
    /// promises (see `check_generated`), and has the preset's shape: equal rates, Zipf's
    /// decreasing ones, or the hot key's share.
    #[test]
    fn ctor_preset_validate_generate(
        kind in 0u8..4,
        n in prop_oneof![select(vec![0u32, 1, 2, 3, 999_999, 1_000_000, 1_000_001, u32::MAX]), 0u32..3000, any::<u32>()],
        s in prop_oneof![select(vec![0u32, 1, 1100, 4999, 5000, 5001, u32::MAX]), 0u32..6000],
        percent in prop_oneof![0u32..=102, Just(u32::MAX)],
        total in prop_oneof![select(vec![0u64, 1, 999, 1000, MAX_TOTAL_MILLI]), 0u64..=MAX_TOTAL_MILLI],
    ) {
        let preset = preset_of(kind, n, s, percent);
        let min_n = if kind == 2 { 2 } else { 1 };
        let valid = (min_n..=MAX_PRESET_KEYS).contains(&n)
            && (kind != 1 || (1..=5000).contains(&s))
            && (kind != 2 || percent <= 100);
        match preset.validate() {
            Ok(p) => {
                prop_assert!(valid);
                prop_assert_eq!(p, preset);
            }
            Err(e) => {
                prop_assert!(!valid);
                check_error(&e)?;
            }
        }
        let small = preset_of(kind, if n > 2000 { n % 2000 } else { n }, s, percent);
        let keys = small.generate(total);
        check_generated(small, total, &keys)?;
        // Rounding is settled on the first keys, by at most one thousandth per key.
        let slack = keys.len() as u64;
        let rest: Vec<u64> = keys.iter().skip(1).map(|k| k.events_milli).collect();
        match small {
            Preset::Uniform { .. } | Preset::Sequential { .. } => {
                prop_assert!(rest.windows(2).all(|w| w[0].abs_diff(w[1]) <= slack), "{:?}", rest);
            }
            Preset::Zipf { .. } => prop_assert!(rest.windows(2).all(|w| w[0] + slack >= w[1]), "{:?}", rest),
            Preset::HotKey { percent, .. } => {
                prop_assert_eq!(&keys[0].key, &Key::Str("hot".into()));
                let share = u128::from(total) * u128::from(percent.min(100)) / 100;
                prop_assert!(u128::from(keys[0].events_milli + slack) >= share);
            }
        }
    }

    /// The total is spread exactly, also where float rounding of the weights overshoots it.
    /// (It once exceeded the total: minimal input `HotKey { n: 1000, percent: 90 }` with
    /// total 78187031683019.)
    #[test]
    fn ctor_preset_total_is_exact(
        kind in 0u8..4,
        n in prop_oneof![Just(1000u32), 2u32..=2000],
        s in 1u32..=5000,
        percent in prop_oneof![select(vec![10u32, 30, 37, 90]), 0u32..=100],
        total in prop_oneof![10_000_000_000_000u64..=MAX_TOTAL_MILLI, Just(78_187_031_683_019)],
    ) {
        let known = Preset::HotKey { n: 1000, percent: 90 };
        check_generated(known, 78_187_031_683_019, &known.generate(78_187_031_683_019))?;
        let preset = preset_of(kind, n, s, percent);
        check_generated(preset, total, &preset.generate(total))?;
    }

    /// `Preset::generate` with any total (up to `u64::MAX`, beyond the 10^12 events per second
    /// the page accepts) and n up to 50: no panic, and the same promises with the total
    /// capped. (It once overflowed: minimal input `Uniform { n: 0 }` with total 2^52.)
    #[test]
    fn ctor_preset_generate_any_total(
        kind in 0u8..4,
        n in 0u32..50,
        s in 0u32..6000,
        percent in 0u32..=101,
        total in any_u64(),
    ) {
        let preset = preset_of(kind, n, s, percent);
        check_generated(preset, total, &preset.generate(total))?;
    }

    /// `RestoreInput::new` accepts exactly parallelism 1..=32768; `predict` fails exactly when
    /// one of Flink's three checks does (in Flink's order), and otherwise starts with a max
    /// parallelism at or above the parallelism: the snapshot's, else the set one, else the
    /// derived one.
    #[test]
    fn ctor_restore_predict(
        saved in proptest::option::of((max_parallelism(), any::<bool>())),
        p in parallelism_i64(),
        explicit in proptest::option::of(max_parallelism()),
    ) {
        let saved = saved.map(|(m, e)| (m, if e { SavedHow::Explicit } else { SavedHow::Derived }));
        let input = match RestoreInput::new(saved, p, explicit) {
            Ok(input) => {
                prop_assert!((1..=32768).contains(&p));
                input
            }
            Err(e) => {
                prop_assert!(!(1..=32768).contains(&p));
                check_error(&e)?;
                return Ok(());
            }
        };
        let p = p as u32;
        let check1 = explicit.is_some_and(|x| p > x.get());
        let check2 = matches!((saved, explicit), (Some((s, _)), Some(x)) if s != x);
        let check3 = saved.is_some_and(|(s, _)| s.get() < p);
        match input.predict() {
            RestoreOutcome::Fails(f) => {
                let expected = match f {
                    FailedCheck::ParallelismAboveMax { parallelism, max } => {
                        check1 && parallelism == p && Some(max) == explicit.map(MaxParallelism::get)
                    }
                    FailedCheck::MaxParallelismChanged { saved: s, new } => !check1 && check2 && s != new,
                    FailedCheck::SavedMaxBelowParallelism { saved: s, parallelism } => {
                        !check1 && !check2 && check3 && s < parallelism
                    }
                };
                prop_assert!(expected, "{:?} for {:?}", f, input);
                prop_assert!(!f.check_name().is_empty());
                let message = f.flink_message();
                let numbers = match f {
                    FailedCheck::ParallelismAboveMax { parallelism, max } => [parallelism, max],
                    FailedCheck::MaxParallelismChanged { saved, new } => [saved, new],
                    FailedCheck::SavedMaxBelowParallelism { saved, parallelism } => [saved, parallelism],
                };
                let named = numbers.iter().all(|n| message.contains(&format!("({n})")) || message.contains(&format!(" {n}")));
                prop_assert!(named, "{}", message);
            }
            RestoreOutcome::Ok { max_parallelism, adopted_from } => {
                prop_assert!(!check1 && !check2 && !check3, "{:?} should fail", input);
                prop_assert!(max_parallelism >= p);
                let derived = default_max_parallelism(i64::from(p)).expect("p in range").get();
                let expected = saved.map(|(s, _)| s.get()).or(explicit.map(MaxParallelism::get)).unwrap_or(derived);
                prop_assert_eq!(max_parallelism, expected);
                let adopted = (saved.is_some() && explicit.is_none() && derived != max_parallelism).then_some(derived);
                prop_assert_eq!(adopted_from, adopted);
            }
        }
    }
}
