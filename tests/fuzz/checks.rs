//! Checks the targets of several areas share.

use crate::prelude::*;

// ---------------------------------------------------------------------------------------------
// Shared checks
// ---------------------------------------------------------------------------------------------

/// Whether trimmed text is an optional sign and ASCII digits: the numbers whose parse can fail
/// only by being too large. (Rust's own parser reports overflow as soon as the digits read so
/// far overflow, even when a letter follows, so its error kind cannot tell this.)
pub(crate) fn well_formed_integer(text: &str) -> bool {
    let trimmed = text.trim();
    let digits = trimmed.strip_prefix(['+', '-']).unwrap_or(trimmed);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// An error's text is non-empty, short, and names the bound (and the value) it refers to; a
/// range error's value is really outside its range.
pub(crate) fn check_error(error: &ModelError) -> Result<(), TestCaseError> {
    let text = error.to_string();
    prop_assert!(!text.trim().is_empty(), "empty message for {:?}", error);
    prop_assert!(text.chars().count() <= MAX_MESSAGE_CHARS, "message of {} chars", text.chars().count());
    let has = |needle: String| text.contains(&needle);
    match error {
        ModelError::MaxParallelismOutOfRange { value } => {
            prop_assert!(has("1 and 32768".into()) && has(value.to_string()), "{}", text)
        }
        ModelError::ParallelismTooSmall { value } => prop_assert!(has(value.to_string()), "{}", text),
        ModelError::ParallelismAboveMax { parallelism, max } => {
            prop_assert!(has(parallelism.to_string()) && has(max.to_string()), "{}", text)
        }
        ModelError::KeyGroupBeyondMax { group, max } => {
            prop_assert!(has(format!("key group {group}")) && has(format!("0 to {}", max - 1)), "{}", text);
            prop_assert!(group >= max, "the group named exists: {}", text)
        }
        ModelError::DerivationParallelismOutOfRange { value } => {
            prop_assert!(has("32768".into()) && has(value.to_string()), "{}", text)
        }
        ModelError::OutOfRange { what, value, min, max } => {
            prop_assert!(
                has(what.to_string()) && has(min.to_string()) && has(max.to_string()) && has(value.to_string()),
                "{}",
                text
            );
            prop_assert!(!(min..=max).contains(&value), "the value named is in range: {}", text);
        }
        ModelError::FarOutOfRange { what, text: typed, min, max } => {
            prop_assert!(
                has(what.to_string())
                    && has(min.to_string())
                    && has(max.to_string())
                    && has(typed.trim().chars().take(20).collect()),
                "{}",
                text
            );
            prop_assert!(typed.trim().parse::<i64>().is_err(), "the text named fits 64 bits: {}", text);
        }
        ModelError::Negative { what, value } => {
            prop_assert!(has(what.to_string()) && has(value.to_string()) && *value < 0, "{}", text)
        }
        ModelError::SecondsOutOfRange { max, .. } => prop_assert!(has(max.to_string()), "{}", text),
        ModelError::NotAnAmount { what, .. } => prop_assert!(has(what.to_string()), "{}", text),
        ModelError::NegativeAmount { what, text: typed } => prop_assert!(
            has(what.to_string()) && has("must be 0 or more".into()) && typed.trim().starts_with('-'),
            "{}",
            text
        ),
        ModelError::AmountTooLarge { what, max, .. } | ModelError::SizeTooLarge { what, max, .. } => {
            prop_assert!(has(what.to_string()) && has(max.to_string()), "{}", text)
        }
        ModelError::NotPositive { what } => prop_assert!(has(what.to_string()), "{}", text),
        ModelError::NotASize { what, .. }
        | ModelError::NotADuration { what, .. }
        | ModelError::RateWithoutUnit { what, .. } => {
            prop_assert!(has(what.to_string()), "{}", text)
        }
        ModelError::KeyNotANumber { key_type, .. } | ModelError::KeyOutOfRange { key_type, .. } => {
            prop_assert!(has(key_type.as_str().into()) && has(key_type.range_text().into()), "{}", text)
        }
        ModelError::UnknownKeyType { .. } => prop_assert!(has("string, int or long".into()), "{}", text),
        ModelError::NoCommonMultiple { lcm, .. } => {
            prop_assert!(has("32768".into()) && has(lcm.to_string()) && *lcm > 32768, "{}", text)
        }
        ModelError::NotAWholeNumber { .. }
        | ModelError::NumberTooLarge { .. }
        | ModelError::NotSeconds { .. }
        | ModelError::KeyNotUtf8 => {}
    }
    Ok(())
}

/// A lab's notices each name a parameter that was given, start with `param=`, and are short.
pub(crate) fn check_lab_notices(location: &Location, notices: &[Notice]) -> Result<(), TestCaseError> {
    for n in notices {
        prop_assert!(location.params.get(&n.param).is_some(), "notice for a parameter not given: {:?}", n);
        prop_assert!(n.message.starts_with(&format!("{}=", n.param)), "{:?}", n);
        prop_assert!(n.message.chars().count() <= MAX_MESSAGE_CHARS, "notice of {} chars", n.message.chars().count());
    }
    let mut names: Vec<&str> = notices.iter().map(|n| n.param.as_str()).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    prop_assert_eq!(names.len(), count, "one notice per parameter");
    Ok(())
}

/// Formats `pairs` for `lab` with `common`, parses the hash again, and checks the route, the
/// common parameters and the absence of notices; returns the new location.
pub(crate) fn reparse(
    lab: Lab,
    common: &CommonQuery,
    pairs: &[(&'static str, String)],
) -> Result<Location, TestCaseError> {
    let hash = format_hash(lab, common, pairs);
    let again = Location::parse(&hash);
    prop_assert_eq!(&again.route, &Route::Lab(lab), "{}", hash);
    prop_assert_eq!(&again.common, common, "{}", hash);
    prop_assert!(again.notices.is_empty(), "{} gave {:?}", hash, again.notices);
    Ok(again)
}

/// Lines the importer reads: segments split on `\n`, without the empty one after a final `\n`.
pub(crate) fn line_count(text: &str) -> usize {
    if text.is_empty() {
        0
    } else {
        text.split('\n').count() - usize::from(text.ends_with('\n'))
    }
}

pub(crate) fn check_import(text: &str, key_type: KeyType, import: &CsvImporter) -> Result<(), TestCaseError> {
    prop_assert!(import.done());
    prop_assert!(!import.truncated);
    prop_assert_eq!(import.offset(), text.len());
    prop_assert_eq!(import.errors.len(), import.error_count.min(MAX_ERRORS_KEPT));
    let lines = line_count(text);
    let mut previous = 0;
    for e in &import.errors {
        prop_assert!(e.line > previous && e.line <= lines, "line {} of {}", e.line, lines);
        prop_assert!(!e.reason.trim().is_empty());
        prop_assert!(e.reason.chars().count() <= MAX_MESSAGE_CHARS);
        previous = e.line;
    }
    // Every line is a row, an error, the header or blank (a leading byte-order mark is passed
    // over: a text of it alone is one blank line; found by this target: "\u{feff}").
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let blank = body.split('\n').take(lines).filter(|l| l.strip_suffix('\r').unwrap_or(l).trim().is_empty()).count();
    prop_assert_eq!(import.rows.len() + import.error_count + usize::from(import.header) + blank, lines);
    if import.header {
        let first = body.split('\n').find(|l| !l.trim().is_empty()).unwrap_or("").trim_start();
        prop_assert!(first.to_ascii_lowercase().starts_with("key") || first.starts_with('"'), "header {:?}", first);
    }
    let mut seen = HashSet::new();
    for row in &import.rows {
        prop_assert_eq!(row.key.key_type(), key_type);
        if let Key::Str(s) = &row.key {
            prop_assert!(s.chars().count() <= 1000);
            prop_assert!(!s.contains('\n'));
        }
        prop_assert!(row.events_milli <= MAX_TOTAL_MILLI + 999);
        prop_assert!(row.bytes <= MAX_BYTES);
        prop_assert!(seen.insert(row.key.clone()), "duplicate key {:?} kept", row.key);
    }
    Ok(())
}
