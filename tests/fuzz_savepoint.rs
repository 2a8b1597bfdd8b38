//! Fuzz targets (proptest) for the `_metadata` reader: arbitrary bytes, bytes behind a valid
//! header, and mutations of every real fixture (bit flips, overwritten bytes and ints,
//! truncations, inserted and deleted runs, splices of two files). Each must give a snapshot or
//! an error whose offset lies inside the input, never a panic; stepping with any budget must
//! give what one call gives; and the report, JSON and table of any snapshot must be writable.
//!
//! Every target runs `FUZZ_CASES` cases (default 256). A long run:
//!
//! ```text
//! FUZZ_CASES=1000000 cargo test --release --test fuzz_savepoint -- --test-threads=2
//! ```
#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::sync::OnceLock;

use proptest::prelude::*;
use rescale_lab::model::savepoint::{self, report, Budget, SavepointError, Snapshot, SnapshotParser, Step};
use support::fuzz_config;

/// Every committed `_metadata`, read once.
fn fixtures() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/flink-savepoints/fixtures");
        let mut files = Vec::new();
        for release in std::fs::read_dir(&root).unwrap() {
            for case in std::fs::read_dir(release.unwrap().path()).into_iter().flatten() {
                if let Ok(bytes) = std::fs::read(case.unwrap().path().join("_metadata")) {
                    files.push(bytes);
                }
            }
        }
        assert!(files.len() >= 40, "{}", files.len());
        files
    })
}

/// Parses, checks the error's offset, and exercises everything built on a snapshot.
fn exercise(bytes: &[u8]) -> Result<Snapshot, SavepointError> {
    let result = savepoint::parse(bytes);
    match &result {
        Err(e) => {
            assert!(e.offset() <= bytes.len(), "offset {} past {} bytes: {e}", e.offset(), bytes.len());
            assert!(!e.to_string().is_empty());
        }
        Ok(s) => {
            let _ = savepoint::json::to_json(s);
            let _ = savepoint::table::to_table(s);
            let _ = report::total_keyed_bytes(s);
            for op in &s.operators {
                let _ = report::keyed_state_skew_percent(op);
                let _ = report::operator_key_group_bytes(op);
                for t in &op.subtasks {
                    let _ = report::check_range(op, t);
                    if let Some(h) = &t.state.managed_keyed {
                        let _ = savepoint::key_group_bytes(h);
                    }
                }
            }
        }
    }
    result
}

/// A mutation of a real file.
#[derive(Debug, Clone)]
enum Mutation {
    FlipBit { at: usize, bit: u8 },
    SetByte { at: usize, value: u8 },
    SetInt { at: usize, value: i32 },
    Truncate { len: usize },
    Insert { at: usize, bytes: Vec<u8> },
    Delete { at: usize, len: usize },
    Splice { other: usize, at: usize, from: usize },
}

fn interesting_int() -> impl Strategy<Value = i32> {
    prop_oneof![
        Just(0),
        Just(-1),
        Just(1),
        Just(i32::MAX),
        Just(i32::MIN),
        Just(0x7E_0000),
        Just(32768),
        Just(65535),
        -300..300i32,
        any::<i32>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0..8u8).prop_map(|(at, bit)| Mutation::FlipBit { at, bit }),
        (any::<usize>(), prop_oneof![Just(0u8), Just(0xFF), Just(0x7F), Just(0x80), 0..20u8, any::<u8>()])
            .prop_map(|(at, value)| Mutation::SetByte { at, value }),
        (any::<usize>(), interesting_int()).prop_map(|(at, value)| Mutation::SetInt { at, value }),
        any::<usize>().prop_map(|len| Mutation::Truncate { len }),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..16))
            .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        (any::<usize>(), 1..64usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), any::<usize>(), any::<usize>()).prop_map(|(other, at, from)| Mutation::Splice {
            other,
            at,
            from
        }),
    ]
}

fn apply(file: &mut Vec<u8>, m: &Mutation) {
    let n = file.len().max(1);
    match m {
        Mutation::FlipBit { at, bit } => {
            if !file.is_empty() {
                file[at % n] ^= 1 << bit;
            }
        }
        Mutation::SetByte { at, value } => {
            if !file.is_empty() {
                file[at % n] = *value;
            }
        }
        Mutation::SetInt { at, value } => {
            let at = at % n;
            for (i, b) in value.to_be_bytes().iter().enumerate() {
                if let Some(slot) = file.get_mut(at + i) {
                    *slot = *b;
                }
            }
        }
        Mutation::Truncate { len } => file.truncate(len % n),
        Mutation::Insert { at, bytes } => {
            let at = at % (file.len() + 1);
            file.splice(at..at, bytes.iter().copied());
        }
        Mutation::Delete { at, len } => {
            let at = at % n;
            let end = (at + len).min(file.len());
            if at < end {
                file.drain(at..end);
            }
        }
        Mutation::Splice { other, at, from } => {
            let files = fixtures();
            let other = &files[other % files.len()];
            let at = at % (file.len() + 1);
            let from = from % (other.len() + 1);
            file.truncate(at);
            file.extend_from_slice(&other[from..]);
        }
    }
}

proptest! {
    #![proptest_config(fuzz_config())]

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let _ = exercise(&bytes);
    }

    #[test]
    fn arbitrary_bytes_behind_a_valid_header(version in 3..=6i32, operators in 0..4i32, body in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let mut bytes = vec![0x49, 0x60, 0x67, 0x2d];
        bytes.extend(version.to_be_bytes());
        bytes.extend(7i64.to_be_bytes());
        bytes.extend(0i32.to_be_bytes());
        bytes.extend(operators.to_be_bytes());
        bytes.extend(body);
        let _ = exercise(&bytes);
    }

    #[test]
    fn mutated_fixtures(which in any::<usize>(), mutations in proptest::collection::vec(mutation(), 1..5)) {
        let files = fixtures();
        let mut file = files[which % files.len()].clone();
        for m in &mutations {
            apply(&mut file, m);
        }
        let _ = exercise(&file);
    }

    #[test]
    fn stepping_matches_one_call_on_mutated_fixtures(
        which in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 0..3),
        bytes_budget in 1..20_000usize,
        items in 1..40usize,
    ) {
        let files = fixtures();
        let mut file = files[which % files.len()].clone();
        for m in &mutations {
            apply(&mut file, m);
        }
        let mut parser = SnapshotParser::new(file.len());
        let mut last = 0;
        let result = loop {
            let step = parser.step(&file, Budget { bytes: bytes_budget, items });
            let progress = parser.progress_permille();
            prop_assert!(progress >= last && progress <= 1000);
            last = progress;
            if step == Step::Done {
                break parser.into_result().unwrap();
            }
        };
        prop_assert_eq!(result, savepoint::parse(&file));
    }

    #[test]
    fn every_uid_has_an_id(uid in ".*") {
        prop_assert_eq!(savepoint::operator_id_hex(&uid).len(), 32);
    }
}

#[test]
fn unmutated_fixtures_parse() {
    for file in fixtures() {
        assert!(exercise(file).is_ok());
    }
}
