//! The guided path: every exercise kind graded by the model, and the progress format.

use super::*;
use crate::planner::snapshot_kinds::SnapshotKind;
use crate::trace::schema::Backend;

#[test]
fn the_default_path_is_answered_by_the_model() {
    let cases: [(ExerciseKind, &str, bool); 9] = [
        (ExerciseKind::CoverageReach { m: 8, a: 3 }, "8", true),
        (ExerciseKind::CoverageReach { m: 8, a: 2 }, "8", false),
        (ExerciseKind::CoverageReach { m: 8, a: 2 }, "4", true),
        (ExerciseKind::OwnerOfGroup { max: 128, p: 100, group: 77 }, "60", true),
        (ExerciseKind::BusiestGroups { max: 128, p: 100 }, "2", true),
        (ExerciseKind::RestoreStarts { saved_max: 128, p: 200 }, "no", true),
        (ExerciseKind::RestoreStarts { saved_max: 128, p: 100 }, "YES", true),
        (ExerciseKind::RescaleFixesHotKey { n: 1000, hot: 30, p: 8, q: 32 }, "no", true),
        (ExerciseKind::PointOfNoReturn { current: 24, target: 200, first: 24 }, "7", true),
    ];
    for (kind, response, expected) in cases {
        let kind = kind.validate().unwrap();
        assert_eq!(grade(&kind, response), Ok(expected), "{kind:?} {response}");
    }
    assert!(grade(&ExerciseKind::RestoreStarts { saved_max: 128, p: 200 }, "maybe").is_err());
    // The reasons a learner reads: the restore's in plain words before Flink's check and message,
    // the point of no return counted in the planner's Steps list.
    let restore = ExerciseKind::RestoreStarts { saved_max: 128, p: 200 }.solve().1;
    assert!(restore.starts_with("It fails: the snapshot's state is cut into 128 key groups, fixed once state exists, and 200 subtasks cannot share 128 key groups so that each gets at least one. Flink refuses at check 3 of 3"), "{restore}");
    let pnr = ExerciseKind::PointOfNoReturn { current: 24, target: 200, first: 24 }.solve().1;
    assert!(
        pnr.starts_with("Step 7 of the planner's 8 steps (its numbered Steps list; the timeline counts phases)"),
        "{pnr}"
    );
    // Below 0 is no answer to "how many": refused (not graded), with the bound.
    let negative = grade(&ExerciseKind::CoverageReach { m: 8, a: 2 }, "-5").unwrap_err();
    assert_eq!(negative.to_string(), "an answer must be 0 or more, got -5");
    assert_eq!(grade(&ExerciseKind::CoverageReach { m: 8, a: 2 }, "0"), Ok(false));
    // Beyond 64 bits: refused with an answer's own bounds (the hint says "0 or more").
    let huge = grade(&ExerciseKind::CoverageReach { m: 8, a: 2 }, "99999999999999999999").unwrap_err();
    assert_eq!(huge.to_string(), "an answer must be between 0 and 9223372036854775807, got \"99999999999999999999\"");
    let huge_negative = grade(&ExerciseKind::CoverageReach { m: 8, a: 2 }, "-99999999999999999999").unwrap_err();
    assert!(huge_negative.to_string().starts_with("an answer must be between 0 and"), "{huge_negative}");
    assert!(ExerciseKind::OwnerOfGroup { max: 128, p: 100, group: 128 }.validate().is_err());
    assert!(ExerciseKind::BusiestGroups { max: 128, p: 200 }.validate().is_err());
}

