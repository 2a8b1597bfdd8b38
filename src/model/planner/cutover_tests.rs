//! The per-operator cutover table against what Flink 2.3.0 did (`tests/flink-cutover/`,
//! `tests/flink-runbook/`): every route's cited case exists and says what the route claims, and
//! the table for seed 004 pins, rebuilds and drops as observed.

use super::*;

use crate::observed::{CUTOVER, RUNBOOK};

const TRACE: &str = include_str!("../../../tests/flink-trace-kit/trace.csv");

/// The case's report: its title line (after `==== `) and the indented lines under it.
fn case<'a>(report: &'a str, title: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = report.lines().collect();
    let Some(at) = lines.iter().position(|l| l.trim_start_matches("==== ").starts_with(title)) else {
        panic!("no case starting {title:?} in the report");
    };
    let mut block = vec![lines[at]];
    block.extend(lines[at + 1..].iter().take_while(|l| l.starts_with(' ')));
    block
}

fn holds(evidence: Evidence) {
    if let Evidence::Observed { file, case: title, shows } = evidence {
        let report = match file {
            CUTOVER_OBSERVED => CUTOVER,
            RUNBOOK_OBSERVED => RUNBOOK,
            other => panic!("no such report {other}"),
        };
        let block = case(report, title).join("\n");
        assert!(block.contains(shows), "{title:?} does not show {shows:?}:\n{block}");
    }
}

fn seed_004() -> CutoverInput {
    CutoverInput { verdict: Verdict::RewriteNeeded, saved: 128, new_max: 1200, target: 200, partitions: 256 }
}

#[test]
fn every_route_cites_a_case_that_shows_it() {
    for verdict in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog] {
        for row in (CutoverInput { verdict, ..seed_004() }).table() {
            for route in std::iter::once(&row.chosen).chain(&row.others) {
                holds(route.evidence);
            }
        }
    }
    MISMATCH_EVIDENCE.into_iter().for_each(holds);
}

/// What each case did, as the table needs it: the restore ran and every total was right, or
/// Flink stopped it with the message that names the cause.
#[test]
fn the_observed_cases_end_as_the_table_says() {
    let cases = [
        ("restart at p=200 from the first run's savepoint", "The maximum parallelism (128) of the restored state is lower than the configured parallelism (200)"),
        ("cutover as the runbook said", "with max parallelism 128 to new program with max parallelism 1000"),
        ("the keyed-only rewrite, -p 200, sum-per-key setMaxParallelism(1000) in code, nothing job-wide, the sink chained", "with max parallelism 128 to new program with max parallelism 1000"),
        ("the keyed-only rewrite, -p 200, sum-per-key setMaxParallelism(1000) in code, nothing job-wide, sink setParallelism(128)", "every key matches"),
        ("pinned: the keyed-only rewrite", "every key matches"),
        ("pinned, the sink left at -p 200 and chained", "FAILED"),
        ("pinned, the sink at -p 200 in a vertex of its own", "Vertex sink: Writer's parallelism (200) is higher than the max parallelism (128)"),
        ("dropped: the keyed-only rewrite", "12 keys differ"),
        ("dropped without --allowNonRestoredState", "If you want to allow to skip this, you can set the --allowNonRestoredState option on the CLI"),
        ("rebuilt: the every-operator rewrite", "every key matches"),
    ];
    for (title, shows) in cases {
        let block = case(CUTOVER, title).join("\n");
        assert!(block.contains(shows), "{title:?} does not show {shows:?}:\n{block}");
    }
    // The keyed-only stand-in holds what a rewrite of the keyed operators carries over.
    let standin = case(CUTOVER, "stand-in for a rewrite of the keyed operator only").join("\n");
    for line in [
        "sink's committer: 128, with state",
        "src: 128, with state",
        "sum-per-key: 1000, with state",
        "tag: 128, with state",
    ] {
        assert!(standin.contains(line), "{line}:\n{standin}");
    }
    // Every restore that ran carried the union state over, except the one that dropped it.
    assert!(case(CUTOVER, "dropped: the keyed-only rewrite")
        .join("\n")
        .contains("tag's union state restored: nothing"));
    assert!(case(CUTOVER, "pinned: the keyed-only rewrite")
        .join("\n")
        .contains("tag's union state restored: 160 events seen"));
}

