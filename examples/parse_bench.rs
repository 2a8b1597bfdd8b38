//! Times the CSV importer and the aggregation natively on a 1,000,000-key set.
use rescale_lab::model::skew::aggregate::{GroupLoads, SubtaskLoads};
use rescale_lab::model::skew::csv::parse_csv;
use rescale_lab::model::{KeyType, MaxParallelism, Parallelism};
use std::time::Instant;

fn main() {
    let text: String = (0..1_000_000).map(|i| format!("customer-{i},{},{} KB\n", i % 97 + 1, i % 13 + 1)).collect();
    let t = Instant::now();
    let import = parse_csv(&text, KeyType::String);
    println!("parse {} rows: {:?}", import.rows.len(), t.elapsed());
    let max = MaxParallelism::new(128).unwrap();
    let t = Instant::now();
    let groups = GroupLoads::new(&import.rows, max);
    println!("group loads: {:?}", t.elapsed());
    let t = Instant::now();
    let loads = SubtaskLoads::new(&groups, Parallelism::new(8, max).unwrap());
    println!("subtask loads: {:?} skew {}", t.elapsed(), loads.skew_percent);
}
