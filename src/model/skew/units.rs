//! Amounts typed by a person: event rates as decimals kept in thousandths (so no float ever
//! needs formatting), and state sizes with units B, KB, MB, GB, TB (binary: 1 KB = 1024 B;
//! KiB, MiB, GiB, TiB are accepted as the same).

pub use crate::number::format_milli;
use crate::ModelError;

/// The largest rate accepted, in events per second.
pub const MAX_EVENTS_PER_S: u64 = 1_000_000_000_000;
/// The largest state size accepted, in bytes (1 PB).
pub const MAX_BYTES: u64 = 1 << 50;

/// Parses a non-negative decimal with up to three decimals into thousandths (`"12.5"` →
/// 12500). More decimals are refused, as are signs, exponents and `NaN`.
pub fn parse_milli(text: &str, what: &'static str, max_whole: u64) -> Result<u64, ModelError> {
    let trimmed = text.trim();
    // A number below 0 is named as one, not as "not a number" (one minus sign, read once: a
    // run of them is no number, and reading them one by one would not end for a long run).
    if let Some(rest) = trimmed.strip_prefix('-') {
        let below_zero =
            !rest.trim_start().starts_with('-') && parse_milli(rest, what, u64::MAX / 1000).is_ok_and(|v| v > 0);
        return Err(match below_zero {
            true => ModelError::NegativeAmount { what, text: text.to_string() },
            false => ModelError::NotAnAmount { what, text: text.to_string() },
        });
    }
    let (whole, fraction) = trimmed.split_once('.').unwrap_or((trimmed, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
        return Err(ModelError::NotAnAmount { what, text: text.to_string() });
    }
    let whole_value = match whole.trim_start_matches('0') {
        "" => 0,
        w if w.len() > 19 => return Err(ModelError::AmountTooLarge { what, text: text.to_string(), max: max_whole }),
        w => {
            w.parse::<u64>().map_err(|_| ModelError::AmountTooLarge { what, text: text.to_string(), max: max_whole })?
        }
    };
    if whole_value > max_whole {
        return Err(ModelError::AmountTooLarge { what, text: text.to_string(), max: max_whole });
    }
    let fraction_value =
        fraction.bytes().chain(std::iter::repeat(b'0')).take(3).fold(0, |acc, b| acc * 10 + u64::from(b - b'0'));
    whole_value.checked_mul(1000).and_then(|v| v.checked_add(fraction_value)).ok_or(ModelError::AmountTooLarge {
        what,
        text: text.to_string(),
        max: max_whole,
    })
}

/// Parses a size such as `512`, `4 KB`, `1.5MB`, `2 GiB`, `1TB` into bytes (a bare number is
/// bytes and must be whole; with a larger unit, what falls below a whole byte is dropped:
/// `0.001 KB` is 1 B).
pub fn parse_bytes(text: &str) -> Result<u64, ModelError> {
    parse_size(text, "state size")
}

/// As [`parse_bytes`], naming the field `what` in errors (e.g. a throughput per second).
/// A throughput in bytes per second, written as a size with its unit (`300 MiB`), `/s` after it
/// allowed (`300 MiB/s`, as the plan writes its arithmetic). A bare number is refused: read as
/// bytes it would give a plan centuries long, and nobody means 300 B/s.
pub fn parse_rate(text: &str, what: &'static str) -> Result<u64, ModelError> {
    let trimmed = text.trim();
    let size = trimmed.strip_suffix("/s").or_else(|| trimmed.strip_suffix("/S")).unwrap_or(trimmed);
    let number = size.trim();
    let bare = !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.');
    match parse_size(size, what) {
        Ok(0) => Ok(0),
        // Past the bound whatever its unit: the bound is the message.
        Err(too_large @ ModelError::SizeTooLarge { .. }) => Err(too_large),
        _ if bare => Err(ModelError::RateWithoutUnit { what, text: text.to_string() }),
        parsed => parsed,
    }
}

pub fn parse_size(text: &str, what: &'static str) -> Result<u64, ModelError> {
    let trimmed = text.trim();
    if let Some(rest) = trimmed.strip_prefix('-') {
        let below_zero = !rest.trim_start().starts_with('-') && parse_size(rest, what).is_ok_and(|v| v > 0);
        return Err(match below_zero {
            true => ModelError::NegativeAmount { what, text: text.to_string() },
            false => ModelError::NotASize { what, text: text.to_string() },
        });
    }
    let split = trimmed.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(split);
    let unit = unit.trim();
    let is = |names: [&str; 3]| names.iter().any(|n| unit.eq_ignore_ascii_case(n));
    let shift = if unit.is_empty() || unit.eq_ignore_ascii_case("B") {
        0
    } else if is(["KB", "KiB", "K"]) {
        10
    } else if is(["MB", "MiB", "M"]) {
        20
    } else if is(["GB", "GiB", "G"]) {
        30
    } else if is(["TB", "TiB", "T"]) {
        40
    } else {
        return Err(ModelError::NotASize { what, text: text.to_string() });
    };
    let limit_whole = MAX_BYTES >> shift;
    let milli = parse_milli(number, what, limit_whole).map_err(|e| match e {
        ModelError::NotAnAmount { .. } => ModelError::NotASize { what, text: text.to_string() },
        negative @ ModelError::NegativeAmount { .. } => negative,
        _ => ModelError::SizeTooLarge { what, text: text.to_string(), max: MAX_BYTES },
    })?;
    // A fraction of a byte is no size (`3.5` or `2.5 B` would silently lose the half).
    if shift == 0 && milli % 1000 != 0 {
        return Err(ModelError::NotASize { what, text: text.to_string() });
    }
    let bytes = (u128::from(milli) << shift) / 1000;
    u64::try_from(bytes).ok().filter(|&b| b <= MAX_BYTES).ok_or_else(|| ModelError::SizeTooLarge {
        what,
        text: text.to_string(),
        max: MAX_BYTES,
    })
}

/// Writes bytes exactly, with the largest binary unit that shows them in at most three
/// decimals: 1536 → `1.5 KB`, 4 TiB → `4 TB`, 2000 → `2000 B`. [`parse_size`] reads the text
/// back to the same number of bytes (links use this form; [`format_bytes`] rounds for reading).
pub fn format_bytes_exact(bytes: u64) -> String {
    format_bytes_exact_in(bytes, ["B", "KB", "MB", "GB", "TB"])
}

/// [`format_bytes_exact`] naming the units as binary: 4 × 2⁴⁰ → `4 TiB`.
pub fn format_bytes_exact_iec(bytes: u64) -> String {
    format_bytes_exact_in(bytes, ["B", "KiB", "MiB", "GiB", "TiB"])
}

fn format_bytes_exact_in(bytes: u64, units: [&str; 5]) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let thousandths = u128::from(bytes) * 1000;
    let unit = (1..UNITS.len())
        .rev()
        .find(|&u| bytes >= 1u64 << (10 * u) && thousandths % (1u128 << (10 * u)) == 0)
        .unwrap_or(0);
    if unit == 0 {
        return format!("{bytes} B");
    }
    format!("{} {}", format_milli((thousandths >> (10 * unit)) as u64), units[unit])
}

