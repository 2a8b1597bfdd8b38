//! The plan written out: for each verdict its ordered steps (one of them the point of no
//! return), and the cautions that go with the rescale.

use super::super::chooser::divisors_near;
use super::super::imbalance::Imbalance;
use super::first_checkpoint::{cutover_timeout_s, timeout_value, CUTOVER_TOLERABLE};
use super::{format_duration, JobStatus, PlanInput, Step, Verdict};

/// How to stop a running job: said wherever a route stops one (not a direct restore of a job
/// that is down, which stops nothing).
const STOP_WITH_SAVEPOINT: &str = "Stop with a savepoint rather than cancel: the job ends with a final savepoint, so the new job resumes exactly where the old one stopped and no record is read twice. A sink that commits through a committer commits that savepoint's transactions again when the new job restores from it (observed in Flink 2.3.0: the stopped job had committed each of them already; tests/flink-savepoint-commits), so its commit must take a transaction already committed as done (with Kafka: not observed here).";
const LEAVE_OUT_DRAIN: &str = "Leave out --drain when the job is to resume: draining moves event time to its maximum and so fires every window still open before the job stops (as Flink documents it; not run here), and the resumed job finds those windows already closed.";

impl PlanInput {
    /// A job that is down, restored straight at the target: the plan stops nothing, and the
    /// job restarts from its latest snapshot.
    pub(super) fn stops_nothing(&self, verdict: Verdict) -> bool {
        self.job == JobStatus::Down && verdict == Verdict::DirectRestore
    }

    /// One pass over the state at the savepoint rate: a savepoint's time, and a first (full)
    /// checkpoint's after a restore.
    pub(super) fn full_pass_s(&self) -> u64 {
        super::outage::pass_arithmetic(self.state_bytes, super::outage::ReadFactor::ONCE, self.savepoint_rate).1
    }

    /// The checkpoint timeout a restore of this job is given where its first checkpoint, a full
    /// pass, needs a longer one than the default, as every sentence says it (`467 min (7 h 47 min)`).
    fn raised_timeout(&self) -> String {
        timeout_value(cutover_timeout_s(self.full_pass_s()))
    }

    /// A running job whose savepoint outlasts Flink's default checkpoint timeout (observed: past
    /// it a savepoint fails): the plan restarts it with a longer one before its first savepoint.
    pub(super) fn restarts_first(&self) -> bool {
        self.job == JobStatus::Running
            && super::first_checkpoint::restarted_to_raise(self.backend)
            && super::first_checkpoint::savepoint_outlasts_default(self.full_pass_s())
    }

