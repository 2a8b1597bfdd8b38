//! The trace check's per-key table as CSV (`trace-check.csv`, the trace lab's **Export CSV**):
//! one row per key, as the page shows it, with the owner after left empty when the restored
//! job never held the key, and the actual total empty when it was not read.

use super::TraceResult;

/// The header of [`rows_csv`].
pub const ROWS_HEADER: &str = "key,key_group,owner_before,owner_after,moved,expected,actual,right";

/// The table, a header row first, `\n` line ends. Trace keys are the model's own (`key-17`):
/// no comma or quote to escape.
pub fn rows_csv(result: &TraceResult) -> String {
    let mut out = format!("{ROWS_HEADER}\n");
    for row in &result.rows {
        let after = row.owner_after.map_or(String::new(), |o| o.to_string());
        let actual = row.actual.map_or(String::new(), |a| a.to_string());
        let right = row.actual.map_or(String::new(), |a| (a == row.expected).to_string());
        out.push_str(&format!(
            "{},{},{},{after},{},{},{actual},{right}\n",
            row.key,
            row.key_group,
            row.owner_before,
            row.moved(),
            row.expected
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{Backend, Scenario, TraceInput};
    use crate::{MaxParallelism, Parallelism};

    fn input(scenario: Scenario) -> TraceInput {
        let p1 = Parallelism::new(4, MaxParallelism::new(128).unwrap()).unwrap();
        TraceInput { scenario, p1, p2: 6, keys: 12, events: 240, snapshot_at: 160, backend: Backend::HashMap }
    }

    #[test]
    fn one_row_per_key_as_the_page_shows_it() {
        let result = input(Scenario::default()).run();
        let csv = rows_csv(&result);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], ROWS_HEADER);
        assert_eq!(lines.len(), result.rows.len() + 1);
        assert!(csv.ends_with('\n') && !csv.contains('\r'));
        for (line, row) in lines[1..].iter().zip(&result.rows) {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), 8, "{line}");
            assert_eq!((cells[0], cells[1]), (row.key.as_str(), row.key_group.to_string().as_str()));
            assert!(!row.key.contains([',', '"', '\n']), "{}", row.key);
        }
        // A changed uid with the flag: the sums restart empty, so every key is wrong.
        let lost = input(Scenario::UidChangedAllowNonRestored).run();
        assert!(rows_csv(&lost).lines().skip(1).all(|l| l.ends_with(",false")), "{}", rows_csv(&lost));
    }
}
