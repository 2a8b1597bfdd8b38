//! The plan's time: each step's duration with its arithmetic, which steps the job is down for
//! (the cutover outage), the end-to-end duration, the point of no return on the same clock, the
//! shorter cutover where one exists, and the interim option (run at the snapshot's max
//! parallelism now, no rewrite).
//!
//! Four throughputs, each its own input: writing a savepoint (stop with a savepoint), the State
//! Processor API rewrite (it reads and writes the whole state: two passes), restoring a canonical
//! savepoint, and downloading a retained incremental checkpoint's files.
//! Restores come in two kinds. A canonical savepoint is read once, every byte
//! ([`RestoreFrom::Savepoint`]). A retained RocksDB incremental checkpoint is restored per old
//! subtask: a new subtask downloads every file of each old subtask whose key-group range
//! overlaps its own, so after a rescale the job reads more than the state
//! ([`incremental_read`]). Assumed: each old subtask's files cover its whole range, and
//! state is spread evenly over the key groups.

use super::super::imbalance::Imbalance;
use super::super::key_group::{MaxParallelism, Parallelism};
use super::first_checkpoint::needs_raise;
use super::snapshot_kinds::SnapshotKind;
use super::{format_duration, JobStatus, PlanInput, Verdict};

mod read_factor;
mod relief;
mod restart;
mod shorter;
mod timeline;

pub use read_factor::ReadFactor;
pub use relief::Interim;
use restart::raise_timeout;
pub use restart::{incremental_read, pass_arithmetic, seconds, Rates, Restart, RestoreFrom};
use shorter::SHADOW_RISKS;
use shorter::{from_checkpoint, two_hop};
pub use shorter::{
    Alternative, CHECKPOINT_CONDITIONS, CHECKPOINT_RISKS, HEAP_CHECKPOINT_CONDITION, RAISED_TIMEOUT_CONDITION,
    SHADOW_CONDITIONS,
};
pub use timeline::{Phase, PhaseKind, Timeline};

/// A shadow comparison runs over a full business cycle; a day is assumed.
pub const SHADOW_CYCLE_S: u64 = 24 * 3600;

/// What [`build`] returns: the plan's clock, a shorter cutover, the interim option.
pub type Clock = (Timeline, Option<Alternative>, Option<Interim>);

