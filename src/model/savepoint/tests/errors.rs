//! Every refusal: the variant, the byte offset, and a message naming what was expected.
use super::super::*;
use super::builder::{header, key_groups, one_subtask, operator, subtask, W};

fn check(name: &str, bytes: &[u8], expected: SavepointError, text: &str) {
    let err = parse(bytes).unwrap_err();
    assert_eq!(err, expected, "{name}");
    let message = err.to_string();
    assert!(message.contains(text), "{name}: {message}");
    assert!(err.offset() <= bytes.len(), "{name}");
}

#[test]
fn whole_file_refusals() {
    use SavepointError::*;
    check("empty", b"", Empty, "empty");
    check("jpeg", &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F'], OtherFileType { kind: "a JPEG image" }, "JPEG");
    check("png", b"\x89PNG\r\n\x1a\n", OtherFileType { kind: "a PNG image" }, "PNG");
    check("text", b"hello world!", WrongMagic { found: 0x6865_6c6c }, "0x4960672d at byte 0, found 0x68656c6c");
    let mut sst = vec![0u8; 64];
    sst[56..].copy_from_slice(&[0xf7, 0xcf, 0xf4, 0x85, 0xb7, 0x41, 0xe2, 0x88]);
    check("sst", &sst, OtherFileType { kind: "a RocksDB SST file (from the snapshot's folder)" }, "SST");
    check(
        "three bytes",
        &[0x49, 0x60, 0x67],
        Truncated { offset: 0, expected: "Flink's metadata magic number 0x4960672d", needed: 4, available: 3 },
        "at byte 0",
    );
    check(
        "magic only",
        &[0x49, 0x60, 0x67, 0x2d],
        Truncated { offset: 4, expected: "the metadata format version", needed: 4, available: 0 },
        "at byte 4",
    );
    for v in [0, 1, 2, 7, -1] {
        check("version", &header(v).0, UnsupportedVersion { offset: 4, version: v }, &format!("version {v} at byte 4"));
    }
}

#[test]
fn header_and_operator_refusals() {
    use SavepointError::*;
    let negative_id = W::default().i32(0x4960_672d).i32(3).i64(-5).i32(0).i32(0).0;
    check("checkpoint id", &negative_id, Invalid { offset: 8, what: "checkpoint id", value: -5 }, "at byte 8");
    let masters = W::default().i32(0x4960_672d).i32(3).i64(1).i32(1_000_000).0;
    check(
        "masters",
        &masters,
        LengthPastEnd { offset: 16, what: "number of master states", length: 1_000_000, remaining: 0 },
        "at byte 16",
    );
    let bad_master = W::default().i32(0x4960_672d).i32(3).i64(1).i32(1).i32(7).i32(0).0;
    check(
        "master magic",
        &bad_master,
        Invalid { offset: 20, what: "master state magic number", value: 7 },
        "at byte 20",
    );
    let operators = header(3).i32(i32::MAX).0;
    check(
        "operators",
        &operators,
        LengthPastEnd { offset: 20, what: "number of operators", length: i32::MAX as u64, remaining: 0 },
        "runs past the end",
    );
    let p_above_max = operator(header(3).i32(1), 200, 128, 0).0;
    check(
        "p > max",
        &p_above_max,
        Invalid {
            offset: 40,
            what: "parallelism (negative, or above the max parallelism that follows it)",
            value: 200,
        },
        "at byte 40",
    );
    let coordinator = header(3).i32(1).raw(&[7; 16]).i32(1).i32(1).u8(2).i64(5).utf("/x").i32(0).0;
    check(
        "coordinator",
        &coordinator,
        Invalid { offset: 48, what: "coordinator state (not inline)", value: 0 },
        "at byte 48",
    );
    let index = subtask(operator(header(3).i32(1), 1, 128, 1), 3, &[0]).0;
    check(
        "index",
        &index,
        Invalid { offset: 53, what: "subtask index (at or above the parallelism)", value: 3 },
        "at byte 53",
    );
    let no_trailer = operator(header(4).i32(1), 1, 1, 0).0;
    check(
        "v4 trailer",
        &no_trailer,
        Truncated { offset: 53, expected: "the Java serialization header AC ED 00 05", needed: 4, available: 0 },
        "at byte 53",
    );
    let bad_trailer = operator(header(4).i32(1), 1, 1, 0).raw(b"nope").0;
    check(
        "v4 trailer",
        &bad_trailer,
        BadProperties { offset: 53, expected: "the Java serialization header AC ED 00 05" },
        "at byte 53",
    );
}

#[test]
fn handle_refusals() {
    use SavepointError::*;
    // The keyed handle of the one subtask starts at byte 65.
    check(
        "keyed tag",
        &one_subtask(&[99]),
        UnknownTag { offset: 65, what: "keyed state handle", tag: 99 },
        "type 99 at byte 65",
    );
    let stream_tag = W::default().u8(3).i32(0).i32(1).i64(0).u8(42).0;
    check(
        "stream tag",
        &one_subtask(&stream_tag),
        UnknownTag { offset: 82, what: "stream handle", tag: 42 },
        "at byte 82",
    );
    let inline = W::default().u8(3).i32(0).i32(1).i64(0).u8(1).utf("x").i32(1 << 30).0;
    check(
        "inline",
        &one_subtask(&inline),
        LengthPastEnd { offset: 86, what: "the inline state's length", length: 1 << 30, remaining: 9 },
        "at byte 86",
    );
    let range = W::default().u8(3).i32(-4).i32(2).0;
    check(
        "range",
        &one_subtask(&range),
        Invalid { offset: 66, what: "key-group range (first, count)", value: 2 },
        "at byte 66",
    );
    let offsets = W::default().u8(3).i32(0).i32(100_000).0;
    check(
        "offsets",
        &one_subtask(&offsets),
        LengthPastEnd { offset: 74, what: "key-group offsets", length: 100_000, remaining: 9 },
        "at byte 74",
    );
    let mut deep = W::default().u8(3).i32(0).i32(0);
    for _ in 0..20 {
        deep = deep.u8(3).i32(0).i32(0);
    }
    let err = parse(&one_subtask(&deep.0)).unwrap_err();
    assert!(matches!(err, TooDeep { limit: 8, .. }), "{err:?}");
    let mode = W::default().i32(0).i32(1).u8(4).i32(1).utf("s").u8(3).raw(&[0; 16]).0;
    let bytes = operator(header(3).i32(1), 1, 1, 1).raw(&mode).0;
    check("mode", &bytes, Invalid { offset: 69, what: "distribution mode", value: 3 }, "at byte 69");
    let ok = one_subtask(&key_groups(&[4, 9], 12));
    assert!(parse(&ok).is_ok());
}
