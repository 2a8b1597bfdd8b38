//! Table and property tests of `snapshot_kinds.rs`.

use super::*;
use crate::choice::ChoiceValue;
use crate::planner::JobStatus;

use crate::observed::{SNAPSHOT_KINDS as OBSERVED, SNAPSHOT_KINDS_EARLIER};

/// The summary line of one restore: `<kind> (<backend>) -> <backend> at p=3, <MODE>: <verdict>`.
fn summary(prefix: &str) -> &'static str {
    summary_in(OBSERVED, prefix)
}

/// [`summary`] in one release's report.
fn summary_in(report: &'static str, prefix: &str) -> &'static str {
    let summary = report.split("==== SUMMARY ====").nth(1).unwrap_or("");
    summary.lines().find(|l| l.starts_with(prefix)).map(|l| l.rsplit(": ").next().unwrap()).unwrap_or("")
}

/// Every release the program ran on, (version, report), 2.3.0 first.
fn every_release() -> Vec<(&'static str, &'static str)> {
    std::iter::once(("2.3.0", OBSERVED)).chain(SNAPSHOT_KINDS_EARLIER).collect()
}

fn prefix(kind: SnapshotKind) -> &'static str {
    match kind {
        SnapshotKind::CanonicalSavepoint => "canonical savepoint (hashmap)",
        SnapshotKind::NativeSavepoint => "native savepoint (rocksdb)",
        SnapshotKind::AlignedCheckpoint => "retained aligned checkpoint (rocksdb)",
        SnapshotKind::UnalignedCheckpoint => "retained unaligned checkpoint (hashmap)",
    }
}

fn other(backend: &str) -> &str {
    if backend == "hashmap" {
        "rocksdb"
    } else {
        "hashmap"
    }
}

/// Every observed cell is what Flink 2.3.0 did.
#[test]
fn observed_cells_hold() {
    assert!(OBSERVED.starts_with("Flink version: 2.3.0"));
    assert!(OBSERVED.contains("Snapshots taken at p=2 with the input frozen"));
    for kind in SnapshotKind::ALL {
        let p = prefix(kind);
        let backend = p.split('(').nth(1).unwrap().trim_end_matches(')');
        let same = summary(&format!("{p} -> {backend} at p=3, NO_CLAIM"));
        assert_eq!(same, "restored", "{kind:?}");
        // The snapshots were taken with the input frozen: the unaligned checkpoint held no
        // in-flight data, and its cell says so.
        let source = match kind {
            SnapshotKind::UnalignedCheckpoint => Source::ObservedWithoutInFlight,
            _ => Source::Observed,
        };
        assert_eq!(kind.can(Operation::ChangeParallelism), Cell { yes: true, guaranteed: true, source });
        let switched = summary(&format!("{p} -> {} at p=3, NO_CLAIM", other(backend)));
        let cell = kind.can(Operation::ChangeBackend);
        assert_eq!(cell.source, Source::Observed);
        assert_eq!(switched == "restored", cell.yes, "{kind:?}: {switched}");
        assert_eq!(switched == "refused", !cell.yes, "{kind:?}: {switched}");
    }
    let line_of = |kind: &str, mode: &str| {
        OBSERVED.lines().find(|l| l.starts_with(kind) && l.contains(&format!(", {mode}: "))).unwrap_or("")
    };
    assert!(line_of("canonical savepoint (second)", "CLAIM").ends_with("snapshot deleted"));
    assert!(line_of("retained aligned checkpoint (second)", "CLAIM").ends_with("snapshot deleted"));
    assert!(line_of("canonical savepoint (third)", "NO_CLAIM").ends_with("snapshot kept"));
    assert!(line_of("retained aligned checkpoint (third)", "NO_CLAIM").ends_with("snapshot kept"));
    for (kind, op) in [
        (SnapshotKind::CanonicalSavepoint, Operation::ClaimDeletes),
        (SnapshotKind::AlignedCheckpoint, Operation::ClaimDeletes),
        (SnapshotKind::AlignedCheckpoint, Operation::NoClaimKeeps),
        (SnapshotKind::CanonicalSavepoint, Operation::NoClaimKeeps),
    ] {
        assert_eq!(kind.can(op).source, Source::Observed, "{kind:?} {op:?}");
    }
    assert!(OBSERVED.contains("Unexpected state handle type"));
    // The backend change both ways, for every kind: taken with the heap backend and restored
    // with RocksDB, and the other way, each as the table says.
    for kind in SnapshotKind::ALL {
        let name = prefix(kind).split(" (").next().unwrap();
        for (from, to) in [("hashmap", "rocksdb"), ("rocksdb", "hashmap")] {
            assert_eq!(summary(&format!("{name} ({from}) -> {from} at p=3, NO_CLAIM")), "restored", "{kind:?} {from}");
            let switched = summary(&format!("{name} ({from}) -> {to} at p=3, NO_CLAIM"));
            let expected = if kind.can(Operation::ChangeBackend).yes { "restored" } else { "refused" };
            assert_eq!(switched, expected, "{kind:?}: {from} -> {to}");
        }
    }
}

