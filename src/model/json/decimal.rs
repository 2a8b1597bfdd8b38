//! Exact decimals for JSON numbers: digits and a scale, never floating point.

use std::fmt;

/// A non-negative decimal number read exactly: `digits` × 10^`exponent`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    pub digits: u128,
    pub exponent: i32,
}

/// The most significant digits a [`Decimal`] keeps (a Java `long` has 19, a `double` 17).
pub const MAX_DIGITS: usize = 30;

/// Why a text is not a non-negative decimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecimalError {
    NotANumber,
    Negative,
    TooManyDigits,
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DecimalError::NotANumber => "not a number",
            DecimalError::Negative => "negative",
            DecimalError::TooManyDigits => "written with more digits than this reads (30)",
        })
    }
}

impl Decimal {
    /// Reads a JSON number, or the same grammar inside a string (Java's `String.valueOf` of a
    /// long or double: `1290`, `1084.0`, `1.2E7`, `3.3E-4`). `-0` and `-0.0` read as zero.
    pub fn parse(text: &str) -> Result<Decimal, DecimalError> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exp) = match body.find(['e', 'E']) {
            Some(i) => (&body[..i], Some(&body[i + 1..])),
            None => (body, None),
        };
        let (int, frac) = match mantissa.find('.') {
            Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
            None => (mantissa, ""),
        };
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(int) || (mantissa.contains('.') && !all_digits(frac)) {
            return Err(DecimalError::NotANumber);
        }
        let mut exponent: i64 = match exp {
            None => 0,
            Some(e) => {
                let (sign, d) = match e.as_bytes().first() {
                    Some(b'-') => (-1, &e[1..]),
                    Some(b'+') => (1, &e[1..]),
                    _ => (1, e),
                };
                if !all_digits(d) {
                    return Err(DecimalError::NotANumber);
                }
                if d.len() > 6 {
                    return Err(DecimalError::TooManyDigits);
                }
                sign * d.parse::<i64>().map_err(|_| DecimalError::NotANumber)?
            }
        };
        let joined = format!("{int}{frac}");
        let significant = joined.trim_start_matches('0');
        // Trailing zeros only scale the value.
        let trimmed = significant.trim_end_matches('0');
        exponent = exponent - frac.len() as i64 + (significant.len() - trimmed.len()) as i64;
        if trimmed.len() > MAX_DIGITS {
            return Err(DecimalError::TooManyDigits);
        }
        let digits = trimmed.bytes().fold(0u128, |acc, b| acc * 10 + u128::from(b - b'0'));
        if digits == 0 {
            return Ok(Decimal { digits: 0, exponent: 0 });
        }
        if negative {
            return Err(DecimalError::Negative);
        }
        Ok(Decimal { digits, exponent: exponent.clamp(-1000, 1000) as i32 })
    }

    /// The value in units of 10^-`scale`, rounded half up; `None` above `u64::MAX`.
    pub fn units(&self, scale: u32) -> Option<u64> {
        let shift = i64::from(self.exponent) + i64::from(scale);
        if self.digits == 0 {
            return Some(0);
        }
        if shift >= 0 {
            let factor = 10u128.checked_pow(u32::try_from(shift).ok()?)?;
            u64::try_from(self.digits.checked_mul(factor)?).ok()
        } else {
            let down = u32::try_from(-shift).ok()?;
            let Some(divisor) = 10u128.checked_pow(down) else { return Some(0) };
            u64::try_from((self.digits + divisor / 2) / divisor).ok()
        }
    }

    /// Decimal places after the point needed to write the value exactly.
    pub fn places(&self) -> u32 {
        if self.exponent < 0 {
            self.exponent.unsigned_abs()
        } else {
            0
        }
    }

    /// Rounded to a whole number half up, as JavaScript's `Math.round` rounds a non-negative
    /// number (exact on the decimal text, which for Java's shortest `double` output agrees
    /// with rounding the `double` itself).
    pub fn round(&self) -> Option<u64> {
        self.units(0)
    }
}
