//! Whole numbers typed by a person: parsed once, with the bound named when they are wrong.

use super::error::ModelError;

/// Parses an optionally signed decimal integer, ignoring surrounding whitespace. Anything
/// else (empty, `1e3`, `0x10`, `12abc`, `NaN`) is [`ModelError::NotAWholeNumber`]; digits
/// beyond `i64` are [`ModelError::NumberTooLarge`].
pub fn parse_whole(text: &str) -> Result<i64, ModelError> {
    let trimmed = text.trim();
    let digits = trimmed.strip_prefix(['+', '-']).unwrap_or(trimmed);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ModelError::NotAWholeNumber {
            text: text.to_string(),
        });
    }
    trimmed
        .parse::<i64>()
        .map_err(|_| ModelError::NumberTooLarge {
            text: text.to_string(),
        })
}

/// Parses a whole number and checks it lies in `min..=max`; `what` names the field.
pub fn parse_in_range(
    text: &str,
    what: &'static str,
    min: i64,
    max: i64,
) -> Result<i64, ModelError> {
    let value = parse_whole(text)?;
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ModelError::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let err = parse_in_range("0", "modulus m", 1, 360)
            .unwrap_err()
            .to_string();
        assert_eq!(err, "modulus m must be between 1 and 360, got 0");
    }
}
