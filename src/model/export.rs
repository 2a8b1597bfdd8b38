//! CSV exports, as `shared/CONTRACT.md` fixes them: a header row, commas, `\n` line ends,
//! plain decimal numbers.

use super::key_group::Parallelism;
use super::skew::aggregate::SubtaskLoads;
use super::skew::units::format_milli;

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
