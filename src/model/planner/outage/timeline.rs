//! The plan's clock as data: each [`Phase`] (what, a short name for the timeline's row, its
//! arithmetic, its seconds, whether the job is down) and the [`Timeline`] of them: starts, total,
//! the windows the job is down, the point of no return, the axis ticks, the outage's arithmetic.

use super::super::format_duration;

/// One step on the plan's clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    pub what: &'static str,
    /// A name short enough to label the step's row on the timeline.
    pub short: &'static str,
    pub arithmetic: String,
    pub seconds: u64,
    /// The live job is down for this step.
    pub downtime: bool,
}

/// The short name of the first checkpoint after a restore: with transactional sinks the job
/// runs, but commits nothing downstream until it completes (so it counts in the outage).
pub const FIRST_CHECKPOINT: &str = "first checkpoint";

impl Phase {
    /// What the outage is during this step, in the words of the step list.
    pub fn outage_words(&self) -> &'static str {
        if self.short == FIRST_CHECKPOINT {
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
        self.phases.iter().rev().find(|ph| ph.downtime && ph.short != FIRST_CHECKPOINT)
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
        self.phases.iter().rev().find(|p| p.short == FIRST_CHECKPOINT).map_or(0, |p| p.seconds)
    }

    pub fn total_s(&self) -> u64 {
        self.phases.iter().fold(0u64, |t, p| t.saturating_add(p.seconds))
    }

    /// The windows the job is down, in order: runs of consecutive downtime phases (a job that
    /// is down now has two: until it is back, and the cutover).
    pub fn windows(&self) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = Vec::new();
        let mut previous_down = false;
        for (p, start) in self.phases.iter().zip(self.starts()) {
            let end = start.saturating_add(p.seconds);
            match (p.downtime, previous_down, out.last_mut()) {
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
        if self.phases.iter().any(|p| p.downtime && p.short == FIRST_CHECKPOINT) {
            "The job is down, or commits nothing downstream, for"
        } else {
            "The job is down for"
        }
    }

    /// The downtime's arithmetic: `3 h 53 min + 7 h 46 min + 3 h 53 min = 15 h 32 min`.
    pub fn downtime_arithmetic(&self) -> String {
        if self.downtime().is_some() && self.downtime_s() == 0 {
            return "each step moves the state in under a second at these rates (the estimate leaves out the restart itself: scheduling and deploying the tasks)".to_string();
        }
        let parts: Vec<String> =
            self.phases.iter().filter(|p| p.downtime).map(|p| format_duration(p.seconds)).collect();
        format!("{} = {}", parts.join(" + "), format_duration(self.downtime_s()))
    }
}
