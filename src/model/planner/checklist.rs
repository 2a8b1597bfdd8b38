//! What to record during the rescale (seed 000: the scaling claim must carry its correctness):
//! restore duration, catch-up lag, state distribution per subtask, and the visible output
//! invariants, each with where to read it and what to expect for this plan (the key groups
//! each subtask should own, computed from the target and the max parallelism). The same list
//! as Markdown, to print or download.

use super::super::imbalance::Imbalance;
use super::super::key_group::{MaxParallelism, Parallelism};

/// What the checklist is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChecklistInput {
    pub current: u32,
    pub target: u32,
    /// The max parallelism the new job runs with.
    pub max_parallelism: u32,
    /// The planner's estimate of the plan's last restore, in seconds.
    pub restore_estimate_s: u64,
    /// What that restore reads (the plan's step), as the timeline names it.
    pub restore_what: &'static str,
    /// What the new job's sources resume from ([`crate::planner::Plan::resumes_from`]).
    pub resumes_from: &'static str,
}

/// The items ticked while the rescale runs, by id.
pub type Ticked = std::collections::BTreeSet<&'static str>;

/// One thing to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// A short stable name (`restore-duration`, …), used as the item's id.
    pub id: &'static str,
    pub what: &'static str,
    pub how: String,
    pub expect: String,
}

impl ChecklistInput {
    pub fn items(&self) -> Vec<Item> {
        let (p, m) = (self.target, self.max_parallelism);
        let groups = MaxParallelism::new(i64::from(m))
            .and_then(|mp| Parallelism::new(i64::from(p), mp))
            .map(Imbalance::of)
            .map(|i| {
                if i.is_even() {
                    format!("{} ({m} ÷ {p})", i.owners_sentence())
                } else {
                    format!(
                        "{} ({m} over {p}): expect the busiest to hold about {} × the state of the others",
                        i.owners_sentence(),
                        crate::number::two_places(u64::from(i.ratio_milli()))
                    )
                }
            })
            .unwrap_or_else(|e| e.to_string());
        vec![
            Item {
                id: "restore-duration",
                what: "Restore duration",
                // Observed in 2.3.0 (tests/flink-first-checkpoint, case B): the job is RUNNING
                // before any of its subtasks has even started to restore, so the job's own
                // INITIALIZING → RUNNING does not time the restore; each subtask's does.
                how: "Per subtask, from INITIALIZING to RUNNING: GET /jobs/<job-id>/vertices/<vertex-id>/subtasktimes (the restore takes as long as the slowest subtask of the keyed vertex). The job's own RUNNING (GET /jobs/<job-id>) comes before its tasks restore, so it does not time it. GET /jobs/<job-id>/checkpoints (latest.restored) names the snapshot.".to_string(),
                expect: format!("about {} ({} s) by the planner's estimate of its last restore step, \"{}\": the bytes read over the throughput you gave; record the real time to correct that throughput for the next plan", super::format_duration(self.restore_estimate_s), self.restore_estimate_s, self.restore_what),
            },
            Item {
                id: "catch-up-lag",
                what: "Catch-up lag",
                how: "The source's consumer lag (pendingRecords, or the Kafka source's records-lag-max: metric names from the connectors' documentation, not observed here) every minute from the stop until it is back at its level before the stop; note the time that took.".to_string(),
                expect: "the lag grows during the downtime, then falls steadily; if it does not fall, the new parallelism is not faster".to_string(),
            },
            Item {
                // Observed in 2.3.0 (tests/flink-runbook, the in-place route): this call listed
                // one row per subtask of the keyed vertex at the new parallelism.
                id: "state-per-subtask",
                what: "State distribution per subtask",
                how: format!("The first checkpoint after the restore: GET /jobs/<job-id>/checkpoints/details/<checkpoint-id>/subtasks/<vertex-id> (state size per subtask, {p} rows); compare with the owners lab at p={p}, max parallelism {m}."),
                expect: groups,
            },
            Item {
                id: "load-per-subtask",
                what: "Load per subtask",
                how: "numRecordsIn and busyTimeMsPerSecond of every subtask of the keyed vertex (the skew lab reads these REST bodies); back-pressure of the vertex before it.".to_string(),
                expect: if p == self.current {
                    format!("the rate spread over the same {} as before; a hot key stays on one subtask whatever the parallelism", crate::number::count(u64::from(p), "subtask", "subtasks"))
                } else {
                    format!("the rate spread over {} instead of {}; a hot key stays on one subtask whatever the parallelism", crate::number::count(u64::from(p), "subtask", "subtasks"), self.current)
                },
            },
            Item {
                id: "output-invariants",
                what: "Visible output invariants",
                how: format!("Per-key totals (or counts per window) of the new job's output against the shadow's or the old job's for the same input (the trace lab's check); no duplicate and no missing transaction in the sinks; the source positions continue from {}'s offsets.", self.resumes_from),
                expect: "every key's value equal, nothing written twice, no gap in the offsets: RUNNING alone proves none of this".to_string(),
            },
            Item {
                id: "restarts",
                what: "Restarts and exceptions",
                how: "The job's numRestarts metric and GET /jobs/<job-id>/exceptions for the first hour.".to_string(),
                expect: "0 restarts; a job that restores and then fails again and again (a changed state serializer) still reports RUNNING between attempts".to_string(),
            },
        ]
    }