/// The bundled samples are the fixtures they were copied from, and the exercises over them
/// are answered from the file: max parallelism 128, a stateless operator's uid change is
/// harmless, a keyed one's blocks the restore, an unknown uid matches nothing.
#[test]
fn sample_exercises_are_answered_from_the_file() {
    assert_eq!(
        Sample::HashmapSavepoint.bytes(),
        include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/hashmap-canonical-savepoint/_metadata")
    );
    assert_eq!(
        Sample::RocksdbCheckpoint.bytes(),
        include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/rocksdb-incremental-checkpoint/_metadata")
    );
    for sample in Sample::ALL {
        assert!(sample.bytes().len() < 20 * 1024, "{sample:?}");
        assert_eq!(Sample::from_slug(sample.slug()), Some(sample));
        assert!(sample.path().ends_with(&format!("{}/_metadata", sample.slug())));
        let s = sample.snapshot().unwrap();
        assert_eq!(s.operators.len(), 8, "{sample:?}");
        let kind = ExerciseKind::SnapshotMaxParallelism { sample }.validate().unwrap();
        assert_eq!(grade(&kind, "128"), Ok(true), "{sample:?}");
        assert!(kind.solve().1.contains("Every operator"), "{}", kind.solve().1);
    }
    assert_eq!(Sample::from_slug("nope"), None);
    let uid = |sample, uid: &str| ExerciseKind::UidChangeBlocksRestore { sample, uid: uid.into() };
    let cases = [
        (Sample::HashmapSavepoint, "throttle", "no", "holds no state"),
        (Sample::HashmapSavepoint, "counter", "yes", "holds 11841 bytes"),
        (Sample::RocksdbCheckpoint, "counter", "yes", "holds 138219 bytes"),
        (Sample::RocksdbCheckpoint, "rules-source", "no", "holds no state"),
        (Sample::RocksdbCheckpoint, "numbers-source", "yes", "(Source: Numbers source) holds 546 bytes"),
        (Sample::RocksdbCheckpoint, "not-in-the-job", "no", "No operator of this snapshot"),
    ];
    for (sample, u, answer, why) in cases {
        let kind = uid(sample, u).validate().unwrap();
        assert_eq!(grade(&kind, answer), Ok(true), "{u}");
        assert!(kind.solve().1.contains(why), "{u}: {}", kind.solve().1);
    }
    assert_eq!(
        uid(Sample::HashmapSavepoint, "a b&c").lab_link(),
        "#/savepoint?sample=hashmap-savepoint&uid=a%20b%26c&view=uid"
    );
    assert_eq!(
        ExerciseKind::SnapshotMaxParallelism { sample: Sample::RocksdbCheckpoint }.lab_link(),
        "#/savepoint?sample=rocksdb-checkpoint&view=operators"
    );
}

#[test]
fn progress_round_trips_and_rejects_other_text() {
    let mut p = TrainingProgress::default();
    p.answers.insert("coverage-8-3".into(), (true, "8".into()));
    p.answers.insert("odd\tid".into(), (false, "a\nb".into()));
    let back = TrainingProgress::parse(&p.format()).unwrap();
    assert_eq!(back.score(), 1);
    assert_eq!(back.answers["odd id"], (false, "a b".into()));
    for bad in ["", "v0\n", "{\"json\":true}", "v1\nid\tmaybe\tx"] {
        assert_eq!(TrainingProgress::parse(bad), None, "{bad:?}");
    }
}

