//! The runbook's commands as the real `bin/flink` of Flink 2.3.0 parsed them: every distinct
//! command the 2.3 runbooks print for seed 004 (each verdict, max parallelism 1200 as the planner
//! chooses for it, a running job and one that is down, either
//! backend) is listed in `tests/flink-config-keys/runbook-commands.txt`, which
//! `tests/flink-config-keys/cli-verbs.sh` runs through `bin/flink` (placeholders filled in, no
//! cluster: a command either fails on its options at once or gets past them to the jar or the
//! REST call), writing `cli-verbs-flink-2.3.0.txt`. These tests hold the list equal to the
//! runbooks and every command to "parsed"; the script's own controls (an option of another verb)
//! must read "refused", so the observation can tell the two apart.

use std::collections::BTreeSet;

use super::*;

const COMMANDS: &str = include_str!("../../../../tests/flink-config-keys/runbook-commands.txt");
const OBSERVED: &str = include_str!("../../../../tests/flink-config-keys/cli-verbs-flink-2.3.0.txt");

fn runbook_commands() -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for verdict in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog] {
        let (max_parallelism, target) = if verdict == Verdict::DirectRestore { (128, 100) } else { (1200, 200) };
        for (job, latest) in [
            (JobStatus::Running, SnapshotKind::AlignedCheckpoint),
            (JobStatus::Down, SnapshotKind::AlignedCheckpoint),
            (JobStatus::Down, SnapshotKind::CanonicalSavepoint),
        ] {
            for backend in [Backend::RocksDb, Backend::HashMap] {
                let input = RunbookInput {
                    release: Release::V2_3,
                    verdict,
                    target,
                    max_parallelism,
                    backend,
                    current: 24,
                    job,
                    latest,
                    first_checkpoint_s: 13_981,
                    saved_max: 128,
                    partitions: 256,
                    transactional: true,
                };
                all.extend(input.runbook().steps.into_iter().flat_map(|s| s.cli));
            }
        }
    }
    all
}

/// The list the script ran is the runbooks' own; when a runbook changes, set
/// `RESCALE_WRITE_RUNBOOK_COMMANDS=1` to rewrite the list, then re-run the script.
#[test]
fn the_commands_observed_are_the_runbooks_commands() {
    let expected = runbook_commands();
    if std::env::var_os("RESCALE_WRITE_RUNBOOK_COMMANDS").is_some() {
        let text = expected.iter().map(|c| format!("{c}\n")).collect::<String>();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/flink-config-keys/runbook-commands.txt");
        std::fs::write(path, text).expect("the list is written");
        return;
    }
    let listed: BTreeSet<String> = COMMANDS.lines().filter(|l| !l.is_empty()).map(String::from).collect();
    assert_eq!(listed, expected, "the runbooks changed: rewrite the list and re-run cli-verbs.sh");
}

/// `parsed | <command> | <what bin/flink did next>`, `refused | <command> | <what it said>`, or
/// `silent | <command> |` (nothing said in the script's time: proof of neither), per line.
fn observed() -> Vec<(bool, String, String)> {
    OBSERVED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut cols = l.splitn(3, " | ");
            let verdict = cols.next().unwrap_or_default();
            assert!(["parsed", "refused", "silent"].contains(&verdict), "{l}");
            (
                verdict == "parsed",
                cols.next().unwrap_or_default().to_string(),
                cols.next().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[test]
fn bin_flink_took_every_runbook_command_and_refused_the_controls() {
    let seen = observed();
    assert!(OBSERVED.starts_with("# Flink 2.3.0"), "the observation is 2.3.0's");
    for command in runbook_commands() {
        let row = seen.iter().find(|(_, c, _)| *c == command).unwrap_or_else(|| panic!("not observed: {command}"));
        assert!(row.0, "bin/flink did not take {command}: {}", row.2);
        assert!(!row.2.trim().is_empty(), "{command}: parsed, yet said nothing after its options");
    }
    let controls: Vec<_> = seen.iter().filter(|(_, c, _)| !runbook_commands().contains(c)).collect();
    assert!(controls.len() >= 3, "the script's controls are in the file");
    for (parsed, command, said) in controls {
        assert!(!parsed && said.starts_with("Unrecognized option"), "{command}: {said}");
    }
}
