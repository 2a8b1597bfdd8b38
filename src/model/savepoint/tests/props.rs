//! Properties over arbitrary and mutated bytes: never a panic, every error inside the file,
//! and every truncation of a real file refused.
use super::super::*;
use super::fixtures::{ALL, V3, V6};
use proptest::prelude::*;

#[test]
fn truncations_of_real_files_are_refused() {
    for file in [V3, V6] {
        // every length in the header and first records, then every 7th
        for n in (0..400).chain((400..file.len()).step_by(7)) {
            let err = parse(&file[..n]).unwrap_err();
            assert!(err.offset() <= n, "{n}: {err}");
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512), version in 3..7i32) {
        let _ = parse(&bytes);
        let mut with_header = vec![0x49, 0x60, 0x67, 0x2d];
        with_header.extend(version.to_be_bytes());
        with_header.extend(&bytes);
        if let Err(e) = parse(&with_header) {
            prop_assert!(e.offset() <= with_header.len());
        }
    }

    #[test]
    fn flipped_bits_never_panic(which in 0..4usize, flips in proptest::collection::vec((any::<usize>(), 0..8u8), 1..6)) {
        let mut file = ALL[which].to_vec();
        for (at, bit) in flips {
            let i = at % file.len();
            file[i] ^= 1 << bit;
        }
        if let Err(e) = parse(&file) {
            prop_assert!(e.offset() <= file.len());
            prop_assert!(!e.to_string().is_empty());
        }
    }
}
