//! Trace invariants: totals conserved where state is preserved; the exact divergence where
//! it is not; refusals where Flink refuses; a failing restore where Flink restarts and fails.

use super::*;

fn input(scenario: Scenario, p1: i64, p2: u32) -> TraceInput {
    let max = MaxParallelism::new(128).unwrap();
    TraceInput {
        scenario,
        p1: Parallelism::new(p1, max).unwrap(),
        p2,
        keys: 12,
        events: 240,
        snapshot_at: 160,
        backend: Backend::HashMap,
    }
}

fn pre_and_post(input: &TraceInput, key: &str) -> (i64, i64) {
    let hot = input.scenario == Scenario::HotKey;
    let (mut pre, mut post) = (0, 0);
    for offset in 0..input.events {
        let (k, v) = event(offset, input.keys, hot);
        if k == key {
            if offset < input.snapshot_at {
                pre += v
            } else {
                post += v
            }
        }
    }
    (pre, post)
}

#[test]
fn preserved_scenarios_conserve_every_total() {
    for (scenario, p1, p2) in [
        (Scenario::PlainRescale, 4, 6),
        (Scenario::PlainRescale, 6, 4),
        (Scenario::HotKey, 4, 8),
        (Scenario::SchemaCompatible, 3, 5),
        (Scenario::PlainRescale, 1, 128),
    ] {
        let i = input(scenario, p1, p2);
        let r = i.run();
        assert_eq!(r.verdict, TraceVerdict::Preserved, "{scenario:?} {p1}→{p2}");
        assert_eq!(
            r.rows.iter().map(|row| row.expected).sum::<i64>(),
            r.rows.iter().map(|row| row.actual.unwrap()).sum::<i64>()
        );
        assert_eq!(r.source_actual, Some(240));
    }
    assert!(
        input(Scenario::PlainRescale, 4, 6).run().rows.iter().any(KeyRow::moved),
        "some keys change owner and keep their totals"
    );
    assert!(input(Scenario::HotKey, 4, 8).run().busiest_share_permille >= 500);
}

