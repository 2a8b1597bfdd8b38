//! The skew editor's CSV import, one-shot and stepped.

use crate::checks::*;
use crate::prelude::*;
use crate::strategies::*;

// ---------------------------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(fuzz_config())]

    /// `parse_csv` for every key type: every line is accounted for (row, error, header or
    /// blank), errors are numbered in order and capped, kept keys are unique and of the
    /// asked type, and the rows written back with `keys_to_csv` read back unchanged. With
    /// `rejecting_lone_surrogates`, only the lines holding U+FFFD change.
    #[test]
    fn csv_parse_csv(text in csv_text(), key_type in key_type()) {
        let import = parse_csv(&text, key_type);
        check_import(&text, key_type, &import)?;
        let mut strict = CsvImporter::new(key_type).rejecting_lone_surrogates();
        while !strict.done() {
            strict.step(&text, 10_000);
        }
        let kept: Vec<&KeyLoad> =
            import.rows.iter().filter(|r| !matches!(&r.key, Key::Str(s) if s.contains('\u{FFFD}'))).collect();
        if strict.header == import.header {
            prop_assert_eq!(strict.rows.iter().collect::<Vec<_>>(), kept);
        }
        if !text.contains('\u{FFFD}') {
            prop_assert_eq!((&strict.rows, &strict.errors, strict.header), (&import.rows, &import.errors, import.header));
        }
        let written = keys_to_csv(&import.rows);
        let again = parse_csv(&written, key_type);
        prop_assert!(again.errors.is_empty(), "{:?} from {:?}", again.errors, written);
        prop_assert!(!again.header);
        prop_assert_eq!(&again.rows, &import.rows);
    }

    /// Any key set the importer can hold (keys up to 1000 characters, sizes up to 1 PB)
    /// written by `keys_to_csv`, as the URL and local storage keep it, reads back unchanged.
    /// (A size of 10^15 bytes or more was once refused on reading back: minimal input a row
    /// with 1000000000000000 bytes.)
    #[test]
    fn csv_rows_round_trip(
        rows in vec(
            (csv_key_field(), 0u64..=MAX_TOTAL_MILLI, prop_oneof![0u64..=MAX_BYTES, SIXTEEN_DIGITS..=MAX_BYTES]),
            0..20,
        ),
        key_type in key_type(),
    ) {
        let mut seen = HashSet::new();
        let rows: Vec<KeyLoad> = rows
            .into_iter()
            .filter_map(|(key, events_milli, bytes)| {
                let key = match key_type.parse_key(&key).ok()? {
                    Key::Str(s) => Key::Str(s.replace(['\n', '\r'], "").chars().take(1000).collect()),
                    other => other,
                };
                seen.insert(key.clone()).then_some(KeyLoad { key, events_milli, bytes })
            })
            .collect();
        let written = keys_to_csv(&rows);
        let again = parse_csv(&written, key_type);
        prop_assert!(again.errors.is_empty(), "{:?} from {:?}", again.errors, written);
        prop_assert_eq!(&again.rows, &rows);
    }

    /// The stepped importer, with random step sizes (0 included), reads exactly what
    /// `parse_csv` reads; its offset only grows; a step after the end changes nothing.
    #[test]
    fn csv_stepped_importer(text in csv_text(), key_type in key_type(), steps in vec(0usize..40, 1..8)) {
        let whole = parse_csv(&text, key_type);
        let mut stepped = CsvImporter::new(key_type);
        let mut i = 0;
        while !stepped.done() {
            let n = steps[i % steps.len()];
            // At least one step per cycle reads something, so the loop ends.
            let n = if i % steps.len() == steps.len() - 1 { n.max(1) } else { n };
            let before = stepped.offset();
            stepped.step(&text, n);
            prop_assert!(stepped.offset() >= before && stepped.offset() <= text.len());
            i += 1;
        }
        stepped.step(&text, 5);
        prop_assert_eq!(&stepped.rows, &whole.rows);
        prop_assert_eq!(&stepped.errors, &whole.errors);
        prop_assert_eq!(stepped.error_count, whole.error_count);
        prop_assert_eq!(stepped.header, whole.header);
        prop_assert_eq!(stepped.truncated, whole.truncated);
        prop_assert_eq!(stepped.offset(), whole.offset());
    }
}
