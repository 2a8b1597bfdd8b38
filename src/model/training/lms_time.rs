//! The clock in each SCORM standard's words: how long a session lasted (the LMS adds it to the
//! learner's time spent) and when an answer was checked. Pure: the shell reads the clock
//! (`browser/lms.rs`) and hands the numbers here; every input gives a value the standard's
//! format accepts, a duration beyond SCORM 1.2's bound written as that bound.
//!
//! SCORM 1.2 writes a duration as `HHHH:MM:SS.SS` (CMITimespan, at most 9999 hours) and a time
//! of day as `HH:MM:SS` (CMITime); SCORM 2004 writes a duration in ISO 8601 (`PT1H2M3.5S`) and
//! an instant as an ISO 8601 date-time to the hundredth of a second, in UTC
//! (`2024-05-01T12:34:56.78Z`: its grammar has the zone follow a fraction, so one is always
//! written).

use super::Scorm;

/// A moment as the browser's clock gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment {
    /// Milliseconds since 1970-01-01T00:00:00 UTC.
    pub epoch_ms: u64,
    /// The learner's offset from UTC in minutes, east positive (120 for UTC+2).
    pub offset_minutes: i32,
}

/// SCORM 1.2's longest duration, 9999:59:59.99, in hundredths of a second.
const MAX_TIMESPAN_12: u64 = ((9999 * 60 + 59) * 60 + 59) * 100 + 99;

/// The last instant a four-digit year can write, 9999-12-31T23:59:59.999Z, in milliseconds.
const MAX_EPOCH_MS: u64 = 253_402_300_799_999;

impl Scorm {
    /// The element taking the time this session lasted.
    pub fn session_time_element(self) -> &'static str {
        match self {
            Scorm::V12 => "cmi.core.session_time",
            Scorm::V2004 => "cmi.session_time",
        }
    }
}

/// The session's length, `centis` hundredths of a second, as (element, value).
pub fn session_time(scorm: Scorm, centis: u64) -> (String, String) {
    let value = match scorm {
        Scorm::V12 => timespan_12(centis),
        Scorm::V2004 => duration_2004(centis),
    };
    (scorm.session_time_element().to_string(), value)
}

/// A duration as SCORM 1.2 writes it, `HHHH:MM:SS.SS` (`0001:02:03.50`), at most
/// `9999:59:59.99`.
pub fn timespan_12(centis: u64) -> String {
    let centis = centis.min(MAX_TIMESPAN_12);
    let s = centis / 100;
    format!("{:04}:{:02}:{:02}.{:02}", s / 3600, s / 60 % 60, s % 60, centis % 100)
}

/// A duration as SCORM 2004 writes it, ISO 8601 without the parts that are zero (`PT0S`,
/// `PT1H2M3.5S`, `PT100H`), seconds to the hundredth.
pub fn duration_2004(centis: u64) -> String {
    let s = centis / 100;
    let (hours, minutes, seconds, hundredths) = (s / 3600, s / 60 % 60, s % 60, centis % 100);
    let mut text = String::from("PT");
    if hours > 0 {
        text.push_str(&format!("{hours}H"));
    }
    if minutes > 0 {
        text.push_str(&format!("{minutes}M"));
    }
    if hundredths > 0 {
        let fraction = format!("{hundredths:02}");
        text.push_str(&format!("{seconds}.{}S", fraction.trim_end_matches('0')));
    } else if seconds > 0 || text == "PT" {
        text.push_str(&format!("{seconds}S"));
    }
    text
}

/// The learner's time of day as SCORM 1.2 writes it, `HH:MM:SS` (CMITime, on a 24-hour clock).
pub fn time_of_day_12(at: Moment) -> String {
    let local = (at.epoch_ms / 1000) as i64 + i64::from(at.offset_minutes) * 60;
    let s = local.rem_euclid(86_400);
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The instant as SCORM 2004 writes it, `YYYY-MM-DDThh:mm:ss.ssZ` in UTC (a time beyond the
/// year 9999 is written as its last instant).
pub fn timestamp_2004(at: Moment) -> String {
    let ms = at.epoch_ms.min(MAX_EPOCH_MS);
    let (days, in_day) = (ms / 86_400_000, ms % 86_400_000);
    let (year, month, day) = civil_date(days);
    let s = in_day / 1000;
    let hundredths = in_day % 1000 / 10;
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{hundredths:02}Z", s / 3600, s / 60 % 60, s % 60)
}

/// The (year, month, day) of the Gregorian calendar `days` days after 1970-01-01 (Howard
/// Hinnant's `civil_from_days`, for days on or after the epoch).
fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let (era, doe) = (z / 146_097, z % 146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + u64::from(month <= 2), month, day)
}

/// When interaction `index` was answered, as (element, value) in the standard's words.
pub fn interaction_time(scorm: Scorm, index: u32, at: Moment) -> (String, String) {
    match scorm {
        Scorm::V12 => (format!("cmi.interactions.{index}.time"), time_of_day_12(at)),
        Scorm::V2004 => (format!("cmi.interactions.{index}.timestamp"), timestamp_2004(at)),
    }
}

#[cfg(test)]
#[path = "lms_time_tests.rs"]
mod tests;
