//! Table tests of what the runbook asks of the deployment around the job: every
//! `FlinkDeployment` field it names is in the Kubernetes operator's CRD, and a second job's own
//! transactional id prefix is asked only of transactional sinks.

use super::tests::input;
use super::*;

/// Every FlinkDeployment field named is in the operator's CRD (release-1.15.0).
#[test]
fn every_operator_field_is_in_the_crd() {
    let crd = include_str!("../../../../tests/flink-config-keys/operator-crd-release-1.15.0.txt");
    let fields: Vec<&str> =
        crd.lines().filter_map(|l| l.strip_prefix("field ")).map(|l| l.split(' ').next().unwrap()).collect();
    let enums = |f: &str| {
        crd.lines().find_map(|l| l.strip_prefix(&format!("field {f} enum "))).map(|v| v.split(',').collect::<Vec<_>>())
    };
    for v in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog] {
        for st in input(Release::V2_3, v).runbook().steps {
            for f in st.k8s.iter().filter(|f| f.starts_with("spec.")) {
                let (name, value) = f.split_once(": ").unwrap();
                assert!(fields.contains(&name), "{name}");
                if let Some(allowed) = enums(name) {
                    assert!(allowed.contains(&value), "{name}: {value}");
                }
            }
        }
    }
}

/// The shadow's own transactional id prefix is asked only of transactional sinks.
#[test]
fn the_shadow_keeps_its_own_transactional_id_only_with_transactional_sinks() {
    for (transactional, said) in [(true, true), (false, false)] {
        let book = RunbookInput { transactional, ..input(Release::V2_3, Verdict::RewriteNeeded) }.runbook();
        let shadow = book.steps.iter().find(|s| s.title.starts_with("Start the shadow job")).unwrap();
        assert_eq!(shadow.title.contains("transactional id prefix"), said, "{}", shadow.title);
        assert!(shadow.title.contains("its own consumer group"));
    }
}
