//! The cursor: Java's modified UTF-8 (table and round trip), bounds with offsets, and counts
//! refused before allocating.
use super::*;
use proptest::prelude::*;

/// Java's `writeUTF` body for a string (the encoder the decoder must invert).
fn modified_utf8(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for u in s.encode_utf16() {
        match u {
            1..=0x7F => out.push(u as u8),
            0 | 0x80..=0x7FF => out.extend([0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]),
            _ => out.extend([0xE0 | (u >> 12) as u8, 0x80 | ((u >> 6) & 0x3F) as u8, 0x80 | (u & 0x3F) as u8]),
        }
    }
    out
}

#[test]
fn modified_utf8_table() {
    let cases: [(&[u8], Option<&str>); 9] = [
        (b"", Some("")),
        (b"counter", Some("counter")),
        (&[0xC0, 0x80], Some("\0")),
        (&[0xC3, 0xBC], Some("ü")),
        (&[0xE9, 0x8D, 0xB5], Some("鍵")),
        (&[0xED, 0xA0, 0xBE, 0xED, 0xB6, 0x80], Some("🦀")),
        (&[0xED, 0xA0, 0xBE], Some("\u{fffd}")),
        (&[0xF0, 0x9F, 0xA6, 0x80], None),
        (&[0xC3], None),
    ];
    for (bytes, expected) in cases {
        assert_eq!(decode_modified_utf8(bytes).as_deref(), expected, "{bytes:02x?}");
    }
}

#[test]
fn reads_past_the_end_name_the_offset_and_what_was_expected() {
    let bytes = [0u8, 0, 0, 7, 1, 2];
    let mut r = Reader::at(&bytes, 0);
    assert_eq!(r.i32("a count").unwrap(), 7);
    let err = r.i64("the checkpoint id").unwrap_err();
    assert_eq!(err, SavepointError::Truncated { offset: 4, expected: "the checkpoint id", needed: 8, available: 2 });
    assert!(err.to_string().contains("the checkpoint id (8 bytes) at byte 4"), "{err}");
    assert_eq!(r.pos(), 4, "a failed read does not move the cursor");
}

#[test]
fn counts_and_lengths_are_checked_before_allocating() {
    let huge = [0x7F, 0xFF, 0xFF, 0xFF, 0, 0];
    let err = Reader::at(&huge, 0).count_of("number of operators", 29).unwrap_err();
    assert!(
        matches!(err, SavepointError::LengthPastEnd { offset: 0, length: 2147483647, remaining: 2, .. }),
        "{err:?}"
    );
    let err = Reader::at(&huge, 0).byte_run("the inline state's length").unwrap_err();
    assert!(err.to_string().contains("runs past the end"), "{err}");
    let negative = [0xFF, 0xFF, 0xFF, 0xFE];
    let err = Reader::at(&negative, 0).count("number of master states").unwrap_err();
    assert_eq!(err, SavepointError::Negative { offset: 0, what: "number of master states", value: -2 });
    assert!(Reader::at(&[0; 15], 0).longs(2, "offsets").is_err());
    assert_eq!(Reader::at(&[0, 0, 0, 0, 0, 0, 0, 1], 0).longs(1, "offsets").unwrap(), vec![1]);
    let utf = [0x00, 0x05, b'a'];
    assert!(matches!(Reader::at(&utf, 0).utf("a name"), Err(SavepointError::LengthPastEnd { offset: 0, .. })));
}

proptest! {
    #[test]
    fn any_string_round_trips_through_modified_utf8(s in ".*") {
        prop_assert_eq!(decode_modified_utf8(&modified_utf8(&s)), Some(s));
    }

    #[test]
    fn decoding_any_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = decode_modified_utf8(&bytes);
        let mut r = Reader::at(&bytes, 0);
        while r.utf("text").is_ok() && r.remaining() > 0 {}
    }
}
