//! Durations as the planner reads and writes them: seconds written as hours and minutes or as
//! days, and a state time-to-live parsed from what a person types (`6h`, `30 min`, `none`).

use super::super::ModelError;

/// Writes seconds as hours and minutes: 27_000 → `7 h 30 min`; below an hour with its seconds
/// too (341 → `5 min 41 s`: three of them are 17 min 3 s, where minutes alone read "5 min +
/// 5 min + 5 min = 17 min"). The estimates count whole seconds, so 0 is written `under 1 s`
/// (moving a few KiB still takes some time).
pub fn format_duration(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds % 3600 / 60, seconds % 60);
    match (h, m) {
        (0, 0) if seconds == 0 => "under 1 s".to_string(),
        (0, 0) => format!("{seconds} s"),
        (0, m) if s > 0 => format!("{m} min {s} s"),
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

/// Writes a moment of the plan, in seconds from its start: the start itself is `0 s` (a
/// duration of 0 is `under 1 s`, a moment is exact), every other as [`format_duration`].
pub fn format_moment(seconds: u64) -> String {
    if seconds == 0 {
        "0 s".to_string()
    } else {
        format_duration(seconds)
    }
}

/// A step's start and end as moments ([`format_moment`]), or both to the second where those
/// would read alike though the step takes time (found by review: a 3 s step read "from 24 h to
/// 24 h"; now from `24 h 0 min 0 s` to `24 h 0 min 3 s`).
pub fn format_span(start: u64, end: u64) -> (String, String) {
    let (from, to) = (format_moment(start), format_moment(end));
    if from != to || start == end {
        return (from, to);
    }
    (format_exact(start), format_exact(end))
}

/// Writes seconds to the second: `0 s`, `3 s`, `1 min 5 s`, `24 h 0 min 3 s`.
pub fn format_exact(t: u64) -> String {
    match t {
        0..=59 => format!("{t} s"),
        60..=3599 => format!("{} min {} s", t / 60, t % 60),
        _ => format!("{} h {} min {} s", t / 3600, t % 3600 / 60, t % 60),
    }
}

/// Whether `terms`, each as [`format_duration`] writes it (to the minute from an hour on), add
/// up to their total as it writes it.
pub fn adds_up(terms: &[u64]) -> bool {
    let shown = |t: u64| if t >= 3600 { t - t % 60 } else { t };
    let total = terms.iter().fold(0u64, |sum, &t| sum.saturating_add(t));
    terms.iter().fold(0u64, |sum, &t| sum.saturating_add(shown(t))) == shown(total)
}

/// `a + b = c`: the terms and their total as [`format_duration`] writes them, or all to the
/// second where the terms so written would not add up to the total so written (from an hour on
/// a duration is written to the minute: found by review, six terms read 1 h 27 min each and
/// their total two minutes more than they add up to).
pub fn format_sum(terms: &[u64]) -> String {
    let total = terms.iter().fold(0u64, |sum, &t| sum.saturating_add(t));
    let adds_up = adds_up(terms);
    let write = |t: u64| if adds_up { format_duration(t) } else { format_exact(t) };
    let terms: Vec<String> = terms.iter().map(|&t| write(t)).collect();
    format!("{} = {}", terms.join(" + "), write(total))
}

/// Writes seconds as days to a tenth: 198_248 → `2.3 days`.
pub fn format_days(seconds: u64) -> String {
    let tenths = seconds.saturating_mul(10) / 86_400;
    format!("{}.{} days", tenths / 10, tenths % 10)
}

/// [`format_days`] where it says something: from a tenth of a day (2 h 24 min) on; `None`
/// below, where "0.0 days" beside "under 1 s" would only be noise.
pub fn about_days(seconds: u64) -> Option<String> {
    (seconds >= 8_640).then(|| format_days(seconds))
}

/// The longest state time-to-live accepted, in days (ten years).
pub const MAX_TTL_DAYS: u64 = 3650;

/// Parses a duration such as `6h`, `30 min`, `2d`, `90s`, or `none` (→ `None`).
pub fn parse_ttl(text: &str) -> Result<Option<u64>, ModelError> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let bad = || ModelError::NotADuration { what: "state time-to-live", text: text.to_string() };
    let scale = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "s" | "sec" => 1,
        "m" | "min" => 60,
        "h" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        _ => return Err(bad()),
    };
    if number.is_empty() {
        return Err(bad());
    }
    let (what, max) = ("state time-to-live in days", MAX_TTL_DAYS as i64);
    // Past 64 bits: out of range all the same, named with the bound in days.
    let n: u64 = number.parse().map_err(|_| ModelError::FarOutOfRange { what, text: t.to_string(), min: 0, max })?;
    match n.checked_mul(scale) {
        Some(seconds) if seconds <= MAX_TTL_DAYS * 86_400 => Ok(Some(seconds)),
        _ => {
            let days = n.saturating_mul(scale).div_ceil(86_400);
            Err(ModelError::OutOfRange { what, value: i64::try_from(days).unwrap_or(i64::MAX), min: 0, max })
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn days_are_named_from_a_tenth_of_a_day() {
        assert_eq!(about_days(0), None);
        assert_eq!(about_days(8_639), None);
        assert_eq!(about_days(8_640).as_deref(), Some("0.1 days"));
        assert_eq!(about_days(212_220).as_deref(), Some("2.4 days"));
    }

    use super::*;

    #[test]
    fn durations_parse_and_format() {
        for (text, expected) in [
            ("6h", Some(21_600)),
            ("30 min", Some(1800)),
            ("2d", Some(172_800)),
            ("90", Some(90)),
            ("none", None),
            ("", None),
        ] {
            assert_eq!(parse_ttl(text), Ok(expected), "{text:?}");
        }
        for text in ["-1h", "6 weeks", "h", "99999999999d"] {
            assert!(parse_ttl(text).is_err(), "{text:?}");
        }
        // Leading zeros are only zeros.
        assert_eq!(parse_ttl("0000000000001d"), Ok(Some(86_400)));
        // However many digits, a number with a unit is named against the bound.
        for (text, said) in [
            ("4000d", "state time-to-live in days must be between 0 and 3650, got 4000"),
            ("99999999999999999999d", "state time-to-live in days must be between 0 and 3650, got \"99999999999999999999d\""),
            ("99999999999999999999 weeks", "state time-to-live \"99999999999999999999 weeks\" is not a duration: use a whole number with s, min, h or d, or none"),
            ("9999999999999d", "state time-to-live in days must be between 0 and 3650, got 9999999999999"),
        ] {
            assert_eq!(parse_ttl(text).unwrap_err().to_string(), said, "{text:?}");
        }
        assert_eq!(format_duration(27_000), "7 h 30 min");
        assert_eq!(format_duration(59), "59 s");
        assert_eq!(format_duration(3600), "1 h");
        // Below an hour the seconds too, so that sums of parts add up as written.
        assert_eq!(
            (format_duration(341), format_duration(3 * 341), format_duration(120)),
            ("5 min 41 s".into(), "17 min 3 s".into(), "2 min".into())
        );
        // A moment of the plan: its start is exact.
        assert_eq!(
            (format_duration(0), format_moment(0), format_moment(13_981)),
            ("under 1 s".into(), "0 s".into(), "3 h 53 min".into())
        );
    }

    /// A step's span reads to the second only where its two moments would read alike.
    #[test]
    fn a_short_step_late_in_the_plan_is_told_to_the_second() {
        for (start, end, from, to) in [
            (86_400, 86_403, "24 h 0 min 0 s", "24 h 0 min 3 s"),
            (3_725, 3_727, "1 h 2 min 5 s", "1 h 2 min 7 s"),
            (0, 13_981, "0 s", "3 h 53 min"),
            (13_981, 27_962, "3 h 53 min", "7 h 46 min"),
            (60, 65, "1 min", "1 min 5 s"),
            (86_400, 86_400, "24 h", "24 h"),
        ] {
            assert_eq!(format_span(start, end), (from.to_string(), to.to_string()), "{start}..{end}");
        }
    }

    /// A sum reads as written where its terms add up as written, else to the second.
    #[test]
    fn a_sum_adds_up_as_written() {
        let pass = 5_242; // 1.5 TiB ÷ 300 MiB/s: 1 h 27 min 22 s
        assert_eq!(format_sum(&[13_981, 27_962, 13_981]), "3 h 53 min + 7 h 46 min + 3 h 53 min = 15 h 32 min");
        assert_eq!(
            format_sum(&[pass, pass, 2 * pass, pass]),
            "1 h 27 min 22 s + 1 h 27 min 22 s + 2 h 54 min 44 s + 1 h 27 min 22 s = 7 h 16 min 50 s"
        );
        assert_eq!(format_sum(&[3, 0, 12]), "3 s + under 1 s + 12 s = 15 s");
        assert_eq!(format_sum(&[125, 3_600]), "2 min 5 s + 1 h 0 min 0 s = 1 h 2 min 5 s");
        assert_eq!(format_sum(&[120, 3_600]), "2 min + 1 h = 1 h 2 min");
    }
}
