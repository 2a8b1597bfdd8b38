//! The cutover, operator by operator: what the plan does with the state of each stateful
//! operator of a keyed job shaped like seed 004's (a source with split state, operators with
//! list or union state chained to it, the keyed operators after `keyBy`, a sink that commits on
//! checkpoints), and what each other choice would do.
//!
//! Max parallelism belongs to a job vertex, not to an operator: an operator chained to another
//! gets its vertex's value, whatever it sets. Flink checks every operator whose state the
//! snapshot holds against the vertex it lands in, keyed or not, and names the first mismatch it
//! meets. A rewrite of the keyed operators alone leaves the others at the snapshot's value, so
//! the new job must keep them there (pinned, in a vertex of their own, at a parallelism at most
//! that value), rewrite them too, or leave their state behind on purpose. Every such claim holds
//! an observation: `tests/flink-cutover/` or `tests/flink-runbook/` (Flink 2.3.0), held by
//! `cutover_tests.rs`; what only Flink's sources say is marked so.

use super::Verdict;

mod rewrite;

/// A stateful operator of the job, by the kind of state it keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    /// The source: its split state (a Kafka source: each partition's offset).
    Source,
    /// Operators with list, union or broadcast state, chained to the source.
    OperatorState,
    /// The operators after `keyBy`: keyed state, split into key groups.
    Keyed,
    /// The sink: its committer holds what waits for the next checkpoint.
    Sink,
}

impl Operator {
    pub const ALL: [Operator; 4] = [Operator::Source, Operator::OperatorState, Operator::Keyed, Operator::Sink];

    /// What the row is called.
    pub fn name(self) -> &'static str {
        match self {
            Operator::Source => "Source",
            Operator::OperatorState => "Operators with list or union state",
            Operator::Keyed => "Keyed operators (after keyBy)",
            Operator::Sink => "Sink",
        }
    }

    /// The state it holds.
    pub fn state(self) -> &'static str {
        match self {
            Operator::Source => "split state: where each partition was read up to",
            Operator::OperatorState => "list or union state, handed out again on restore",
            Operator::Keyed => "keyed state in key groups",
            Operator::Sink => "its committer's pending commits",
        }
    }
}

/// What happens to one operator's state at the cutover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Restored as it was saved, max parallelism left unset.
    Kept,
    /// Restored at the snapshot's max parallelism, which the job's code sets on it.
    Pinned,
    /// Written again by the rewrite at the new max parallelism.
    Rebuilt,
    /// Left behind on purpose: a new uid and `--allowNonRestoredState`.
    Dropped,
    /// The new job starts without any state.
    Empty,
}

impl Fate {
    pub fn label(self) -> &'static str {
        match self {
            Fate::Kept => "kept",
            Fate::Pinned => "pinned",
            Fate::Rebuilt => "rebuilt",
            Fate::Dropped => "dropped",
            Fate::Empty => "started empty",
        }
    }
}

/// Where a route's claim comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evidence {
    /// A case of a committed observation: the file, the case's title (its start), and what
    /// the case's report says.
    Observed { file: &'static str, case: &'static str, shows: &'static str },
    /// Read in Flink's sources or documentation, not run here.
    Read(&'static str),
}

impl Evidence {
    /// Where the claim comes from, in a few words.
    pub fn source(self) -> String {
        match self {
            Evidence::Observed { file, .. } => {
                format!("observed in Flink 2.3.0: {}", file.trim_end_matches("observed-flink-2.3.0.txt"))
            }
            Evidence::Read(what) => format!("not observed: {what}"),
        }
    }
}

/// The observation programs' reports the routes cite.
pub const CUTOVER_OBSERVED: &str = "tests/flink-cutover/observed-flink-2.3.0.txt";
pub const RUNBOOK_OBSERVED: &str = "tests/flink-runbook/observed-flink-2.3.0.txt";

/// One way through the cutover for one operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub fate: Fate,
    /// The max parallelism its vertex runs with.
    pub max_parallelism: u32,
    /// The most subtasks it can run at.
    pub parallelism: u32,
    /// What the job's code (or the command line) must say for it.
    pub in_job: String,
    /// What follows, for the restore and for the data.
    pub outcome: String,
    pub evidence: Evidence,
}

/// One operator's row: the plan's route and the others.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatorCutover {
    pub operator: Operator,
    pub chosen: Route,
    pub others: Vec<Route>,
}

/// What the table is computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutoverInput {
    pub verdict: Verdict,
    /// The snapshot's max parallelism.
    pub saved: u32,
    /// The max parallelism the plan ends with.
    pub new_max: u32,
    pub target: u32,
    pub partitions: u32,
}

/// A case of the cutover observation and what its report shows.
const fn seen(case: &'static str, shows: &'static str) -> Evidence {
    Evidence::Observed { file: CUTOVER_OBSERVED, case, shows }
}

const MISMATCH: Evidence =
    seen("cutover as the runbook said", "Max parallelism mismatch between checkpoint/savepoint state and new program");