#[test]
fn refused_scenarios_match_the_predictor() {
    let r = input(Scenario::MaxParallelismChanged, 4, 6).run();
    match r.verdict {
        TraceVerdict::Refused { reason, .. } => {
            assert!(reason.contains("max parallelism 128 to new program with max parallelism 256"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    let too_wide = input(Scenario::PlainRescale, 4, 200).run();
    match too_wide.verdict {
        TraceVerdict::Refused { reason, .. } => {
            assert!(reason.contains("(128)") && reason.contains("(200)"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn lost_scenarios_diverge_exactly() {
    let i = input(Scenario::KeyFunctionChanged, 4, 6);
    let r = i.run();
    assert_eq!(r.verdict, TraceVerdict::Lost);
    assert_eq!(r.new_keys.len(), r.rows.len());
    for (row, new) in r.rows.iter().zip(&r.new_keys) {
        let (pre, post) = pre_and_post(&i, &row.key);
        assert_eq!(row.actual, Some(pre), "{}: the old key keeps what was restored", row.key);
        assert_eq!(
            (new.total, &new.from),
            (post, &row.key),
            "{}: the new key holds only events after the restore",
            new.key
        );
    }
    // Every other scenario makes no key the trace does not have.
    for scenario in Scenario::ALL.into_iter().filter(|s| *s != Scenario::KeyFunctionChanged) {
        assert!(input(scenario, 4, 6).run().new_keys.is_empty(), "{scenario:?}");
    }
    let i = input(Scenario::UidChangedAllowNonRestored, 4, 6);
    let r = i.run();
    assert_eq!(r.verdict, TraceVerdict::Lost);
    assert_eq!(r.above_and_below(), (0, r.rows.iter().filter(|row| row.actual != Some(row.expected)).count()));
    assert_eq!(r.source_actual, Some(240), "the job ran to the end of the trace");
    for row in &r.rows {
        let (pre, post) = pre_and_post(&i, &row.key);
        assert_eq!(row.expected - row.actual.unwrap(), pre, "{}", row.key);
        assert_eq!(row.actual, Some(post));
    }
}

#[test]
fn max_parallelism_change_is_refused_even_at_the_cap() {
    let max = MaxParallelism::new(32768).unwrap();
    let input = TraceInput {
        scenario: Scenario::MaxParallelismChanged,
        p1: Parallelism::new(4, max).unwrap(),
        p2: 6,
        keys: 12,
        events: 240,
        snapshot_at: 160,
        backend: Backend::RocksDb,
    };
    match input.run().verdict {
        TraceVerdict::Refused { reason, .. } => {
            assert!(reason.contains("max parallelism 32768 to new program with max parallelism 16384"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

/// An incompatible serializer is not refused: the job reports RUNNING, fails while registering
/// the state, is restarted 3 times and ends FAILED, with the backend's own message
/// (`tests/flink-schema/observed-flink-2.3.0.txt`; the sequences are checked against the file
/// in `schema::tests`).
#[test]
fn incompatible_schema_is_failing_not_refused() {
    for (backend, opening) in [(Backend::HashMap, "For heap backends, the new"), (Backend::RocksDb, "The new")] {
        let r = TraceInput { backend, ..input(Scenario::SchemaIncompatible, 4, 6) }.run();
        let TraceVerdict::Failing(f) = &r.verdict else { panic!("{:?}", r.verdict) };
        assert_eq!(r.verdict.as_str(), "failing");
        assert_eq!((f.running_phases, f.restarts, f.backend), (4, 3, backend));
        assert_eq!(f.transitions.iter().filter(|s| **s == "RUNNING").count(), 4);
        assert_eq!(f.transitions.last(), Some(&"FAILED"));
        assert!(f.task_failure[1].contains(&format!("StateMigrationException: {opening} state serializer")));
        assert!(f
            .suppressed
            .contains("FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=3, backoffTimeMS=1000)"));
        assert!(r.rows.iter().all(|row| row.actual.is_none() && row.owner_after.is_some()));
        assert_eq!((r.source_actual, r.resumed_from), (None, None));
    }
    // Flink's max-parallelism checks still come first.
    let r = input(Scenario::SchemaIncompatible, 4, 200).run();
    assert_eq!(r.verdict.as_str(), "refused");
}

/// A changed uid (`tests/flink-opstate/observed-flink-2.3.0.txt`, part 2): without
/// --allowNonRestoredState the JobMaster refuses with the unmatched operator's id; with it the
/// state is skipped ("Skipping savepoint state for operator …"): a keyed operator's sums
/// restart empty, a source's position is dropped and it reads again from 0.
#[test]
fn changed_uids_as_observed() {
    assert_eq!(operator_id_hex(SOURCE_UID), "f362c87ffabe89c8a91fa7d0a523ba6c", "the observed job's source id");
    assert_eq!(operator_id_hex(SOURCE_UID_NEW), "8be776f39c470ad8f7107c3cb38b1a0c");
    let observed = crate::observed::OPSTATE;
    for (scenario, uid) in [(Scenario::SourceUidChangedRefused, SOURCE_UID), (Scenario::UidChangedRefused, SUM_UID)] {
        let r = input(scenario, 4, 6).run();
        let TraceVerdict::Refused { reason, .. } = &r.verdict else { panic!("{scenario:?}: {:?}", r.verdict) };
        let id = operator_id_hex(uid);
        assert_eq!(reason, &unmatched_refusal(&id));
        let tail = reason.split("<path>").nth(1).unwrap();
        let observed_tail = tail.replace(&id, "f362c87ffabe89c8a91fa7d0a523ba6c");
        assert!(observed.contains(&format!("savepoint-<id>{observed_tail}")), "{observed_tail}");
        assert!(observed.contains("java.lang.IllegalStateException: Failed to rollback to checkpoint/savepoint file:"));
        // The note's words of how it ended: the report's first lines of the failure.
        let note = &r.notes[0];
        let ended = "the job ends FAILED without running (org.apache.flink.runtime.client.JobInitializationException: Could not start the JobMaster.)";
        assert!(note.contains(ended), "{note}");
        assert!(observed.contains(
            "  job ended FAILED without running; failure chain (JobResult):\n    org.apache.flink.runtime.client.JobInitializationException: Could not start the JobMaster.\n"
        ));
    }
    assert!(observed.contains(&format!("log: {}", skipping_log("f362c87ffabe89c8a91fa7d0a523ba6c"))));
    assert!(observed.contains("first value the map saw: 0 (the source started from scratch"));

    let i = input(Scenario::SourceUidChangedAllowNonRestored, 4, 6);
    let r = i.run();
    assert_eq!(r.verdict, TraceVerdict::Lost);
    // Every total above the truth: counted twice, none lost (the headline says which).
    assert_eq!(r.above_and_below(), (r.rows.len(), 0));
    assert_eq!((r.resume_expected, r.resumed_from), (160, Some(0)));
    assert_eq!(r.log, vec![skipping_log(&operator_id_hex(SOURCE_UID))]);
    for row in &r.rows {
        let (pre, _) = pre_and_post(&i, &row.key);
        assert_eq!(row.actual, Some(row.expected + pre), "{}: the events before the snapshot, twice", row.key);
    }
    // Nothing before the snapshot: nothing to count twice, and resuming at 0 is right.
    let r = TraceInput { snapshot_at: 0, ..i }.run();
    assert_eq!((r.verdict, r.resumed_from), (TraceVerdict::Preserved, Some(0)));
    let r = input(Scenario::UidChangedAllowNonRestored, 4, 6).run();
    assert_eq!(r.log, vec![skipping_log(&operator_id_hex(SUM_UID))]);
    assert_eq!(r.resumed_from, Some(160));
}

#[test]
fn the_source_resumes_from_the_snapshot_when_its_state_is_kept() {
    for scenario in Scenario::ALL {
        let r = input(scenario, 4, 6).run();
        if r.verdict.as_str() == "preserved"
            || scenario == Scenario::KeyFunctionChanged
            || scenario == Scenario::UidChangedAllowNonRestored
        {
            assert_eq!(r.resumed_from, Some(r.resume_expected), "{scenario:?}");
        }
    }
}

/// Every configuration key a note names is a key of Flink 2.3.0 under its current name
/// (`tests/flink-config-keys/observed-flink-2.3.0.txt`, `option <key> | … | <fallbacks>`); a
/// deprecated name appears only as "its old name", and only if 2.3.0 still reads it.
#[test]
fn the_notes_name_configuration_keys_as_flink_2_3_does() {
    let observed = crate::observed::CONFIG_KEYS_2_3;
    let options: Vec<Vec<&str>> =
        observed.lines().filter_map(|l| l.strip_prefix("option ")).map(|l| l.split(" | ").collect()).collect();
    let current = |key: &str| options.iter().any(|o| o[0] == key);
    let deprecated =
        |key: &str| options.iter().any(|o| o.get(2).is_some_and(|f| f.split(", ").any(|k| k == format!("{key}*"))));
    let mut named = 0;
    for scenario in Scenario::ALL {
        for note in input(scenario, 4, 6).run().notes {
            let words: Vec<&str> =
                note.split(|c: char| c.is_whitespace() || "(),;:".contains(c)).filter(|w| !w.is_empty()).collect();
            for (i, word) in words.iter().enumerate() {
                let key = word.trim_end_matches('.');
                if !["execution.", "state.", "pipeline.", "restart-strategy."].iter().any(|p| key.starts_with(p)) {
                    continue;
                }
                named += 1;
                let old_name = i >= 2 && words[i - 2..i] == ["old", "name"];
                assert!(if old_name { deprecated(key) } else { current(key) }, "{scenario:?} names {key}: {note}");
            }
        }
    }
    assert!(named >= 3, "the notes name {named} keys");
}

/// A snapshot offset past the trace's end: the snapshot is taken at the end, and the first note
/// says so (in every scenario, a refused restore included); within the trace, no such note.
#[test]
fn a_snapshot_past_the_end_is_taken_at_the_end_and_said() {
    for scenario in Scenario::ALL {
        let base = input(scenario, 4, 6);
        let past = TraceInput { snapshot_at: base.events + 260, ..base }.run();
        let at_end = TraceInput { snapshot_at: base.events, ..base }.run();
        assert_eq!(
            past.notes.first().map(String::as_str),
            Some(format!(
                "The snapshot offset {} is past the end of the trace ({} events): the snapshot is taken at its end, offset {}.",
                base.events + 260,
                base.events,
                base.events
            ))
            .as_deref(),
            "{scenario:?}"
        );
        assert_eq!(
            (past.verdict.clone(), past.rows.clone(), &past.notes[1..]),
            (at_end.verdict, at_end.rows, &at_end.notes[..]),
            "{scenario:?}"
        );
        assert_eq!(past.resume_expected, base.events, "{scenario:?}");
        assert!(!at_end.notes.iter().any(|n| n.contains("past the end")), "{scenario:?}");
    }
}