#[test]
fn seed_004_pins_what_the_rewrite_keeps_and_rebuilds_the_keyed_state() {
    let table = seed_004().table();
    let fates: Vec<(Operator, Fate, u32, u32)> =
        table.iter().map(|r| (r.operator, r.chosen.fate, r.chosen.max_parallelism, r.chosen.parallelism)).collect();
    assert_eq!(
        fates,
        vec![
            (Operator::Source, Fate::Pinned, 128, 128),
            (Operator::OperatorState, Fate::Pinned, 128, 128),
            (Operator::Keyed, Fate::Rebuilt, 1200, 200),
            (Operator::Sink, Fate::Pinned, 128, 128),
        ]
    );
    assert_eq!(table[0].chosen.in_job, "source: .setMaxParallelism(128).setParallelism(128)");
    assert!(
        table[0].chosen.outcome.contains("its 256 partitions are shared out among them: 2 each"),
        "{}",
        table[0].chosen.outcome
    );
    assert!(table[0].chosen.outcome.contains("a partitioned source restored at more subtasks was not observed"));
    assert!(table[3].chosen.in_job.contains("a vertex of its own"));
    // The others of each kept operator: rebuilt or dropped, each at the new max parallelism.
    for row in [&table[0], &table[1], &table[3]] {
        let others: Vec<(Fate, u32)> = row.others.iter().map(|r| (r.fate, r.max_parallelism)).collect();
        assert_eq!(others, vec![(Fate::Rebuilt, 1200), (Fate::Dropped, 1200)], "{:?}", row.operator);
    }
    assert!(table[0].others[1].outcome.contains("counted twice"));
    assert!(table[0].others[1].in_job.contains("--allowNonRestoredState"));
}

/// A source re-read from offset 0 counts every event before the savepoint again: the dropped
/// case's totals exceed the trace's by exactly the sum of its first 160 values.
#[test]
fn a_dropped_source_counts_what_came_before_the_savepoint_twice() {
    let before: i64 = TRACE
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].parse::<u32>().ok()? < 160).then(|| f[2].parse::<i64>().ok()).flatten()
        })
        .sum();
    let block = case(CUTOVER, "dropped: the keyed-only rewrite").join("\n");
    assert!(block.contains(&format!("12 keys differ, by {before} in all")), "{before}\n{block}");
}

#[test]
fn a_direct_restore_keeps_every_operator_and_a_rebuild_starts_them_empty() {
    for (verdict, fate) in [(Verdict::DirectRestore, Fate::Kept), (Verdict::RebuildFromLog, Fate::Empty)] {
        let table = CutoverInput { verdict, ..seed_004() }.table();
        assert_eq!(table.len(), 4);
        assert!(table.iter().all(|r| r.chosen.fate == fate && r.others.is_empty()), "{verdict:?}");
    }
    let kept = CutoverInput { verdict: Verdict::DirectRestore, target: 100, ..seed_004() }.table();
    assert_eq!(kept[0].chosen.parallelism, 100);
    assert!(kept[0].chosen.in_job.contains("left unset"));
}

#[test]
fn the_pitfalls_quote_flinks_messages_as_observed() {
    let p = pitfalls(128, 1000);
    let mismatch = "with max parallelism 128 to new program with max parallelism 1000";
    assert!(p[0].contains(mismatch) && CUTOVER.contains(mismatch));
    assert!(
        p[2].contains("is higher than the max parallelism (128)")
            && CUTOVER.contains("is higher than the max parallelism (128)")
    );
}

/// Partitions shared out among fewer subtasks: evenly, or some one more.
#[test]
fn partitions_share_out() {
    let outcome = |partitions| {
        let input = CutoverInput { partitions, ..seed_004() };
        input.table()[0].chosen.outcome.clone()
    };
    for (partitions, expected) in [(256, "2 each"), (300, "44 read 3 and 84 read 2"), (129, "1 read 2 and 127 read 1")]
    {
        assert!(outcome(partitions).ends_with(&format!("among them: {expected}.")), "{}", outcome(partitions));
    }
    assert!(!outcome(100).contains("shared out"));
    // Fewer partitions than the snapshot's max parallelism: the source runs one subtask a
    // partition, as its parallelism in the job says.
    assert!(outcome(100).ends_with("It runs at most 100 subtasks, one partition each."), "{}", outcome(100));
    assert!(outcome(1).ends_with("It runs at most 1 subtask, one partition each."), "{}", outcome(1));
}