/// The planner's new exercises, each answered by the model: the cutover's downtime from the
/// inputs, in-place rescaling under the ceiling (tests/flink-adaptive), RUNNING after an
/// incompatible serializer change (tests/flink-schema), and a backend switch per snapshot kind
/// (tests/flink-snapshot-kinds); and the coverage reason, in the right number (1 residue).
#[test]
fn operator_exercises_are_answered_by_the_model() {
    let cases: [(ExerciseKind, &str, bool, &str); 13] = [
        (ExerciseKind::CoverageReach { m: 8, a: 0 }, "1", true, "= 8, so the walk reaches m ÷ gcd = 1 residue."),
        (ExerciseKind::CoverageReach { m: 8, a: 2 }, "4", true, "= 2, so the walk reaches m ÷ gcd = 4 residues."),
        (ExerciseKind::CoverageReach { m: 8, a: 3 }, "8", true, "= 1, so the walk reaches m ÷ gcd = 8 residues."),
        (
            ExerciseKind::CutoverDowntime { state_gib: 4096, rate_mib: 300 },
            "16",
            true,
            "3 h 53 min + 7 h 46 min + 3 h 53 min = 15 h 32 min",
        ),
        (ExerciseKind::CutoverDowntime { state_gib: 4096, rate_mib: 300 }, "4", false, "about 16 h"),
        // The planner's bold total (19 h 25 min) read as the answer: why it is longer is said.
        (
            ExerciseKind::CutoverDowntime { state_gib: 4096, rate_mib: 300 },
            "19",
            false,
            "bold total is 3 h 53 min longer",
        ),
        (ExerciseKind::CutoverDowntime { state_gib: 100, rate_mib: 100 }, "1", true, "= 1 h 8 min"),
        (ExerciseKind::InPlaceLiftsCeiling { current: 24, target: 200, max: 128 }, "no", true, "HTTP 400"),
        (
            ExerciseKind::InPlaceLiftsCeiling { current: 24, target: 100, max: 128 },
            "yes",
            false,
            "ceiling itself stays 128",
        ),
        (ExerciseKind::RunningMeansSafe { backend: Backend::RocksDb }, "no", true, "RUNNING 4 times"),
        (ExerciseKind::RunningMeansSafe { backend: Backend::HashMap }, "yes", false, "3 restarts"),
        (
            ExerciseKind::SnapshotSwitchesBackend { kind: SnapshotKind::AlignedCheckpoint },
            "no",
            true,
            "observed in Flink 2.3.0: a restore with the other backend failed",
        ),
        (
            ExerciseKind::SnapshotSwitchesBackend { kind: SnapshotKind::CanonicalSavepoint },
            "yes",
            true,
            "Flink's own format",
        ),
    ];
    for (kind, response, expected, why) in cases {
        let kind = kind.validate().unwrap();
        assert_eq!(grade(&kind, response), Ok(expected), "{kind:?} {response}");
        assert!(kind.solve().1.contains(why), "{kind:?}: {}", kind.solve().1);
    }
    assert!(ExerciseKind::CutoverDowntime { state_gib: 0, rate_mib: 300 }.validate().is_err());
    assert!(ExerciseKind::InPlaceLiftsCeiling { current: 200, target: 300, max: 128 }.validate().is_err());
    assert_eq!(
        ExerciseKind::RunningMeansSafe { backend: Backend::RocksDb }.lab_link(),
        "#/trace?scenario=schema-incompatible&backend=rocksdb&view=result"
    );
    assert_eq!(
        ExerciseKind::InPlaceLiftsCeiling { current: 24, target: 200, max: 128 }.lab_link(),
        "#/planner?current=24&p=200&saved_maxp=128&scheduler=adaptive&job=running&view=in-place"
    );
}

/// What is kept of a graded response: one form, whatever was typed around it (400 leading zeros
/// are `60`, and fit any suspend data); a response grading refuses is not kept.
#[test]
fn a_graded_response_is_kept_in_one_form() {
    let reach = ExerciseKind::CoverageReach { m: 8, a: 2 };
    let restore = ExerciseKind::RestoreStarts { saved_max: 128, p: 200 };
    let zeros = format!("{}4", "0".repeat(400));
    let cases = [
        (&reach, "4", Some("4")),
        (&reach, zeros.as_str(), Some("4")),
        (&reach, " +007 ", Some("7")),
        (&reach, "0", Some("0")),
        (&reach, "-5", None),
        (&reach, "four", None),
        (&restore, " YES ", Some("yes")),
        (&restore, "No", Some("no")),
        (&restore, "maybe", None),
    ];
    for (kind, typed, kept) in cases {
        assert_eq!(normalised(kind, typed).as_deref(), kept, "{typed:?}");
    }
}
