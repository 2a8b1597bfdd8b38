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

impl Release {
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
        self >= Release::V1_18
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
pub(crate) mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// One release's committed observation: its primary keys, its deprecated-only keys, its
    /// CLI options (short and long forms), and per verb the options that verb accepts.
    pub(crate) struct Observed {
        pub keys: BTreeSet<String>,
        pub fallbacks: BTreeSet<String>,
        pub cli: BTreeSet<String>,
        pub verbs: BTreeMap<String, BTreeSet<String>>,
        pub version: String,
        /// What a fresh `CheckpointConfig` gives for each getter: the value a job runs with.
        pub effective: BTreeMap<String, String>,
        /// The REST calls for a job's resource requirements the jar has (`PUT /jobs/:jobid/…`).
        pub rest: BTreeSet<String>,
    }

    pub(crate) fn observed(r: Release) -> Observed {
        let text = match r {
            Release::V1_15 => include_str!("../../../tests/flink-config-keys/observed-flink-1.15.4.txt"),
            Release::V1_16 => include_str!("../../../tests/flink-config-keys/observed-flink-1.16.3.txt"),
            Release::V1_17 => include_str!("../../../tests/flink-config-keys/observed-flink-1.17.2.txt"),
            Release::V1_18 => include_str!("../../../tests/flink-config-keys/observed-flink-1.18.1.txt"),
            Release::V1_19 => include_str!("../../../tests/flink-config-keys/observed-flink-1.19.3.txt"),
            Release::V1_20 => include_str!("../../../tests/flink-config-keys/observed-flink-1.20.5.txt"),
            Release::V2_0 => include_str!("../../../tests/flink-config-keys/observed-flink-2.0.2.txt"),
            Release::V2_1 => include_str!("../../../tests/flink-config-keys/observed-flink-2.1.3.txt"),
            Release::V2_2 => include_str!("../../../tests/flink-config-keys/observed-flink-2.2.1.txt"),
            Release::V2_3 => include_str!("../../../tests/flink-config-keys/observed-flink-2.3.0.txt"),
        };
        let mut o = Observed {
            keys: BTreeSet::new(),
            fallbacks: BTreeSet::new(),
            cli: BTreeSet::new(),
            verbs: BTreeMap::new(),
            version: String::new(),
            effective: BTreeMap::new(),
            rest: BTreeSet::new(),
        };
        for line in text.lines() {
            if let Some(v) = line.strip_prefix("# Flink ") {
                o.version = v.to_string();
            } else if let Some(rest) = line.strip_prefix("option ") {
                let cols: Vec<&str> = rest.split(" | ").collect();
                o.keys.insert(cols[0].to_string());
                for fb in cols[2].split(',').filter(|s| !s.is_empty()) {
                    o.fallbacks.insert(fb.trim_end_matches('*').to_string());
                }
            } else if let Some(rest) = line.strip_prefix("cli ") {
                let cols: Vec<&str> = rest.split(" | ").collect();
                o.cli.insert(cols[0].to_string());
                o.cli.insert(cols[1].to_string());
            } else if let Some(rest) = line.strip_prefix("effective CheckpointConfig.") {
                let (getter, value) = rest.split_once(" | ").expect("effective <getter> | <value>");
                o.effective.insert(getter.to_string(), value.to_string());
            } else if let Some(rest) = line.strip_prefix("rest ") {
                o.rest.insert(rest.split_once(" | ").map_or(rest, |(_, call)| call).to_string());
            } else if let Some(rest) = line.strip_prefix("verb ") {
                // `verb run | -s | --fromSavepoint | arg`: `--null` is an option without a long form.
                let cols: Vec<&str> = rest.split(" | ").collect();
                let accepted = o.verbs.entry(cols[0].to_string()).or_default();
                accepted.extend(cols[1..3].iter().filter(|w| **w != "--null" && **w != "-null").map(|w| w.to_string()));
            }
        }
        o
    }

