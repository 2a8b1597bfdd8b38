//! How long an in-place rescale keeps the job down, beside the other restart without a rewrite.
//! The adaptive scheduler restarts the job at the new parallelism from its latest checkpoint
//! (`tests/flink-adaptive/observed-flink-2.3.0.txt`). With RocksDB (incremental checkpoints)
//! every new subtask downloads each old subtask's files whose key-group range overlaps its own,
//! so after a large scale-out the restore reads several times the state
//! ([`incremental_read`]); a heap job's checkpoint is read once. Stopping with a savepoint
//! and restarting from it writes and reads the state once each.

use super::first_checkpoint::{needs_raise, restarted_to_raise, savepoint_outlasts_default};
use super::in_place::{InPlaceInput, InPlaceOutcome};
use super::outage::{pass_arithmetic, Rates, ReadFactor, Restart};
use crate::key_group::{MaxParallelism, Parallelism};
use crate::trace::Backend;

/// The in-place restart's restore, and the savepoint restart it competes with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InPlaceEstimate {
    /// How many times over the restore reads the state.
    pub read: ReadFactor,
    /// `5.375 × 4 TiB ÷ 300 MiB/s = 21 h 7 min`.
    pub restore: String,
    pub restore_s: u64,
    /// Stop with a savepoint, then restore it: the write and the read, each once.
    pub via_savepoint: String,
    pub via_savepoint_s: u64,
    /// Both figures are the time the job is down. A restore's first checkpoint is full (one pass
    /// at the savepoint rate, this): with transactional sinks it adds as long of no output after
    /// each restore, on either route (the plan's outage counts it).
    pub first_checkpoint: String,
    pub first_checkpoint_s: u64,
    /// When that full checkpoint needs a longer timeout than the default ([`needs_raise`]): the
    /// restart that raises it first, from the latest checkpoint at the old parallelism (its
    /// arithmetic); `restore_s` counts it.
    pub timeout_first: Option<String>,
    /// Cancelling the job and restoring its retained checkpoint at the new parallelism, where
    /// the plan of a running job offers it as its shorter outage ([`Restart::shortcut`]): the
    /// same restore, with no restart before it (a new submission takes the longer timeout).
    pub shortcut_s: Option<u64>,
}

impl InPlaceEstimate {
    /// The in-place restart is the quicker of the two.
    pub fn in_place_is_quicker(&self) -> bool {
        self.restore_s <= self.via_savepoint_s
    }
}

