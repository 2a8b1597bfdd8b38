//! CSV import: every malformed case named in the module docs, and a no-panic property.

use super::*;
use proptest::prelude::*;

fn keys(import: &CsvImporter) -> Vec<String> {
    import
        .rows
        .iter()
        .map(|r| match &r.key {
            Key::Str(s) => s.clone(),
            Key::Int(v) => v.to_string(),
            Key::Long(v) => v.to_string(),
        })
        .collect()
}

fn errors(import: &CsvImporter) -> Vec<(usize, String)> {
    import.errors.iter().map(|e| (e.line, e.reason.clone())).collect()
}

#[test]
fn good_lines_with_and_without_header() {
    let import = parse_csv(
        "key,events_per_s,state_bytes\r\na,10,1 KB\n\"b,c\",2.5\n\"say \"\"hi\"\"\",0,0\n\n",
        KeyType::String,
    );
    assert!(import.header);
    assert_eq!(keys(&import), vec!["a", "b,c", "say \"hi\""]);
    assert_eq!(import.rows[0].events_milli, 10_000);
    assert_eq!(import.rows[0].bytes, 1024);
    assert_eq!(import.rows[1].events_milli, 2500);
    assert!(import.errors.is_empty(), "{:?}", import.errors);
    let import = parse_csv("x,1", KeyType::String);
    assert!(!import.header);
    assert_eq!(keys(&import), vec!["x"]);
}

#[test]
fn a_byte_order_mark_opening_the_text_is_passed_over() {
    for (text, header, want) in [
        ("\u{feff}key,events_per_s\ncustomer-42,10\n", true, vec!["customer-42"]),
        ("\u{feff}customer-42,10\r\n", false, vec!["customer-42"]),
        // Only the text's first character is a byte-order mark; one inside a key is kept.
        ("a,1\n\u{feff}b,2\n", false, vec!["a", "\u{feff}b"]),
    ] {
        let import = parse_csv(text, KeyType::String);
        assert_eq!((import.header, keys(&import)), (header, want.iter().map(|k| k.to_string()).collect()), "{text:?}");
        assert!(import.errors.is_empty(), "{text:?}: {:?}", import.errors);
    }
    // Read in steps of one line, the mark is passed over once.
    let mut stepped = CsvImporter::new(KeyType::Int);
    while !stepped.done() {
        stepped.step("\u{feff}1,10\n2,20\n", 1);
    }
    assert_eq!(keys(&stepped), vec!["1", "2"]);
}

#[test]
fn malformed_lines_are_listed_and_good_ones_kept() {
    let text = [
        "good,1",                      // 1
        "only-a-key",                  // 2 too few fields
        "a,1,2,3",                     // 3 too many fields
        "\"open,1",                    // 4 unbalanced quote
        "\"q\"x,1",                    // 5 text after closing quote
        "b\"c,1",                      // 6 quote inside unquoted field
        "neg,-1",                      // 7 negative rate
        "nan,NaN",                     // 8 not a number
        "big,1000000000001",           // 9 above the limit
        "size,1,12 XB",                // 10 bad unit
        "good,2",                      // 11 duplicate
        "frac,1.0001",                 // 12 too many decimals
        "<script>alert(1)</script>,3", // 13 fine: hostile text is just a key
    ]
    .join("\n");
    let import = parse_csv(&text, KeyType::String);
    assert_eq!(keys(&import), vec!["good", "<script>alert(1)</script>"]);
    let lines: Vec<usize> = errors(&import).iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    let reasons = errors(&import);
    for (fragment, line) in [
        ("found 1", 2),
        ("found 4", 3),
        ("no closing double quote", 4),
        ("follows a closing double quote", 5),
        ("inside an unquoted field", 6),
        ("must be 0 or more, got \"-1\"", 7),
        ("is not a number", 8),
        ("above the limit", 9),
        ("not a size", 10),
        ("already given on line 1", 11),
        ("at most three decimals", 12),
    ] {
        let reason = &reasons.iter().find(|(l, _)| *l == line).unwrap().1;
        assert!(reason.contains(fragment), "line {line}: {reason:?} lacks {fragment:?}");
    }
}

#[test]
fn numeric_key_types_check_their_keys() {
    let import = parse_csv("1,5\n-2147483648,1\n2147483648,1\nx,1", KeyType::Int);
    assert_eq!(keys(&import), vec!["1", "-2147483648"]);
    assert_eq!(errors(&import).iter().map(|e| e.0).collect::<Vec<_>>(), vec![3, 4]);
}

#[test]
fn steps_resume_where_they_stopped() {
    let text: String = (0..1000).map(|i| format!("k{i},{i}\n")).collect();
    let mut importer = CsvImporter::new(KeyType::String);
    let mut steps = 0;
    while !importer.done() {
        importer.step(&text, 7);
        steps += 1;
    }
    assert!(steps >= 143);
    assert_eq!(importer.rows.len(), 1000);
    assert_eq!(importer.offset(), text.len());
}

proptest! {
    #[test]
    fn no_input_panics(text in "(\\PC|[\",\\n\\r])*", key_type in prop_oneof![Just(KeyType::String), Just(KeyType::Int), Just(KeyType::Long)]) {
        let import = parse_csv(&text, key_type);
        prop_assert!(import.rows.len() + import.error_count <= text.split('\n').count());
    }
}

proptest! {
    #[test]
    fn written_csv_reads_back(raw in proptest::collection::vec(("[^\n\r]{0,12}", 0u64..10_000_000, 0u64..1_000_000_000), 0..30)) {
        let mut seen = std::collections::HashSet::new();
        let keys: Vec<KeyLoad> = raw
            .into_iter()
            .filter(|(k, _, _)| seen.insert(k.clone()) && !k.trim().eq_ignore_ascii_case("key"))
            .map(|(k, e, b)| KeyLoad { key: Key::Str(k), events_milli: e, bytes: b })
            .collect();
        let import = parse_csv(&keys_to_csv(&keys), KeyType::String);
        prop_assert!(import.errors.is_empty(), "{:?}", import.errors);
        prop_assert_eq!(import.rows, keys);
    }
}
