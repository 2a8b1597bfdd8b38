//! In-place rescaling of a running job (FLIP-291): `PUT /jobs/:jobid/resource-requirements`
//! with the adaptive scheduler, as Flink 2.3.0 answered it in a MiniCluster
//! (`tests/flink-adaptive/observed-flink-2.3.0.txt`):
//! - an upper bound above the vertex's max parallelism: HTTP 400, checked by the Dispatcher
//!   before any scheduler sees it (the default scheduler gave the same answer), so in-place
//!   rescaling never lifts the max-parallelism ceiling;
//! - the default scheduler: HTTP 500 (`UnsupportedOperationException`);
//! - within max parallelism, adaptive scheduler: HTTP 200 `{}`, then the job restarts
//!   (Executing → Restarting → CreatingExecutionGraph → Executing) and restores its state from
//!   a checkpoint completed after the request; no savepoint, no rewrite;
//! - fewer slots than asked: the parallelism is silently capped at the slots (HTTP 200; 100
//!   asked with 16 slots ran at 16), and a request the slots cannot move changes nothing;
//! - an upper bound of -1 shut the MiniCluster down in 2.3.0 (NullPointerException while
//!   assigning slots): never suggested;
//! - before 1.18 the REST API lists no such call (`tests/flink-config-keys`, its `rest` lines),
//!   so nothing can be asked: what such a request would answer was not observed. 1.18.1 to
//!   1.20.5 answered the same, but for the restart (`in_place_releases`).

use super::release::Release;

/// The job's scheduler (`jobmanager.scheduler`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scheduler {
    /// Not set: Flink's default scheduler.
    #[default]
    Default,
    /// `jobmanager.scheduler: adaptive`.
    Adaptive,
}

impl Scheduler {
    pub const ALL: [Scheduler; 2] = [Scheduler::Default, Scheduler::Adaptive];

    /// The URL's word for it (`scheduler=`).
    pub fn slug(self) -> &'static str {
        match self {
            Scheduler::Default => "default",
            Scheduler::Adaptive => "adaptive",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Scheduler::Default => "default (jobmanager.scheduler not set)",
            Scheduler::Adaptive => "adaptive (jobmanager.scheduler: adaptive)",
        }
    }
}

crate::choice::choice_value!(Scheduler, title);

/// The in-place question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InPlaceInput {
    pub current: u32,
    pub target: u32,
    /// The running job's max parallelism (for a restored job, the snapshot's).
    pub max_parallelism: u32,
    pub scheduler: Scheduler,
    /// Task slots the cluster can give the job; `None` = as many as asked.
    pub slots: Option<u32>,
    /// The job's Flink release: the call exists from 1.18 on.
    pub release: Release,
}

/// What the request does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InPlaceOutcome {
    /// The release has no such REST call (before 1.18): nothing can be asked.
    NotInRelease,
    /// HTTP 400: the upper bound is above max parallelism; nothing changes.
    AboveMax,
    /// HTTP 500: the default scheduler cannot change the parallelism of a running job.
    NotAdaptive,
    /// HTTP 200, and the job restarts from its latest checkpoint at `parallelism`
    /// (`slot_capped`: fewer than asked, because of the slots).
    Rescales { parallelism: u32, slot_capped: bool },
    /// HTTP 200, and nothing moves: the target is the current parallelism, or the slots are
    /// all in use already.
    Unchanged { slot_capped: bool },
}

impl InPlaceOutcome {
    /// The word `inplace-verdict` carries.
    pub fn as_str(&self) -> &'static str {
        match self {
            InPlaceOutcome::NotInRelease => "not-in-release",
            InPlaceOutcome::AboveMax => "above-max",
            InPlaceOutcome::NotAdaptive => "not-adaptive",
            InPlaceOutcome::Rescales { slot_capped: false, .. } => "rescales",
            InPlaceOutcome::Rescales { slot_capped: true, .. } => "capped",
            InPlaceOutcome::Unchanged { .. } => "unchanged",
        }
    }

    /// The HTTP status Flink answers the PUT with (`None`: a release without the call).
    pub fn http_status(&self) -> Option<u16> {
        match self {
            InPlaceOutcome::NotInRelease => None,
            InPlaceOutcome::AboveMax => Some(400),
            InPlaceOutcome::NotAdaptive => Some(500),
            _ => Some(200),
        }
    }
}

