//! RocksDB's key-group prefix: the keyed state backend writes each key's key group in front of
//! it, in 1 byte while there are at most 128 key groups and in 2 bytes above
//! (`CompositeKeySerializationUtils.computeRequiredBytesInKeyGroupPrefix`, as Flink 2.3.0
//! printed it in `tests/flink-keygroup-prefix/observed-flink-2.3.0.txt`): a real per-key cost
//! of choosing a max parallelism above 128.

use super::MaxParallelism;

/// Bytes of key-group prefix per key for this max parallelism.
pub fn key_group_prefix_bytes(max: MaxParallelism) -> u32 {
    if max.get() > 128 {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row Flink printed: the byte count, and the last key group's prefix written big-endian
    /// in that many bytes.
    #[test]
    fn prefix_bytes_as_flink_computes_them() {
        let observed = crate::observed::KEYGROUP_PREFIX;
        assert!(observed.starts_with("Flink version: 2.3.0\n"));
        let mut rows = 0;
        for line in observed.lines().filter(|l| !l.starts_with('#') && l.contains(" | ")) {
            let cols: Vec<&str> = line.split(" | ").collect();
            let max: u32 = cols[0].parse().unwrap();
            let bytes = key_group_prefix_bytes(MaxParallelism::new(i64::from(max)).unwrap());
            assert_eq!(bytes.to_string(), cols[1], "{max}");
            let last = max - 1;
            let hex = if bytes == 1 { format!("{last:02x}") } else { format!("{last:04x}") };
            assert_eq!(hex, cols[3], "{max}");
            rows += 1;
        }
        assert_eq!(rows, 11);
    }
}
