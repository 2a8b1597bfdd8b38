//! The restore-outcome predictor: will a job start, given the max parallelism stored in its
//! snapshot, the new parallelism and the new max parallelism (set or not)?
//!
//! The checks and their order are what Flink 2.3.0 did in a MiniCluster with real savepoints
//! (`tests/flink-restore/`, observed output in `observed-flink-2.3.0.txt`):
//! 1. Building the execution graph: an explicitly set max parallelism below the parallelism
//!    fails at once (`ExecutionJobVertex`). An unset one is derived from the parallelism and
//!    is never below it.
//! 2. Loading the snapshot: an explicitly set max parallelism different from the snapshot's
//!    fails (`Checkpoints.loadAndValidateCheckpoint`, "Max parallelism mismatch").
//! 3. Assigning state: a snapshot max parallelism below the parallelism fails
//!    (`StateAssignmentOperation`, "can not be restored").
//! 4. Otherwise the job starts; an unset max parallelism silently takes the snapshot's value.
//!
//! Whether the snapshot's value was set explicitly or derived is not recorded in the snapshot
//! and made no difference in any case observed.

use super::key_group::{default_max_parallelism, MaxParallelism, UPPER_BOUND_MAX_PARALLELISM};
use super::ModelError;

/// How the snapshot's max parallelism came about (shown, though Flink cannot tell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SavedHow {
    Explicit,
    /// Flink's default: derived from the first parallelism.
    #[default]
    Derived,
}

impl SavedHow {
    /// Both, in the order a form lists them.
    pub const ALL: [SavedHow; 2] = [SavedHow::Derived, SavedHow::Explicit];

    /// The URL's word for it (`saved_maxp_set=`).
    pub fn as_str(self) -> &'static str {
        match self {
            SavedHow::Explicit => "explicit",
            SavedHow::Derived => "derived",
        }
    }
}

impl crate::choice::ChoiceValue for SavedHow {
    fn values() -> &'static [SavedHow] {
        &SavedHow::ALL
    }
    fn slug(self) -> &'static str {
        self.as_str()
    }
    fn label(self) -> String {
        match self {
            SavedHow::Derived => "derived by Flink (never set)",
            SavedHow::Explicit => "set explicitly",
        }
        .to_string()
    }
}

/// A restore question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RestoreInput {
    /// The snapshot's max parallelism, or `None` for a fresh start without state.
    pub saved: Option<(MaxParallelism, SavedHow)>,
    /// The new job's parallelism, `1..=32768`.
    pub parallelism: u32,
    /// The new job's max parallelism if set; `None` = derived by Flink.
    pub max_parallelism: Option<MaxParallelism>,
    /// Where the snapshot's operators record different max parallelisms (the savepoint
    /// inspector tells): the least another operator records, other than `saved`'s. The job's
    /// one parallelism and one max parallelism meet every operator's own
    /// (`tests/flink-mixed-maxp/`, cases 3a, 3e and 3f).
    pub others: Option<MaxParallelism>,
}

/// Which check failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailedCheck {
    /// Check 1: parallelism above an explicitly set max parallelism.
    ParallelismAboveMax { parallelism: u32, max: u32 },
    /// Check 2: the explicitly set max parallelism differs from the snapshot's.
    MaxParallelismChanged { saved: u32, new: u32 },
    /// Check 3: the snapshot's max parallelism is below the parallelism.
    SavedMaxBelowParallelism { saved: u32, parallelism: u32 },
}

/// The predicted outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestoreOutcome {
    /// The job starts with this max parallelism; `adopted_from` is set when an unset max
    /// parallelism (derived as the given value) was replaced by the snapshot's.
    Ok {
        max_parallelism: u32,
        adopted_from: Option<u32>,
    },
    Fails(FailedCheck),
}

impl RestoreInput {
    /// Validates the parallelism bound (1..=32768).
    pub fn new(
        saved: Option<(MaxParallelism, SavedHow)>,
        parallelism: i64,
        max_parallelism: Option<MaxParallelism>,
    ) -> Result<Self, ModelError> {
        if !(1..=i64::from(UPPER_BOUND_MAX_PARALLELISM)).contains(&parallelism) {
            return Err(ModelError::OutOfRange {
                what: "parallelism",
                value: parallelism,
                min: 1,
                max: i64::from(UPPER_BOUND_MAX_PARALLELISM),
            });
        }
        Ok(RestoreInput { saved, parallelism: parallelism as u32, max_parallelism, others: None })
    }

