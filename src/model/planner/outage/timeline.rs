//! The plan's clock as data: each [`Phase`] (which step it is, what, its arithmetic, its seconds,
//! whether the job is down) and the [`Timeline`] of them: starts, total, the windows the job is
//! down, the point of no return, the axis ticks, the outage's arithmetic. A step is named by its
//! [`PhaseKind`], which the other parts of the plan (Kafka's retention, the outage's words) look
//! for; its short name, the timeline's row label, comes from the kind.

use super::super::{format_duration, format_sum};

/// Which step of a plan a phase is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseKind {
    /// A job that is down, restored from its latest snapshot at its old parallelism first.
    BringBack,
    /// A running job whose savepoints outlast the default checkpoint timeout, cancelled and
    /// restored from its latest retained checkpoint with a longer one, before any savepoint.
    RaiseTimeout,
    /// A job that is down, restored straight from its latest retained checkpoint.
    RestoreFromCheckpoint,
    /// A job that is down, restored straight from its latest savepoint.
    RestoreFromSavepoint,
    /// A savepoint of the live job, which keeps running.
    LiveSavepoint,
    Rewrite,
    ShadowRestore,
    ShadowComparison,
    /// A job stopped with a savepoint: the outage starts.
    StopWithSavepoint,
    RewriteAgain,
    /// The restore from a stop savepoint, unchanged.
    Restore,
    RestoreAtTarget,
    ReplayTheLog,
    CompareOutput,
    RestartOnLiveSinks,
    /// The first checkpoint after a restore: with transactional sinks the job runs, but commits
    /// nothing downstream until it completes (so it counts in the outage).
    FirstCheckpoint,
}

impl PhaseKind {
    pub const ALL: [PhaseKind; 16] = [
        PhaseKind::BringBack,
        PhaseKind::RaiseTimeout,
        PhaseKind::RestoreFromCheckpoint,
        PhaseKind::RestoreFromSavepoint,
        PhaseKind::LiveSavepoint,
        PhaseKind::Rewrite,
        PhaseKind::ShadowRestore,
        PhaseKind::ShadowComparison,
        PhaseKind::StopWithSavepoint,
        PhaseKind::RewriteAgain,
        PhaseKind::Restore,
        PhaseKind::RestoreAtTarget,
        PhaseKind::ReplayTheLog,
        PhaseKind::CompareOutput,
        PhaseKind::RestartOnLiveSinks,
        PhaseKind::FirstCheckpoint,
    ];

    /// A name short enough to label the step's row on the timeline.
    pub fn short(self) -> &'static str {
        match self {
            PhaseKind::BringBack => "bring the job back",
            PhaseKind::RaiseTimeout => "restart with a longer timeout",
            PhaseKind::RestoreFromCheckpoint => "restore from checkpoint",
            PhaseKind::RestoreFromSavepoint => "restore from savepoint",
            PhaseKind::LiveSavepoint => "live savepoint",
            PhaseKind::Rewrite => "rewrite",
            PhaseKind::ShadowRestore => "shadow restore",
            PhaseKind::ShadowComparison => "shadow comparison",
            PhaseKind::StopWithSavepoint => "stop with savepoint",
            PhaseKind::RewriteAgain => "rewrite again",
            PhaseKind::Restore => "restore",
            PhaseKind::RestoreAtTarget => "restore at target",
            PhaseKind::ReplayTheLog => "replay the log",
            PhaseKind::CompareOutput => "compare output",
            PhaseKind::RestartOnLiveSinks => "restart on live sinks",
            PhaseKind::FirstCheckpoint => "first checkpoint",
        }
    }

    /// The step writes a savepoint (a sink's transactions stay open until it completes).
    pub fn takes_savepoint(self) -> bool {
        matches!(self, PhaseKind::LiveSavepoint | PhaseKind::StopWithSavepoint)
    }

    /// The step restores a job that is down from its latest snapshot (its positions are older
    /// than the plan itself).
    pub fn restores_latest(self) -> bool {
        matches!(self, PhaseKind::BringBack | PhaseKind::RestoreFromCheckpoint | PhaseKind::RestoreFromSavepoint)
    }
}

