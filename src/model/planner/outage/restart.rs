//! Restarting without a rewrite: what a restore reads (a canonical savepoint, or the files of an
//! incremental checkpoint that overlap each new range), the four throughputs, and the
//! `size ÷ rate` arithmetic each timed step shows.

use super::super::super::key_group::Parallelism;
use super::super::super::skew::units::format_bytes_iec;
use super::super::format_duration;
use super::super::snapshot_kinds::SnapshotKind;
use super::read_factor::ReadFactor;
use super::{Phase, PhaseKind};
use crate::trace::Backend;

/// What a restore reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestoreFrom {
    /// A canonical savepoint: every byte once.
    Savepoint,
    /// A retained RocksDB incremental checkpoint: every old file overlapping a new range.
    IncrementalCheckpoint,
}

impl RestoreFrom {
    pub const ALL: [RestoreFrom; 2] = [RestoreFrom::IncrementalCheckpoint, RestoreFrom::Savepoint];

    /// The URL's word (`restore_from=`).
    pub fn slug(self) -> &'static str {
        match self {
            RestoreFrom::Savepoint => "savepoint",
            RestoreFrom::IncrementalCheckpoint => "incremental",
        }
    }

    pub fn from_slug(text: &str) -> Option<RestoreFrom> {
        RestoreFrom::ALL.into_iter().find(|r| r.slug() == text)
    }

    pub fn title(self) -> &'static str {
        match self {
            RestoreFrom::Savepoint => "a canonical savepoint",
            RestoreFrom::IncrementalCheckpoint => "a retained RocksDB incremental checkpoint",
        }
    }
}

/// How many times over an incremental restore from `old` to `new` downloads the state: each
/// old subtask's share, times the new subtasks whose range overlaps it. `old` and `new` must
/// share a max parallelism (else the state once is returned).
pub fn incremental_read(old: Parallelism, new: Parallelism) -> ReadFactor {
    let max = old.max().get();
    if new.max() != old.max() {
        return ReadFactor::ONCE;
    }
    let mut weighted = 0u64;
    for (_, range) in old.ranges() {
        let (Some(first), Some(last)) = (old.max().key_group(range.first()), old.max().key_group(range.last())) else {
            continue;
        };
        let readers = new.owner_of(last).index() - new.owner_of(first).index() + 1;
        weighted += u64::from(range.len()) * u64::from(readers);
    }
    ReadFactor::new(weighted, max as u64)
}

/// Seconds to move `bytes` at `rate` bytes per second (rate 0 is read as 1).
pub fn seconds(bytes: u64, rate: u64) -> u64 {
    bytes / rate.max(1)
}

/// `4 TiB ÷ 300 MiB/s = 3 h 53 min`, with the factor in front when it is not 1. The seconds are
/// the factor times the bytes over the rate, rounded once (4.1875 × 1 GiB ÷ 300 MiB/s is 14 s,
/// not 4.1875 × 3 s = 12 s, found by review).
pub fn pass_arithmetic(bytes: u64, factor: ReadFactor, rate: u64) -> (String, u64) {
    let s = factor.of_bytes(bytes, rate);
    let rate_text = format!("{}/s", format_bytes_iec(rate.max(1)));
    let size = format_bytes_iec(bytes);
    let text = match factor.is_once() {
        true => format!("{size} ÷ {rate_text} = {}", format_duration(s)),
        false => format!("{factor} × {size} ÷ {rate_text} = {}", format_duration(s)),
    };
    (text, s)
}

/// A restart without a rewrite, the two ways: stop with a savepoint and read it once, or restart
/// from the latest retained incremental checkpoint (no write, overlapping files read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restart {
    pub from_savepoint: Vec<Phase>,
    pub from_checkpoint: Phase,
    pub read: ReadFactor,
    /// What the retained checkpoint (and a native savepoint) is: see [`Restart::new`].
    pub backend: Backend,
}

