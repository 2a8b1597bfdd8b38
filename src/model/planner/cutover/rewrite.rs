//! The cutover's routes after a State Processor API rewrite of the keyed state: the keyed
//! operators rebuilt at the new max parallelism; the source, the operators with list or union
//! state and the sink pinned at the snapshot's value (the rewrite carries them over at it), each
//! with the other choices (rebuilt by the rewrite too, or dropped on purpose). Every route cites
//! the observation that shows it (`tests/flink-cutover/`).

use super::{CutoverInput, Fate, Operator, OperatorCutover, Route, DROPPED, PINNED, REBUILT};

impl CutoverInput {
    pub(super) fn rewrite_row(&self, op: Operator, saved: u32, new: u32, target: u32) -> OperatorCutover {
        // Kept at the snapshot's value: the job's code sets it on the operator (observed).
        let pinned = |parallelism: u32, in_job: String, outcome: String| Route {
            fate: Fate::Pinned,
            max_parallelism: saved,
            parallelism,
            in_job,
            outcome,
            evidence: PINNED,
        };
        let rebuilt = |parallelism: u32, outcome: String| Route {
            fate: Fate::Rebuilt,
            max_parallelism: new,
            parallelism,
            in_job: format!("nothing of its own: -Dpipeline.max-parallelism={new} reaches it"),
            outcome,
            evidence: REBUILT,
        };
        let dropped = |parallelism: u32, outcome: &str| Route {
            fate: Fate::Dropped,
            max_parallelism: new,
            parallelism,
            in_job: "a new uid, and --allowNonRestoredState (-n) on the cutover's flink run".to_string(),
            outcome: outcome.to_string(),
            evidence: DROPPED,
        };
        let rewrite_too = "The rewrite must write its state too, in the format its own serializer reads (the State Processor API job grows by one operator).";
        match op {
            Operator::Source => OperatorCutover {
                operator: op,
                chosen: pinned(
                    self.source_p(saved),
                    format!("source: .setMaxParallelism({saved}).setParallelism({})", self.source_p(saved)),
                    format!(
                        "Restored as it was: no record is lost or read twice (observed with a source of one subtask restored at one; \
                         a partitioned source restored at more subtasks was not observed: no Kafka here). It runs at most {}{}.",
                        crate::number::count(u64::from(self.source_p(saved)), "subtask", "subtasks"),
                        match self.partitions.cmp(&self.source_p(saved)) {
                            std::cmp::Ordering::Greater => format!(", so its {} partitions are shared out among them: {}", self.partitions, shared_out(self.partitions, self.source_p(saved))),
                            _ => ", one partition each".to_string(),
                        }
                    ),
                ),
                others: vec![
                    rebuilt(self.source_p(new), format!("It can then run up to {}. {rewrite_too}", crate::number::count(u64::from(self.source_p(new)), "subtask", "subtasks"))),
                    dropped(self.source_p(new), "It starts from its configured start position, not the savepoint's. Observed with a source that has no such position: it read from the beginning again, and every key was counted twice over what came before the savepoint. A Kafka source set to committed offsets resumes from the consumer group's last commit instead (not observed here: no Kafka)."),
                ],
            },
            Operator::OperatorState => OperatorCutover {
                operator: op,
                chosen: pinned(
                    self.source_p(saved),
                    format!("each list or union state operator: .setMaxParallelism({saved}); chained to the source, it runs in the source's vertex"),
                    "Restored as it was.".to_string(),
                ),
                others: vec![
                    rebuilt(self.source_p(new), rewrite_too.to_string()),
                    dropped(self.source_p(new), "Its state is gone: observed, a union-state operator under a new uid restored nothing."),
                ],
            },
            Operator::Keyed => OperatorCutover {
                operator: op,
                chosen: Route {
                    fate: Fate::Rebuilt,
                    max_parallelism: new,
                    parallelism: target,
                    in_job: format!("keyed operators: -Dpipeline.max-parallelism={new} (or .setMaxParallelism({new}) on each)"),
                    outcome: format!("The point of the rewrite: {new} key groups, so it can run at {target}."),
                    evidence: PINNED,
                },
                others: Vec::new(),
            },
            Operator::Sink => {
                // Under a rewrite the target is above the snapshot's value, so the pinned sink
                // runs at fewer subtasks than the keyed operator and is not chained to it.
                let p = saved;
                OperatorCutover {
                    operator: op,
                    chosen: pinned(
                        p,
                        format!("sink: sinkTo(…).setMaxParallelism({saved}).setParallelism({p}), a vertex of its own, not chained to the keyed operator"),
                        format!(
                            "Restored as it was. Left chained to the keyed operator it would take that vertex's {new} and stop the restore; at more than {saved} subtasks Flink refuses the job."
                        ),
                    ),
                    others: vec![
                        rebuilt(target, "It can then stay chained to the keyed operator at the same parallelism. ".to_string() + rewrite_too),
                        dropped(target, "Its committer's state is skipped (observed), so what the old job had not committed at the savepoint is, by the committer's contract, never committed by the new one (not observed)."),
                    ],
                }
            }
        }
    }
}

/// How `partitions` share out among `subtasks` (fewer): "2 each", or "72 read 2 and 28 read 1".
fn shared_out(partitions: u32, subtasks: u32) -> String {
    let (each, more) = (partitions / subtasks, partitions % subtasks);
    match more {
        0 => format!("{each} each"),
        _ => format!("{more} read {} and {} read {each}", each + 1, subtasks - more),
    }
}