/// One step on the plan's clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    pub kind: PhaseKind,
    pub what: &'static str,
    pub arithmetic: String,
    pub seconds: u64,
    /// The live job is down for this step.
    pub downtime: bool,
}

impl Phase {
    /// The first checkpoint after a restore: a full one, one pass at the savepoint rate
    /// (`write`, `write_s`). With transactional sinks nothing is committed downstream until it
    /// completes, so it counts in the outage.
    pub fn first_checkpoint(transactional: bool, write: &str, write_s: u64) -> Phase {
        Phase {
            kind: PhaseKind::FirstCheckpoint,
            what: if transactional {
                "first checkpoint after the restore: a full one, every byte uploaded; the transactional sinks commit nothing until it completes"
            } else {
                "first checkpoint after the restore: a full one, every byte uploaded"
            },
            arithmetic: write.to_string(),
            seconds: write_s,
            downtime: transactional,
        }
    }

    /// The timeline's row label: [`PhaseKind::short`].
    pub fn short(&self) -> &'static str {
        self.kind.short()
    }

    /// What the outage is during this step, in the words of the step list.
    pub fn outage_words(&self) -> &'static str {
        if self.kind == PhaseKind::FirstCheckpoint {
            "nothing committed downstream"
        } else {
            "job down"
        }
    }
}

/// The steps in order, with their clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline {
    pub phases: Vec<Phase>,
}

impl Timeline {
    /// The plan's last step that brings the state back with the job down (a restore, or a
    /// rebuild's replay), before the first checkpoint: what the checklist's restore time is.
    pub fn last_restore(&self) -> Option<&Phase> {
        self.phases.iter().rev().find(|ph| ph.downtime && ph.kind != PhaseKind::FirstCheckpoint)
    }

    /// Start of each phase, in seconds from the start of the plan.
    pub fn starts(&self) -> Vec<u64> {
        let mut t = 0u64;
        self.phases
            .iter()
            .map(|p| {
                let start = t;
                t = t.saturating_add(p.seconds);
                start
            })
            .collect()
    }

    /// The first checkpoint after the plan's last restore (0 if the plan has none).
    pub fn first_checkpoint_s(&self) -> u64 {
        self.phases.iter().rev().find(|p| p.kind == PhaseKind::FirstCheckpoint).map_or(0, |p| p.seconds)
    }

    pub fn total_s(&self) -> u64 {
        self.phases.iter().fold(0u64, |t, p| t.saturating_add(p.seconds))
    }