/// The handles each snapshot's `_metadata` holds, as Flink read them back, on every release run
/// (1.20.5 to 2.3.0): RocksDB writes its own
/// (native) handle for checkpoints with incremental checkpoints off too, so a retained RocksDB
/// checkpoint never restores with the heap backend, full or incremental (the table's aligned
/// cell); key-group streams in a checkpoint come from the heap backend (`recorded.rs`).
#[test]
fn what_each_snapshot_holds_as_observed() {
    for (version, report) in every_release() {
        holds_as_observed(version, report);
    }
}

fn holds_as_observed(version: &str, report: &'static str) {
    assert!(report.starts_with(&format!("Flink version: {version} ")), "{version}");
    let handles = |title: &str| {
        let case =
            report.split(&format!("==== {title}\n")).nth(1).unwrap_or_else(|| panic!("{version}: no case {title}"));
        let line = case.lines().find(|l| l.contains("keyed state handles")).expect("the handles line");
        line.rsplit(": ").next().unwrap()
    };
    for (title, held) in [
        ("canonical savepoint (hashmap) -> hashmap at p=3, NO_CLAIM", "KeyGroupsSavepointStateHandle"),
        ("canonical savepoint (rocksdb) -> rocksdb at p=3, NO_CLAIM", "KeyGroupsSavepointStateHandle"),
        ("native savepoint (rocksdb) -> rocksdb at p=3, NO_CLAIM", "IncrementalRemoteKeyedStateHandle"),
        ("native savepoint (hashmap) -> hashmap at p=3, NO_CLAIM", "KeyGroupsStateHandle"),
        ("retained aligned checkpoint (rocksdb) -> rocksdb at p=3, NO_CLAIM", "IncrementalRemoteKeyedStateHandle"),
        (
            "retained aligned checkpoint, full (rocksdb) -> rocksdb at p=3, NO_CLAIM",
            "IncrementalRemoteKeyedStateHandle",
        ),
        ("retained aligned checkpoint (hashmap) -> hashmap at p=3, NO_CLAIM", "KeyGroupsStateHandle"),
    ] {
        assert_eq!(handles(title), held, "{version}: {title}");
    }
    let full = summary_in(report, "retained aligned checkpoint, full (rocksdb) -> hashmap at p=3, NO_CLAIM");
    assert_eq!(full == "restored", SnapshotKind::AlignedCheckpoint.can(Operation::ChangeBackend).yes);
    assert_eq!(full, "refused", "{version}");
}

