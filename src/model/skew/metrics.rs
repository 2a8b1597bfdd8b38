//! A running job's own numbers: the Flink REST bodies an operator can copy from one keyed
//! vertex, read into per-subtask load and the data skew % as the Flink web UI shows it.
//!
//! Accepted bodies (Flink 2.3.0 samples in `tests/flink-rest-metrics/bodies-flink-2.3.0/`):
//! - the vertex details, `GET /jobs/<job>/vertices/<vertex>`: per subtask `metrics.read-records`
//!   (the web UI's "Records Received") and `read-bytes`, with the vertex's parallelism and max
//!   parallelism;
//! - per-subtask metric lists, `GET …/subtasks/<i>/metrics?get=numRecordsIn` (or
//!   `numRecordsInPerSecond`): one body per subtask, pasted one after another in subtask order
//!   (or as one list of lists);
//! - the vertex's metric list with subtask-prefixed ids, `GET …/vertices/<vertex>/metrics?
//!   get=0.numRecordsIn,1.numRecordsIn,…`;
//! - the aggregated form the web UI's Data Skew tab reads, `GET …/subtasks/metrics?get=
//!   numRecordsIn`: `min`, `max`, `avg`, `sum` and `skew` over the subtasks, but no subtask's
//!   own value. It gives Flink's skew number and max ÷ mean, never per-subtask load.
//!
//! The data skew is Flink's (`DoubleAccumulator.DoubleDataSkew`, FLIP-418): the mean absolute
//! deviation over the mean, ×100, capped at 100, which the Data Skew tab rounds with
//! `Math.round`. From per-subtask values it is computed exactly (integers), from an aggregated
//! body it is Flink's own `skew` field rounded the same way.
//!
//! Guarantees: never panics; at most [`MAX_SUBTASKS`] subtasks; every refusal names the byte
//! offset and the field (or the subtask) it concerns.

use super::aggregate::data_skew_percent;
use crate::imbalance::Imbalance;
use crate::json::{parse_sequence, Decimal, Node, Value};
use crate::{MaxParallelism, Parallelism};

/// The most subtasks a vertex can have (Flink's upper bound of max parallelism).
pub const MAX_SUBTASKS: usize = 32768;
/// The finest decimal place kept for rates (values are exact to 10^-18 at best).
const MAX_SCALE: u32 = 18;

/// Which per-subtask number the load is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// Records received since the task started (the Data Skew tab's metric).
    NumRecordsIn,
    /// Records received per second, a 60 s moving rate (the Overview graph's live skew).
    NumRecordsInPerSecond,
    /// The vertex details' `read-records` (the subtask list's "Records Received").
    ReadRecords,
}

impl Metric {
    /// The id as Flink writes it.
    pub fn id(self) -> &'static str {
        match self {
            Metric::NumRecordsIn => "numRecordsIn",
            Metric::NumRecordsInPerSecond => "numRecordsInPerSecond",
            Metric::ReadRecords => "read-records",
        }
    }

    /// The unit of a value.
    pub fn unit(self) -> &'static str {
        match self {
            Metric::NumRecordsInPerSecond => "records/s",
            _ => "records",
        }
    }

    /// The metric ids the lists may carry, the Data Skew tab's first.
    const LISTED: [Metric; 2] = [Metric::NumRecordsIn, Metric::NumRecordsInPerSecond];
}

/// Which REST body the text was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    VertexDetails,
    SubtaskLists,
    IndexedList,
    Aggregated,
}

impl Body {
    /// The short name used in `data-body`.
    pub fn as_str(self) -> &'static str {
        match self {
            Body::VertexDetails => "vertex",
            Body::SubtaskLists => "subtask-lists",
            Body::IndexedList => "indexed",
            Body::Aggregated => "aggregated",
        }
    }

    /// The request that answers with this body.
    pub fn request(self) -> &'static str {
        match self {
            Body::VertexDetails => "GET /jobs/<job>/vertices/<vertex>",
            Body::SubtaskLists => "GET /jobs/<job>/vertices/<vertex>/subtasks/<i>/metrics?get=…, one body per subtask",
            Body::IndexedList => "GET /jobs/<job>/vertices/<vertex>/metrics?get=0.…,1.…",
            Body::Aggregated => "GET /jobs/<job>/vertices/<vertex>/subtasks/metrics?get=…",
        }
    }
}

