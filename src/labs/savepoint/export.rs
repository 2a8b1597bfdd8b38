//! **Export CSV** of the savepoint lab: `savepoint.csv`, one row per subtask of every operator
//! (`operator_id,uid,name,parallelism,max_parallelism,subtask,finished,first_key_group,
//! last_key_group,range_is_flinks,keyed_state_bytes,operator_state_bytes,keyed_handle`), and for
//! a fully finished operator, whose subtasks Flink does not keep, one row with no subtask. Comma
//! separated, a header row, `\n` line ends, numbers in plain decimal; text in double quotes
//! when it holds a comma, a quote or a line break; empty where the file has no value.

use super::facts::subtask_rows;
use crate::model::savepoint::report::RangeCheck;
use crate::model::savepoint::Snapshot;

const HEADER: &str = "operator_id,uid,name,parallelism,max_parallelism,subtask,finished,first_key_group,\
                      last_key_group,range_is_flinks,keyed_state_bytes,operator_state_bytes,keyed_handle\n";

fn text(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The whole file's subtasks as CSV.
pub fn subtasks_csv(snapshot: &Snapshot) -> String {
    let mut out = String::from(HEADER);
    for op in &snapshot.operators {
        if op.subtasks.is_empty() {
            // No subtask entries (a fully finished operator's are not kept): one row says it is
            // there, and whether it finished.
            let (id, uid, name) =
                (op.id.hex(), text(op.uid.as_deref().unwrap_or("")), text(op.name.as_deref().unwrap_or("")));
            let (p, max, finished) = (op.parallelism, op.max_parallelism, op.fully_finished);
            out.push_str(&format!("{id},{uid},{name},{p},{max},,{finished},,,,,,\n"));
        }
        for row in subtask_rows(op) {
            let (first, last) =
                row.range.map_or((String::new(), String::new()), |(a, b)| (a.to_string(), b.to_string()));
            let check = match row.check {
                RangeCheck::Matches => "yes",
                RangeCheck::Differs { .. } => "no",
                RangeCheck::NoKeyedState | RangeCheck::Unchecked => "",
            };
            let cells = [
                op.id.hex(),
                text(op.uid.as_deref().unwrap_or("")),
                text(op.name.as_deref().unwrap_or("")),
                op.parallelism.to_string(),
                op.max_parallelism.to_string(),
                row.index.to_string(),
                row.finished.to_string(),
                first,
                last,
                check.to_string(),
                row.keyed_bytes.to_string(),
                row.operator_bytes.to_string(),
                text(row.handle.as_deref().unwrap_or("")),
            ];
            out.push_str(&cells.join(","));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::savepoint::parse;

    #[test]
    fn one_row_per_subtask_with_the_reports_values() {
        let bytes =
            include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/hashmap-canonical-savepoint/_metadata");
        let s = parse(bytes).unwrap();
        let csv = subtasks_csv(&s);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], HEADER.trim_end());
        let finished = s.operators.iter().filter(|o| o.fully_finished).count();
        assert!(finished > 0, "the fixture has a fully finished operator");
        assert_eq!(lines.len(), 1 + finished + s.operators.iter().map(|o| o.subtasks.len()).sum::<usize>());
        for op in s.operators.iter().filter(|o| o.fully_finished) {
            let row = lines.iter().find(|l| l.starts_with(&op.id.hex())).unwrap();
            assert_eq!(row.split(',').collect::<Vec<_>>()[5..], ["", "true", "", "", "", "", "", ""], "{row}");
        }
        let counter0 = lines.iter().find(|l| l.starts_with("0da08f51eaa85fc298e176a139b3649a,counter,")).unwrap();
        assert_eq!(
            *counter0,
            "0da08f51eaa85fc298e176a139b3649a,counter,Count per key,4,128,0,false,0,31,yes,2852,0,\
             \"full (canonical savepoint), inline\""
        );
        let source = lines.iter().find(|l| l.contains(",numbers-source,")).unwrap();
        assert!(source.ends_with(",false,,,,0,265,"), "{source}");
        assert!(csv.ends_with('\n') && !csv.contains("\r"));
    }

    #[test]
    fn text_is_quoted_only_when_needed() {
        assert_eq!(text("plain"), "plain");
        assert_eq!(text("a,b"), "\"a,b\"");
        assert_eq!(text("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
