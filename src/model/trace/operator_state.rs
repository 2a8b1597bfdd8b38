//! Operator (non-keyed) state on restore, as Flink 2.3.0 redistributes it when the parallelism
//! changes from `old_p` to `new_p` (observed in a MiniCluster, `tests/flink-opstate/`):
//! - **split** (round-robin) list state (`getListState`): the old subtasks' lists are joined in
//!   old-subtask order and cut into `new_p` contiguous runs, the first `total mod new_p` runs one
//!   entry longer; at an unchanged parallelism every subtask keeps its own list. Within one new
//!   subtask the runs of different old subtasks arrived in an order that changed from run to run
//!   (each run itself in write order), so only *which* entries a subtask gets is fixed.
//! - **union** list state (`getUnionListState`): every new subtask gets every old entry.
//! - **broadcast** state: new subtask `i` gets the copy of old subtask `i mod old_p`.
//!
//! Where sources keep their positions: FLIP-27 sources (`fromSource`, such as `KafkaSource`)
//! keep their splits in split list state named `SourceReaderState` (seen in the savepoint
//! fixtures, `tests/flink-savepoints/fixtures/2.3.0/`); the legacy `FlinkKafkaConsumer`
//! (a `SourceFunction`) kept its offsets as union list state, read from its code, not observed.
//!
//! Only one list state per operator is modelled, as observed.

/// Split (round-robin) redistribution of `old` (one list per old subtask) over `new_p`
/// subtasks. Total: `new_p` 0 is read as 1.
pub fn split<T: Clone>(old: &[Vec<T>], new_p: u32) -> Vec<Vec<T>> {
    let p = new_p.max(1) as usize;
    if old.len() == p {
        return old.to_vec();
    }
    let all: Vec<T> = old.concat();
    let (base, extra) = (all.len() / p, all.len() % p);
    let mut out = Vec::with_capacity(p);
    let mut start = 0;
    for i in 0..p {
        let len = base + usize::from(i < extra);
        out.push(all[start..start + len].to_vec());
        start += len;
    }
    out
}

/// Union redistribution: every one of `new_p` subtasks gets all entries, in old-subtask order.
pub fn union<T: Clone>(old: &[Vec<T>], new_p: u32) -> Vec<Vec<T>> {
    vec![old.concat(); new_p.max(1) as usize]
}

/// Broadcast redistribution: the old subtask whose copy new subtask `i` receives, for each `i`.
/// `None` when there were no old subtasks.
pub fn broadcast_source(old_p: u32, new_p: u32) -> Vec<Option<u32>> {
    (0..new_p.max(1)).map(|i| i.checked_rem(old_p)).collect()
}

