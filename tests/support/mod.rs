//! Shared by the native test files (each includes it with `mod support;`): readers for the
//! committed Flink conformance vectors in `tests/vectors/` (written by
//! `tests/flink-vectors/generate.sh` from Flink's own jar), and the fuzz targets' proptest
//! configuration.
#![allow(dead_code)]

use std::collections::HashMap;

/// One TSV file: its header names and rows of cells.
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn load(name: &str) -> Table {
        let path = format!("{}/tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut lines = text.lines();
        let header = lines.next().expect("header").split('\t').map(String::from).collect();
        let rows = lines.map(|l| l.split('\t').map(String::from).collect()).collect();
        Table { header, rows }
    }

    /// Rows as maps from header name to cell.
    pub fn records(&self) -> Vec<HashMap<&str, &str>> {
        self.rows
            .iter()
            .map(|row| self.header.iter().map(String::as_str).zip(row.iter().map(String::as_str)).collect())
            .collect()
    }
}

/// Decodes a key cell of type `string`: UTF-16 code units in hex, joined by `.`.
pub fn utf16_units(cell: &str) -> Vec<u16> {
    if cell.is_empty() {
        return Vec::new();
    }
    cell.split('.').map(|h| u16::from_str_radix(h, 16).expect("hex unit")).collect()
}

/// `kg@M` columns as (M, column); `op@M/P` columns as ((M, P), column).
pub fn key_group_columns(header: &[String]) -> Vec<(i64, String)> {
    header.iter().filter_map(|h| h.strip_prefix("kg@").map(|m| (m.parse().unwrap(), h.clone()))).collect()
}

pub fn owner_columns(header: &[String]) -> Vec<((i64, i64), String)> {
    header
        .iter()
        .filter_map(|h| {
            let (m, p) = h.strip_prefix("op@")?.split_once('/')?;
            Some(((m.parse().unwrap(), p.parse().unwrap()), h.clone()))
        })
        .collect()
}

/// Cases per fuzz target: `FUZZ_CASES`, default 256 (so `cargo test` stays fast).
pub fn fuzz_cases() -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(256)
}

/// The proptest configuration of every fuzz target: [`fuzz_cases`] cases; a failure prints the
/// minimal input and writes no regression files into the source tree.
pub fn fuzz_config() -> proptest::test_runner::Config {
    let mut config = proptest::test_runner::Config::with_cases(fuzz_cases());
    config.failure_persistence = None;
    config
}
