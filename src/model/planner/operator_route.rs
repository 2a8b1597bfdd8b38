//! The same in-place rescale through the Flink Kubernetes operator: change only
//! `pipeline.jobvertex-parallelism-overrides` in the FlinkDeployment's `flinkConfiguration`, and
//! the operator sends the resource-requirements request itself. Read from the operator's sources
//! (apache/flink-kubernetes-operator at 6e9caeb4, 1.16-SNAPSHOT: `NativeFlinkService.scale`,
//! `AbstractFlinkResourceReconciler`, the `@SpecDiff` entries of `AbstractFlinkSpec`), not
//! observed: this machine has no Kubernetes. What the request then does is Flink's, observed
//! (`in_place`).

use super::in_place::InPlaceOutcome;
use super::release::Release;

/// The Flink option the operator reads the new parallelisms from.
pub const OVERRIDES_OPTION: &str = "pipeline.jobvertex-parallelism-overrides";

/// What must hold for the operator to rescale in place rather than upgrade.
pub const CONDITIONS: [&str; 5] = [
    "Only pipeline.jobvertex-parallelism-overrides changes in the edit (in native mode the operator counts that key alone as a scale change; anything else in the same edit makes it an upgrade).",
    "spec.flinkVersion v1_18 or later, and jobmanager.scheduler: adaptive in flinkConfiguration.",
    "kubernetes.operator.job.upgrade.inplace-scaling.enabled left at its default, true.",
    "The job running: a job in a terminal state (FAILED, CANCELED, FINISHED) or being reconciled is upgraded instead. A job that is down is restored first, not rescaled in place.",
    "Every override at most the vertex's max parallelism.",
];

/// Where the words of this route come from.
pub const READ_NOT_OBSERVED: &str =
    "Read from the Flink Kubernetes operator's sources (1.16-SNAPSHOT), not observed: this machine has no Kubernetes.";

/// The same rescale through the operator, in words: what to edit (or why not), the edits, the
/// conditions and what a refusal turns into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatorRoute {
    pub lead: String,
    /// The FlinkDeployment edits, in order (YAML, each one edit).
    pub edits: Vec<String>,
    pub conditions: &'static [&'static str],
    pub fallback: Option<String>,
    pub provenance: String,
}

/// What the operator does when Flink refuses the request or an override is removed: a regular
/// upgrade, by the job's `upgradeMode`.
fn fallback(max_parallelism: u32) -> String {
    format!(
        "If Flink refuses the request (above max parallelism {max_parallelism} it answers HTTP 400) the operator logs it and falls back to a regular upgrade, by the job's upgradeMode: it stops the job and redeploys it with the overrides, and that restore fails too, above max parallelism. Removing an override also means a regular upgrade."
    )
}

/// The one edit of the overrides, beside the scheduler it needs (as it is). No other line of
/// the spec: pasted as shown, a `flinkVersion` of a release only guessed (a savepoint's format
/// is written by several) would change it, and any other change makes the edit an upgrade
/// (found by review).
fn overrides_edit(target: u32, source_p: u32, scheduler_set: bool) -> String {
    let scheduler = match scheduler_set {
        true => "    jobmanager.scheduler: adaptive  # as it is\n",
        false => "",
    };
    format!(
        "spec:\n  flinkConfiguration:\n{scheduler}    \
         {OVERRIDES_OPTION}: \"<source-vertex-id>:{source_p},<keyed-vertex-id>:{target}\"  # the one change"
    )
}

/// The first of two edits, where the job needs a restart before the request: the scheduler
/// (where it is not adaptive yet) and the raised checkpoint timeout (`raised`, where the
/// restart's first checkpoint needs one), with upgradeMode last-state.
fn first_edit(release: Release, scheduler: bool, raised: Option<&str>) -> String {
    let k = release.keys();
    let mut conf = String::new();
    if scheduler {
        conf.push_str("\n    jobmanager.scheduler: adaptive");
    }
    if let Some(timeout) = raised {
        conf.push_str(&format!(
            "\n    {}: \"{timeout}\"\n    {}: \"{}\"",
            k.checkpoint_timeout,
            k.tolerable_failures,
            super::first_checkpoint::CUTOVER_TOLERABLE
        ));
    }
    format!("spec:\n  job:\n    upgradeMode: last-state  # the first edit: an upgrade, from the latest checkpoint\n  flinkConfiguration:{conf}")
}

