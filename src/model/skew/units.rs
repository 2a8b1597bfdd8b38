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
    // The bound holds for the whole value, fraction included (5.5 is above 5).
    whole_value
        .checked_mul(1000)
        .and_then(|v| v.checked_add(fraction_value))
        .filter(|v| *v <= max_whole.saturating_mul(1000))
        .ok_or(ModelError::AmountTooLarge { what, text: text.to_string(), max: max_whole })
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
#[path = "units_tests.rs"]
mod tests;
