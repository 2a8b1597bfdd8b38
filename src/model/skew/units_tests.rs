//! Table tests for sizes, amounts and rates as typed and as written back.

use super::*;

#[test]
fn milli_table() {
    for (text, expected) in [("0", 0), ("12", 12_000), ("12.5", 12_500), (" .25 ", 250), ("7.", 7000), ("1.001", 1001)]
    {
        assert_eq!(parse_milli(text, "events per second", MAX_EVENTS_PER_S), Ok(expected), "{text:?}");
    }
    for text in ["", "-1", "1e3", "NaN", "1.0001", "abc", "1,5", "."] {
        assert!(parse_milli(text, "events per second", MAX_EVENTS_PER_S).is_err(), "{text:?}");
    }
    assert!(parse_milli("1000000000001", "events per second", MAX_EVENTS_PER_S)
        .unwrap_err()
        .to_string()
        .contains("1000000000000"));
    // The bound holds for the fraction too: at most 5 is 5.000, not 5.999.
    let zipf = |text| parse_milli(text, "Zipf exponent", 5);
    assert_eq!(zipf("5"), Ok(5000));
    assert_eq!(zipf("5.000"), Ok(5000));
    for above in ["5.001", "5.5", "5.999"] {
        assert_eq!(zipf(above).unwrap_err().to_string(), format!("Zipf exponent \"{above}\" is above the limit of 5"));
    }
    for v in [0, 1, 10, 999, 1000, 12_500, 123_456_789] {
        assert_eq!(parse_milli(&format_milli(v), "x", u64::MAX / 1000), Ok(v));
    }
    // Below 0 is said as such; a minus before what is no number stays "not a number".
    let message = |text| parse_milli(text, "events per second", MAX_EVENTS_PER_S).unwrap_err().to_string();
    assert_eq!(message("-1"), "events per second must be 0 or more, got \"-1\"");
    assert_eq!(message(" -2.5"), "events per second must be 0 or more, got \" -2.5\"");
    assert!(message("-x").contains("is not a number"), "{}", message("-x"));
    assert!(message("--1").contains("is not a number"), "{}", message("--1"));
    // A long run of minus signs is read at once (it once recursed per sign: 5,000 of them
    // overflowed the stack).
    for dashes in [format!("{}1", "-".repeat(200_000)), format!("{}1", "- ".repeat(200_000))] {
        assert!(parse_milli(&dashes, "x", 10).unwrap_err().to_string().contains("is not a number"));
        assert!(parse_size(&format!("{dashes} KB"), "x").unwrap_err().to_string().contains("is not a size"));
    }
    let dashes = format!("{}1", "-".repeat(200_000));
    assert!(parse_milli(&dashes, "x", 10).unwrap_err().to_string().contains("is not a number"));
    assert!(parse_size(&format!("{dashes} KB"), "x").unwrap_err().to_string().contains("is not a size"));
}

/// A throughput takes a unit, `/s` after it allowed; a bare number is refused with how to
/// write it (zero is left to the field's own bound, the bound past it named first).
#[test]
fn a_rate_takes_a_unit() {
    let rate = |text: &str| parse_rate(text, "rewrite throughput");
    assert_eq!(
        ["300 MiB", "300MiB/s", " 1 GiB/s ", "512 B/s", "0"].map(rate),
        [Ok(300 << 20), Ok(300 << 20), Ok(1 << 30), Ok(512), Ok(0)]
    );
    let said = |text: &str| rate(text).unwrap_err().to_string();
    assert_eq!(
        said("300"),
        "rewrite throughput \"300\" has no unit: write the bytes per second with one, such as 300 MiB (a bare number would be bytes)"
    );
    assert!(said("2.5").contains("has no unit"));
    assert!(said("99999999999999999999999").contains("is above the limit of 1 PiB"));
    assert!(said("-300 MiB").contains("must be 0 or more"));
    assert!(said("300 apples/s").contains("is not a size"));
}

#[test]
fn bytes_table() {
    let cases = [
        ("0", 0),
        ("512", 512),
        ("512 B", 512),
        ("4KB", 4096),
        ("1.5 MB", 1_572_864),
        ("2 GiB", 2 << 30),
        ("1TB", 1 << 40),
        ("3 kb", 3072),
    ];
    for (text, expected) in cases {
        assert_eq!(parse_bytes(text), Ok(expected), "{text:?}");
    }
    for text in ["", "MB", "12 XB", "-1 KB", "1e3", "2 PB", "2000 TB"] {
        assert!(parse_bytes(text).is_err(), "{text:?}");
    }
    assert_eq!(parse_bytes("-1 KB").unwrap_err().to_string(), "state size must be 0 or more, got \"-1 KB\"");
    // Above the bound: the bound in its binary unit, and in bytes.
    for text in ["2000 TB", "1125899906842625", "1024.001 TiB"] {
        let message = parse_bytes(text).unwrap_err().to_string();
        assert!(message.ends_with("is above the limit of 1 PiB (1125899906842624 bytes)"), "{text:?}: {message}");
    }
    assert!(parse_bytes("-MB").unwrap_err().to_string().contains("is not a size"));
    // A fraction of a byte is refused, with what a size may be, not cut off.
    for text in ["3.5", "0.5", "2.5 B", "1.9999 KiB"] {
        let message = parse_bytes(text).unwrap_err().to_string();
        assert!(message.contains("whole bytes, or at most three decimals with a larger unit"), "{text:?}: {message}");
    }
    assert_eq!(parse_bytes("3.000"), Ok(3));
    assert_eq!(format_bytes(1536), "1.5 KB");
    // Rounded, not cut: 1871 B is 1.827 KB.
    for (b, text) in [
        (1871, "1.83 KB"),
        (1023, "1023 B"),
        (1024, "1 KB"),
        (10_234, "9.99 KB"),
        (10_235, "10 KB"),
        (102_347, "99.9 KB"),
        (102_349, "100 KB"),
        (1_048_575, "1 MB"),
        (1_047_552, "1023 KB"),
        (1_048_064, "1 MB"),
        (u64::MAX, "16777216 TB"),
    ] {
        assert_eq!(format_bytes(b), text, "{b}");
    }
    assert_eq!(format_bytes(512), "512 B");
    assert_eq!(format_bytes(4 << 40), "4 TB");
    assert_eq!(
        (format_bytes_iec(4 << 40), format_bytes_iec(300 << 20), format_bytes_iec(1536)),
        ("4 TiB".into(), "300 MiB".into(), "1.5 KiB".into())
    );
    assert_eq!(format_bytes(1_572_864), "1.5 MB");
}
