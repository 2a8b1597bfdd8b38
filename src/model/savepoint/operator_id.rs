//! Operator ids from uids, as Flink's `StreamGraphHasherV2` derives them for an operator with
//! `uid(u)`: the 128-bit MurmurHash3 (x64 variant, seed 0) of the UTF-8 bytes of `u`, as
//! Guava's `Hashing.murmur3_128(0)` returns it (h1 then h2, each little-endian), which Flink
//! prints as 32 hex digits. Checked against ids computed by Flink itself.

const C1: u64 = 0x87c3_7b91_1142_53d5;
const C2: u64 = 0x4cf5_ad43_2745_937f;

fn fmix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

fn mix_k1(k1: u64) -> u64 {
    k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2)
}

fn mix_k2(k2: u64) -> u64 {
    k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1)
}

fn le(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0, |acc, &b| (acc << 8) | u64::from(b))
}

/// MurmurHash3 x64 128 with seed 0, as Guava's `asBytes()` lays it out.
pub fn murmur3_x64_128(data: &[u8]) -> [u8; 16] {
    let (mut h1, mut h2) = (0u64, 0u64);
    let mut blocks = data.chunks_exact(16);
    for block in &mut blocks {
        h1 ^= mix_k1(le(&block[..8]));
        h1 = h1.rotate_left(27).wrapping_add(h2).wrapping_mul(5).wrapping_add(0x52dc_e729);
        h2 ^= mix_k2(le(&block[8..]));
        h2 = h2.rotate_left(31).wrapping_add(h1).wrapping_mul(5).wrapping_add(0x3849_5ab5);
    }
    let tail = blocks.remainder();
    if tail.len() > 8 {
        h2 ^= mix_k2(le(&tail[8..]));
    }
    if !tail.is_empty() {
        h1 ^= mix_k1(le(&tail[..tail.len().min(8)]));
    }
    let len = data.len() as u64;
    h1 ^= len;
    h2 ^= len;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&h1.to_le_bytes());
    out[8..].copy_from_slice(&h2.to_le_bytes());
    out
}

/// The operator id Flink derives from `uid(uid)`.
/// What Flink 2.3.0 says when a job sets an empty uid (observed: `tests/flink-empty-uid/`; it
/// builds no job graph, so no operator id exists for the empty uid; a blank one is accepted).
pub const EMPTY_UID_REFUSAL: &str = "Empty string operator uid is not allowed";

pub fn operator_id_from_uid(uid: &str) -> [u8; 16] {
    murmur3_x64_128(uid.as_bytes())
}

/// The operator id of `uid` as 32 lowercase hex digits.
pub fn operator_id_hex(uid: &str) -> String {
    hex(&operator_id_from_uid(uid))
}

/// Bytes as lowercase hex, two digits each.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

#[cfg(test)]
mod tests;
