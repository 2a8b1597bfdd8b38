//! CSV exports, as `shared/CONTRACT.md` fixes them: a header row, commas, `\n` line ends,
//! plain decimal numbers.

use super::key_group::Parallelism;
use super::skew::aggregate::SubtaskLoads;
use super::skew::units::format_milli;
use super::trace::TraceResult;

/// `owners.csv`: `subtask,first_key_group,last_key_group,key_groups`, one row per subtask
/// (subtask from 0, bounds inclusive).
pub fn owners_csv(p: Parallelism) -> String {
    let mut csv = String::from("subtask,first_key_group,last_key_group,key_groups\n");
    for (op, range) in p.ranges() {
        csv.push_str(&format!("{},{},{},{}\n", op.index(), range.first(), range.last(), range.len()));
    }
    csv
}

/// `skew.csv`: `subtask,key_groups,keys,events_per_s,state_bytes`, one row per subtask.
pub fn skew_csv(loads: &SubtaskLoads) -> String {
    let mut csv = String::from("subtask,key_groups,keys,events_per_s,state_bytes\n");
    for (i, (load, groups)) in loads.subtasks.iter().zip(&loads.key_groups).enumerate() {
        csv.push_str(&format!("{i},{groups},{},{},{}\n", load.keys, format_milli(load.events_milli), load.bytes));
    }
    csv
}

/// The header of [`trace_check_csv`].
pub const TRACE_CHECK_HEADER: &str = "key,key_group,owner_before,owner_after,moved,expected,actual,right";

/// `trace-check.csv`, the trace check's per-key table as the page shows it (the owner after
/// empty when the restored job never held the key, the actual total empty when it was not
/// read): a header row first, `\n` line ends; then the keys the trace does not have (a changed
/// key function's), with no owner before and no expected total. Trace keys are the model's own
/// (`customer-17`): no comma or quote to escape.
pub fn trace_check_csv(result: &TraceResult) -> String {
    let mut out = format!("{TRACE_CHECK_HEADER}\n");
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
    for new in &result.new_keys {
        out.push_str(&format!("{},{},,{},false,,{},false\n", new.key, new.key_group, new.owner, new.total));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MaxParallelism;

    #[test]
    fn owners_csv_for_7_over_3() {
        let p = Parallelism::new(3, MaxParallelism::new(7).unwrap()).unwrap();
        assert_eq!(owners_csv(p), "subtask,first_key_group,last_key_group,key_groups\n0,0,2,3\n1,3,4,2\n2,5,6,2\n");
    }
}

#[cfg(test)]
mod trace_tests {
    use super::*;
    use crate::trace::{Backend, Scenario, TraceInput};
    use crate::MaxParallelism;

    fn input(scenario: Scenario) -> TraceInput {
        let p1 = Parallelism::new(4, MaxParallelism::new(128).unwrap()).unwrap();
        TraceInput { scenario, p1, p2: 6, keys: 12, events: 240, snapshot_at: 160, backend: Backend::HashMap }
    }

    #[test]
    fn trace_check_has_one_row_per_key_as_the_page_shows_it() {
        let result = input(Scenario::default()).run();
        let csv = trace_check_csv(&result);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], TRACE_CHECK_HEADER);
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
        assert!(trace_check_csv(&lost).lines().skip(1).all(|l| l.ends_with(",false")), "{}", trace_check_csv(&lost));
        // A changed key function: the new keys follow, none expected by the trace.
        let upper = input(Scenario::KeyFunctionChanged).run();
        let csv = trace_check_csv(&upper);
        assert_eq!(csv.lines().count(), 1 + upper.rows.len() + upper.new_keys.len());
        let new = &upper.new_keys[0];
        let line = format!("{},{},,{},false,,{},false", new.key, new.key_group, new.owner, new.total);
        assert_eq!(csv.lines().nth(1 + upper.rows.len()), Some(line.as_str()));
        assert!(new.key.starts_with("CUSTOMER-"), "{}", new.key);
    }
}
