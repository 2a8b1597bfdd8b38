//! The releases' table tests against what each release's jar printed
//! (`tests/flink-config-keys/observed-flink-<release>.txt`): [`observed`] reads one file, the
//! tests hold the keys, CLI options, renames, checkpoint defaults and REST calls the planner names.

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
    /// Each key's default as the jar prints it (`PT30S`, `(none)`).
    pub defaults: BTreeMap<String, String>,
}

pub(crate) fn observed(r: Release) -> Observed {
    let at = Release::ALL.iter().position(|&each| each == r).expect("every release is in ALL");
    let text = crate::observed::CONFIG_KEYS[at].1;
    let mut o = Observed {
        keys: BTreeSet::new(),
        fallbacks: BTreeSet::new(),
        cli: BTreeSet::new(),
        verbs: BTreeMap::new(),
        version: String::new(),
        effective: BTreeMap::new(),
        rest: BTreeSet::new(),
        defaults: BTreeMap::new(),
    };
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("# Flink ") {
            o.version = v.to_string();
        } else if let Some(rest) = line.strip_prefix("option ") {
            let cols: Vec<&str> = rest.split(" | ").collect();
            o.keys.insert(cols[0].to_string());
            o.defaults.insert(cols[0].to_string(), cols[3].to_string());
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
        assert_eq!(e.get("getTolerableCheckpointFailureNumber"), Some(&DEFAULT_TOLERABLE.to_string()), "{}", r.slug());
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

/// The adaptive scheduler's waits the in-place section names are that release's own keys with
/// their defaults; 1.18 has none of them, and from 2.0 the 1.19 name is only a fallback.
#[test]
fn scheduler_waits_as_each_release_names_them() {
    use crate::planner::in_place::scheduler_waits;
    let every =
        ["executing.resource-stabilization-timeout", "executing.cooldown-after-rescaling", "scaling-interval.min"]
            .map(|k| format!("jobmanager.adaptive-scheduler.{k}"));
    for r in Release::ALL.into_iter().filter(|r| r.rescales_in_place()) {
        let o = observed(r);
        let named: Vec<&str> = scheduler_waits(r).iter().map(|w| w.option).collect();
        for w in scheduler_waits(r) {
            assert_eq!(o.defaults.get(w.option).map(String::as_str), Some(w.default), "{}: {}", r.slug(), w.option);
        }
        // Of the waits the sentence speaks of (resources settling while the job runs, the
        // time between rescales), every one the jar has as a key of its own is named, and none
        // of another release's. (The others, such as scaling-interval.max, are not spoken of.)
        for key in &every {
            let primary = o.keys.contains(key) && !o.fallbacks.contains(key);
            assert_eq!(primary, named.contains(&key.as_str()), "{}: {key}", r.slug());
        }
    }
    assert!(scheduler_waits(Release::V1_18).is_empty());
    assert!(observed(Release::V2_0).fallbacks.contains("jobmanager.adaptive-scheduler.scaling-interval.min"));
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
    let crd = include_str!("../../../../tests/flink-config-keys/operator-crd-release-1.15.0.txt");
    let main = include_str!("../../../../tests/flink-config-keys/operator-crd-HEAD.txt");
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

/// A canonical savepoint each release wrote (`tests/flink-savepoints/fixtures/`).
fn savepoint_written_by(r: Release) -> &'static [u8] {
    macro_rules! fixture {
        ($release:literal) => {
            include_bytes!(concat!(
                "../../../../tests/flink-savepoints/fixtures/",
                $release,
                "/hashmap-canonical-savepoint/_metadata"
            ))
        };
    }
    match r {
        Release::V1_15 => fixture!("1.15.4"),
        Release::V1_16 => fixture!("1.16.3"),
        Release::V1_17 => fixture!("1.17.2"),
        Release::V1_18 => fixture!("1.18.1"),
        Release::V1_19 => fixture!("1.19.3"),
        Release::V1_20 => fixture!("1.20.3"),
        Release::V2_0 => fixture!("2.0.2"),
        Release::V2_1 => fixture!("2.1.3"),
        Release::V2_2 => fixture!("2.2.1"),
        Release::V2_3 => fixture!("2.3.0"),
    }
}

/// The format each release writes is the one its own savepoint carries: every release of the
/// planner has a real file, so the ranges the reader and the runbook name are observed ones.
#[test]
fn each_release_writes_the_format_its_real_savepoint_carries() {
    let mut formats = Vec::new();
    for r in Release::ALL {
        let version = crate::savepoint::parse(savepoint_written_by(r)).unwrap().version;
        assert!(Release::writing_format(version).contains(&r), "{} wrote format {version}", r.slug());
        formats.push(version);
    }
    assert_eq!(formats, [3, 4, 4, 4, 4, 4, 5, 6, 6, 6]);
}

/// A runbook for a snapshot is written for the oldest release that writes its format: every
/// key it names is a key (or a deprecated fallback still read) of every release that writes the
/// format, and its claim option is one `flink run` takes in each; the ranges are the savepoint
/// reader's, checked against real files of each format.
#[test]
fn a_snapshots_runbook_is_one_every_writing_release_accepts() {
    for (version, range) in
        [(3, "Flink 1.11 to 1.15"), (4, "Flink 1.16 to 1.20"), (5, "Flink 2.0"), (6, "Flink 2.1 to 2.3")]
    {
        let said = crate::savepoint::table::releases_writing(version);
        assert!(said.starts_with(range), "{said}");
        let writers = Release::writing_format(version);
        let last = writers.last().unwrap().slug();
        assert!(range.ends_with(last), "{range} ends at {last}");
        let oldest = Release::for_format(version).unwrap();
        assert_eq!(Some(&oldest), writers.first());
        let k = oldest.keys();
        for r in writers {
            let o = observed(*r);
            for key in all_keys(&k).into_iter().chain([k.checkpoint_timeout, k.tolerable_failures]) {
                assert!(
                    o.keys.contains(key) || o.fallbacks.contains(key),
                    "{key} (for {}) in {}",
                    oldest.slug(),
                    r.checked()
                );
            }
            assert!(o.verbs["run"].contains(oldest.claim_option()), "{} in {}", oldest.claim_option(), r.checked());
            // What a later writer renamed it reads as the new key's deprecated name; the rest it
            // reads as they are.
            for (old, new) in oldest.renamed_by(*r) {
                if old.starts_with('-') {
                    assert!(o.verbs["run"].contains(new), "{new} in {}", r.checked());
                } else {
                    assert!(o.fallbacks.contains(old) && o.keys.contains(new), "{old} -> {new} in {}", r.checked());
                }
            }
            let renamed: Vec<&str> = oldest.renamed_by(*r).into_iter().map(|(old, _)| old).collect();
            for key in k.all().into_iter().filter(|key| !renamed.contains(key)) {
                assert!(o.keys.contains(key), "{key} (for {}) is a key of {}", oldest.slug(), r.checked());
            }
        }
    }
    assert_eq!((Release::for_format(2), Release::for_format(7)), (None, None));
    // Adjacent formats share no release, and together they cover every release.
    let all: Vec<Release> = (3..=6).flat_map(|v| Release::writing_format(v).to_vec()).collect();
    assert_eq!(all, Release::ALL.to_vec());
}