    /// What the new job's sources resume from: the stop savepoint, or for a job that is down
    /// and restored straight at the target, its latest snapshot.
    pub(super) fn resumes_from(&self, verdict: Verdict) -> &'static str {
        if self.stops_nothing(verdict) {
            self.latest.the_latest()
        } else {
            "the stop savepoint"
        }
    }

    /// When the point of no return comes, as the clock says it ("when the new job first commits
    /// output beyond where the old job stopped").
    pub(super) fn no_return_when(&self, verdict: Verdict) -> String {
        if self.stops_nothing(verdict) {
            format!("when the restored job first commits output beyond the {}'s position", self.latest.short())
        } else {
            "when the new job first commits output beyond where the old job stopped".to_string()
        }
    }

    /// The rollback window in one sentence: until the point of no return, going back loses
    /// nothing.
    pub(super) fn rollback_note(&self, verdict: Verdict) -> String {
        if self.stops_nothing(verdict) {
            let short = self.latest.short();
            format!("Until the restored job first commits output beyond the {short}'s position, it can be started again from that {short} at its old parallelism and nothing is lost; after it, going back means reconciling what it already published.")
        } else {
            "Until the new job first commits output beyond where the old job stopped, the old job can restart from its stop savepoint and nothing is lost; after it, going back means reconciling what the new job already published.".to_string()
        }
    }

    pub(super) fn steps(&self, verdict: Verdict, saved: u32, new_max: u32, current: u32) -> Vec<Step> {
        let step = |text: String, reversible: bool| Step { text, reversible, point_of_no_return: false };
        let cutover = |text: String| Step { text, reversible: false, point_of_no_return: true };
        let p = self.target;
        let down = self.job == JobStatus::Down;
        let (latest, short) = (self.latest.latest(), self.latest.short());
        // A second job beside the live one: its own consumer group, and with transactional
        // sinks its own transactional id prefix.
        let own = if self.transactional_sinks {
            "its own consumer group, its own transactional id prefix"
        } else {
            "its own consumer group"
        };
        // What the first step reads: the snapshot's value as given, or the one this plan assumed.
        // How to read it: the lab's own reader of the `_metadata` file, in the browser or on the
        // command line.
        const HOW: &str = " The savepoint inspector (#/savepoint) reads it from the snapshot's _metadata file in the browser, as does keygroups savepoint <path> on the command line.";
        let (read, unless) = match self.saved_max {
            Some(_) => (format!("Read the max parallelism in the {latest}'s metadata: {saved}"), HOW.to_string()),
            None => (
                format!("Read the max parallelism in the {latest}'s metadata (a failed restore's message names it too): this plan assumes {saved} (Flink's default for the job's first parallelism, as if the job never set one)"),
                format!(" If it reads otherwise, plan again with that value.{HOW}"),
            ),
        };
        let mut steps = match verdict {
            Verdict::DirectRestore if down => vec![
                step(format!("{read}, at or above the target {p}.{unless}"), true),
                cutover(format!("The job is down, so there is no savepoint to take: start it from its {latest} at parallelism {p} in NO_CLAIM mode, leaving max parallelism as it is. The point of no return comes when it first commits output beyond the {short}'s position.")),
                step(format!("Hold on to that {short} (NO_CLAIM leaves it to you) and the old artefact until the agreed time to roll back has passed."), true),
            ],
            Verdict::DirectRestore => vec![
                step(format!("{read}, at or above the target {p}.{unless}"), true),
                step("Stop the job with a savepoint (stop, not cancel, and without --drain).".to_string(), true),
                cutover(format!("Start the same job from that savepoint at parallelism {p}, leaving max parallelism as it is. The point of no return comes when it first commits output beyond where the old job stopped.")),
                step("Hold on to the stop savepoint and the old artefact until the agreed time to roll back has passed.".to_string(), true),
            ],
            Verdict::RewriteNeeded => vec![
                step(format!("{read}, below the target {p}, so a plain restart fails.{unless}"), true),
                step(format!("Choose a new max parallelism, {new_max}: a multiple of the parallelisms this plan runs ({}), at 4–8 × the largest of them where one falls there, so every subtask owns the same number of key groups at each.", if current == p { p.to_string() } else { format!("{current} and {p}") }), true),
                step(format!("Take a savepoint, then run an offline State Processor API job that writes its keyed state out again as a new savepoint at max parallelism {new_max}; the operators it does not rewrite keep their state as saved, at {saved} (how SavepointWriter.fromExistingSavepoint carries them: read from its sources, not run here). The original stays untouched."), true),
                step(format!("Start a shadow job from the rewritten savepoint at parallelism {p} in NO_CLAIM mode, the operators the rewrite kept pinned at {saved} in its code (each stateful operator's route), with {own} and sinks writing to throwaway tables; check its results against the live job's for a whole business cycle, peak included."), true),
                step("Stop the live job with a savepoint (stop, not cancel, and without --drain); rewrite that stop savepoint the same way.".to_string(), true),
                cutover(format!("Start the new configuration (max parallelism {new_max}, parallelism {p}, the kept operators pinned at {saved}) on the live sinks from the rewritten stop savepoint, and retire the shadow. The point of no return comes when the new job first commits output beyond where the old job stopped.")),
                step("Hold on to the old savepoints and the old artefact until the agreed time to roll back has passed.".to_string(), true),
            ],
            Verdict::RebuildFromLog => vec![
                step(format!("Check the state's time-to-live is really short: it is, {}; and check the log still holds at least one time-to-live of events.", format_duration(self.ttl_s.unwrap_or(0))), true),
                step(format!("Start the new job without state, max parallelism {new_max} and parallelism {p}, reading the log from one time-to-live ago, with {own} and scratch sinks."), true),
                step("Its state is complete once the replay has caught up with the head of the log (given log retention of at least one time-to-live); then compare its output with the live job's.".to_string(), true),
                step("Stop the live job with a savepoint (stop, not cancel, and without --drain), at the same moment as the new job below: the two savepoints are taken side by side, so the cutover waits for one of them, not one after the other.".to_string(), true),
                cutover("Stop the new job with a savepoint and start it from that savepoint on the live sinks. It keeps its own position in the log: it cannot take the old job's stop offsets, having read from earlier. The point of no return comes when it first commits output beyond where the old job stopped.".to_string()),
            ],
        };
        if down && verdict != Verdict::DirectRestore {
            // Its first checkpoint is a full one: where that needs the longer timeout, the restore
            // that brings it back sets it, as its commands do (and the savepoints after it need it).
            let raised = match super::first_checkpoint::needs_raise(self.full_pass_s()) {
                true => format!(
                    ", with execution.checkpointing.timeout at {} and tolerable-failed-checkpoints at {CUTOVER_TOLERABLE}",
                    self.raised_timeout()
                ),
                false => String::new(),
            };
            steps.insert(0, step(format!("The job is down: bring it back first, from its {latest} at its old parallelism {current} (at most the snapshot's max parallelism {saved}), in NO_CLAIM mode{raised}, so that it runs again while the rest is prepared. The steps below start from that running job."), true));
        }
        if self.restarts_first() {
            let timeout = self.raised_timeout();
            steps.insert(0, step(format!("A savepoint of this job would outlast Flink's default checkpoint timeout, so restart it with a longer one first. {} If it does: cancel it, and start it again from its latest checkpoint at its old parallelism {current} in NO_CLAIM mode, with execution.checkpointing.timeout at {timeout} and tolerable-failed-checkpoints at {}. The steps below start from that running job.", super::first_checkpoint::CANCEL_KEEPS, CUTOVER_TOLERABLE), true));
        }
        steps
    }

    pub(super) fn warnings(
        &self,
        saved: u32,
        imbalance: Option<Imbalance>,
        source_pinned_at: Option<u32>,
    ) -> Vec<String> {
        let mut w = vec![
            STOP_WITH_SAVEPOINT.to_string(),
            LEAVE_OUT_DRAIN.to_string(),
            "Restore shadow or trial jobs in NO_CLAIM mode, so they never take ownership of (and delete) the snapshot the live job still needs.".to_string(),
            "Give every stateful operator a stable uid() from the first deployment: state is matched to operators by id, not by position.".to_string(),
            "--allowNonRestoredState throws away the state of every operator the new job does not match: use it only for an operator you removed on purpose.".to_string(),
            "Keep the key selector, key type, its equality and hash, and the state serializers compatible: with a changed key function a key's new events no longer reach its saved state, and no parallelism brings them back together.".to_string(),
        ];
        // The first checkpoint after the restore is full (observed): its time decides the
        // checkpoint timeout the cutover needs.
        let full_s = self.full_pass_s();
        if let Some(check) = super::first_checkpoint::timeout_check(full_s, self.backend) {
            w.insert(2, check);
        }
        // Every route but a direct restore of a job that is down takes a savepoint of a running job.
        let savepoints = !(self.job == super::JobStatus::Down && self.target <= saved);
        let running = self.job == JobStatus::Running;
        if let Some(check) =
            super::first_checkpoint::savepoint_check(full_s, self.backend, running).filter(|_| savepoints)
        {
            w.insert(3, check);
        }
        // Only a route with a second job beside the live one (a shadow, a rebuilt job): a
        // direct restore runs one job at a time.
        if self.transactional_sinks && self.target > saved {
            w.insert(3, "Transactional sinks: give the shadow job its own transactional id prefix (and consumer group), or the two jobs fence each other's transactions.".to_string());
        }
        if self.target > self.partitions {
            let gain = if self.partitions <= self.current {
                format!(
                    "the source gains nothing from the change: its {} already read by {}",
                    crate::number::count(u64::from(self.partitions), "partition is", "partitions are"),
                    crate::number::count(u64::from(self.current.min(self.partitions)), "subtask", "subtasks")
                )
            } else {
                format!(
                    "the source gains only up to {}",
                    crate::number::count(u64::from(self.partitions), "subtask", "subtasks")
                )
            };
            w.push(format!(
                "The source has {}, so {gain}; more source subtasks would read nothing. The partition count caps the source vertex only: the keyed operators after keyBy run at their own parallelism, {} here, and gain whatever the source does not. Set the source's parallelism to at most {} in the job (setParallelism on the source), since a job-wide -p {} sets every operator's default. The Kubernetes operator's autoscaler aligns the same way: a source to its partitions, a keyed vertex to its key groups (read from its sources, not run here).",
                crate::number::count(u64::from(self.partitions), "partition", "partitions"),
                self.target,
                self.partitions,
                self.target
            ));
        }
        if let Some(pin) = source_pinned_at {
            w.push(format!(
                "The cutover pins the source at {pin}, the max parallelism its state was saved with (see each stateful operator's route): {pin} subtasks read its {} partitions, while the keyed operators run at {}. To read with more, the rewrite must write the source's state too, or the source must leave it behind.",
                self.partitions, self.target
            ));
        }
        if let Some(i) = imbalance {
            let ratio = i.ratio_milli();
            w.push(format!(
                "At parallelism {} over {}, {}: under uniform load the busiest do {} × the work of the others, and the job runs at their pace ({}.{}% of its capacity idles). Parallelisms near {} that divide {}: {}.",
                i.parallelism,
                crate::number::count(u64::from(i.max_parallelism), "key group", "key groups"),
                i.owners_sentence(),
                crate::number::two_places(u64::from(ratio)),
                i.idle_capacity_milli() / 10,
                i.idle_capacity_milli() % 10,
                i.parallelism,
                i.max_parallelism,
                divisors_near(i.max_parallelism, i.parallelism, 2).iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            ));
        }
        if self.target > saved {
            w.push(format!(
                "Max parallelism {saved} caps this job at {saved} subtasks until the state is rewritten or rebuilt."
            ));
        }
        if !savepoints {
            // Nothing running is stopped: the job comes back from its latest snapshot.
            w.retain(|x| x != STOP_WITH_SAVEPOINT && x != LEAVE_OUT_DRAIN);
        }
        w
    }
}

#[cfg(test)]
#[path = "advice_tests.rs"]
mod tests;
