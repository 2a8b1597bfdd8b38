//! Benchmark entry points exported from the wasm module (for `tools/bench.sh` only): load a
//! batch of string keys once, then time Flink's routing of all of them inside wasm, so the
//! figure excludes copying strings across the JS boundary. The checksum (sum of subtask
//! indexes plus key groups) lets the benchmark check native, wasm and JS agree.

use std::cell::RefCell;

use wasm_bindgen::prelude::wasm_bindgen;

use crate::model::{Key, MaxParallelism, Parallelism};

thread_local! {
    static KEYS: RefCell<Vec<Key>> = const { RefCell::new(Vec::new()) };
}

/// Stores newline-separated string keys for [`bench_route`]; returns how many.
#[wasm_bindgen]
pub fn bench_load(keys: &str) -> u32 {
    KEYS.with(|k| {
        let mut k = k.borrow_mut();
        *k = keys.split('\n').map(|s| Key::Str(s.to_string())).collect();
        k.len() as u32
    })
}

/// Routes every stored key (Java hash, murmur, key group, subtask) and returns the checksum;
/// 0 for invalid parallelisms.
#[wasm_bindgen]
pub fn bench_route(max: u32, p: u32) -> f64 {
    let Ok(max) = MaxParallelism::new(i64::from(max)) else { return 0.0 };
    let Ok(p) = Parallelism::new(i64::from(p), max) else { return 0.0 };
    KEYS.with(|k| crate::model::route_checksum(&k.borrow(), p) as f64)
}
