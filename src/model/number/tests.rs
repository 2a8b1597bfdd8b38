//! Parsing and formatting of numbers, durations and rates: tables and round trips.
use super::*;

#[test]
fn a_change_is_named_in_whole_percent() {
    for (now, then, text) in [
        (271_000, 200_000, "26% less"),
        (200_000, 210_000, "5% more"),
        (1000, 1004, "the same"),
        (1000, 1005, "1% more"),
        (0, 0, "the same"),
        (0, 5, "more (none now)"),
        (u64::MAX, 0, "100% less"),
    ] {
        assert_eq!(change_text(now, then), text, "{now} → {then}");
    }
}

#[test]
fn parse_seconds_table() {
    let ok =
        [("0", 0), ("1.5", 1500), (".25", 250), ("3600", 3_600_000), ("7.", 7000), ("1.4999", 1499), ("0007.0", 7000)];
    for (text, expected) in ok {
        assert_eq!(parse_seconds_as_millis(text, 3_600_000), Ok(expected), "{text:?}");
    }
    let bad = [
        ("-1", "time must be between 0 and 3600 seconds, got -1"),
        ("-0.5", "time must be between 0 and 3600 seconds, got -0.5"),
        ("--1", "not a number of seconds"),
        ("-", "not a number of seconds"),
        ("1e3", "not a number"),
        ("NaN", "not a number"),
        ("inf", "not a number"),
        ("", "not a number"),
        (".", "not a number"),
        ("1.2.3", "not a number"),
        ("3600.5", "between 0 and 3600"),
        ("99999999999999999999", "between 0 and 3600"),
    ];
    for (text, fragment) in bad {
        let message = parse_seconds_as_millis(text, 3_600_000).unwrap_err().to_string();
        assert!(message.contains(fragment), "{text:?}: {message}");
    }
}

#[test]
fn seconds_format_round_trips() {
    for ms in [0, 1, 10, 250, 1500, 1499, 10_000, 3_600_000] {
        let text = format_millis_as_seconds(ms);
        assert_eq!(parse_seconds_as_millis(&text, 3_600_000), Ok(ms), "{text}");
    }
    assert_eq!(format_millis_as_seconds(1500), "1.5");
    assert_eq!(format_millis_as_seconds(10_000), "10");
    assert_eq!(format_millis_as_seconds(1), "0.001");
}

#[test]
fn parse_whole_table() {
    let cases: &[(&str, Result<i64, &str>)] = &[
        ("42", Ok(42)),
        (" -3 ", Ok(-3)),
        ("+7", Ok(7)),
        ("", Err("it is empty, and a whole number is needed")),
        (" ", Err("it is empty, and a whole number is needed")),
        ("abc", Err("is not a whole number")),
        ("1e3", Err("is not a whole number")),
        ("NaN", Err("is not a whole number")),
        ("99999999999999999999999", Err("which run from -9223372036854775808 to 9223372036854775807")),
        ("-9223372036854775809", Err("is beyond the whole numbers read here, which run from")),
        ("9223372036854775807", Ok(i64::MAX)),
    ];
    for (text, expected) in cases {
        let got = parse_whole(text).map_err(|e| e.to_string());
        match expected {
            Ok(v) => assert_eq!(got, Ok(*v), "{text:?}"),
            Err(f) => assert!(got.unwrap_err().contains(f), "{text:?}"),
        }
    }
}

#[test]
fn range_errors_name_the_bounds() {
    let err = parse_in_range("0", "modulus m", 1, 360).unwrap_err().to_string();
    assert_eq!(err, "modulus m must be between 1 and 360, got 0");
}
#[test]
fn counts_take_the_singular_for_one() {
    for (n, expected) in [(0, "0 keys"), (1, "1 key"), (2, "2 keys"), (1024, "1024 keys")] {
        assert_eq!(count(n, "key", "keys"), expected);
    }
    assert_eq!(noun(1, "subtask", "subtasks"), "subtask");
    assert_eq!(noun(7, "key group", "key groups"), "key groups");
}