/// The route for the request's `outcome`: the keyed vertex at `target`, the source at
/// `source_p`, in `release`, under a job's `max_parallelism`; `raised`, the checkpoint timeout a
/// restart must set first (where the restart's first checkpoint needs a longer one).
pub fn operator_route(
    outcome: InPlaceOutcome,
    target: u32,
    source_p: u32,
    release: Release,
    max_parallelism: u32,
    raised: Option<String>,
) -> OperatorRoute {
    let route = |lead: String, edits: Vec<String>| OperatorRoute {
        lead,
        edits,
        conditions: &CONDITIONS,
        fallback: Some(fallback(max_parallelism)),
        provenance: format!("{READ_NOT_OBSERVED} The request and Flink's answers above are observed."),
    };
    let every_vertex = format!("Name every vertex whose parallelism changes, as the request does: the source at {source_p}, each other vertex at {target} (an unchained sink too).");
    let scheduler = outcome == InPlaceOutcome::NotAdaptive;
    match outcome {
        InPlaceOutcome::NotInRelease => OperatorRoute {
            lead: before_in_place(release),
            edits: Vec::new(),
            conditions: &[],
            fallback: None,
            provenance: format!("{READ_NOT_OBSERVED} That the REST call is absent before 1.18 is observed (each release's REST API listed)."),
        },
        InPlaceOutcome::AboveMax => OperatorRoute {
            lead: format!(
                "Do not set an override to {target}: above max parallelism {max_parallelism} it cannot run. With the adaptive scheduler Flink refuses the request the operator sends (HTTP 400, above) and the operator falls back to a regular upgrade; without it the operator upgrades at once. Either way the restore fails, above max parallelism {max_parallelism}. Raising the ceiling needs the plan's route."
            ),
            edits: Vec::new(),
            conditions: &[],
            fallback: None,
            provenance: format!("{READ_NOT_OBSERVED} Flink's answer above is observed."),
        },
        _ if scheduler || raised.is_some() => {
            let what = match (scheduler, raised.is_some()) {
                (true, true) => "jobmanager.scheduler: adaptive and the checkpoint timeout",
                (true, false) => "jobmanager.scheduler: adaptive",
                _ => "the checkpoint timeout",
            };
            route(
                format!("Two edits, one after the other. First {what} alone, with upgradeMode: last-state: a change other than the overrides, so the operator upgrades the job from its latest checkpoint (one ordinary restart). Once it runs again, the overrides alone; the operator then sends the request itself. {every_vertex}"),
                vec![first_edit(release, scheduler, raised.as_deref()), overrides_edit(target, source_p, true)],
            )
        }
        _ => route(
            format!("Edit the FlinkDeployment and change only the parallelism overrides; the operator then sends the request above itself (from 1.18, with the adaptive scheduler). {every_vertex}"),
            vec![overrides_edit(target, source_p, true)],
        ),
    }
}

impl OperatorRoute {
    /// The route as Markdown, for `plan.md`.
    pub fn markdown(&self) -> String {
        let mut s = format!("### With the Flink Kubernetes operator\n\n{}\n\n", self.lead);
        for e in &self.edits {
            s.push_str(&format!("```yaml\n{e}\n```\n\n"));
        }
        for c in self.conditions {
            s.push_str(&format!("- {c}\n"));
        }
        if !self.conditions.is_empty() {
            s.push('\n');
        }
        if let Some(f) = &self.fallback {
            s.push_str(&format!("{f}\n\n"));
        }
        s.push_str(&format!("{}\n", self.provenance));
        s
    }
}