    /// The checklist as Markdown: one task-list line per item, with how and what to expect,
    /// none ticked (`plan.md`'s).
    pub fn markdown(&self) -> String {
        self.markdown_ticked(&Ticked::new())
    }

    /// The same with the items `ticked` so far marked done (`- [x]`): what **Copy checklist**
    /// hands on while the rescale runs.
    pub fn markdown_ticked(&self, ticked: &Ticked) -> String {
        let mut s = format!("# What to record during the rescale ({} → {})\n\n", self.current, self.target);
        for i in self.items() {
            let mark = if ticked.contains(i.id) { 'x' } else { ' ' };
            s.push_str(&format!("- [{mark}] **{}**: {}\n  - Expect: {}\n", i.what, i.how, i.expect));
        }
        crate::markdown::placeholders_as_code(&s)
    }

    /// The ticks kept for this checklist, read from their text (`24>100:restore-duration,lag`):
    /// those of another plan (its parallelisms), and names of no item, are left out.
    pub fn ticked_from(&self, text: &str) -> Ticked {
        let plan = format!("{}>{}:", self.current, self.target);
        let ids = text.strip_prefix(&plan).unwrap_or_default();
        self.items().into_iter().map(|i| i.id).filter(|id| ids.split(',').any(|t| t == *id)).collect()
    }

    /// `ticked` as text for [`ChecklistInput::ticked_from`].
    pub fn ticked_text(&self, ticked: &Ticked) -> String {
        let ids: Vec<&str> = ticked.iter().copied().collect();
        format!("{}>{}:{}", self.current, self.target, ids.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(target: u32, max: u32) -> ChecklistInput {
        ChecklistInput {
            current: 24,
            target,
            max_parallelism: max,
            restore_estimate_s: 14_563,
            restore_what: "restore from that canonical savepoint (read every byte once)",
            resumes_from: "the stop savepoint",
        }
    }

    #[test]
    fn seed_000s_four_things_are_on_it() {
        let items = input(200, 1000).items();
        let ids: Vec<&str> = items.iter().map(|i| i.id).collect();
        for id in ["restore-duration", "catch-up-lag", "state-per-subtask", "output-invariants"] {
            assert!(ids.contains(&id), "{id}");
        }
        assert!(items[0].expect.starts_with("about 4 h 2 min (14563 s) by the planner's estimate of its last restore step, \"restore from that canonical savepoint (read every byte once)\""));
        // The restore is timed per subtask: the job reports RUNNING before its tasks restore.
        assert!(items[0].how.starts_with(
            "Per subtask, from INITIALIZING to RUNNING: GET /jobs/<job-id>/vertices/<vertex-id>/subtasktimes"
        ));
        let observed = crate::observed::FIRST_CHECKPOINT;
        assert!(observed.contains("each with INITIALIZING and RUNNING: yes; the job was RUNNING (GET /jobs/:id) at or before every subtask's INITIALIZING: yes"), "{observed}");
    }

    /// The expected distribution is the key-group arithmetic of the plan.
    #[test]
    fn expected_distribution_table() {
        let cases = [
            (200, 1000, "every subtask owns 5 key groups (1000 ÷ 200)"),
            (
                200,
                1024,
                "24 subtasks own 6 key groups and 176 own 5 (1024 over 200): expect the busiest to hold about 1.20 ×",
            ),
            (
                100,
                128,
                "28 subtasks own 2 key groups and 72 own 1 (128 over 100): expect the busiest to hold about 2.00 ×",
            ),
            (200, 128, "above max parallelism"),
            // In number at one, and a ratio rounded (7 ÷ 6 = 1.1666…).
            (1, 1, "every subtask owns 1 key group (1 ÷ 1)"),
            (3, 4, "1 subtask owns 2 key groups and 2 own 1 (4 over 3): expect the busiest to hold about 2.00 ×"),
            (
                20,
                128,
                "8 subtasks own 7 key groups and 12 own 6 (128 over 20): expect the busiest to hold about 1.17 ×",
            ),
        ];
        for (p, m, text) in cases {
            let got = &input(p, m).items()[2].expect;
            assert!(got.contains(text), "{p} at {m}: {got}");
        }
        let md = input(200, 1000).markdown();
        assert!(md.starts_with("# What to record during the rescale (24 → 200)\n\n- [ ] **Restore duration**"));
        assert_eq!(md.matches("- [ ] ").count(), 6);
    }

    /// Ticks are read back for the same plan only, as the Markdown's done items.
    #[test]
    fn ticks_round_trip_for_their_plan_only() {
        let list = input(100, 128);
        let ids: Vec<&str> = list.items().iter().map(|i| i.id).collect();
        let ticked: Ticked = [ids[0], ids[2]].into_iter().collect();
        let text = list.ticked_text(&ticked);
        assert_eq!(text, format!("24>100:{}", ticked.iter().copied().collect::<Vec<_>>().join(",")));
        assert_eq!(list.ticked_from(&text), ticked);
        assert!(input(200, 1200).ticked_from(&text).is_empty(), "another plan's ticks");
        assert!(list.ticked_from("24>100:nothing,<b>").is_empty());
        let md = list.markdown_ticked(&ticked);
        assert_eq!(md.matches("- [x] ").count(), 2, "{md}");
        assert_eq!(md.matches("- [ ] ").count(), ids.len() - 2, "{md}");
        assert_eq!(list.markdown(), list.markdown_ticked(&Ticked::new()));
    }
}