/// Flink 2.3.0's error entry for an upper bound above max parallelism (`<vertex id>` is the
/// keyed vertex's id).
pub fn above_max_message(requested: u32, max_parallelism: u32) -> String {
    format!(
        "org.apache.flink.runtime.rest.handler.RestHandlerException: The newly requested parallelism {requested} for \
         the job vertex <vertex id> exceeds its maximum parallelism {max_parallelism}."
    )
}

/// Flink 2.3.0's error entry from the default scheduler.
pub const NOT_ADAPTIVE_MESSAGE: &str =
    "java.lang.UnsupportedOperationException: The DefaultScheduler does not support \
     changing the parallelism without a job restart. This feature is currently only expected to work with the \
     AdaptiveScheduler.";

/// Flink 2.3.0's error entry when the body leaves a vertex out.
pub const INCOMPLETE_MESSAGE: &str = "org.apache.flink.runtime.rest.handler.RestHandlerException: The request is \
     incomplete, missing job vertex [<vertex id>] resource requirements.";

/// One of the adaptive scheduler's waits while a job runs: its option, default, and what it
/// waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchedulerWait {
    pub option: &'static str,
    pub default: &'static str,
    pub waits: &'static str,
}

const SETTLE: &str = "for resources to settle before it rescales";
const BETWEEN: &str = "between two rescales";

/// The adaptive scheduler's waits while a job runs, as `release` names them (each release's
/// jar, `tests/flink-config-keys`): none in 1.18; from 1.19 the time between rescales
/// (`scaling-interval.min`); from 2.0 both, under `executing.*` (the 1.19 name is the
/// cooldown's deprecated fallback there).
pub fn scheduler_waits(release: Release) -> &'static [SchedulerWait] {
    const V1_19: [SchedulerWait; 1] = [SchedulerWait {
        option: "jobmanager.adaptive-scheduler.scaling-interval.min",
        default: "PT30S",
        waits: BETWEEN,
    }];
    const V2_0: [SchedulerWait; 2] = [
        SchedulerWait {
            option: "jobmanager.adaptive-scheduler.executing.resource-stabilization-timeout",
            default: "PT1M",
            waits: SETTLE,
        },
        SchedulerWait {
            option: "jobmanager.adaptive-scheduler.executing.cooldown-after-rescaling",
            default: "PT30S",
            waits: BETWEEN,
        },
    ];
    if release >= Release::V2_0 {
        &V2_0
    } else if release >= Release::V1_19 {
        &V1_19
    } else {
        &[]
    }
}