    /// The windows the job is down, in order: runs of consecutive downtime phases, a stop with a
    /// savepoint always starting one (a job that is down now has two: until it is back, and the
    /// cutover; so has a running job restarted with a longer timeout first).
    pub fn windows(&self) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = Vec::new();
        let mut previous_down = false;
        for (p, start) in self.phases.iter().zip(self.starts()) {
            let end = start.saturating_add(p.seconds);
            // A stop with a savepoint starts an outage of its own: the job ran before it (a
            // restart with a longer timeout is done, and checkpointed, beforehand).
            let joins = p.kind != PhaseKind::StopWithSavepoint;
            match (p.downtime, previous_down && joins, out.last_mut()) {
                (true, true, Some(last)) => last.1 = end,
                (true, _, _) => out.push((start, end)),
                _ => {}
            }
            previous_down = p.downtime;
        }
        out
    }

    /// The cutover's outage: the last window.
    pub fn downtime(&self) -> Option<(u64, u64)> {
        self.windows().last().copied()
    }

    /// The cutover's outage alone (the last window), with its arithmetic: `3 h 53 min + 7 h 46 min
    /// + 3 h 53 min = 15 h 32 min`; a plan that first brings a job back, or restarts it with a
    /// longer timeout, is down before it too (see [`Timeline::downtime_s`]).
    pub fn cutover_outage(&self) -> (u64, String) {
        let Some((from, to)) = self.downtime() else { return (0, String::new()) };
        let parts: Vec<u64> = self
            .phases
            .iter()
            .zip(self.starts())
            .filter(|(p, start)| p.downtime && *start >= from)
            .map(|(p, _)| p.seconds)
            .collect();
        (to - from, format_sum(&parts))
    }

    /// Where the job is down before the cutover too (brought back, or restarted with a longer
    /// timeout): `; the cutover alone: …`, said after the whole outage's arithmetic; else empty.
    pub fn cutover_part(&self) -> String {
        match self.windows().len() {
            0 | 1 => String::new(),
            _ => format!("; the cutover alone: {}", self.cutover_outage().1),
        }
    }

    /// Every second the job is down, over all windows.
    pub fn downtime_s(&self) -> u64 {
        self.windows().iter().fold(0u64, |t, (a, b)| t.saturating_add(b - a))
    }

    /// The point of no return: the new job's first committed write, when the cutover ends.
    pub fn point_of_no_return_s(&self) -> u64 {
        self.downtime().map_or(self.total_s(), |(_, end)| end)
    }

    /// Where the time axis is labelled: round steps (1 s … 1 week) from 0, at most five of
    /// them, then the total itself (a round tick within a fifth of the axis of the total is
    /// left out, so their labels cannot overlap).
    pub fn ticks(&self) -> Vec<u64> {
        const STEPS: [u64; 19] = [
            1, 5, 10, 30, 60, 300, 600, 900, 1800, 3600, 7200, 10_800, 14_400, 21_600, 28_800, 43_200, 86_400, 172_800,
            604_800,
        ];
        let total = self.total_s();
        let step = STEPS.into_iter().find(|s| total / s <= 5).unwrap_or(total.div_ceil(5).max(1));
        let mut ticks: Vec<u64> = (0..=total / step).map(|i| i * step).filter(|&t| (total - t) * 5 >= total).collect();
        if ticks.last() != Some(&total) {
            ticks.push(total);
        }
        ticks
    }

    /// How the outage is named: the job down, or (when a first checkpoint holds the sinks'
    /// commits) down or committing nothing.
    pub fn outage_label(&self) -> &'static str {
        if self.phases.iter().any(|p| p.downtime && p.kind == PhaseKind::FirstCheckpoint) {
            "The job is down, or commits nothing downstream, for"
        } else {
            "The job is down for"
        }
    }

    /// What the outage leaves out: with transactional sinks, the live job's own savepoints (it
    /// runs meanwhile). A savepoint taken while a job runs commits nothing, and at Flink's
    /// default of one checkpoint at a time none starts while it is pending; one already under
    /// way completes (both observed: `tests/flink-savepoint-commits`,
    /// `tests/flink-checkpoints-during-savepoint`), so the sinks commit nothing then either.
    /// `None` when there is no such savepoint or the sinks are not held by checkpoints.
    pub fn commit_gap_note(&self) -> Option<String> {
        if !self.phases.iter().any(|p| p.downtime && p.kind == PhaseKind::FirstCheckpoint) {
            return None;
        }
        let live: Vec<&Phase> =
            self.phases.iter().filter(|p| !p.downtime && p.kind == PhaseKind::LiveSavepoint).collect();
        let live_s = live.iter().fold(0u64, |sum, p| sum.saturating_add(p.seconds));
        (live_s > 0).then(|| {
            format!(
                "Not counted: the live job's own savepoint ({}), while it runs. A savepoint of a running job commits nothing, \
                 and at Flink's default of one checkpoint at a time (execution.checkpointing.max-concurrent-checkpoints: 1) \
                 no checkpoint starts while it is pending; only one already under way completes (both observed in Flink \
                 2.3.0). So the transactional sinks commit nothing then either: {} in all.",
                format_duration(live_s),
                format_duration(self.downtime_s().saturating_add(live_s))
            )
        })
    }

    /// The downtime's arithmetic: `3 h 53 min + 7 h 46 min + 3 h 53 min = 15 h 32 min`.
    pub fn downtime_arithmetic(&self) -> String {
        if self.downtime().is_some() && self.downtime_s() == 0 {
            return "each step moves the state in under a second at these rates (the estimate leaves out the restart itself: scheduling and deploying the tasks)".to_string();
        }
        let parts: Vec<u64> = self.phases.iter().filter(|p| p.downtime).map(|p| p.seconds).collect();
        format_sum(&parts)
    }
}
