//! Number fields with units: whole numbers, seconds, thousandths, bytes, TTLs, keys.

use crate::checks::*;
use crate::prelude::*;
use crate::strategies::*;

// ---------------------------------------------------------------------------------------------
// Number fields with units
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(fuzz_config())]

    /// `parse_whole` agrees with Rust's `i64` parser on the trimmed text (too large exactly
    /// for well-formed digits), reads back every formatted `i64`, and names what it refuses.
    #[test]
    fn number_parse_whole(text in any_field_text(), v in boundary_i64(), pad in select(vec!["", " ", "\t", "\u{3000}"])) {
        match (&parse_whole(&text), text.trim().parse::<i64>()) {
            (Ok(got), oracle) => prop_assert_eq!(oracle, Ok(*got)),
            (Err(e), Ok(_)) => prop_assert!(false, "{:?} refused: {}", text, e),
            (Err(e), Err(_)) => {
                let too_large = well_formed_integer(&text);
                prop_assert_eq!(matches!(e, ModelError::NumberTooLarge { .. }), too_large, "{:?}: {}", text, e);
                check_error(e)?;
            }
        }
        prop_assert_eq!(parse_whole(&format!("{pad}{v}{pad}")), Ok(v));
        if v >= 0 {
            prop_assert_eq!(parse_whole(&format!("+00{v}")), Ok(v));
        }
    }

    /// `parse_in_range` accepts exactly the whole numbers in `min..=max`, and a range error
    /// names the field, both bounds and the value (the text, for digits past 64 bits).
    #[test]
    fn number_parse_in_range(text in any_field_text(), a in boundary_i64(), b in boundary_i64(), v in boundary_i64()) {
        let (min, max) = if a <= b { (a, b) } else { (b, a) };
        for t in [text, v.to_string()] {
            let got = parse_in_range(&t, "the field", min, max);
            match (&got, parse_whole(&t)) {
                (Ok(x), whole) => prop_assert!(whole == Ok(*x) && (min..=max).contains(x)),
                (Err(ModelError::OutOfRange { value, .. }), whole) => {
                    prop_assert!(whole == Ok(*value) && !(min..=max).contains(value))
                }
                // Digits past 64 bits: out of any range, refused with the field's bounds.
                (Err(ModelError::FarOutOfRange { text, .. }), whole) => {
                    prop_assert_eq!(whole, Err(ModelError::NumberTooLarge { text: text.clone() }))
                }
                (Err(e), whole) => prop_assert_eq!(whole, Err(e.clone())),
            }
            if let Err(e) = &got {
                check_error(e)?;
            }
        }
        // An empty range (min > max) refuses everything, without panicking.
        if a != b {
            prop_assert!(parse_in_range(&v.to_string(), "the field", max, min).is_err());
        }
    }

    /// `parse_seconds_as_millis` stays within `max_ms`, reads back what
    /// `format_millis_as_seconds` writes, and names the bound in seconds.
    #[test]
    fn number_parse_seconds(
        text in any_field_text(),
        max_ms in prop_oneof![select(vec![0u32, 1, 999, 1000, 1500, MAX_MILLIS, u32::MAX]), any::<u32>()],
        ms in any::<u32>(),
    ) {
        match parse_seconds_as_millis(&text, max_ms) {
            Ok(v) => {
                prop_assert!(v <= max_ms);
                prop_assert_eq!(parse_seconds_as_millis(&format_millis_as_seconds(v), max_ms), Ok(v));
            }
            Err(e) => {
                prop_assert!(
                    matches!(e, ModelError::NotSeconds { .. } | ModelError::SecondsOutOfRange { .. }),
                    "{:?}",
                    e
                );
                check_error(&e)?;
            }
        }
        let ms = if max_ms == 0 { 0 } else { ms % max_ms.saturating_add(1).max(1) };
        let written = format_millis_as_seconds(ms);
        prop_assert_eq!(parse_seconds_as_millis(&written, max_ms), Ok(ms), "{}", written);
        if ms < u32::MAX {
            prop_assert!(parse_seconds_as_millis(&format_millis_as_seconds(ms + 1), ms).is_err());
        }
    }

    /// `parse_milli` stays within `max_whole`, its fraction included (5.5 is above 5), and reads
    /// what `format_milli` writes back to the same value exactly when it is within `max_whole`
    /// (any `u64`);
    /// errors name the field and the bound.
    #[test]
    fn number_parse_milli(
        text in any_field_text(),
        max_whole in prop_oneof![
            select(vec![0u64, 5, 100, MAX_EVENTS_PER_S, 999_999_999_999_999, 1_000_000_000_000_000, u64::MAX]),
            any::<u64>(),
        ],
        v in prop_oneof![0u64..=1_000_000, any::<u64>(), select(vec![u64::MAX, u64::MAX - 999, MAX_TOTAL_MILLI + 999])],
    ) {
        match parse_milli(&text, "the rate", max_whole) {
            Ok(m) => {
                prop_assert!(m <= max_whole.saturating_mul(1000));
                prop_assert_eq!(parse_milli(&format_milli(m), "the rate", max_whole), Ok(m));
            }
            Err(e) => {
                prop_assert!(
                    matches!(e, ModelError::NotAnAmount { .. } | ModelError::NegativeAmount { .. } | ModelError::AmountTooLarge { .. }),
                    "{:?}",
                    e
                );
                check_error(&e)?;
            }
        }
        let written = format_milli(v);
        match parse_milli(&written, "the rate", max_whole) {
            Ok(m) => prop_assert!(m == v && v <= max_whole.saturating_mul(1000), "{} → {}", written, m),
            Err(e) => prop_assert!(
                v > max_whole.saturating_mul(1000) && matches!(e, ModelError::AmountTooLarge { .. }),
                "{}: {}",
                written,
                e
            ),
        }
    }

    /// `parse_bytes` stays within 1 PB, reads `<n> <unit>` as `n << shift` for every unit
    /// spelling, reads back plain byte counts, and `format_bytes` text reads back within 2 %.
    #[test]
    fn number_parse_bytes(
        text in any_field_text(),
        n in prop_oneof![0u64..=2048, select(vec![SIXTEEN_DIGITS, 1u64 << 50, (1 << 50) + 1, u64::MAX])],
        unit in select(vec![
            ("", 0), ("B", 0), (" b", 0), ("KB", 10), (" kib", 10), ("K", 10), ("MB", 20), ("MiB", 20), ("m", 20),
            ("GB", 30), (" GiB ", 30), ("G", 30), ("TB", 40), ("tib", 40), ("T", 40),
        ]),
        bytes in prop_oneof![0u64..=1 << 20, 0u64..=MAX_BYTES, select(vec![MAX_BYTES, MAX_BYTES - 1, u64::MAX])],
    ) {
        match parse_bytes(&text) {
            Ok(b) => {
                prop_assert!(b <= MAX_BYTES);
                prop_assert_eq!(parse_bytes(&b.to_string()), Ok(b));
            }
            Err(e) => {
                prop_assert!(
                    matches!(e, ModelError::NotASize { .. } | ModelError::NegativeAmount { .. } | ModelError::SizeTooLarge { .. }),
                    "{:?}",
                    e
                );
                check_error(&e)?;
            }
        }
        let (unit, shift) = unit;
        let expected = u128::from(n) << shift;
        match parse_bytes(&format!("{n}{unit}")) {
            Ok(b) => prop_assert_eq!(u128::from(b), expected),
            Err(e) => prop_assert!(expected > u128::from(MAX_BYTES), "{}{}: {}", n, unit, e),
        }
        let shown = format_bytes(bytes);
        match parse_bytes(&shown) {
            // Rounded half up to three digits: within half the last digit either way (1,871 B is
            // 1.83 KB, 1,874 B read back), never more than 0.5 % off.
            Ok(back) => prop_assert!(bytes.abs_diff(back) <= bytes / 200 + 1, "{} → {} → {}", bytes, shown, back),
            Err(e) => prop_assert!(bytes > MAX_BYTES, "{} → {}: {}", bytes, shown, e),
        }
    }

    /// Every byte count up to the 1 PB limit, written as a bare number, reads back. (Counts
    /// of 16 digits were once refused: minimal input `"1000000000000000"`.)
    #[test]
    fn number_parse_bytes_every_count_up_to_the_limit(
        bytes in prop_oneof![SIXTEEN_DIGITS..=MAX_BYTES, 0u64..=MAX_BYTES],
    ) {
        prop_assert_eq!(parse_bytes(&bytes.to_string()), Ok(bytes));
    }

    /// `parse_ttl`: `none` and blank mean no TTL, `<n><unit>` is `n · scale` up to ten
    /// years, and anything else is refused with a message naming the field or the bound.
    /// (A TTL just over the bound was once reported as "got 3650" days against a maximum of
    /// 3650: minimal input `"315360001"`.)
    #[test]
    fn number_parse_ttl(
        text in any_field_text(),
        n in prop_oneof![
            0u64..=100_000,
            315_360_001u64..=315_446_399,
            any::<u64>(),
            select(vec![315_360_000u64, 315_360_001, 87_600, 87_601, 5_256_000, 5_256_001]),
        ],
        unit in select(vec![
            ("", 1u64), ("s", 1), (" sec", 1), ("m", 60), ("MIN", 60), ("h", 3600), (" hours", 3600), ("Hour", 3600),
            ("d", 86_400), (" days", 86_400),
        ]),
    ) {
        match parse_ttl(&text) {
            Ok(None) => prop_assert!(text.trim().is_empty() || text.trim().eq_ignore_ascii_case("none")),
            Ok(Some(s)) => {
                prop_assert!(s <= 3650 * 86_400);
                prop_assert_eq!(parse_ttl(&format!("{s}s")), Ok(Some(s)));
            }
            Err(e) => check_error(&e)?,
        }
        let (unit, scale) = unit;
        let expected = n.checked_mul(scale).filter(|&s| s <= 3650 * 86_400);
        match parse_ttl(&format!("{n}{unit}")) {
            Ok(got) => prop_assert_eq!(got, Some(expected.unwrap_or(u64::MAX))),
            Err(e) => {
                prop_assert!(expected.is_none(), "{}{}: {}", n, unit, e);
                check_error(&e)?;
            }
        }
    }

    /// `KeyType::parse` accepts exactly `string`, `int`, `long`; `parse_key` agrees with
    /// Rust's `i32`/`i64` parsers on trimmed text, takes strings verbatim, and reads back
    /// every formatted value.
    #[test]
    fn number_key_type_and_keys(text in any_field_text(), key_type in key_type(), v in boundary_i64()) {
        match KeyType::parse(&text) {
            Ok(t) => prop_assert_eq!(t.as_str(), text.as_str()),
            Err(e) => {
                prop_assert!(!KeyType::ALL.iter().any(|t| t.as_str() == text));
                check_error(&e)?;
            }
        }
        prop_assert_eq!(KeyType::parse(key_type.as_str()), Ok(key_type));
        for t in [text.clone(), v.to_string(), format!(" +{v} ")] {
            let got = key_type.parse_key(&t);
            if let Err(e) = &got {
                check_error(e)?;
            }
            let trimmed = t.trim();
            let oracle = match key_type {
                KeyType::String => Some(Key::Str(t.clone())),
                KeyType::Int => trimmed.parse::<i32>().ok().map(Key::Int),
                KeyType::Long => trimmed.parse::<i64>().ok().map(Key::Long),
            };
            match oracle {
                Some(key) => prop_assert_eq!(got, Ok(key)),
                None => {
                    let out_of_range = well_formed_integer(&t);
                    prop_assert!(got.is_err(), "{:?}", t);
                    prop_assert!(matches!(got, Err(ModelError::KeyOutOfRange { .. })) == out_of_range, "{:?}", t);
                }
            }
        }
    }
}
