//! The coverage lab's URL state: `m` (modulus), `a` (stride), `t` (playback seconds).

use super::{notice, Notice, Params};
use crate::model::coverage::{MAX_MILLIS, MAX_MODULUS, MAX_STRIDE};
use crate::model::number::{format_millis_as_seconds, parse_in_range, parse_seconds_as_millis};

/// Defaults: m = 8, a = 1, t = 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoverageQuery {
    pub m: u32,
    pub a: u64,
    /// Playback time in milliseconds, `0..=3_600_000`; the URL writes it in seconds (`t=1.5`).
    pub t_ms: u32,
}

impl Default for CoverageQuery {
    fn default() -> Self {
        CoverageQuery { m: 8, a: 1, t_ms: 0 }
    }
}

impl CoverageQuery {
    /// Reads the lab's parameters, falling back to defaults with notices.
    pub fn parse(params: &Params) -> (CoverageQuery, Vec<Notice>) {
        let mut q = CoverageQuery::default();
        let mut notices = Vec::new();
        if let Some(text) = params.get("m") {
            match parse_in_range(text, "modulus m", 1, i64::from(MAX_MODULUS)) {
                Ok(v) => q.m = v as u32,
                Err(e) => notices.push(notice("m", text, &format!("{e}; using m = {}", q.m))),
            }
        }
        if let Some(text) = params.get("a") {
            match parse_in_range(text, "stride a", 0, MAX_STRIDE as i64) {
                Ok(v) => q.a = v as u64,
                Err(e) => notices.push(notice("a", text, &format!("{e}; using a = {}", q.a))),
            }
        }
        if let Some(text) = params.get("t") {
            match parse_seconds_as_millis(text, MAX_MILLIS) {
                Ok(v) => q.t_ms = v,
                Err(e) => notices.push(notice("t", text, &format!("{e}; starting at t = 0"))),
            }
        }
        (q, notices)
    }

    /// The parameters that differ from the defaults.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = CoverageQuery::default();
        let mut pairs = Vec::new();
        if self.m != d.m {
            pairs.push(("m", self.m.to_string()));
        }
        if self.a != d.a {
            pairs.push(("a", self.a.to_string()));
        }
        if self.t_ms != d.t_ms {
            pairs.push(("t", format_millis_as_seconds(self.t_ms)));
        }
        pairs
    }
}
