//! The skew lab's loads for the job whose REST bodies these are (`tests/flink-rest-metrics/`):
//! its keys, given to the lab's own aggregation, land in the key groups and on the subtasks
//! where Flink 2.3.0 put them, and add up to what each subtask counted itself.

use super::*;
use crate::observed::REST_METRICS;
use crate::skew::aggregate::{GroupLoads, SubtaskLoads};
use crate::skew::KeyLoad;
use crate::{Key, MaxParallelism, Parallelism};

/// The number in `text` after `prefix` (up to the next non-digit).
fn after(text: &str, prefix: &str) -> u64 {
    let at = text.find(prefix).unwrap_or_else(|| panic!("no {prefix:?} in the report")) + prefix.len();
    text[at..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap()
}

/// The job's key function, as its report states it: `key(i) = 0 if i % 10 < 6 (hot key, …),
/// else 1 + i % 97`, a `Long`.
fn key(i: u64) -> i64 {
    if i % 10 < 6 {
        0
    } else {
        1 + (i % 97) as i64
    }
}

#[test]
fn the_labs_loads_for_the_job_are_flinks_own_counts() {
    assert!(REST_METRICS.contains("key(i) = 0 if i % 10 < 6 (hot key, 60% of the records), else 1 + i % 97;"));
    let records = after(REST_METRICS, "filter(i < ");
    let (p, maxp) = (after(REST_METRICS, "keyed-op (p="), after(REST_METRICS, ", maxp="));
    let mut per_key = std::collections::BTreeMap::new();
    for i in 0..records {
        *per_key.entry(key(i)).or_insert(0u64) += 1;
    }
    let keys: Vec<KeyLoad> =
        per_key.iter().map(|(&k, &n)| KeyLoad { key: Key::Long(k), events_milli: n * 1000, bytes: 0 }).collect();
    let max = MaxParallelism::new(maxp as i64).unwrap();
    let groups = GroupLoads::new(&keys, max);
    let loads = SubtaskLoads::new(&groups, Parallelism::new(p as i64, max).unwrap());

    // Each subtask's records, as the job counted them in processElement.
    for (index, load) in loads.subtasks.iter().enumerate() {
        assert_eq!(load.events_milli / 1000, after(REST_METRICS, &format!("subtask {index}: ")), "subtask {index}");
    }
    // Every key's group and subtask, as Flink's KeyGroupRangeAssignment gave them inside the job.
    let lines: Vec<&str> = EXPECTED_COUNTS.1.lines().filter(|l| l.starts_with("key ")).collect();
    assert_eq!(lines.len(), keys.len());
    for (at, k) in keys.iter().enumerate() {
        let group = groups.group_of_key[at];
        let owner = Parallelism::new(p as i64, max).unwrap().owner_of(max.key_group(group).unwrap()).index();
        let Key::Long(value) = k.key else { unreachable!() };
        let line = format!("key {value} {} group {group} subtask {owner} processed-by {owner}", k.events_milli / 1000);
        assert!(lines.contains(&line.as_str()), "{line}");
    }
    let hot = format!("hot key 0: {} records, key group {}, subtask ", per_key[&0], groups.group_of_key[0]);
    assert!(REST_METRICS.contains(&hot), "{hot}");
    assert_eq!(loads.busiest, after(REST_METRICS, &hot) as u32);
    assert!(REST_METRICS
        .contains(&format!("keys whose subtask differs from KeyGroupRangeAssignment's: 0 of {}", keys.len())));
}