/// The table's cells hold for every release the program ran on, not 2.3.0 alone: each earlier
/// release restored and refused exactly the same cases (its whole summary is 2.3.0's).
#[test]
fn every_release_run_gives_the_outcomes_of_2_3_0() {
    // The summary's lines, after the rest of its title line.
    let cases = |report: &'static str| -> Vec<&'static str> {
        report.split("==== SUMMARY ====").nth(1).expect("the summary").lines().skip(1).collect()
    };
    assert_eq!(SNAPSHOT_KINDS_EARLIER.map(|(v, _)| v), ["1.20.5", "2.0.2", "2.1.3", "2.2.1"]);
    for (version, report) in SNAPSHOT_KINDS_EARLIER {
        assert_eq!(cases(report), cases(OBSERVED), "{version}");
    }
    assert_eq!(cases(OBSERVED).len(), 22);
}

/// The plan never asks a snapshot for what the table refuses, whatever the job keeps.
#[test]
fn plans_ask_only_what_the_table_allows() {
    for (v, job) in [Verdict::DirectRestore, Verdict::RewriteNeeded, Verdict::RebuildFromLog]
        .into_iter()
        .flat_map(|v| [(v, JobStatus::Running), (v, JobStatus::Down)])
    {
        for have in SnapshotKind::ALL {
            let needs = plan_needs(v, have, job);
            assert!(!needs.is_empty());
            for n in &needs {
                assert!(n.cell.yes, "{v:?} {have:?}: {} asks {:?} of {:?}", n.step, n.op, n.kind);
                assert!(n.kind == have || n.kind == SnapshotKind::CanonicalSavepoint);
            }
            // Nothing is ever rewritten or switched from a retained checkpoint.
            assert!(!needs.iter().any(|n| n.kind != SnapshotKind::CanonicalSavepoint
                && matches!(n.op, Operation::StateProcessorRead | Operation::ChangeBackend)));
        }
    }
    // Seed 004: only retained checkpoints, a rewrite.
    let seed = plan_needs(Verdict::RewriteNeeded, SnapshotKind::AlignedCheckpoint, JobStatus::Down);
    assert_eq!(seed[0].kind, SnapshotKind::AlignedCheckpoint);
    assert!(seed.iter().any(|n| n.op == Operation::StateProcessorRead && n.kind == SnapshotKind::CanonicalSavepoint));
    assert_eq!(SnapshotKind::from_slug("checkpoint"), Some(SnapshotKind::AlignedCheckpoint));
    assert!(!SnapshotKind::UnalignedCheckpoint.can(Operation::StateProcessorRead).yes);
    assert_eq!(SnapshotKind::AlignedCheckpoint.can(Operation::StateProcessorRead).answer(), "works, not guaranteed");
    assert_eq!(SnapshotKind::CanonicalSavepoint.can(Operation::StateProcessorRead).answer(), "yes");
    // A job that is down, restored straight at the target: from its own latest snapshot, and
    // nothing is asked of a canonical savepoint it does not have.
    for have in SnapshotKind::ALL {
        let needs = plan_needs(Verdict::DirectRestore, have, JobStatus::Down);
        assert!(needs.iter().all(|n| n.kind == have), "{needs:?}");
        assert_eq!(
            needs.iter().map(|n| n.op).collect::<Vec<_>>(),
            [Operation::ChangeParallelism, Operation::NoClaimKeeps]
        );
    }
}

#[test]
fn csv_has_a_row_per_cell() {
    let csv = snapshot_kinds_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 4 * 5);
    assert_eq!(lines[0], "snapshot,operation,allowed,source,guaranteed");
    assert!(lines.contains(&"native,change_backend,no,observed,yes"));
    assert!(lines.contains(&"unaligned,state_processor_read,no,documented,yes"));
    // Flink's "works, not guaranteed" (its table's "!").
    assert!(lines.contains(&"native,state_processor_read,yes,documented,no"));
    assert!(lines.contains(&"checkpoint,state_processor_read,yes,documented,no"));
    assert!(lines.contains(&"canonical,state_processor_read,yes,documented,yes"));
    assert!(csv.ends_with('\n'));
}