/// Before 1.18 (no REST call to ask; the operator's in-place route needs v1_18): what a new
/// parallelism means through the operator.
pub fn before_in_place(release: Release) -> String {
    format!(
        "{}, and the operator rescales in place only from spec.flinkVersion {} on: here a new \
         spec.job.parallelism is a regular upgrade, by the job's upgradeMode (with upgradeMode: savepoint, a savepoint \
         and a restore, as in the plan).",
        release.no_in_place_call().unwrap_or_default(),
        Release::IN_PLACE_SINCE.operator_version()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The option names are Flink's: the overrides key is in every observed release's option
    /// list from 1.18 on (tests/flink-config-keys).
    #[test]
    fn the_overrides_option_is_flinks() {
        let route_releases = &crate::observed::CONFIG_KEYS[3..];
        assert_eq!(route_releases[0].0, "1.18.1");
        for (version, text) in route_releases {
            assert!(
                text.contains(&format!("option {OVERRIDES_OPTION} | PipelineOptions.PARALLELISM_OVERRIDES")),
                "{version}"
            );
        }
    }

    #[test]
    fn the_route_follows_flinks_answer() {
        let rescales = InPlaceOutcome::Rescales { parallelism: 128, slot_capped: false };
        let r = operator_route(rescales, 128, 24, Release::V2_3, 1200, None);
        assert_eq!(r.edits.len(), 1);
        assert!(!r.edits[0].contains("flinkVersion"), "{}", r.edits[0]);
        assert!(r.edits[0].contains("jobmanager.scheduler: adaptive  # as it is"));
        assert!(r.edits[0]
            .contains("pipeline.jobvertex-parallelism-overrides: \"<source-vertex-id>:24,<keyed-vertex-id>:128\"  # the one change"));
        assert_eq!(operator_route(rescales, 128, 24, Release::V1_18, 1200, None).edits, r.edits);
        assert!(r.fallback.as_deref().is_some_and(|f| f.contains("above max parallelism 1200")));
        // The default scheduler: two edits, the scheduler alone first.
        let d = operator_route(InPlaceOutcome::NotAdaptive, 128, 24, Release::V2_3, 1200, None);
        assert_eq!(d.edits.len(), 2);
        assert!(
            d.edits[0].contains("upgradeMode: last-state") && d.edits[0].ends_with("jobmanager.scheduler: adaptive"),
            "{}",
            d.edits[0]
        );
        assert!(d.lead.starts_with("Two edits, one after the other. First jobmanager.scheduler: adaptive alone"));
        // A timeout to raise first: the first edit carries it, in the release's names.
        let t = operator_route(rescales, 128, 24, Release::V2_3, 1200, Some("467 min".to_string()));
        assert_eq!(t.edits.len(), 2);
        assert!(t.edits[0].ends_with("execution.checkpointing.timeout: \"467 min\"\n    execution.checkpointing.tolerable-failed-checkpoints: \"3\""), "{}", t.edits[0]);
        assert!(t.lead.starts_with("Two edits, one after the other. First the checkpoint timeout alone"));
        // Above max parallelism: no edit offered.
        let above = operator_route(InPlaceOutcome::AboveMax, 200, 24, Release::V2_3, 128, None);
        assert!(above.edits.is_empty() && above.lead.starts_with("Do not set an override to 200"));
        let before = operator_route(InPlaceOutcome::NotInRelease, 200, 24, Release::V1_15, 128, None);
        assert!(before.lead.starts_with("Flink 1.15's REST API has no call"));
        assert!(before.edits.is_empty());
        assert!(CONDITIONS.iter().any(|c| c.contains("v1_18")));
        let md = r.markdown();
        assert!(md.starts_with("### With the Flink Kubernetes operator\n\nEdit the FlinkDeployment"));
        assert!(md.contains("```yaml\nspec:\n"));
    }
}