#[test]
fn digits_group_in_threes() {
    for (n, expected) in [(0, "0"), (999, "999"), (1000, "1,000"), (29_366, "29,366"), (1_234_567, "1,234,567")] {
        assert_eq!(group_digits(n), expected, "{n}");
    }
    assert_eq!(group_digits(u64::MAX), "18,446,744,073,709,551,615");
}

#[test]
fn rates_read_with_sensible_precision() {
    let cases = [
        (29_365_603, "29,366"),
        (1_000_000, "1,000"),
        (512_400, "512"),
        (99_500, "100"),
        (99_499, "99.5"),
        (12_500, "12.5"),
        (12_549, "12.5"),
        (12_550, "12.6"),
        (9_950, "10"),
        (1_250, "1.25"),
        (1_000, "1"),
        (4, "0.004"),
        (250, "0.25"),
        (0, "0"),
        (1_000_000_000_000_000, "1,000,000,000,000"),
    ];
    for (milli, expected) in cases {
        assert_eq!(format_rate_milli(milli), expected, "{milli}");
    }
}

#[test]
fn axes_pick_the_unit_that_keeps_ticks_short() {
    let cases = [
        (Quantity::Rate, 29_366, 1_000, "k events/s"),
        (Quantity::Rate, 999, 1, "events/s"),
        (Quantity::Rate, 2_500_000, 1_000_000, "M events/s"),
        (Quantity::Bytes, 100_000_000, 1 << 20, "MB"),
        (Quantity::Bytes, 3 << 30, 1 << 30, "GB"),
        (Quantity::Bytes, 0, 1, "bytes"),
        (Quantity::Count, 100_000, 1, ""),
    ];
    for (quantity, max, divisor, unit) in cases {
        assert_eq!(AxisScale::for_max(quantity, max), AxisScale { divisor, unit }, "{quantity:?} {max}");
    }
    let mb = AxisScale::for_max(Quantity::Bytes, 100_000_000);
    assert_eq!(mb.milli(100_000_000), 95_367);
    assert_eq!(AxisScale::tick(mb.milli(5 << 20)), "5");
    assert_eq!(AxisScale::tick(2_500), "2.5");
    assert_eq!(AxisScale::tick(40_000_000), "40,000");
    assert_eq!(AxisScale::for_max(Quantity::Bytes, u64::MAX).milli(u64::MAX), 16_777_215_999);
}

/// A number too long for 64 bits typed into a bounded field is refused with the field's bounds,
/// as any other number out of range is.
#[test]
fn a_number_past_64_bits_names_the_bounds() {
    for text in ["99999999999999999999999", "-99999999999999999999999"] {
        let message = parse_in_range(text, "max parallelism", 1, 32768).unwrap_err().to_string();
        assert_eq!(message, format!("max parallelism must be between 1 and 32768, got \"{text}\""));
    }
}

/// A ratio shown to two places is rounded, not cut: the skew lab's default set is 2.3492 × the
/// mean, which it once showed as 2.34 beside a CSV whose numbers give 2.35; 7 ÷ 6 is 1.17.
#[test]
fn two_places_round_half_up() {
    assert_eq!(two_places(2349), "2.35");
    assert_eq!(two_places(7 * 1000 / 6), "1.17");
    assert_eq!(two_places(u64::MAX), "18446744073709551.62");
    for milli in 0..=20_000u64 {
        let shown = two_places(milli);
        let (whole, fraction) = shown.split_once('.').unwrap();
        assert_eq!(fraction.len(), 2, "{shown}");
        let hundredths = whole.parse::<u64>().unwrap() * 100 + fraction.parse::<u64>().unwrap();
        // The nearest hundredth, a half going up.
        assert!(hundredths * 10 <= milli + 5 && milli + 5 < hundredths * 10 + 10, "{milli} → {shown}");
    }
}
