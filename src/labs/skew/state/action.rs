//! What can happen to the skew lab's state: every [`SkewAction`] its parts send, and
//! [`SkewAction::import_metrics`], which reads REST metrics in the caller (the deferred metrics
//! panel) so the reducer only keeps the result.

use std::rc::Rc;

use super::{ImportReport, KeyColumn};
use crate::model::skew::metrics::{self, Imported as ImportedMetrics};
use crate::model::skew::KeyLoad;
use crate::url::Edit;

#[derive(Debug, Clone, PartialEq)]
pub enum SkewAction {
    /// A number field or menu of the table (a preset's edit regenerates the key set).
    Edit(Edit),
    /// The CSV text to apply next (read from **Keys (CSV)** when **Apply** is pressed), and
    /// whether the browser's string held lone surrogates.
    SetCsvText {
        text: String,
        lone_surrogates: bool,
    },
    /// **Apply** on a CSV small enough to read at once.
    ApplyCsv,
    /// A CSV text too large to read at once (a paste, a file, the stored set): read in steps.
    ReadInSteps {
        text: Rc<String>,
        lone_surrogates: bool,
    },
    /// A stepped read's progress, and its keys once read (each ignored once superseded).
    ReadProgress {
        job: u32,
        permille: u32,
    },
    Read {
        job: u32,
        rows: Rc<Vec<KeyLoad>>,
        report: ImportReport,
        /// What was read (the set written as CSV, for a read again of edited keys).
        text: Rc<String>,
    },
    /// A stepped preset's progress, and its keys once made (ignored once superseded).
    PresetProgress {
        job: u32,
        permille: u32,
    },
    PresetGenerated {
        job: u32,
        keys: Rc<Vec<KeyLoad>>,
        derived: super::Derived,
    },
    EditKey {
        index: usize,
        column: KeyColumn,
        text: String,
        /// The cell's text held a lone UTF-16 surrogate (seen before it became Rust text).
        lone_surrogates: bool,
    },
    RemoveKey {
        index: usize,
    },
    AddKey,
    /// The link asked for a stored set, and this browser has none (`unavailable`: it keeps no
    /// data for this page at all).
    StoredSetMissing {
        unavailable: bool,
    },
    StorageFailed {
        message: String,
    },
    /// **Import metrics** was read (see [`SkewAction::import_metrics`]): the metrics, or why
    /// the text held none.
    MetricsRead {
        read: Result<Rc<ImportedMetrics>, String>,
    },
}

impl SkewAction {
    /// **Import metrics**: reads the text of **Flink REST metrics (JSON)** or of a chosen file.
    /// The reading happens here, in the caller, not in the reducer: only the deferred metrics
    /// panel calls this, so the JSON reader's code travels in that panel's chunk, not in the
    /// skew lab's first screen.
    pub fn import_metrics(text: &str) -> SkewAction {
        SkewAction::MetricsRead { read: metrics::read(text).map(Rc::new).map_err(|e| e.to_string()) }
    }
}

crate::url::edit_action!(SkewAction::Edit);
