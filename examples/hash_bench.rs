//! Native side of `tools/bench.sh`: routes 1,000,000 string keys (`customer-0` …) at max
//! parallelism 128 and parallelism 100, and prints ns per key and the checksum as JSON.
use std::time::Instant;

use rescale_lab::model::{route_checksum, Key, MaxParallelism, Parallelism};

fn main() {
    let keys: Vec<Key> = (0..1_000_000).map(|i| Key::Str(format!("customer-{i}"))).collect();
    let p = Parallelism::new(100, MaxParallelism::new(128).expect("valid")).expect("valid");
    let mut best = f64::MAX;
    let mut checksum = 0;
    for _ in 0..5 {
        let start = Instant::now();
        checksum = std::hint::black_box(route_checksum(std::hint::black_box(&keys), p));
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{{\"hash_ns_per_key_native\": {:.2}, \"hash_checksum_native\": {checksum}}}",
        best * 1e9 / keys.len() as f64
    );
}
