//! Key groups and ranges: bounds, the default derivation, Flink's interleaving, and the
//! partition properties over broad tables and random (max, p) pairs.
use super::*;
use proptest::prelude::*;

fn max(v: i64) -> MaxParallelism {
    MaxParallelism::new(v).unwrap()
}

#[test]
fn validation_names_bounds() {
    for (v, ok) in [(0, false), (1, true), (32768, true), (32769, false), (-5, false)] {
        assert_eq!(MaxParallelism::new(v).is_ok(), ok, "max {v}");
    }
    let err = Parallelism::new(200, max(128)).unwrap_err().to_string();
    assert!(err.contains("200") && err.contains("128"), "{err}");
    assert!(Parallelism::new(0, max(128)).unwrap_err().to_string().contains("at least 1"));
}

#[test]
fn default_max_parallelism_table() {
    for (p, expected) in [
        (1, 128),
        (4, 128),
        (24, 128),
        (85, 128),
        (86, 256),
        (100, 256),
        (171, 256),
        (172, 512),
        (21845, 32768),
        (21846, 32768),
        (32768, 32768),
    ] {
        assert_eq!(default_max_parallelism(p).map(|m| m.get()), Ok(expected), "p = {p}");
    }
    assert!(default_max_parallelism(0).is_err());
    assert!(default_max_parallelism(32769).is_err());
}

#[test]
fn uneven_ranges_interleave_at_128_over_100() {
    let p = Parallelism::new(100, max(128)).unwrap();
    let sizes: Vec<u32> = p.ranges().map(|(_, r)| r.len()).collect();
    assert_eq!(sizes.iter().filter(|&&n| n == 2).count(), 28);
    assert_eq!(sizes.iter().filter(|&&n| n == 1).count(), 72);
    assert_eq!(&sizes[..4], &[2, 1, 1, 2]);
}

/// Which subtasks own the larger runs, from Flink's ranges: at the start for 128 over 3, spread
/// out for 128 over 5 and 100, none where p divides max.
#[test]
fn the_larger_runs_are_where_the_rounding_puts_them() {
    let cases: [(i64, i64, &[u32]); 5] =
        [(128, 3, &[0, 1]), (128, 5, &[0, 1, 3]), (10, 4, &[0, 2]), (128, 4, &[]), (7, 7, &[])];
    for (m, p, want) in cases {
        let p = Parallelism::new(p, max(m)).unwrap();
        let (larger, rest) = p.runs_by_size();
        let got: Vec<u32> = larger.into_iter().map(|i| i.index()).collect();
        assert_eq!(got, want, "{m} over {}", p.get());
        // The rest are every other subtask, in order.
        let others: Vec<u32> = (0..p.get()).filter(|i| !want.contains(i)).collect();
        assert_eq!(rest.into_iter().map(|i| i.index()).collect::<Vec<_>>(), others, "{m} over {}", p.get());
    }
    let wide = Parallelism::new(100, max(128)).unwrap().runs_by_size().0;
    assert_eq!(wide.len(), 28, "128 = 100 + 28: 28 subtasks own 2 groups");
    assert_eq!(wide.first().map(|i| i.index()), Some(0));
}

/// A key group found by its number: its owner and the owner's range (the ranges themselves are
/// held against Flink's in `tests/vectors.rs`); a number at or above max names no group.
#[test]
fn a_key_group_is_found_with_its_owner_and_range() {
    for (m, p, group, expected) in [
        (128, 100, 77, Ok((60, 77, 78))),
        (128, 100, 0, Ok((0, 0, 1))),
        (128, 100, 127, Ok((99, 127, 127))),
        (128, 4, 64, Ok((2, 64, 95))),
        (32768, 1, 32767, Ok((0, 0, 32767))),
        (128, 100, 128, Err("there is no key group 128: max parallelism 128 makes key groups 0 to 127")),
        (1, 1, 5, Err("there is no key group 5: max parallelism 1 makes key groups 0 to 0")),
    ] {
        let found = Parallelism::new(p, max(m)).unwrap().find_group(group);
        let found = found.map(|(g, o, r)| (g.index(), o.index(), r.first(), r.last())).map_err(|e| e.to_string());
        assert_eq!(found, expected.map(|(o, f, l)| (group, o, f, l)).map_err(str::to_string), "{m} {p} {group}");
    }
    let at = |group| Parallelism::new(100, max(128)).unwrap().find_group(group).unwrap().2.words();
    assert_eq!((at(77).as_str(), at(127).as_str()), ("key groups 77 to 78 (2 in all)", "key group 127 alone"));
}

/// Every (max, p) with max up to 300, and chosen p for larger maxima: the ranges tile
/// 0..max in order, and every group's owner is the subtask whose range holds it.
#[test]
fn ranges_partition_for_a_broad_table() {
    let mut pairs: Vec<(i64, i64)> = (1..=300).flat_map(|m| (1..=m).map(move |p| (m, p))).collect();
    for m in [512, 720, 1000, 1024, 1260, 4096, 10000, 32767, 32768] {
        for p in [1, 2, 3, 7, 24, 100, 128, 200, 333, 512, 1000, 4095, 10000, 32767, 32768] {
            if p <= m {
                pairs.push((m, p));
            }
        }
    }
    for (m, p) in pairs {
        let par = Parallelism::new(p, max(m)).unwrap();
        let mut next = 0;
        for (op, range) in par.ranges() {
            assert_eq!(range.first(), next, "max {m} p {p} subtask {}", op.index());
            for g in range.first()..=range.last() {
                assert_eq!(par.owner_of(KeyGroup(g)), op, "max {m} p {p} group {g}");
            }
            next = range.last() + 1;
        }
        assert_eq!(next as i64, m, "max {m} p {p}");
    }
}

proptest! {
    #[test]
    fn ranges_partition_all_key_groups(m in 1i64..=32768, seed in 0u32..u32::MAX) {
        let max = max(m);
        let p = Parallelism::new(i64::from(seed % max.get()) + 1, max).unwrap();
        let mut next = 0;
        for (op, range) in p.ranges() {
            prop_assert_eq!(range.first(), next);
            prop_assert!(range.first() <= range.last());
            prop_assert_eq!(p.owner_of(KeyGroup(range.first())), op);
            prop_assert_eq!(p.owner_of(KeyGroup(range.last())), op);
            next = range.last() + 1;
        }
        prop_assert_eq!(next, max.get());
    }

    #[test]
    fn owner_range_holds_the_group(m in 1i64..=32768, seed in 0u32..u32::MAX, hash in any::<i32>()) {
        let max = max(m);
        let p = Parallelism::new(i64::from(seed % max.get()) + 1, max).unwrap();
        let group = max.key_group_of_hash(hash);
        prop_assert!(group.index() < max.get());
        prop_assert!(p.range_of(p.owner_of(group)).contains(group));
    }

    #[test]
    fn range_sizes_differ_by_at_most_one(m in 1i64..=32768, seed in 0u32..u32::MAX) {
        let max = max(m);
        let p = Parallelism::new(i64::from(seed % max.get()) + 1, max).unwrap();
        let (lo, hi) = p.ranges().fold((u32::MAX, 0), |(lo, hi), (_, r)| (lo.min(r.len()), hi.max(r.len())));
        prop_assert!(hi - lo <= 1);
    }
}
