//! The skew editor's core: keys with their load, presets, CSV import, and the per-subtask
//! and per-key-group aggregation with Flink's data-skew percentage.

pub mod aggregate;
pub mod csv;
pub mod presets;
pub mod units;

use crate::model::Key;

/// One key with its load: events per second (in thousandths) and state bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyLoad {
    pub key: Key,
    pub events_milli: u64,
    pub bytes: u64,
}
