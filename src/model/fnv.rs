//! FNV-1a, 64 bits: a hash that is the same in every build and browser (the standard hasher
//! is not), for keys that must match across visits: an exercise's progress key, a kept
//! file's fingerprint.

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x100_0000_01b3;

/// FNV-1a of `bytes`, in their order.
pub fn fnv1a<'a>(bytes: impl IntoIterator<Item = &'a u8>) -> u64 {
    bytes.into_iter().fold(OFFSET, |h, b| (h ^ u64::from(*b)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::fnv1a;

    /// The published test vectors of FNV-1a 64.
    #[test]
    fn the_published_vectors_hold() {
        for (text, hash) in
            [("", 0xcbf2_9ce4_8422_2325_u64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8)]
        {
            assert_eq!(fnv1a(text.as_bytes()), hash, "{text:?}");
        }
    }
}