/// The clock of a plan: `verdict` as the planner decided, `saved` the snapshot's max
/// parallelism.
pub(super) fn build(input: &PlanInput, verdict: Verdict, saved: MaxParallelism) -> Clock {
    let rates = Rates {
        savepoint: input.savepoint_rate,
        rewrite: input.throughput,
        restore: input.restore_rate,
        incremental: input.incremental_rate,
    };
    let s = input.state_bytes;
    let at = |p: u32, m: MaxParallelism| Parallelism::new(i64::from(p), m).ok();
    let (write, write_s) = pass_arithmetic(s, ReadFactor::ONCE, rates.savepoint);
    let (rewrite, rewrite_s) = pass_arithmetic(s, ReadFactor::TWICE, rates.rewrite);
    let (read, read_s) = pass_arithmetic(s, ReadFactor::ONCE, rates.restore);
    let phase = |kind, what, arithmetic: &String, seconds, downtime| Phase {
        kind,
        what,
        arithmetic: arithmetic.clone(),
        seconds,
        downtime,
    };
    let shadow = format!("one day assumed = {}", format_duration(SHADOW_CYCLE_S));
    let down = input.job == JobStatus::Down;
    // A running job whose savepoints outlast the default timeout is restarted with a longer
    // one first: cancelled, and restored from its latest retained checkpoint as it was.
    let warm = input.restarts_first();
    // After each restore that brings the job (back) into service, from a NO_CLAIM checkpoint or
    // a canonical savepoint: its first checkpoint is full (observed, `first_checkpoint`). With
    // transactional sinks nothing is committed downstream until it completes: the consumers'
    // outage lasts until then.
    let first_checkpoint = Phase::first_checkpoint(input.transactional_sinks, &write, write_s);
    // A shorter cutover ends with a restore too: with transactional sinks its outage lasts
    // until that restore's first checkpoint as well.
    let held = |arithmetic: &str, seconds: u64| match input.transactional_sinks {
        true => (format!("{arithmetic}, then the first checkpoint: {write}"), seconds.saturating_add(write_s)),
        false => (arithmetic.to_string(), seconds),
    };
    match verdict {
        Verdict::DirectRestore if down => {
            // Nothing runs to take a savepoint of: the restore is from the latest snapshot.
            let restart = Restart::new(s, rates, at(input.current, saved), at(input.target, saved), input.backend);
            let straight = restart.from_latest(input.latest);
            let same = Restart::new(s, rates, at(input.current, saved), at(input.current, saved), input.backend);
            let alternative = two_hop(&restart, &same, input.latest, held);
            (Timeline { phases: vec![straight, first_checkpoint] }, alternative, None)
        }
        Verdict::DirectRestore => {
            let restart = Restart::new(s, rates, at(input.current, saved), at(input.target, saved), input.backend);
            let same = Restart::new(s, rates, at(input.current, saved), at(input.current, saved), input.backend);
            let first = warm.then(|| [raise_timeout(&same), first_checkpoint.clone()]);
            let alternative = from_checkpoint(&restart, needs_raise(write_s), held);
            let phases = first.into_iter().flatten().chain(restart.from_savepoint).chain([first_checkpoint]).collect();
            (Timeline { phases }, alternative, None)
        }
        Verdict::RewriteNeeded | Verdict::RebuildFromLog => {
            // A job that is down comes back first, at its old parallelism (each new subtask
            // downloads exactly its old files), before anything else is prepared.
            let relief = (down || warm).then(|| {
                let restart = Restart::new(s, rates, at(input.current, saved), at(input.current, saved), input.backend);
                let back = match down {
                    true => {
                        let what = input.latest.bring_back();
                        Phase { kind: PhaseKind::BringBack, what, ..restart.from_latest(input.latest) }
                    }
                    false => raise_timeout(&restart),
                };
                [back, first_checkpoint.clone()]
            });
            let later = if verdict == Verdict::RewriteNeeded {
                vec![
                    phase(
                        PhaseKind::LiveSavepoint,
                        "savepoint of the live job (it keeps running)",
                        &write,
                        write_s,
                        false,
                    ),
                    phase(
                        PhaseKind::Rewrite,
                        "State Processor API rewrite to the new max parallelism (read it all, write it all)",
                        &rewrite,
                        rewrite_s,
                        false,
                    ),
                    phase(
                        PhaseKind::ShadowRestore,
                        "restore of the shadow job from the rewritten savepoint",
                        &read,
                        read_s,
                        false,
                    ),
                    phase(
                        PhaseKind::ShadowComparison,
                        "shadow comparison over a full business cycle, peak included",
                        &shadow,
                        SHADOW_CYCLE_S,
                        false,
                    ),
                    phase(
                        PhaseKind::StopWithSavepoint,
                        "stop the live job with a savepoint (the cutover's outage starts)",
                        &write,
                        write_s,
                        true,
                    ),
                    phase(
                        PhaseKind::RewriteAgain,
                        "rewrite the stop savepoint the same way",
                        &rewrite,
                        rewrite_s,
                        true,
                    ),
                    phase(
                        PhaseKind::RestoreAtTarget,
                        "restore the new job at the target from the rewritten savepoint (every byte once)",
                        &read,
                        read_s,
                        true,
                    ),
                    first_checkpoint.clone(),
                ]
            } else {
                let ttl = input.ttl_s.unwrap_or(0);
                let replay = format!("one time-to-live of events, at least = {}", format_duration(ttl));
                vec![
                    phase(
                        PhaseKind::ReplayTheLog,
                        "replay the log into the new job (it starts without state)",
                        &replay,
                        ttl,
                        false,
                    ),
                    phase(
                        PhaseKind::CompareOutput,
                        "compare its output with the live job's",
                        &shadow,
                        SHADOW_CYCLE_S,
                        false,
                    ),
                    phase(
                        PhaseKind::StopWithSavepoint,
                        "stop the new job with a savepoint (the live job is stopped: the cutover's outage starts)",
                        &write,
                        write_s,
                        true,
                    ),
                    phase(
                        PhaseKind::RestartOnLiveSinks,
                        "restart it from that savepoint on the live sinks",
                        &read,
                        read_s,
                        true,
                    ),
                    first_checkpoint.clone(),
                ]
            };
            // How long bringing a stopped job back, or restarting a running one with a longer
            // timeout, keeps it down: a savepoint route to relief waits for it.
            let back_s = relief
                .iter()
                .flatten()
                .filter(|ph| ph.downtime && (down || warm))
                .fold(0u64, |sum, ph| sum.saturating_add(ph.seconds));
            let phases = relief.into_iter().flatten().chain(later).collect();
            // Its outage starts, as the plan's cutover does, when the live job is stopped with a
            // savepoint (the rollback point), then the shadow is restored from its own.
            let (arithmetic, seconds) = held(
                &format!("stop the live job with a savepoint: {write}, then restore the shadow's: {read}"),
                write_s.saturating_add(read_s),
            );
            let alternative = (verdict == Verdict::RewriteNeeded).then(|| Alternative {
                what: "cut over from the shadow job's own state: restart the shadow's configuration from its own savepoint on the live sinks",
                arithmetic,
                seconds,
                conditions: SHADOW_CONDITIONS.to_vec(),
                // The last risk is the transactional id prefix's: only with transactional sinks.
                risks: SHADOW_RISKS[..SHADOW_RISKS.len() - usize::from(!input.transactional_sinks)].to_vec(),
                replaces_all: false,
            });
            let interim = at(saved.get(), saved).map(|p| {
                let restart = Restart::new(s, rates, at(input.current, saved), Some(p), input.backend);
                // Straight from the retained checkpoint (a job that is down: its latest snapshot),
                // or stopped with a savepoint and restored from it (a job that is down is brought
                // back first): whichever is down less.
                let straight = if down { restart.from_latest(input.latest) } else { restart.from_checkpoint.clone() };
                // What the straight restore reads: a canonical savepoint all of the state once.
                let straight_read = if down && input.latest == SnapshotKind::CanonicalSavepoint {
                    ReadFactor::ONCE
                } else {
                    restart.read
                };
                let checkpoint = held(&straight.arithmetic, straight.seconds);
                let parts =
                    restart.from_savepoint.iter().map(|ph| ph.arithmetic.as_str()).collect::<Vec<_>>().join(", then ");
                let sp_s = restart.savepoint_s();
                // A job that is down is brought back first, and a running one whose savepoint
                // outlasts the default timeout restarted with a longer one: the sum names both
                // windows' parts.
                let first = match (down, warm) {
                    (true, _) => Some("to bring it back"),
                    (false, true) => Some("to restart it with a longer checkpoint timeout"),
                    (false, false) => None,
                };
                let (words, before) = match first {
                    Some(first) => (
                        format!(
                            "{} {first} at {}, then {} to stop it with a savepoint and restore it at {} ({parts})",
                            format_duration(back_s),
                            input.current,
                            format_duration(sp_s),
                            p.get()
                        ),
                        back_s,
                    ),
                    None => (format!("{parts}; in all {}", format_duration(sp_s)), 0),
                };
                let (words, sp_held) = held(&words, sp_s);
                let savepoint = (words, before.saturating_add(sp_held));
                let (from, (arithmetic, seconds)) = if checkpoint.1 <= savepoint.1 {
                    (RestoreFrom::IncrementalCheckpoint, checkpoint)
                } else {
                    (RestoreFrom::Savepoint, savepoint)
                };
                let parts: Vec<u64> = match from {
                    RestoreFrom::IncrementalCheckpoint => vec![straight.seconds],
                    RestoreFrom::Savepoint if first.is_some() => vec![back_s, sp_s],
                    RestoreFrom::Savepoint => restart.from_savepoint.iter().map(|ph| ph.seconds).collect(),
                };
                let first_checkpoint = input.transactional_sinks.then_some(write_s);
                let arithmetic = relief::to_the_second(arithmetic, parts.into_iter().chain(first_checkpoint));
                let route = relief::Route {
                    down,
                    warm,
                    from,
                    backend: input.backend,
                    latest: input.latest,
                    current: input.current,
                    parallelism: p.get(),
                };
                Interim {
                    parallelism: p.get(),
                    imbalance: Imbalance::of(p),
                    restore_from: from,
                    read: straight_read,
                    arithmetic,
                    seconds,
                    how: route.words(straight_read, back_s),
                }
            });
            (Timeline { phases }, alternative, interim)
        }
    }
}