    pub(crate) fn all_keys(k: &Keys) -> [&'static str; 8] {
        [
            k.max_parallelism,
            k.backend,
            k.incremental,
            k.claim_mode,
            k.restore_path,
            k.scheduler,
            k.checkpoint_dir,
            k.retention,
        ]
    }

    /// Every key the planner names for a release is a primary key of that release's jar (not a
    /// deprecated fallback), and the claim option exists in its CLI.
    #[test]
    fn every_key_and_option_exists_in_its_release() {
        for r in Release::ALL {
            let o = observed(r);
            assert_eq!(o.version, r.checked(), "{r:?}: the file is the checked release's");
            for key in all_keys(&r.keys()) {
                assert!(o.keys.contains(key), "{}: {key} is not a key of {}", r.slug(), r.checked());
            }
            assert!(o.cli.contains(r.claim_option()), "{}: no {}", r.slug(), r.claim_option());
            assert_eq!(<Release as crate::choice::ChoiceValue>::from_slug(r.slug()), Some(r));
        }
    }

    /// The runbook's "at the defaults (10 min and 0)" holds in every release: a job that sets
    /// nothing gets a 10-minute checkpoint timeout and no tolerated failure, also where the option
    /// table lists the tolerated failures as "(none)" (1.15 to 1.18).
    #[test]
    fn checkpoint_defaults_as_a_job_gets_them() {
        use crate::planner::first_checkpoint::{DEFAULT_TIMEOUT_S, DEFAULT_TOLERABLE};
        for r in Release::ALL {
            let e = observed(r).effective;
            assert_eq!(e.get("getCheckpointTimeout"), Some(&(DEFAULT_TIMEOUT_S * 1000).to_string()), "{}", r.slug());
            assert_eq!(
                e.get("getTolerableCheckpointFailureNumber"),
                Some(&DEFAULT_TOLERABLE.to_string()),
                "{}",
                r.slug()
            );
        }
    }

    /// In-place rescaling needs the REST call that sets a running job's parallelism bounds: absent
    /// from 1.15 to 1.17, present from 1.18 on.
    #[test]
    fn in_place_rescaling_where_the_jar_has_its_rest_call() {
        for r in Release::ALL {
            let put = observed(r).rest.contains("PUT /jobs/:jobid/resource-requirements");
            assert_eq!(r.rescales_in_place(), put, "{}", r.slug());
        }
    }

    /// The renames, as observed: the old key is only a deprecated fallback once the new one exists.
    #[test]
    fn renames_table() {
        let cases = [
            (Release::V1_16, "state.backend", false),
            (Release::V1_17, "state.backend", true),
            (Release::V1_19, "execution.savepoint-restore-mode", false),
            (Release::V2_0, "execution.savepoint-restore-mode", true),
            (Release::V2_0, "state.backend.incremental", true),
            (Release::V2_3, "execution.savepoint.path", true),
            (Release::V2_3, "state.checkpoints.dir", true),
        ];
        for (r, key, only_fallback) in cases {
            let o = observed(r);
            assert_eq!(!o.keys.contains(key) && o.fallbacks.contains(key), only_fallback, "{} {key}", r.slug());
        }
        assert!(!observed(Release::V1_19).cli.contains("-cm"));
        assert!(observed(Release::V2_3).cli.contains("--claimMode"));
    }

    /// The operator's CRD: v2_3 is in main's flinkVersion enum, not in release-1.15.0's.
    #[test]
    fn operator_flink_versions() {
        let crd = include_str!("../../../tests/flink-config-keys/operator-crd-release-1.15.0.txt");
        let main = include_str!("../../../tests/flink-config-keys/operator-crd-HEAD.txt");
        let versions = |t: &str| {
            t.lines()
                .find_map(|l| l.strip_prefix("field spec.flinkVersion enum "))
                .map(|v| v.split(',').map(str::to_string).collect::<Vec<_>>())
                .unwrap_or_default()
        };
        for r in Release::ALL {
            let v = r.operator_version();
            assert_eq!(versions(crd).contains(&v), r.operator_release_accepts(), "{v}");
            assert!(versions(main).contains(&v), "{v}");
        }
    }
}
