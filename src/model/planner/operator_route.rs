//! The same in-place rescale through the Flink Kubernetes operator: change only
//! `pipeline.jobvertex-parallelism-overrides` in the FlinkDeployment's `flinkConfiguration`, and
//! the operator sends the resource-requirements request itself. Read from the operator's sources
//! (apache/flink-kubernetes-operator at 6e9caeb4, 1.16-SNAPSHOT: `NativeFlinkService.scale`,
//! `AbstractFlinkResourceReconciler`, the `@SpecDiff` entries of `AbstractFlinkSpec`), not
//! observed: this machine has no Kubernetes. What the request then does is Flink's, observed
//! (`in_place`).

use super::release::Release;

/// The operator's option that allows it (`kubernetes.operator.…`, default true).
pub const INPLACE_OPTION: &str = "kubernetes.operator.job.upgrade.inplace-scaling.enabled";

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

/// What the operator does when the request fails (HTTP 400 above max parallelism, for one) or
/// an override is removed: a regular upgrade, by the job's `upgradeMode`.
pub const FALLBACK: &str = "If Flink refuses the request (above max parallelism it answers HTTP 400) the operator logs it and falls back to a regular upgrade, by the job's upgradeMode: it stops the job and redeploys it with the overrides, and that restore fails at a parallelism above max parallelism, as the restart at 200 did. Removing an override also means a regular upgrade.";

/// The FlinkDeployment fragment for the job's `release`: the keyed vertex at `target`, the
/// source kept at `source_p`.
pub fn deployment_patch(target: u32, source_p: u32, release: Release) -> String {
    format!(
        "spec:\n  flinkVersion: {}\n  flinkConfiguration:\n    jobmanager.scheduler: adaptive\n    \
         {OVERRIDES_OPTION}: \"<source vertex id>:{source_p},<keyed vertex id>:{target}\"",
        release.operator_version()
    )
}

/// Before 1.18 (no REST call to ask; the operator's in-place route needs v1_18): what a new
/// parallelism means through the operator.
pub fn before_in_place(release: Release) -> String {
    format!(
        "{}, and the operator rescales in place only from spec.flinkVersion {} on: here a new \
         spec.job.parallelism is a regular upgrade, by the job's upgradeMode (with upgradeMode: savepoint, a savepoint \
         and a restore, as in the plan above).",
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
        let observed = [
            include_str!("../../../tests/flink-config-keys/observed-flink-1.18.1.txt"),
            include_str!("../../../tests/flink-config-keys/observed-flink-1.20.5.txt"),
            include_str!("../../../tests/flink-config-keys/observed-flink-2.0.2.txt"),
            include_str!("../../../tests/flink-config-keys/observed-flink-2.1.3.txt"),
            include_str!("../../../tests/flink-config-keys/observed-flink-2.3.0.txt"),
        ];
        for text in observed {
            assert!(text.contains(&format!("option {OVERRIDES_OPTION} | PipelineOptions.PARALLELISM_OVERRIDES")));
        }
    }

    #[test]
    fn the_patch_names_both_vertices_and_the_scheduler() {
        let yaml = deployment_patch(128, 24, Release::V2_3);
        assert!(yaml.contains("jobmanager.scheduler: adaptive"));
        assert!(yaml.contains("flinkVersion: v2_3"));
        assert!(deployment_patch(128, 24, Release::V1_18).contains("flinkVersion: v1_18"));
        assert!(before_in_place(Release::V1_15).starts_with("Flink 1.15's REST API has no call"));
        assert!(
            yaml.contains("pipeline.jobvertex-parallelism-overrides: \"<source vertex id>:24,<keyed vertex id>:128\"")
        );
        assert!(CONDITIONS.iter().any(|c| c.contains("v1_18")));
    }
}