    /// A restore of a snapshot whose operators all record `saved`'s max parallelism, at
    /// `parallelism` (taken as given), the job setting `max_parallelism` or not.
    pub fn of(saved: (MaxParallelism, SavedHow), parallelism: u32, max_parallelism: Option<MaxParallelism>) -> Self {
        RestoreInput { saved: Some(saved), parallelism, max_parallelism, others: None }
    }

    /// Runs Flink's checks in Flink's order.
    pub fn predict(&self) -> RestoreOutcome {
        let p = self.parallelism;
        if let Some(max) = self.max_parallelism {
            if p > max.get() {
                return RestoreOutcome::Fails(FailedCheck::ParallelismAboveMax { parallelism: p, max: max.get() });
            }
        }
        let Some((saved, _)) = self.saved else {
            let max = self.max_parallelism.or_else(|| default_max_parallelism(i64::from(p)).ok());
            return RestoreOutcome::Ok {
                max_parallelism: max.map_or(UPPER_BOUND_MAX_PARALLELISM, MaxParallelism::get),
                adopted_from: None,
            };
        };
        // One max parallelism for the whole job differs from the snapshot's, or, where the
        // operators record several, from one of them.
        if let Some(max) = self.max_parallelism {
            if let Some(other) = [Some(saved), self.others].into_iter().flatten().find(|&m| m != max) {
                return RestoreOutcome::Fails(FailedCheck::MaxParallelismChanged {
                    saved: other.get(),
                    new: max.get(),
                });
            }
        }
        // Every operator runs at the one parallelism: the least max parallelism recorded holds.
        let least = self.others.map_or(saved, |o| o.min(saved));
        if least.get() < p {
            return RestoreOutcome::Fails(FailedCheck::SavedMaxBelowParallelism { saved: least.get(), parallelism: p });
        }
        let adopted_from = match self.max_parallelism {
            Some(_) => None,
            None => default_max_parallelism(i64::from(p)).ok().map(MaxParallelism::get).filter(|&d| d != saved.get()),
        };
        RestoreOutcome::Ok { max_parallelism: saved.get(), adopted_from }
    }
}

/// One failed check in three voices, written side by side so a check's words change together.
struct Words {
    /// Which check, as a person reads it.
    name: &'static str,
    /// Flink's own message, with its numbers.
    flink: String,
    /// Why, in a learner's words.
    plain: String,
}

impl FailedCheck {
    fn words(&self) -> Words {
        match *self {
            FailedCheck::ParallelismAboveMax { parallelism, max } => Words {
                name: "check 1 of 3 (building the job): parallelism above its own max parallelism",
                flink: format!(
                    "org.apache.flink.runtime.JobException: Vertex …'s parallelism ({parallelism}) is higher than the max parallelism ({max}). Please lower the parallelism or increase the max parallelism."
                ),
                plain: format!(
                    "the job asks for {parallelism} subtasks but sets its own max parallelism to {max}, and no operator may run more subtasks than it has key groups"
                ),
            },
            FailedCheck::MaxParallelismChanged { saved, new } => Words {
                name: "check 2 of 3 (loading the snapshot): max parallelism changed",
                flink: format!(
                    "java.lang.IllegalStateException: Failed to rollback to checkpoint/savepoint Checkpoint Metadata. Max parallelism mismatch between checkpoint/savepoint state and new program. Cannot map operator … with max parallelism {saved} to new program with max parallelism {new}. This indicates that the program has been changed in a non-compatible way after the checkpoint/savepoint."
                ),
                plain: format!(
                    "the snapshot's state is cut into {saved} key groups and the job asks for {new}; the number of key groups cannot change once state exists"
                ),
            },
            FailedCheck::SavedMaxBelowParallelism { saved, parallelism } => Words {
                name: "check 3 of 3 (assigning state): parallelism above the snapshot's max parallelism",
                flink: format!(
                    "java.lang.IllegalStateException: The state for task … can not be restored. The maximum parallelism ({saved}) of the restored state is lower than the configured parallelism ({parallelism}). Please reduce the parallelism of the task to be lower or equal to the maximum parallelism."
                ),
                plain: format!(
                    "the snapshot's state is cut into {saved} key groups, fixed once state exists, and {parallelism} subtasks cannot share {saved} key groups so that each gets at least one"
                ),
            },
        }
    }

    /// Flink's own message for this failure, with its numbers (the vertex name is the
    /// observed job's).
    pub fn flink_message(&self) -> String {
        self.words().flink
    }

    /// Why, in a sentence a learner reads before Flink's message.
    pub fn plain(&self) -> String {
        self.words().plain
    }

    /// Which check, as a person reads it.
    pub fn check_name(&self) -> &'static str {
        self.words().name
    }
}

#[cfg(test)]
#[path = "restore_tests.rs"]
mod tests;