/// What the vertex details say of the vertex itself.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Vertex {
    pub id: Option<String>,
    pub name: Option<String>,
    pub parallelism: Option<u32>,
    pub max_parallelism: Option<u32>,
}

/// Per-subtask values of one metric.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtaskMetrics {
    pub body: Body,
    pub metric: Metric,
    pub vertex: Option<Vertex>,
    /// One value per subtask, index = subtask, in units of 10^-`scale`.
    pub values: Vec<u64>,
    pub scale: u32,
    /// `read-bytes` per subtask (vertex details only).
    pub bytes: Option<Vec<u64>>,
    /// Things worth knowing that do not stop the import (incomplete counters, states).
    pub notes: Vec<String>,
}

/// Flink's aggregation over the subtasks of one metric, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AggregatedMetric {
    pub metric: Metric,
    pub min: Option<Decimal>,
    pub max: Option<Decimal>,
    pub avg: Option<Decimal>,
    pub sum: Option<Decimal>,
    pub skew: Decimal,
    /// The `skew` field exactly as Flink wrote it (`88.21666666666667`).
    pub skew_text: String,
}

/// A body read: per-subtask values, or only Flink's aggregation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Imported {
    PerSubtask(SubtaskMetrics),
    AggregatedOnly(AggregatedMetric),
}

impl Imported {
    pub fn body(&self) -> Body {
        match self {
            Imported::PerSubtask(m) => m.body,
            Imported::AggregatedOnly(_) => Body::Aggregated,
        }
    }

    pub fn metric(&self) -> Metric {
        match self {
            Imported::PerSubtask(m) => m.metric,
            Imported::AggregatedOnly(a) => a.metric,
        }
    }

    /// The data skew % as the web UI's Data Skew tab shows it (0 to 100).
    pub fn skew_percent(&self) -> u32 {
        match self {
            Imported::PerSubtask(m) => m.skew_percent(),
            Imported::AggregatedOnly(a) => a.skew.round().map_or(100, |v| v.min(100) as u32),
        }
    }

    /// Busiest subtask ÷ mean, in thousandths (from `max` and `avg` when aggregated).
    pub fn max_over_mean_milli(&self) -> Option<u64> {
        match self {
            Imported::PerSubtask(m) => Some(m.max_over_mean_milli()),
            Imported::AggregatedOnly(a) => ratio_milli(a.max?, a.avg?),
        }
    }
}

impl SubtaskMetrics {
    /// The data skew %, rounded half up as `Math.round` does.
    pub fn skew_percent(&self) -> u32 {
        data_skew_percent(&self.values)
    }

    /// Flink's unrounded skew (capped at 100) in ten-thousandths of a percent, rounded half
    /// up: 882167 for 88.21666…%.
    pub fn skew_ten_thousandths(&self) -> u64 {
        let n = self.values.len() as u128;
        let sum = self.total();
        if n == 0 || sum == 0 {
            return 0;
        }
        let deviation: u128 = self.values.iter().map(|&v| (u128::from(v) * n).abs_diff(sum)).sum();
        let denominator = n * sum;
        // 100 · 10^4 · deviation / denominator, rounded half up, capped at 100 %.
        let scaled = deviation.saturating_mul(2_000_000).saturating_add(denominator) / (2 * denominator);
        scaled.min(1_000_000) as u64
    }

    pub fn total(&self) -> u128 {
        self.values.iter().map(|&v| u128::from(v)).sum()
    }