impl InPlaceInput {
    /// The estimate when the request rescales the job (else `None`): `state` bytes, the plan's
    /// rates, and the job's state backend.
    pub fn estimate(&self, state: u64, rates: Rates, backend: Backend) -> Option<InPlaceEstimate> {
        let InPlaceOutcome::Rescales { parallelism, .. } = self.outcome() else { return None };
        let max = MaxParallelism::new(i64::from(self.max_parallelism)).ok()?;
        let old = Parallelism::new(i64::from(self.current), max).ok()?;
        let new = Parallelism::new(i64::from(parallelism), max).ok()?;
        // The restore from the checkpoint, as the plan's restart from one: RocksDB's incremental
        // files downloaded, those overlapping each new range; a heap checkpoint read once.
        let restart = Restart::new(state, rates, Some(old), Some(new), backend);
        let (factor, restore, restore_s) =
            (restart.read, restart.from_checkpoint.arithmetic.clone(), restart.from_checkpoint.seconds);
        let rate = match backend {
            Backend::RocksDb => rates.incremental,
            Backend::HashMap => rates.restore,
        };
        let (write, write_s) = pass_arithmetic(state, ReadFactor::ONCE, rates.savepoint);
        // The restart's first checkpoint is full (one pass at the savepoint rate): where it needs
        // a longer timeout than the default, as the plan's restores do, the job is restarted with
        // one first (its own latest checkpoint, each subtask reading its own files once), down
        // for that restore too; no request changes a running job's checkpoint timeout.
        let (timeout_first, restore_s) = match needs_raise(write_s) && restarted_to_raise(backend) {
            true => {
                let (again, again_s) = pass_arithmetic(state, ReadFactor::ONCE, rate);
                (Some(again), restore_s.saturating_add(again_s))
            }
            false => (None, restore_s),
        };
        let (read, read_s) = pass_arithmetic(state, ReadFactor::ONCE, rates.restore);
        let (via_savepoint, via_savepoint_s) = (format!("{write}, then {read}"), write_s.saturating_add(read_s));
        // A savepoint past the default checkpoint timeout fails (observed): the job is first
        // restarted with a longer one, from its latest checkpoint at its own parallelism (each
        // subtask reads its own files once), down for that restore too.
        let (via_savepoint, via_savepoint_s) = match savepoint_outlasts_default(write_s) && restarted_to_raise(backend)
        {
            true => {
                let (again, again_s) = pass_arithmetic(state, ReadFactor::ONCE, rate);
                (
                    format!("a restart with a longer checkpoint timeout first, {again}; then {via_savepoint}"),
                    via_savepoint_s.saturating_add(again_s),
                )
            }
            false => (via_savepoint, via_savepoint_s),
        };
        Some(InPlaceEstimate {
            read: factor,
            restore,
            restore_s,
            via_savepoint,
            via_savepoint_s,
            first_checkpoint: write,
            first_checkpoint_s: write_s,
            timeout_first,
            shortcut_s: restart.shortcut().map(|from| from.seconds),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::in_place::Scheduler;
    use super::*;

    const TIB: u64 = 1 << 40;
    const MIB: u64 = 1 << 20;

    fn input(current: u32, target: u32, max: u32) -> InPlaceInput {
        let release = super::super::release::Release::V2_3;
        InPlaceInput { current, target, max_parallelism: max, scheduler: Scheduler::Adaptive, slots: None, release }
    }

    /// Seed 004's job in place, 24 → 128 at max parallelism 128 with RocksDB: each new subtask
    /// (one key group) downloads its old subtask's whole files, 5.375 × the state; at 300 MiB/s
    /// that is slower than stopping with a savepoint and reading it once.
    #[test]
    fn a_large_scale_out_reads_the_overlap() {
        let rates = Rates { savepoint: 300 * MIB, rewrite: 300 * MIB, restore: 300 * MIB, incremental: 300 * MIB };
        let e = input(24, 128, 128).estimate(4 * TIB, rates, Backend::RocksDb).unwrap();
        assert_eq!(e.read.to_string(), "5.375");
        // Its first checkpoint (3 h 53 min) needs a longer timeout: a restart raises it first.
        let pass = 4 * TIB / (300 * MIB);
        assert_eq!(e.timeout_first.as_deref(), Some("4 TiB ÷ 300 MiB/s = 3 h 53 min"));
        assert_eq!(e.restore_s, pass * 43 / 8 + pass);
        assert!(e.restore.starts_with("5.375 × 4 TiB ÷ 300 MiB/s = "), "{}", e.restore);
        // The savepoint (3 h 53 min) outlasts the default timeout: a restart with a longer one
        // comes first, its checkpoint read once.
        assert_eq!(e.via_savepoint_s, 3 * (4 * TIB / (300 * MIB)));
        assert!(
            e.via_savepoint
                .starts_with("a restart with a longer checkpoint timeout first, 4 TiB ÷ 300 MiB/s = 3 h 53 min; then "),
            "{}",
            e.via_savepoint
        );
        assert!(!e.in_place_is_quicker());
        // 100 GiB: its savepoint (341 s) fits the default; none comes first.
        let small = input(24, 128, 128).estimate(100 << 30, rates, Backend::RocksDb).unwrap();
        assert_eq!((small.via_savepoint_s, small.via_savepoint.starts_with("100 GiB")), (682, true));
        // Its first checkpoint (341 s) twice over does not fit the default 10 min: raised first.
        assert!(small.timeout_first.is_some());
        let tiny = input(24, 128, 128).estimate(10 << 30, rates, Backend::RocksDb).unwrap();
        assert_eq!((tiny.timeout_first, tiny.first_checkpoint_s), (None, 34));
        // A heap job's checkpoint is read once: in place is the quicker.
        let heap = input(24, 128, 128).estimate(4 * TIB, rates, Backend::HashMap).unwrap();
        assert!(heap.read.is_once());
        assert!(heap.in_place_is_quicker());
    }

    /// Each restore its own rate: RocksDB's checkpoint files at the download rate, a heap
    /// checkpoint and the savepoint restart at the restore rate.
    #[test]
    fn each_restore_kind_takes_its_own_rate() {
        let rates = Rates { savepoint: 300 * MIB, rewrite: 300 * MIB, restore: 100 * MIB, incremental: 1000 * MIB };
        let rocks = input(24, 128, 128).estimate(4 * TIB, rates, Backend::RocksDb).unwrap();
        assert!(rocks.restore.starts_with("5.375 × 4 TiB ÷ 1000 MiB/s = "), "{}", rocks.restore);
        assert!(rocks.via_savepoint.contains("4 TiB ÷ 100 MiB/s"), "{}", rocks.via_savepoint);
        let heap = input(24, 128, 128).estimate(4 * TIB, rates, Backend::HashMap).unwrap();
        assert!(heap.restore.starts_with("4 TiB ÷ 100 MiB/s = "), "{}", heap.restore);
    }

    /// The factor the estimate reads (the factors themselves are `incremental_read`'s table in
    /// tests.rs), exact: 24 → 100 is 4.1875 = 67 / 16 of the pass; and no estimate where
    /// nothing restarts.
    #[test]
    fn factors() {
        let rates = Rates { savepoint: MIB, rewrite: MIB, restore: MIB, incremental: MIB };
        let e = input(24, 100, 128).estimate(TIB, rates, Backend::RocksDb).unwrap();
        assert_eq!((e.read.to_string(), e.restore_s), ("4.1875".to_string(), TIB / MIB * 67 / 16 + TIB / MIB));
        // No estimate where nothing restarts: above max parallelism, or the same parallelism.
        assert_eq!(input(24, 200, 128).estimate(TIB, rates, Backend::RocksDb), None);
        assert_eq!(input(24, 24, 128).estimate(TIB, rates, Backend::RocksDb), None);
    }
}