/// Writes bytes with the largest binary unit that keeps at least 1, to three significant
/// digits, rounded half up (not cut): 1536 → `1.5 KB`, 1871 → `1.83 KB`, and a value that
/// rounds to 1024 of a unit is written in the next (1,048,575 → `1 MB`).
pub fn format_bytes(bytes: u64) -> String {
    format_bytes_in(bytes, ["B", "KB", "MB", "GB", "TB"])
}

/// [`format_bytes`] naming the units as binary: 1536 → `1.5 KiB`, 4 × 2⁴⁰ → `4 TiB`.
pub fn format_bytes_iec(bytes: u64) -> String {
    format_bytes_in(bytes, ["B", "KiB", "MiB", "GiB", "TiB"])
}

fn format_bytes_in(bytes: u64, units: [&str; 5]) -> String {
    let mut unit = 0;
    while unit + 1 < units.len() && bytes >= 1u64 << (10 * (unit + 1)) {
        unit += 1;
    }
    if unit == 0 {
        return format!("{bytes} B");
    }
    // Thousandths of the unit, rounded half up at the digit kept: 0 decimals from 100, 1 from
    // 10, else 2.
    let rounded = |unit: usize| {
        let shift = 10 * unit as u32;
        let whole = u128::from(bytes) >> shift;
        let step: u128 = if whole >= 100 {
            1000
        } else if whole >= 10 {
            100
        } else {
            10
        };
        let units_of_step = ((u128::from(bytes) * 1000 / step) + (1u128 << (shift - 1))) >> shift;
        (units_of_step * step) as u64
    };
    let mut milli = rounded(unit);
    if milli >= 1024 * 1000 && unit + 1 < units.len() {
        unit += 1;
        milli = rounded(unit);
    }
    format!("{} {}", format_milli(milli), units[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milli_table() {
        for (text, expected) in
            [("0", 0), ("12", 12_000), ("12.5", 12_500), (" .25 ", 250), ("7.", 7000), ("1.001", 1001)]
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
            assert!(
                message.contains("whole bytes, or at most three decimals with a larger unit"),
                "{text:?}: {message}"
            );
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
}
