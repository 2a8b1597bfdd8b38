//! What a restore does with an operator of the snapshot that no operator of the new job
//! matches (its uid changed, or it was removed): Flink's `Checkpoints.loadAndValidateCheckpoint`
//! skips it when it holds no state (no coordinator state, and no subtask whose
//! `OperatorSubtaskState.hasState()`); otherwise it refuses the restore unless
//! `--allowNonRestoredState` (`execution.state-recovery.ignore-unclaimed-state`, in 1.x
//! `execution.savepoint.ignore-unclaimed-state`, still read as its deprecated name) is set, and then
//! drops that state. Observed in Flink 2.3.0 (`tests/flink-opstate/`, part 2): the refusal, the
//! state dropped with the flag, and a state-less sink under a new uid skipped without it.

use super::types::{Operator, SubtaskState};

/// The fate of an operator's state when the new job has no operator with its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unmatched {
    /// No state: Flink logs [`skipping_empty_log`] and the restore goes on, without the flag.
    Skipped,
    /// State that Flink refuses to leave behind unless `--allowNonRestoredState`, which then
    /// drops these bytes (Flink's `getStateSize`).
    Refused { bytes: u64 },
}

/// What Flink's JobManager logs as it leaves behind an unmatched operator that holds no state.
pub fn skipping_empty_log(operator_id: &str) -> String {
    format!("Skipping empty savepoint state for operator {operator_id}.")
}

/// Flink's `OperatorSubtaskState.hasState()`: any handle at all (sizes do not matter).
pub fn subtask_has_state(s: &SubtaskState) -> bool {
    s.managed_operator.is_some()
        || s.raw_operator.is_some()
        || s.managed_keyed.is_some()
        || s.raw_keyed.is_some()
        || !s.input_channels.is_empty()
        || !s.result_subpartitions.is_empty()
}

/// What a restore does with `operator` if the new job has no operator with its id.
pub fn if_unmatched(operator: &Operator) -> Unmatched {
    let has_state = operator.coordinator.is_some() || operator.subtasks.iter().any(|s| subtask_has_state(&s.state));
    if has_state {
        Unmatched::Refused { bytes: operator.state_size().max(0) as u64 }
    } else {
        Unmatched::Skipped
    }
}

/// The message Flink 2.3.0 fails the job with in that case (`<path>` stands for the snapshot's
/// location, which the file does not hold).
pub fn refusal_message(operator: &Operator) -> String {
    format!(
        "Failed to rollback to checkpoint/savepoint <path>. Cannot map checkpoint/savepoint state for operator {} \
         to the new program, because the operator is not available in the new program. If you want to allow to \
         skip this, you can set the --allowNonRestoredState option on the CLI.",
        operator.id.hex()
    )
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    const SAVEPOINT: &[u8] =
        include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/hashmap-canonical-savepoint/_metadata");

    /// A state-less sink given a new uid, restored without --allowNonRestoredState: the job runs,
    /// and the JobManager logs the skip (`tests/flink-opstate/observed-flink-2.3.0.txt`, last case).
    #[test]
    fn a_stateless_operator_under_a_new_uid_is_skipped_as_observed() {
        let observed = crate::observed::OPSTATE;
        let case = observed.split("==== restore: ").find(|c| c.starts_with("sink uid changed")).expect("the sink case");
        assert!(case.contains("allowNonRestoredState=false"), "{case}");
        assert!(case.contains("job RUNNING"), "{case}");
        // The old sink's id: Flink's hash of the uid `sink`.
        assert!(case.contains(&format!("log: {}", skipping_empty_log("2e588ce1c86a9d46e2e85186773ce4fd"))), "{case}");
        assert_eq!(crate::savepoint::operator_id::operator_id_hex("sink"), "2e588ce1c86a9d46e2e85186773ce4fd");
    }

    /// (uid, expected) over the fixture job: keyed, operator-state and coordinator state are
    /// refused (a source's 546 bytes include its 16 bytes of coordinator state); a stateless map
    /// and a fully finished source are skipped.
    #[test]
    fn fixture_operators() {
        let s = parse(SAVEPOINT).unwrap();
        let by_uid = |uid: &str| s.operators.iter().find(|o| o.uid.as_deref() == Some(uid)).unwrap();
        let cases = [
            ("counter", Unmatched::Refused { bytes: 11841 }),
            ("numbers-source", Unmatched::Refused { bytes: 546 }),
            ("broadcast-join", Unmatched::Refused { bytes: 1576 }),
            ("union-tracker", Unmatched::Refused { bytes: 760 }),
            ("throttle", Unmatched::Skipped),
            ("rules-source", Unmatched::Skipped),
        ];
        for (uid, expected) in cases {
            assert_eq!(if_unmatched(by_uid(uid)), expected, "{uid}");
        }
        let counter = by_uid("counter");
        assert!(refusal_message(counter).contains("operator 0da08f51eaa85fc298e176a139b3649a to the new program"));
    }
}
