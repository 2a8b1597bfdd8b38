//! Bit-exact ports of Flink's `org.apache.flink.util.MathUtils` functions that key-group
//! assignment uses: `murmurHash(int)`, `bitMix(int)` and `roundUpToPowerOfTwo(int)`.
//!
//! Java `int` arithmetic wraps, so every step here wraps too. Checked against vectors
//! produced by Flink's own jar (`tests/flink-vectors/`).

/// Flink's `MathUtils.bitMix`: the 32-bit finaliser of MurmurHash3.
#[inline(always)]
pub fn bit_mix(value: i32) -> i32 {
    let mut h = value as u32;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    h as i32
}

/// Flink's `MathUtils.murmurHash(int)`: one MurmurHash3 round over a 4-byte input, the
/// finaliser, then an absolute value in which `i32::MIN` maps to 0. Never negative.
#[inline(always)]
pub fn murmur_hash(code: i32) -> u32 {
    let mut h = code as u32;
    h = h.wrapping_mul(0xcc9e_2d51);
    h = h.rotate_left(15);
    h = h.wrapping_mul(0x1b87_3593);
    h = h.rotate_left(13);
    h = h.wrapping_mul(5).wrapping_add(0xe654_6b64);
    h ^= 4;
    let mixed = bit_mix(h as i32);
    if mixed >= 0 {
        mixed as u32
    } else if mixed != i32::MIN {
        mixed.wrapping_neg() as u32
    } else {
        0
    }
}

/// Flink's `MathUtils.roundUpToPowerOfTwo(int)`: the smallest power of two `>= x` for
/// `1 <= x <= 2^30`, computed with Java's wrapping, sign-extending shifts.
pub fn round_up_to_power_of_two(x: i32) -> i32 {
    let mut v = x.wrapping_sub(1);
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    v.wrapping_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_murmur(input: i32, expected: u32) {
        assert_eq!(murmur_hash(input), expected, "murmur_hash({input})");
    }

    #[test]
    fn murmur_is_never_negative_and_matches_known_values() {
        // Values printed by Flink 2.3's MathUtils.murmurHash (see tests/flink-vectors/).
        check_murmur(0, 593_689_054);
        check_murmur(1, 68_075_478);
        check_murmur(-1, 1_982_413_648);
        for x in [i32::MIN, -1, 1, i32::MAX, 12345] {
            assert!(murmur_hash(x) <= i32::MAX as u32);
        }
    }

    #[test]
    fn power_of_two_rounding_table() {
        for (x, expected) in [(1, 1), (2, 2), (3, 4), (5, 8), (96, 128), (129, 256), (1 << 30, 1 << 30)] {
            assert_eq!(round_up_to_power_of_two(x), expected, "x = {x}");
        }
    }
}
