//! Table tests for the times the guided path reports to a SCORM run-time.

use super::*;

const HOUR: u64 = 360_000;

/// A duration in each standard's form: 1.2's `HHHH:MM:SS.SS` up to its bound, 2004's ISO 8601
/// without its zero parts (no bound to reach).
#[test]
fn a_duration_is_written_in_each_standards_form() {
    let cases = [
        (0, "0000:00:00.00", "PT0S"),
        (5, "0000:00:00.05", "PT0.05S"),
        (5_999, "0000:00:59.99", "PT59.99S"),
        (6_000, "0000:01:00.00", "PT1M"),
        (HOUR, "0001:00:00.00", "PT1H"),
        (HOUR + 10, "0001:00:00.10", "PT1H0.1S"),
        (HOUR + 2 * 6_000 + 350, "0001:02:03.50", "PT1H2M3.5S"),
        (100 * HOUR, "0100:00:00.00", "PT100H"),
        (9_999 * HOUR + 359_999, "9999:59:59.99", "PT9999H59M59.99S"),
        // Beyond 1.2's four digits of hours: its longest duration.
        (10_000 * HOUR, "9999:59:59.99", "PT10000H"),
    ];
    for (centis, v12, v2004) in cases {
        assert_eq!((timespan_12(centis).as_str(), duration_2004(centis).as_str()), (v12, v2004), "{centis}");
    }
    assert_eq!(timespan_12(u64::MAX), "9999:59:59.99");
    // No input 2004's form cannot write.
    assert!(duration_2004(u64::MAX).starts_with("PT") && duration_2004(u64::MAX).ends_with('S'));
}

#[test]
fn the_session_time_goes_to_each_standards_element() {
    assert_eq!(session_time(Scorm::V12, 350), ("cmi.core.session_time".into(), "0000:00:03.50".into()));
    assert_eq!(session_time(Scorm::V2004, 350), ("cmi.session_time".into(), "PT3.5S".into()));
}

/// 2024-05-01T12:34:56.789Z.
const MAY_DAY: u64 = 1_714_566_896_789;

#[test]
fn a_scorm_12_time_is_the_learners_time_of_day() {
    let at = |epoch_ms, offset_minutes| Moment { epoch_ms, offset_minutes };
    let cases = [
        (at(0, 0), "00:00:00"),
        (at(MAY_DAY, 0), "12:34:56"),
        (at(MAY_DAY, 120), "14:34:56"),
        (at(MAY_DAY, -780), "23:34:56"),
        // West of UTC at the epoch: the evening before.
        (at(0, -60), "23:00:00"),
        (at(u64::MAX, 840), "04:25:51"),
    ];
    for (moment, want) in cases {
        assert_eq!(time_of_day_12(moment), want, "{moment:?}");
    }
}

#[test]
fn a_scorm_2004_timestamp_is_utc_to_the_hundredth() {
    let cases = [
        (0, "1970-01-01T00:00:00.00Z"),
        (MAY_DAY, "2024-05-01T12:34:56.78Z"),
        (1_709_164_800_000, "2024-02-29T00:00:00.00Z"),
        (951_868_799_999, "2000-02-29T23:59:59.99Z"),
        (4_107_542_400_000, "2100-03-01T00:00:00.00Z"),
        // Beyond a four-digit year: its last instant.
        (u64::MAX, "9999-12-31T23:59:59.99Z"),
    ];
    for (epoch_ms, want) in cases {
        // The learner's offset does not change a UTC timestamp.
        assert_eq!(timestamp_2004(Moment { epoch_ms, offset_minutes: 120 }), want, "{epoch_ms}");
    }
}

#[test]
fn an_interactions_time_in_each_standards_words() {
    let at = Moment { epoch_ms: MAY_DAY, offset_minutes: 60 };
    assert_eq!(interaction_time(Scorm::V12, 2, at), ("cmi.interactions.2.time".into(), "13:34:56".into()));
    assert_eq!(
        interaction_time(Scorm::V2004, 0, at),
        ("cmi.interactions.0.timestamp".into(), "2024-05-01T12:34:56.78Z".into())
    );
}
