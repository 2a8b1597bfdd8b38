//! The conditions of the in-place request, in words: each as the releases answered it, the
//! wait for the restart's checkpoint (from 2.0), the checkpoint timeout a big state's first
//! checkpoint needs, and the adaptive scheduler's own waits.

use super::super::first_checkpoint::{
    about, config_minutes, cutover_timeout_s, needs_raise, CUTOVER_TOLERABLE, DEFAULT_TIMEOUT_S,
};
use super::super::format_duration;
use super::super::in_place::{scheduler_waits, InPlaceOutcome};
use super::super::in_place_releases::RestorePoint;
use super::super::release::Release;

/// One condition of the request, and Flink's message where the page quotes one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub text: String,
    pub quoted: Option<&'static str>,
    /// The condition that says which checkpoint the restart restores.
    pub restore_point: bool,
}

impl Condition {
    pub(super) fn plain(text: &str) -> Condition {
        Condition { text: text.to_string(), quoted: None, restore_point: false }
    }
}

/// The timeout the restart's full first checkpoint (`first_s`) needs, where the default is too
/// short: raised by a restart before the request (the one that sets the adaptive scheduler,
/// where that is not set yet), as the plan's own restores raise it; `None` where the default does.
pub(super) fn timeout_condition(first_s: u64, release: Release, outcome: InPlaceOutcome) -> Option<Condition> {
    if !needs_raise(first_s) {
        return None;
    }
    let k = release.keys();
    let which = match outcome {
        InPlaceOutcome::NotAdaptive => "the restart that sets jobmanager.scheduler: adaptive, with",
        _ => "a restart of the job from its latest checkpoint at its own parallelism, with",
    };
    let text = format!(
        "A checkpoint timeout long enough for the restart's first checkpoint, a full one ({}): at the default {} it would expire and fail the job over, again and again, as the plan's warnings say of its restores. No request changes it: before the request, {which} {}: {} and {}: {CUTOVER_TOLERABLE}. A restart from the latest checkpoint needs the job to keep it when cancelled ({}: RETAIN_ON_CANCELLATION, set when it was started); if it does not, do not cancel it. On Kubernetes it is an edit other than the overrides, so an upgrade (below).",
        about(first_s),
        config_minutes(DEFAULT_TIMEOUT_S),
        k.checkpoint_timeout,
        config_minutes(cutover_timeout_s(first_s)),
        k.tolerable_failures,
        k.retention,
    );
    Some(Condition { text, quoted: None, restore_point: false })
}

/// How long the restart waits for its checkpoint, where it waits for one after the request.
/// `full_s`: how long that checkpoint takes where every checkpoint is a full one (the heap
/// backend's), else `None` (RocksDB's are incremental: short).
pub(super) fn wait_condition(point: RestorePoint, interval_s: Option<u32>, full_s: Option<u64>) -> Option<Condition> {
    if point != RestorePoint::AfterRequest {
        return None;
    }
    let interval = interval_s.map_or("the job's checkpoint interval".to_string(), |s| {
        format!("the checkpoint interval, {} here", format_duration(u64::from(s)))
    });
    // A heap job's every checkpoint uploads the whole state: the wait holds that upload too.
    let upload = full_s.map_or(String::new(), |s| {
        format!(", and the checkpoint itself, with the heap backend a full one ({})", about(s))
    });
    let text = format!(
        "The restart waits for that checkpoint: about {interval}{upload}, while checkpoints succeed. If they fail, it goes ahead from the latest completed one after jobmanager.adaptive-scheduler.rescale-trigger.max-checkpoint-failures of them in a row (default 2), or after rescale-trigger.max-delay (not set by default: Flink then derives it from the checkpoint interval). The defaults are observed; what the scheduler does with them is read from Flink's option descriptions."
    );
    Some(Condition { text, quoted: None, restore_point: false })
}

/// What the adaptive scheduler waits for while the job runs, in `release`'s own options.
pub fn waits_line(release: Release) -> String {
    let waits = scheduler_waits(release);
    if waits.is_empty() {
        return format!(
            "Flink {} has no option for how long the scheduler waits between rescales or for resources to settle while \
             the job runs (1.19 added one for the wait between rescales, 2.0 both).",
            release.slug()
        );
    }
    let each: Vec<String> =
        waits.iter().map(|w| format!("{}: {} (default {})", w.waits, w.option, w.default)).collect();
    let missing = if waits.len() == 1 {
        " It has no option for resources to settle while the job runs (2.0 added one)."
    } else {
        ""
    };
    format!("In Flink {} the scheduler waits {}.{missing}", release.slug(), each.join("; and "))
}
