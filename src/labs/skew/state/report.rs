//! Small value types of the skew lab's state: what an import reported, and which key-table
//! column an edit touched.

use crate::model::skew::csv::{CsvImporter, LineError};

/// What the last CSV import reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportReport {
    pub kept: usize,
    pub errors: Vec<LineError>,
    pub error_count: usize,
    pub header: bool,
    pub truncated: bool,
    /// No line could be read, so the previous key set was kept.
    pub kept_previous: bool,
}

impl ImportReport {
    pub fn of(importer: &CsvImporter) -> ImportReport {
        ImportReport {
            kept: importer.rows.len(),
            errors: importer.errors.clone(),
            error_count: importer.error_count,
            header: importer.header,
            truncated: importer.truncated,
            kept_previous: importer.rows.is_empty(),
        }
    }
}

/// Which column of the key table was edited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyColumn {
    Key,
    Events,
    Bytes,
}
