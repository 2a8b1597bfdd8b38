//! Whole numbers typed by a person: parsed once, with the bound named when they are wrong.
//! And numbers written for a person: counts with their noun in the right number (`1 key`,
//! `2 keys`), rates to a sensible precision (`29,366`, not `29365.603`), and the unit an
//! axis shows its ticks in (`k events/s`, `MB`). Integer arithmetic only (no float formatting).

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
    match parse_whole(text) {
        Err(ModelError::NumberTooLarge { text }) => Err(ModelError::FarOutOfRange { what, text, min, max }),
        parsed => in_range(what, parsed?, min, max),
    }
}

/// `value` when it lies in `min..=max`, else the out-of-range error naming `what` and both bounds.
pub fn in_range(what: &'static str, value: i64, min: i64, max: i64) -> Result<i64, ModelError> {
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
    // A negative number of seconds is a number, below the range: said as such.
    let (negative, unsigned) = trimmed.strip_prefix('-').map_or((false, trimmed), |rest| (true, rest));
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) {
        return Err(ModelError::NotSeconds { text: text.to_string() });
    }
    let too_big = || ModelError::SecondsOutOfRange { text: text.to_string(), max: max_ms / 1000 };
    if negative && (whole.bytes().chain(fraction.bytes())).any(|b| b != b'0') {
        return Err(too_big());
    }
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
    format_milli(u64::from(ms))
}

/// Writes thousandths as a decimal without trailing zeros: 12500 → `12.5`.
pub fn format_milli(value: u64) -> String {
    let (whole, fraction) = (value / 1000, value % 1000);
    if fraction == 0 {
        whole.to_string()
    } else {
        format!("{whole}.{}", format!("{fraction:03}").trim_end_matches('0'))
    }
}

/// Thousandths to two places, rounded half up (of the exact value too, when `milli` is its
/// floor, as every ratio here is): 2349 → `2.35`, 1166 → `1.17`, 2000 → `2.00`.
pub fn two_places(milli: u64) -> String {
    let hundredths = (u128::from(milli) + 5) / 10;
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

/// The noun for `n` things: `one` for exactly 1, else `many`.
pub fn noun<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// `n` with its noun: `count(1, "key", "keys")` → `1 key`, `count(3, …)` → `3 keys`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// Digits grouped in threes with commas: 29366 → `29,366`.
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A rate kept in thousandths, written for reading: whole and grouped from 100 up
/// (`29,366`), one decimal from 10 (`12.5`), two from 1 (`1.25`), three below (`0.004`);
/// rounded half up, trailing zeros dropped. (Links and CSV files keep the exact form.)
pub fn format_rate_milli(milli: u64) -> String {
    let round = |unit: u64| (milli / unit + u64::from(milli % unit >= unit.div_ceil(2))) * unit;
    let rounded = match milli {
        m if m >= 99_500 => return group_digits(round(1000) / 1000),
        m if m >= 9_950 => round(100),
        m if m >= 995 => round(10),
        m => m,
    };
    let (whole, fraction) = (rounded / 1000, rounded % 1000);
    if fraction == 0 {
        whole.to_string()
    } else {
        format!("{whole}.{}", format!("{fraction:03}").trim_end_matches('0'))
    }
}

/// How a load compares with the load now, in whole percent rounded half up: `26% less`,
/// `5% more` (written as every other percentage of the labs), `the same` (under half a
/// percent either way).
pub fn change_text(now: u64, then: u64) -> String {
    let (diff, word) = if then < now { (now - then, "less") } else { (then - now, "more") };
    if now == 0 {
        return if then == 0 { "the same".to_string() } else { "more (none now)".to_string() };
    }
    let percent = (u128::from(diff) * 200 + u128::from(now)) / (2 * u128::from(now));
    if percent == 0 {
        "the same".to_string()
    } else {
        format!("{percent}% {word}")
    }
}

/// What an axis measures, for the unit its ticks are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Plain counts (key groups, keys): never scaled.
    Count,
    /// Events per second: scaled by thousands (`k events/s`, `M events/s`).
    Rate,
    /// Bytes: scaled by binary units (`KB` = 1024 B), as sizes are written elsewhere.
    Bytes,
}

/// The unit an axis writes its ticks in: each value divided by `divisor`, named `unit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AxisScale {
    pub divisor: u64,
    pub unit: &'static str,
}

impl AxisScale {
    /// The largest unit in which `max` is at least 1 (so ticks stay short).
    pub fn for_max(quantity: Quantity, max: u64) -> AxisScale {
        let units: &[(u64, &'static str)] = match quantity {
            Quantity::Count => &[(1, "")],
            Quantity::Rate => {
                &[(1, "events/s"), (1_000, "k events/s"), (1_000_000, "M events/s"), (1_000_000_000, "G events/s")]
            }
            Quantity::Bytes => &[(1, "bytes"), (1 << 10, "KB"), (1 << 20, "MB"), (1 << 30, "GB"), (1 << 40, "TB")],
        };
        let &(divisor, unit) = units.iter().rev().find(|(d, _)| max >= *d).unwrap_or(&units[0]);
        AxisScale { divisor, unit }
    }

    /// `value` in thousandths of this unit (what a chart plots, so ticks can be `2.5`).
    pub fn milli(&self, value: u64) -> u64 {
        (u128::from(value) * 1000 / u128::from(self.divisor.max(1))).min(u128::from(u64::MAX)) as u64
    }

    /// A tick at `milli` thousandths of the unit, as written under the axis: `2.5`, `40`.
    pub fn tick(milli: u64) -> String {
        let (whole, fraction) = (milli / 1000, milli % 1000);
        if fraction == 0 {
            group_digits(whole)
        } else {
            format!("{}.{}", group_digits(whole), format!("{fraction:03}").trim_end_matches('0'))
        }
    }
}

#[cfg(test)]
mod tests;