impl Restart {
    /// `backend` decides what the retained checkpoint is: RocksDB's incremental files (each
    /// overlapping file downloaded whole, at the download rate), or a heap snapshot (each key
    /// group read once, at the restore rate).
    pub fn new(
        state: u64,
        rates: Rates,
        old: Option<Parallelism>,
        new: Option<Parallelism>,
        backend: Backend,
    ) -> Restart {
        let factor = match (old, new, backend) {
            (Some(o), Some(n), Backend::RocksDb) => incremental_read(o, n),
            _ => ReadFactor::ONCE,
        };
        let (checkpoint_rate, checkpoint_what) = match backend {
            Backend::RocksDb => (
                rates.incremental,
                "restore from the latest retained incremental checkpoint (every old file overlapping a new subtask's range)",
            ),
            Backend::HashMap => {
                (rates.restore, "restore from the latest retained checkpoint (a heap snapshot: each key group read once)")
            }
        };
        let (write, write_s) = pass_arithmetic(state, ReadFactor::ONCE, rates.savepoint);
        let (read, read_s) = pass_arithmetic(state, ReadFactor::ONCE, rates.restore);
        let (inc, inc_s) = pass_arithmetic(state, factor, checkpoint_rate);
        Restart {
            from_savepoint: vec![
                Phase {
                    kind: PhaseKind::StopWithSavepoint,
                    what: "stop with a savepoint (write the state once)",
                    arithmetic: write,
                    seconds: write_s,
                    downtime: true,
                },
                Phase {
                    kind: PhaseKind::Restore,
                    what: "restore from that canonical savepoint (read every byte once)",
                    arithmetic: read,
                    seconds: read_s,
                    downtime: true,
                },
            ],
            from_checkpoint: Phase {
                kind: PhaseKind::RestoreFromCheckpoint,
                what: checkpoint_what,
                arithmetic: inc,
                seconds: inc_s,
                downtime: true,
            },
            read: factor,
            backend,
        }
    }

    /// The restore of a job that is down, from its latest snapshot of kind `latest`: a retained
    /// checkpoint or a native savepoint is the backend's own format ([`Restart::from_checkpoint`]:
    /// RocksDB's files downloaded, or a heap snapshot read once); a canonical savepoint is read
    /// whole and every key written into the backend again, as after a stop savepoint.
    pub fn from_latest(&self, latest: SnapshotKind) -> Phase {
        let (what, from) = match (latest, self.backend) {
            (SnapshotKind::CanonicalSavepoint, _) => {
                ("restore from its latest canonical savepoint (read every byte once)", &self.from_savepoint[1])
            }
            (SnapshotKind::NativeSavepoint, Backend::RocksDb) => (
                "restore from its latest native savepoint (every old file overlapping a new subtask's range)",
                &self.from_checkpoint,
            ),
            (SnapshotKind::NativeSavepoint, Backend::HashMap) => (
                "restore from its latest native savepoint (a heap snapshot: each key group read once)",
                &self.from_checkpoint,
            ),
            (SnapshotKind::AlignedCheckpoint | SnapshotKind::UnalignedCheckpoint, _) => {
                return self.from_checkpoint.clone()
            }
        };
        Phase { kind: PhaseKind::RestoreFromSavepoint, what, ..from.clone() }
    }

    pub fn savepoint_s(&self) -> u64 {
        self.from_savepoint.iter().map(|p| p.seconds).fold(0, u64::saturating_add)
    }

    /// Restarting from the checkpoint is quicker.
    pub fn checkpoint_is_quicker(&self) -> bool {
        self.from_checkpoint.seconds < self.savepoint_s()
    }

    /// The restore from the retained checkpoint, where a running job's plan offers it as its
    /// shorter outage (it is quicker than the savepoint's write and read); the in-place route
    /// compares itself with it.
    pub fn shortcut(&self) -> Option<&Phase> {
        self.checkpoint_is_quicker().then_some(&self.from_checkpoint)
    }
}

/// The four throughputs, bytes per second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rates {
    pub savepoint: u64,
    pub rewrite: u64,
    /// Restoring a canonical savepoint: every key written into the backend again.
    pub restore: u64,
    /// Restoring a retained incremental checkpoint: its files downloaded as they are.
    pub incremental: u64,
}

/// The restart of a running job with a longer checkpoint timeout: cancelled, its latest retained
/// checkpoint restored at its old parallelism (`same`: a restart from it to the same parallelism).
pub(super) fn raise_timeout(same: &Restart) -> Phase {
    Phase {
        kind: PhaseKind::RaiseTimeout,
        what: "restart the running job with a longer checkpoint timeout: cancel it and restore its latest retained checkpoint at its old parallelism (NO_CLAIM)",
        ..same.from_checkpoint.clone()
    }
}
