//! What the output check says of a wrong total and of every key kept whole: exact for any two
//! longs, and in number at one key.

use super::*;

/// The difference a wrong total is off by is exact for any two longs (it was once capped at
/// a long's bounds: `i64::MIN` against 49 read −9223372036854775808).
#[test]
fn a_wrong_total_is_off_by_exactly_its_difference() {
    let off = |expected: i64, actual: i64| Diff { key: "k".into(), expected, actual }.off_by();
    assert_eq!(off(49, i64::MIN), -9_223_372_036_854_775_857);
    assert_eq!(off(i64::MIN, i64::MAX), 18_446_744_073_709_551_615);
    assert_eq!((off(49, 98), off(49, 0)), (49, -49));
}

/// "All 12 keys hold their full totals", and at one key the sentence agrees in number.
#[test]
fn every_key_whole_agrees_in_number() {
    assert_eq!(every_key_whole(12), "all 12 keys hold their full totals");
    assert_eq!(every_key_whole(1), "the 1 key holds its full total");
}
