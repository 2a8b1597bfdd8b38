//! Flink releases and the names each one gives to the configuration keys and command-line
//! options a rescale uses, as each release's own jar defines them
//! (`tests/flink-config-keys/observed-flink-<release>.txt`, reflected from `ConfigOptions`
//! classes and `CliFrontendParser`): `state.backend` became `state.backend.type` in 1.17;
//! 1.20 introduced `execution.checkpointing.incremental`, `execution.checkpointing.dir`,
//! `execution.state-recovery.path` / `.claim-mode` and the `-cm` (`--claimMode`) option, which
//! 2.0 kept while dropping the old keys to deprecated fallbacks. The table test holds every key
//! and option printed here against the release's committed output.

/// A Flink minor release the planner writes commands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Release {
    V1_15,
    V1_16,
    V1_17,
    V1_18,
    V1_19,
    V1_20,
    V2_0,
    V2_1,
    V2_2,
    /// The newest.
    #[default]
    V2_3,
}

/// The configuration keys of one release.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keys {
    pub max_parallelism: &'static str,
    pub backend: &'static str,
    pub incremental: &'static str,
    pub claim_mode: &'static str,
    pub restore_path: &'static str,
    pub scheduler: &'static str,
    pub checkpoint_dir: &'static str,
    pub retention: &'static str,
    pub checkpoint_timeout: &'static str,
    pub tolerable_failures: &'static str,
}

impl Keys {
    /// Every key, in the struct's order.
    pub fn all(&self) -> [&'static str; 10] {
        [
            self.max_parallelism,
            self.backend,
            self.incremental,
            self.claim_mode,
            self.restore_path,
            self.scheduler,
            self.checkpoint_dir,
            self.retention,
            self.checkpoint_timeout,
            self.tolerable_failures,
        ]
    }
}

impl Release {
    /// The first release whose REST API can set a running job's parallelism (FLIP-291).
    pub const IN_PLACE_SINCE: Release = Release::V1_18;

    pub const ALL: [Release; 10] = [
        Release::V1_15,
        Release::V1_16,
        Release::V1_17,
        Release::V1_18,
        Release::V1_19,
        Release::V1_20,
        Release::V2_0,
        Release::V2_1,
        Release::V2_2,
        Release::V2_3,
    ];