impl InPlaceInput {
    pub fn outcome(&self) -> InPlaceOutcome {
        if !self.release.rescales_in_place() {
            return InPlaceOutcome::NotInRelease;
        }
        if self.target > self.max_parallelism {
            return InPlaceOutcome::AboveMax;
        }
        if self.scheduler == Scheduler::Default {
            return InPlaceOutcome::NotAdaptive;
        }
        let current = self.current.max(1);
        let cap = self.slots.map_or(u32::MAX, |s| s.max(current));
        let runs_at = self.target.max(1).min(cap);
        let slot_capped = runs_at < self.target;
        if runs_at == current {
            InPlaceOutcome::Unchanged { slot_capped }
        } else {
            InPlaceOutcome::Rescales { parallelism: runs_at, slot_capped }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OBSERVED: &str = crate::observed::ADAPTIVE[6].1;

    fn input(current: u32, target: u32, scheduler: Scheduler, slots: Option<u32>) -> InPlaceInput {
        InPlaceInput { current, target, max_parallelism: 128, scheduler, slots, release: Release::V2_3 }
    }

    /// Every PUT of `tests/flink-adaptive/observed-flink-2.3.0.txt` with a valid body (keyed
    /// vertex, max parallelism 128, 1 TaskManager × 16 slots; the source at 1): its status and
    /// the keyed vertex's parallelism afterwards.
    #[test]
    fn requests_as_observed() {
        use InPlaceOutcome::*;
        use Scheduler::{Adaptive as A, Default as D};
        let cases = [
            // current, upper bound, scheduler, expected, parallelism after
            (4, 8, A, Rescales { parallelism: 8, slot_capped: false }, 8),
            (8, 200, A, AboveMax, 8),
            (8, 129, A, AboveMax, 8),
            (8, 128, A, Rescales { parallelism: 16, slot_capped: true }, 16),
            (16, 4, A, Rescales { parallelism: 4, slot_capped: false }, 4),
            (4, 100, A, Rescales { parallelism: 16, slot_capped: true }, 16),
            (16, 120, A, Unchanged { slot_capped: true }, 16),
            (4, 8, D, NotAdaptive, 4),
            (4, 200, D, AboveMax, 4),
        ];
        for (current, target, scheduler, expected, after) in cases {
            let got = input(current, target, scheduler, Some(16)).outcome();
            assert_eq!(got, expected, "{current} → {target} {scheduler:?}");
            let runs_at = match got {
                Rescales { parallelism, .. } => parallelism,
                _ => current,
            };
            assert_eq!(runs_at, after);
            let status = format!("-> HTTP {}", got.http_status().expect("2.3 has the call"));
            assert!(OBSERVED.contains(&status));
        }
    }

    /// The messages are Flink's (the observation's vertex id replaced by `<vertex id>`).
    #[test]
    fn messages_as_observed() {
        let vertex = "b2856b4d021e3d9347447624f34b9a39";
        for requested in [200, 129] {
            let m = above_max_message(requested, 128).replace("<vertex id>", vertex);
            assert!(OBSERVED.contains(&format!("-> HTTP 400  {{\"errors\":[\"{m} | at ")), "{m}");
        }
        assert!(OBSERVED.contains(&format!("-> HTTP 500  {{\"errors\":[\"Internal server error.\", \"<Exception on server side: | {NOT_ADAPTIVE_MESSAGE} | at")));
        let incomplete = INCOMPLETE_MESSAGE.replace("<vertex id>", "f362c87ffabe89c8a91fa7d0a523ba6c");
        assert!(OBSERVED.contains(&incomplete));
        for w in scheduler_waits(Release::V2_3) {
            assert!(OBSERVED.contains(&format!("  {} = {}\n", w.option, w.default)), "{}", w.option);
        }
        // Within max parallelism the job restarts from a checkpoint taken after the request.
        assert!(OBSERVED.contains("scheduler states: Executing -> Restarting -> CreatingExecutionGraph -> Executing"));
        assert!(OBSERVED.contains("restored from: a checkpoint that completed after the request"));
        // An upper bound of -1 shut the MiniCluster down: the request never writes one (its
        // bounds are the new parallelism and the source's, both at least 1: in_place_report).
        assert!(OBSERVED.contains("REST no longer answers: the MiniCluster shut down"));
    }

    #[test]
    fn slots_and_edges() {
        let a = Scheduler::Adaptive;
        assert_eq!(
            input(24, 100, a, None).outcome(),
            InPlaceOutcome::Rescales { parallelism: 100, slot_capped: false }
        );
        assert_eq!(input(24, 24, a, None).outcome(), InPlaceOutcome::Unchanged { slot_capped: false });
        // Slots below the current parallelism cannot be: the job already holds its slots.
        assert_eq!(input(24, 100, a, Some(8)).outcome(), InPlaceOutcome::Unchanged { slot_capped: true });
        assert_eq!(input(0, 0, a, Some(0)).outcome(), InPlaceOutcome::Unchanged { slot_capped: false });
        assert_eq!(input(24, 200, a, None).outcome().as_str(), "above-max");
    }

    /// Before 1.18 there is no call to ask, whatever else holds; from 1.18 the answers above.
    #[test]
    fn releases_without_the_call_ask_nothing() {
        for release in Release::ALL {
            for (target, scheduler) in
                [(100, Scheduler::Adaptive), (200, Scheduler::Adaptive), (100, Scheduler::Default)]
            {
                let got = InPlaceInput { release, ..input(24, target, scheduler, None) }.outcome();
                if release.rescales_in_place() {
                    assert!(got.http_status().is_some(), "{} {target}: {got:?}", release.slug());
                } else {
                    assert_eq!(
                        (got, got.as_str(), got.http_status()),
                        (InPlaceOutcome::NotInRelease, "not-in-release", None)
                    );
                }
            }
        }
        assert_eq!(Release::ALL.iter().filter(|r| !r.rescales_in_place()).count(), 3, "1.15, 1.16 and 1.17");
    }
}
