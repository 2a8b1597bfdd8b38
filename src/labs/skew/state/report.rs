//! Small value types of the skew lab's state: what an import reported, which key-table
//! column an edit touched, and why an edit did not apply.

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

impl KeyColumn {
    /// The column as its cells' names say it ("Events per second of row 1").
    pub fn noun(self) -> &'static str {
        match self {
            KeyColumn::Key => "key",
            KeyColumn::Events => "events per second",
            KeyColumn::Bytes => "state bytes",
        }
    }
}

/// A key-table edit that could not apply: its cell, and why (the row is as it was).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    pub index: usize,
    pub column: KeyColumn,
    pub why: String,
}

impl TableError {
    /// The message under the table tools, naming the cell: "Row 3, events per second: …".
    pub fn message(&self) -> String {
        format!("Row {}, {}: {}; the row keeps its last valid value.", self.index + 1, self.column.noun(), self.why)
    }
}
