//! Whole numbers typed by a person: parsed once, with the bound named when they are wrong.

use super::error::ModelError;

/// Parses an optionally signed decimal integer, ignoring surrounding whitespace. Anything
/// else (empty, `1e3`, `0x10`, `12abc`, `NaN`) is [`ModelError::NotAWholeNumber`]; digits
/// beyond `i64` are [`ModelError::NumberTooLarge`].
pub fn parse_whole(text: &str) -> Result<i64, ModelError> {
    let trimmed = text.trim();
    let digits = trimmed.strip_prefix(['+', '-']).unwrap_or(trimmed);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ModelError::NotAWholeNumber { text: text.to_string() });
    }
    trimmed.parse::<i64>().map_err(|_| ModelError::NumberTooLarge { text: text.to_string() })
}

/// Parses a whole number and checks it lies in `min..=max`; `what` names the field.
pub fn parse_in_range(text: &str, what: &'static str, min: i64, max: i64) -> Result<i64, ModelError> {
    let value = parse_whole(text)?;
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ModelError::OutOfRange { what, value, min, max })
    }
}

/// Parses a time in seconds written as plain decimal digits with an optional fraction
/// (`0`, `1.5`, `.25`) into whole milliseconds, between 0 and `max_ms` inclusive. Digits
/// past the third decimal are dropped (a step boundary is a whole number of milliseconds, so
/// floor(2t) is unchanged). Exponents, signs, `NaN` and `inf` are refused.
pub fn parse_seconds_as_millis(text: &str, max_ms: u32) -> Result<u32, ModelError> {
    let trimmed = text.trim();
    let (whole, fraction) = trimmed.split_once('.').unwrap_or((trimmed, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) {
        return Err(ModelError::NotSeconds { text: text.to_string() });
    }
    let too_big = || ModelError::SecondsOutOfRange { text: text.to_string(), max: max_ms / 1000 };
    let whole_ms = match whole.trim_start_matches('0') {
        "" => 0,
        w if w.len() > 9 => return Err(too_big()),
        w => w.parse::<u64>().map_err(|_| too_big())? * 1000,
    };
    let fraction_ms =
        fraction.bytes().chain(std::iter::repeat(b'0')).take(3).fold(0u64, |acc, b| acc * 10 + u64::from(b - b'0'));
    let total = whole_ms + fraction_ms;
    if total > u64::from(max_ms) {
        return Err(too_big());
    }
    Ok(total as u32)
}

/// Writes milliseconds as seconds with no trailing zeros: 1500 → `1.5`, 10000 → `10`.
pub fn format_millis_as_seconds(ms: u32) -> String {
    let (whole, fraction) = (ms / 1000, ms % 1000);
    if fraction == 0 {
        whole.to_string()
    } else {
        format!("{whole}.{}", format!("{fraction:03}").trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_seconds_table() {
        let ok = [
            ("0", 0),
            ("1.5", 1500),
            (".25", 250),
            ("3600", 3_600_000),
            ("7.", 7000),
            ("1.4999", 1499),
            ("0007.0", 7000),
        ];
        for (text, expected) in ok {
            assert_eq!(parse_seconds_as_millis(text, 3_600_000), Ok(expected), "{text:?}");
        }
        let bad = [
            ("-1", "not a number of seconds"),
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
            ("", Err("is not a whole number")),
            ("abc", Err("is not a whole number")),
            ("1e3", Err("is not a whole number")),
            ("NaN", Err("is not a whole number")),
            ("99999999999999999999999", Err("far too large")),
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
}
