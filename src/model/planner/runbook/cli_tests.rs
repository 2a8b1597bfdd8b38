//! The runbook's commands as the real `bin/flink` of each release parsed them: every distinct
//! command the runbooks print for seed 004 (each verdict, max parallelism 1200 as the planner
//! chooses for it, a running job and one that is down, either backend), per release, is listed
//! in `tests/flink-config-keys/runbook-commands.txt` (`<release> | <command>`), which
//! `tests/flink-config-keys/cli-verbs.sh <version>` runs through that release's `bin/flink`
//! (placeholders filled in, no cluster: a command either fails on its options at once or gets
//! past them to the jar or the REST call), writing `cli-verbs-flink-<version>.txt`. These tests
//! hold the list equal to the runbooks and every command of each release run to "parsed"; the
//! script's own controls (an option of another verb) must read "refused", so the observation can
//! tell the two apart. Releases 1.15 to 1.18 have no `apache-flink` wheel for this machine's
//! Python (3.11), so no `bin/flink` of theirs ran: their commands are listed, not observed.

use std::collections::BTreeSet;

use super::*;

const COMMANDS: &str = include_str!("../../../../tests/flink-config-keys/runbook-commands.txt");
/// What each release's `bin/flink` said, (version, report), oldest first.
const OBSERVED: [(&str, &str); 6] = [
    ("1.19.3", include_str!("../../../../tests/flink-config-keys/cli-verbs-flink-1.19.3.txt")),
    ("1.20.5", include_str!("../../../../tests/flink-config-keys/cli-verbs-flink-1.20.5.txt")),
    ("2.0.2", include_str!("../../../../tests/flink-config-keys/cli-verbs-flink-2.0.2.txt")),
    ("2.1.3", include_str!("../../../../tests/flink-config-keys/cli-verbs-flink-2.1.3.txt")),
    ("2.2.1", include_str!("../../../../tests/flink-config-keys/cli-verbs-flink-2.2.1.txt")),
    ("2.3.0", include_str!("../../../../tests/flink-config-keys/cli-verbs-flink-2.3.0.txt")),
];

/// The distinct commands of `release`'s runbooks for seed 004.
fn runbook_commands(release: Release) -> BTreeSet<String> {
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
                    release,
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

/// Every release's commands, as the list writes them: `<release> | <command>`.
fn listed_commands() -> BTreeSet<String> {
    Release::ALL
        .into_iter()
        .flat_map(|r| runbook_commands(r).into_iter().map(move |c| format!("{} | {c}", r.slug())))
        .collect()
}

/// The list the script ran is the runbooks' own; when a runbook changes, set
/// `RESCALE_WRITE_RUNBOOK_COMMANDS=1` to rewrite the list, then re-run the script.
#[test]
fn the_commands_observed_are_the_runbooks_commands() {
    let expected = listed_commands();
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
fn observed(report: &str) -> Vec<(bool, String, String)> {
    report
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
    for (version, report) in OBSERVED {
        let release = Release::ALL.into_iter().find(|r| version.starts_with(&format!("{}.", r.slug()))).unwrap();
        let seen = observed(report);
        assert!(report.starts_with(&format!("# Flink {version} ")), "the observation is {version}'s");
        let commands = runbook_commands(release);
        for command in &commands {
            let row = seen
                .iter()
                .find(|(_, c, _)| c == command)
                .unwrap_or_else(|| panic!("{version}: not observed: {command}"));
            assert!(row.0, "{version}: bin/flink did not take {command}: {}", row.2);
            assert!(!row.2.trim().is_empty(), "{version}: {command}: parsed, yet said nothing after its options");
        }
        let controls: Vec<_> = seen.iter().filter(|(_, c, _)| !commands.contains(c)).collect();
        assert!(controls.len() >= 3, "{version}: the script's controls are in the file");
        for (parsed, command, said) in controls {
            assert!(!parsed && said.starts_with("Unrecognized option"), "{version}: {command}: {said}");
        }
    }
    // Every release since 1.19 ran: the list's newest releases, none skipped.
    let run: Vec<&str> = OBSERVED.iter().map(|(v, _)| &v[..v.rfind('.').unwrap()]).collect();
    let since: Vec<&str> = Release::ALL.iter().map(|r| r.slug()).skip_while(|s| *s != "1.19").collect();
    assert_eq!(run, since);
}