/// The observed experiment's entries: old subtask `i` wrote `si.L0 .. si.L{per-1}`.
pub fn tagged(old_p: u32, per: u32, tag: char) -> Vec<Vec<String>> {
    (0..old_p).map(|i| (0..per).map(|j| format!("s{i}.{tag}{j}")).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const OBSERVED: &str = crate::observed::OPSTATE;

    fn runs(text: &str) -> Vec<Vec<String>> {
        text.split('|').map(|s| s.split_whitespace().map(String::from).collect()).collect()
    }

    /// Split (round-robin) state as Flink 2.3.0 handed it out
    /// (`tests/flink-opstate/observed-flink-2.3.0.txt`, part 1): three entries per old subtask.
    #[test]
    fn split_as_observed() {
        let cases = [
            (3, 3, "s0.L0 s0.L1 s0.L2|s1.L0 s1.L1 s1.L2|s2.L0 s2.L1 s2.L2"),
            (3, 5, "s0.L0 s0.L1|s0.L2 s1.L0|s1.L1 s1.L2|s2.L0 s2.L1|s2.L2"),
            (5, 3, "s0.L0 s0.L1 s0.L2 s1.L0 s1.L1|s1.L2 s2.L0 s2.L1 s2.L2 s3.L0|s3.L1 s3.L2 s4.L0 s4.L1 s4.L2"),
            (4, 6, "s0.L0 s0.L1|s0.L2 s1.L0|s1.L1 s1.L2|s2.L0 s2.L1|s2.L2 s3.L0|s3.L1 s3.L2"),
            (6, 4, "s0.L0 s0.L1 s0.L2 s1.L0 s1.L1|s1.L2 s2.L0 s2.L1 s2.L2 s3.L0|s3.L1 s3.L2 s4.L0 s4.L1|s4.L2 s5.L0 s5.L1 s5.L2"),
        ];
        for (old_p, new_p, expected) in cases {
            assert_eq!(split(&tagged(old_p, 3, 'L'), new_p), runs(expected), "{old_p}→{new_p}");
        }
    }

    /// Union and broadcast state, same runs (`tests/flink-opstate/observed-flink-2.3.0.txt`).
    #[test]
    fn union_and_broadcast_as_observed() {
        let cases: [(u32, u32, &[u32]); 5] = [
            (3, 3, &[0, 1, 2]),
            (3, 5, &[0, 1, 2, 0, 1]),
            (5, 3, &[0, 1, 2]),
            (4, 6, &[0, 1, 2, 3, 0, 1]),
            (6, 4, &[0, 1, 2, 3]),
        ];
        for (old_p, new_p, from) in cases {
            let all = tagged(old_p, 2, 'U').concat();
            assert!(union(&tagged(old_p, 2, 'U'), new_p).iter().all(|u| u == &all), "{old_p}→{new_p}");
            assert_eq!(union(&tagged(old_p, 2, 'U'), new_p).len(), new_p as usize);
            let got: Vec<u32> = broadcast_source(old_p, new_p).into_iter().flatten().collect();
            assert_eq!(got, from, "{old_p}→{new_p}");
        }
    }

    /// The model reproduces every line of the observation's part 1, read from the file itself.
    #[test]
    fn every_observed_restore_line() {
        let mut checked = 0;
        let mut current: Option<(u32, u32)> = None;
        for line in OBSERVED.lines() {
            if let Some(rest) = line.strip_prefix("==== restore: savepoint at p=") {
                let (old, new) = rest.split_once(" -> p=").unwrap();
                current = Some((old.parse().unwrap(), new.parse().unwrap()));
                continue;
            }
            let (Some((old_p, new_p)), Some(rest)) = (current, line.trim().strip_prefix("new subtask ")) else {
                continue;
            };
            let (index, rest) = rest.split_once(':').unwrap();
            let i: usize = index.parse().unwrap();
            let list = |name: &str| -> Vec<String> {
                let from = rest.find(&format!("{name} [")).unwrap() + name.len() + 2;
                let to = from + rest[from..].find(']').unwrap();
                rest[from..to].split(", ").filter(|s| !s.is_empty()).map(String::from).collect()
            };
            assert_eq!(split(&tagged(old_p, 3, 'L'), new_p)[i], list("split"), "{old_p}→{new_p} subtask {i}");
            assert_eq!(union(&tagged(old_p, 2, 'U'), new_p)[i], list("union"), "{old_p}→{new_p} subtask {i}");
            let from = broadcast_source(old_p, new_p)[i].unwrap();
            assert!(rest.ends_with(&format!("broadcast {{from-s{from}=s{from}}}")), "{old_p}→{new_p} subtask {i}");
            checked += 1;
        }
        assert_eq!(checked, 3 + 5 + 3 + 6 + 4);
    }

    /// A FLIP-27 source keeps its position as split list state `SourceReaderState`: Flink's own
    /// report of a real savepoint (`tests/flink-savepoints/fixtures/2.3.0/`).
    #[test]
    fn flip27_source_state_is_split() {
        const REPORT: &str = include_str!(
            "../../../tests/flink-savepoints/fixtures/2.3.0/hashmap-canonical-savepoint/flink-report.json"
        );
        let source = &REPORT[REPORT.find("\"name\":\"Source: Numbers source\"").unwrap()..];
        let source = &source[..source.find("\"operator_id\"").unwrap_or(source.len())];
        assert!(source.contains("{\"name\":\"SourceReaderState\",\"mode\":\"split\""));
        assert!(!source.contains("\"mode\":\"union\""));
    }

    #[test]
    fn edges() {
        assert_eq!(split::<String>(&[], 3), vec![Vec::<String>::new(); 3]);
        assert_eq!(split(&tagged(1, 8, 'L'), 10).iter().filter(|v| v.is_empty()).count(), 2);
        assert_eq!(split(&tagged(2, 1, 'L'), 0).len(), 1);
        assert_eq!(broadcast_source(0, 2), vec![None, None]);
    }
}