    /// The URL's word and the title: `1.15` … `2.3`.
    pub fn slug(self) -> &'static str {
        match self {
            Release::V1_15 => "1.15",
            Release::V1_16 => "1.16",
            Release::V1_17 => "1.17",
            Release::V1_18 => "1.18",
            Release::V1_19 => "1.19",
            Release::V1_20 => "1.20",
            Release::V2_0 => "2.0",
            Release::V2_1 => "2.1",
            Release::V2_2 => "2.2",
            Release::V2_3 => "2.3",
        }
    }

    /// The patch release whose jar the names were checked against.
    pub fn checked(self) -> &'static str {
        match self {
            Release::V1_15 => "1.15.4",
            Release::V1_16 => "1.16.3",
            Release::V1_17 => "1.17.2",
            Release::V1_18 => "1.18.1",
            Release::V1_19 => "1.19.3",
            Release::V1_20 => "1.20.5",
            Release::V2_0 => "2.0.2",
            Release::V2_1 => "2.1.3",
            Release::V2_2 => "2.2.1",
            Release::V2_3 => "2.3.0",
        }
    }

    /// 1.20 on: the new key names (`execution.state-recovery.*`, `execution.checkpointing.*`).
    fn new_names(self) -> bool {
        self >= Release::V1_20
    }

    pub fn keys(self) -> Keys {
        let new = self.new_names();
        Keys {
            max_parallelism: "pipeline.max-parallelism",
            backend: if self >= Release::V1_17 { "state.backend.type" } else { "state.backend" },
            incremental: if new { "execution.checkpointing.incremental" } else { "state.backend.incremental" },
            claim_mode: if new { "execution.state-recovery.claim-mode" } else { "execution.savepoint-restore-mode" },
            restore_path: if new { "execution.state-recovery.path" } else { "execution.savepoint.path" },
            scheduler: "jobmanager.scheduler",
            checkpoint_dir: if new { "execution.checkpointing.dir" } else { "state.checkpoints.dir" },
            retention: "execution.checkpointing.externalized-checkpoint-retention",
            checkpoint_timeout: "execution.checkpointing.timeout",
            tolerable_failures: "execution.checkpointing.tolerable-failed-checkpoints",
        }
    }

    /// The `flink run` option that sets the claim mode: `-rm` (`--restoreMode`) up to 1.19,
    /// `-cm` (`--claimMode`) from 1.20 (where `-rm` remains, deprecated).
    pub fn claim_option(self) -> &'static str {
        if self.new_names() {
            "-cm"
        } else {
            "-rm"
        }
    }

    /// Whether the REST API can set a running job's parallelism bounds
    /// (`PUT /jobs/:jobid/resource-requirements`, FLIP-291): from 1.18 on
    /// (`tests/flink-config-keys/observed-flink-<release>.txt`, its `rest` lines).
    pub fn rescales_in_place(self) -> bool {
        self >= Release::IN_PLACE_SINCE
    }

    /// Why this release cannot rescale a running job in place (`None` when it can), in the
    /// words the runbook, the in-place verdict and the operator route share.
    pub fn no_in_place_call(self) -> Option<String> {
        (!self.rescales_in_place()).then(|| {
            format!(
                "Flink {}'s REST API has no call to set a running job's parallelism (PUT /jobs/<job-id>/resource-requirements arrived in {})",
                self.slug(),
                Release::IN_PLACE_SINCE.slug()
            )
        })
    }

    /// The releases (of those the planner knows) that write a snapshot of metadata format
    /// `version` (see the savepoint reader's `releases_writing`): empty for an unknown version.
    pub fn writing_format(version: i32) -> &'static [Release] {
        match version {
            3 => &Release::ALL[..1],
            4 => &Release::ALL[1..6],
            5 => &Release::ALL[6..7],
            6 => &Release::ALL[7..],
            _ => &[],
        }
    }

    /// The release a runbook for a snapshot of format `version` is written for: the oldest
    /// that writes it, whose names every release that writes it accepts (table test).
    pub fn for_format(version: i32) -> Option<Release> {
        Release::writing_format(version).first().copied()
    }

    /// The names this release's runbook uses that `newer` renamed, as (this name, `newer`'s):
    /// the configuration keys, then `flink run`'s claim option. Where `newer` writes the same
    /// snapshot format, it still reads each old name, as a deprecated one (table test).
    pub fn renamed_by(self, newer: Release) -> Vec<(&'static str, &'static str)> {
        let mut renamed: Vec<_> =
            self.keys().all().into_iter().zip(newer.keys().all()).filter(|(old, new)| old != new).collect();
        if self.claim_option() != newer.claim_option() {
            renamed.push((self.claim_option(), newer.claim_option()));
        }
        renamed
    }

    /// `spec.flinkVersion` of the Kubernetes operator's `FlinkDeployment`.
    pub fn operator_version(self) -> String {
        format!("v{}", self.slug().replace('.', "_"))
    }

    /// Whether the operator's latest release (1.15.0) accepts this `spec.flinkVersion`: its CRD
    /// lists v1_13 … v2_2; v2_3 is only on main (1.16-SNAPSHOT)
    /// (`tests/flink-config-keys/operator-crd-*.txt`).
    pub fn operator_release_accepts(self) -> bool {
        self < Release::V2_3
    }
}

impl crate::choice::ChoiceValue for Release {
    fn values() -> &'static [Release] {
        &Release::ALL
    }
    fn slug(self) -> &'static str {
        Release::slug(self)
    }
    fn label(self) -> String {
        format!("Flink {} (checked against {})", self.slug(), self.checked())
    }
}

/// The Kubernetes operator release whose CRD the `FlinkDeployment` fields were checked against.
pub const OPERATOR_RELEASE: &str = "flink-kubernetes-operator 1.15.0";

#[cfg(test)]
pub(crate) mod tests;