const PINNED: Evidence = seen("pinned: the keyed-only rewrite", "every key matches");
const CHAINED: Evidence = seen(
    "pinned, the sink left at -p 200 and chained",
    "with max parallelism 128 to new program with max parallelism 1000",
);
const TOO_WIDE: Evidence = seen(
    "pinned, the sink at -p 200 in a vertex of its own",
    "parallelism (200) is higher than the max parallelism (128)",
);
const REBUILT: Evidence = seen("rebuilt: the every-operator rewrite", "every key matches");
const DROPPED: Evidence = seen("dropped: the keyed-only rewrite", "the first at offset 0");
const KEPT: Evidence = Evidence::Observed {
    file: RUNBOOK_OBSERVED,
    case: "runbook step 1",
    shows: "Source: src -> tag (p=1, max 4); sum-per-key -> sink: Writer -> sink: Committer (p=2, max 4)",
};
const UNSET_ALONE: Evidence = seen(
    "the keyed-only rewrite, -p 200, sum-per-key setMaxParallelism(1000) in code, nothing job-wide, sink setParallelism(128)",
    "every key matches",
);

impl CutoverInput {
    /// The table: one row per kind of stateful operator, in the job's order.
    pub fn table(&self) -> Vec<OperatorCutover> {
        Operator::ALL.iter().map(|&op| self.row(op)).collect()
    }

    /// The source's subtasks: at most its partitions, and at most `max`.
    fn source_p(&self, max: u32) -> u32 {
        self.target.min(self.partitions).min(max).max(1)
    }

    /// The most subtasks `op` runs at under `max`: the source's vertex (the operators chained to
    /// it too) at most its partitions, the keyed operators and the sink at the target.
    fn subtasks(&self, op: Operator, max: u32) -> u32 {
        match op {
            Operator::Source | Operator::OperatorState => self.source_p(max),
            Operator::Keyed | Operator::Sink => self.target,
        }
    }

    fn row(&self, op: Operator) -> OperatorCutover {
        let (saved, new, target) = (self.saved, self.new_max, self.target);
        match self.verdict {
            Verdict::DirectRestore => OperatorCutover {
                operator: op,
                chosen: Route {
                    fate: Fate::Kept,
                    max_parallelism: saved,
                    parallelism: self.subtasks(op, saved),
                    in_job: "nothing: max parallelism left unset, in the job and on the command line".to_string(),
                    outcome: format!("Flink gives its vertex the {saved} its state was saved with."),
                    evidence: KEPT,
                },
                others: Vec::new(),
            },
            Verdict::RebuildFromLog => OperatorCutover {
                operator: op,
                chosen: Route {
                    fate: Fate::Empty,
                    max_parallelism: new,
                    parallelism: self.subtasks(op, new),
                    in_job: format!("-Dpipeline.max-parallelism={new}, no savepoint"),
                    outcome: match op {
                        Operator::Source => {
                            "It reads the log from one time-to-live ago, under its own consumer group.".to_string()
                        }
                        Operator::Keyed => "Its state is rebuilt by the replay.".to_string(),
                        _ => "It starts empty; nothing of the old job's is carried over.".to_string(),
                    },
                    evidence: Evidence::Read("a job started without a snapshot has no state to restore"),
                },
                others: Vec::new(),
            },
            Verdict::RewriteNeeded => self.rewrite_row(op, saved, new, target),
        }
    }
}

/// Every row's other choices, each as a title ("Source, dropped") and what it takes and does,
/// with where that comes from.
pub fn other_choices(table: &[OperatorCutover]) -> Vec<(String, String)> {
    table
        .iter()
        .flat_map(|r| {
            r.others.iter().map(move |o| {
                (
                    format!("{}, {}", r.operator.name(), o.fate.label()),
                    format!("{}. {} ({})", o.in_job, o.outcome, o.evidence.source()),
                )
            })
        })
        .collect()
}

/// The observations that back the table's warnings: a kept operator left under the job-wide
/// value, and a pinned one left chained or too wide.
pub const MISMATCH_EVIDENCE: [Evidence; 4] = [MISMATCH, CHAINED, TOO_WIDE, UNSET_ALONE];

/// What the cutover's command line and code get wrong if the table is not followed: Flink's
/// messages, as observed.
pub fn pitfalls(saved: u32, new: u32) -> Vec<String> {
    vec![
        format!("A job-wide -Dpipeline.max-parallelism={new} reaches every operator the code does not pin: the first one whose state was saved at {saved} stops the restore (\"Max parallelism mismatch … with max parallelism {saved} to new program with max parallelism {new}\"), and Flink names only that one."),
        format!("An operator chained to the keyed operator runs in its vertex and takes its max parallelism ({new}), whatever its own setMaxParallelism says: give it a parallelism of its own, or disableChaining()."),
        format!("A pinned operator above {saved} subtasks is refused before anything restores (\"… parallelism (…) is higher than the max parallelism ({saved})\")."),
    ]
}

#[cfg(test)]
#[path = "cutover_tests.rs"]
mod tests;