    /// The subtask with the largest value (lowest index on ties).
    pub fn busiest(&self) -> u32 {
        let mut best = 0;
        for (i, &v) in self.values.iter().enumerate() {
            if v > self.values[best] {
                best = i;
            }
        }
        best as u32
    }

    /// Largest value ÷ mean, in thousandths (1000 = perfectly even).
    pub fn max_over_mean_milli(&self) -> u64 {
        let n = self.values.len() as u128;
        let max = self.values.iter().copied().max().map_or(0, u128::from);
        (max * n * 1000).checked_div(self.total()).map_or(1000, |v| v.min(u128::from(u64::MAX)) as u64)
    }

    /// A subtask's share of the total, in per-mille, rounded half up.
    pub fn share_permille(&self, subtask: usize) -> u32 {
        let total = self.total();
        let v = self.values.get(subtask).map_or(0, |&v| u128::from(v));
        ((v * 2000 + total) / (2 * total).max(1)).min(1000) as u32
    }

    /// What a body that does not name the vertex's parallelism leaves unsaid, against the
    /// parallelism the lab is set to: subtasks missing (the skew then covers only the bodies
    /// given), or more subtasks than that parallelism. `None` when the vertex details say
    /// (their own note covers it) or the counts agree.
    pub fn coverage_note(&self, lab_parallelism: u32) -> Option<String> {
        if self.vertex.as_ref().is_some_and(|v| v.parallelism.is_some()) {
            return None;
        }
        let (n, p) = (self.values.len(), lab_parallelism as usize);
        let subtasks = |k: usize| if k == 1 { "1 subtask".to_string() } else { format!("{k} subtasks") };
        match n.cmp(&p) {
            std::cmp::Ordering::Less => Some(format!(
                "Read {} but the lab's parallelism is {p}: if the job runs {p}, {} missing, and the skew above \
                 covers only the {} given.",
                subtasks(n),
                if p - n == 1 { "1 is".to_string() } else { format!("{} are", p - n) },
                subtasks(n),
            )),
            std::cmp::Ordering::Greater => Some(format!(
                "Read {}, more than the lab's parallelism {p}: set Parallelism to the job's to compare.",
                subtasks(n)
            )),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The key groups each subtask owns, when the vertex details give a valid parallelism and
    /// max parallelism and the subtask count matches.
    pub fn key_groups(&self) -> Option<Imbalance> {
        let v = self.vertex.as_ref()?;
        let max = MaxParallelism::new(i64::from(v.max_parallelism?)).ok()?;
        let p = Parallelism::new(i64::from(v.parallelism?), max).ok()?;
        (p.get() as usize == self.values.len()).then(|| Imbalance::of(p))
    }
}

/// `a ÷ b` in thousandths, exact over the decimal texts; `None` when `b` is 0.
pub fn ratio_milli(a: Decimal, b: Decimal) -> Option<u64> {
    let scale = a.places().max(b.places()).min(MAX_SCALE);
    let (a, b) = (u128::from(a.units(scale)?), u128::from(b.units(scale)?));
    (a * 1000).checked_div(b).map(|v| v.min(u128::from(u64::MAX)) as u64)
}

/// Writes `units` × 10^-`scale` with at most `places` decimals (rounded half up, trailing
/// zeros dropped): `format_units(12345, 3, 2)` = `12.35`.
pub fn format_units(units: u64, scale: u32, places: u32) -> String {
    let (scale, places) = (scale.min(MAX_SCALE), places.min(MAX_SCALE));
    let (value, scale) = if scale > places {
        let d = 10u128.pow(scale - places);
        ((u128::from(units) + d / 2) / d, places)
    } else {
        (u128::from(units), scale)
    };
    let unit = 10u128.pow(scale);
    let (whole, frac) = (value / unit, value % unit);
    if frac == 0 {
        return whole.to_string();
    }
    let digits = format!("{frac:0width$}", width = scale as usize);
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

mod error;
pub use error::MetricsError;

mod read;
pub use read::read;

#[cfg(test)]
mod tests;
