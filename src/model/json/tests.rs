//! The reader accepts what RFC 8259 accepts and refuses the rest with the byte offset; numbers
//! keep their text; decimals read exactly and round as `Math.round` does.

use super::*;
use proptest::prelude::*;

fn err(text: &str) -> String {
    parse_sequence(text).expect_err(text).to_string()
}

#[test]
fn reads_values_with_offsets_and_number_text() {
    let v = parse(r#" {"a": [1, -2.5e3, "x\u00e9\ud83d\ude00"], "b": null, "c": true, "a": false}"#).unwrap();
    assert_eq!(v.at, 1);
    assert_eq!(v.keys(), vec!["a", "b", "c", "a"]);
    assert_eq!(v.get("a").map(|n| &n.value), Some(&Value::Bool(false)), "the last member wins, as in JavaScript");
    let Value::Object(members) = &v.value else { panic!() };
    let list = members[0].1.as_list().unwrap();
    assert_eq!(list[1], Node { at: 11, value: Value::Number("-2.5e3".into()) });
    assert_eq!(list[2].as_text(), Some("xé😀"));
    assert_eq!(parse("\u{feff}[]").unwrap().value, Value::List(vec![]));
}

#[test]
fn numbers_read_as_javascript_reads_them() {
    for (text, want) in [
        ("128", Some(128.0)),
        ("128.0", Some(128.0)),
        ("1.28e2", Some(128.0)),
        ("-0.5", Some(-0.5)),
        ("\"128\"", None),
        ("null", None),
        ("[1]", None),
    ] {
        assert_eq!(parse(text).unwrap().as_number(), want, "{text}");
    }
}

#[test]
fn sequences_of_bodies() {
    let v = parse_sequence("[1]\n[2] [3][4]").unwrap();
    assert_eq!(v.iter().map(|n| n.at).collect::<Vec<_>>(), vec![0, 4, 8, 11]);
    assert!(parse("[1] [2]").is_err());
}

#[test]
fn refusals_name_the_byte_and_what_was_expected() {
    for (text, expected) in [
        ("", "there is no text to read"),
        ("   \n", "there is no text to read"),
        ("[1, 2", "the text ends at byte 5 inside a list that starts at byte 0: it looks cut off"),
        ("{\"id\": \"numRec", "the text ends at byte 14 inside a string that starts at byte 7"),
        ("{\"a\": 1", "the text ends at byte 7 inside an object that starts at byte 0"),
        ("{\"a\" 1}", "at byte 5: expected ':' after a member name, found '1'"),
        ("[1,]", "at byte 3: expected a JSON value"),
        ("{'a': 1}", "at byte 1: expected a member name in double quotes, found '''"),
        ("<html><body>502", "at byte 0: expected a JSON value (an object, a list, a string, a number, true, false or null), found '<' (this looks like an HTML page"),
        ("[01]", "at byte 2: expected the end of the number, found '1'"),
        ("[1.]", "at byte 3: expected a digit after the decimal point, found ']'"),
        ("[NaN]", "at byte 1: expected a JSON value"),
        ("[tru]", "at byte 1: expected a JSON value (true, false and null are the only words)"),
        ("[\"a\u{1}\"]", "at byte 3: expected a character of a string (control characters must be escaped), found the control character '\\u{1}'"),
        ("[\"\\x\"]", "at byte 3: expected an escape"),
        ("[1]x", "at byte 3: expected white space or the end of the text after a value, found 'x'"),
        ("-", "the text ends at byte 1 inside a number that starts at byte 0"),
    ] {
        let message = err(text);
        assert!(message.contains(expected), "{text:?}: {message}");
    }
    let deep = "[".repeat(MAX_DEPTH + 1);
    assert_eq!(err(&deep), format!("at byte {MAX_DEPTH}: nested deeper than {MAX_DEPTH} levels"));
    let big = " ".repeat(MAX_BYTES + 1);
    assert!(err(&big).contains("more than the 8388608 this reads"));
}

#[test]
fn decimals_read_exactly_and_round_half_up() {
    let d = |t: &str| Decimal::parse(t);
    for (text, units_at_3, round) in [
        ("1290", Some(1_290_000), Some(1290)),
        ("1084.0", Some(1_084_000), Some(1084)),
        ("88.21666666666667", Some(88_217), Some(88)),
        ("12.5", Some(12_500), Some(13)),
        ("12.499", Some(12_499), Some(12)),
        ("1.2E7", Some(12_000_000_000), Some(12_000_000)),
        ("3.3E-4", Some(0), Some(0)),
        ("0.0005", Some(1), Some(0)),
        ("-0.0", Some(0), Some(0)),
        ("0", Some(0), Some(0)),
        ("18446744073709551615", None, Some(u64::MAX)),
        ("1e400", None, None),
        ("1e-400", Some(0), Some(0)),
    ] {
        let v = d(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((v.units(3), v.round()), (units_at_3, round), "{text}");
    }
    assert_eq!(d("33.333").unwrap().places(), 3);
    assert_eq!(d("1.2E7").unwrap().places(), 0);
    for bad in ["", "-", "1.", ".5", "1e", "NaN", "Infinity", "<rate>", "1,5", "0x10", " 1"] {
        assert_eq!(d(bad), Err(DecimalError::NotANumber), "{bad:?}");
    }
    assert_eq!(d("-3"), Err(DecimalError::Negative));
    assert_eq!(d(&"7".repeat(31)), Err(DecimalError::TooManyDigits));
}

proptest! {
    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,200}") {
        let _ = parse_sequence(&text);
        let _ = Decimal::parse(&text).map(|d| (d.units(18), d.round(), d.places()));
    }

    #[test]
    fn never_panics_on_json_like_text(text in "[\\[\\]{}\",:0-9eE.+\\- a-z\\\\]{0,120}") {
        if let Err(e) = parse_sequence(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn whole_numbers_read_back(v in any::<u64>()) {
        let d = Decimal::parse(&v.to_string()).unwrap();
        prop_assert_eq!(d.units(0), Some(v));
        let node = parse(&format!("[{v}]")).unwrap();
        prop_assert_eq!(&node.as_list().unwrap()[0].value, &Value::Number(v.to_string()));
    }
}
