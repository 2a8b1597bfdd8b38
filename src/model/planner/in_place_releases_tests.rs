//! The in-place answers of every observed release, held to its report.

use super::*;

/// The reports, in `OBSERVED_VERSIONS`' order (held below).
fn observed() -> impl Iterator<Item = &'static str> {
    crate::observed::ADAPTIVE.iter().map(|(_, text)| *text)
}

#[test]
fn the_versions_observed_are_the_reports_committed() {
    let committed: Vec<&str> = crate::observed::ADAPTIVE.iter().map(|(version, _)| *version).collect();
    assert_eq!(committed, OBSERVED_VERSIONS);
}

/// Each observed release's file: its version, the restore point the model says (and never
/// the other), and the answers the planner's conditions state for every release: the
/// statuses and the parallelisms after each PUT of the lab's kind (lower bound 1).
#[test]
fn every_observed_release_answers_as_the_model_says() {
    for (version, text) in OBSERVED_VERSIONS.iter().zip(observed()) {
        let release = release_of(version).expect("a release");
        assert_eq!(observed_version(release), Some(*version));
        assert!(text.starts_with(&format!("Flink version: {version} ")), "{version}");
        let point = RestorePoint::of(release);
        let other = match point {
            RestorePoint::BeforeRequest => RestorePoint::AfterRequest,
            RestorePoint::AfterRequest => RestorePoint::BeforeRequest,
        };
        assert!(text.contains(&format!("restored from: {}", point.observed_words())), "{version}");
        assert!(!text.contains(&format!("restored from: {}", other.observed_words())), "{version}");
        for seen in [
            // upper bound 8 from 4; 128 with 16 slots (capped); back down to 4; 100 with 16 slots
            "): 4 -> 8\n",
            "): 8 -> 16\n",
            "): 16 -> 4\n",
            "): 4 -> 16\n",
            "exceeds its maximum parallelism 128",
            "-> HTTP 500",
            "The DefaultScheduler does not support changing the parallelism",
            "REST no longer answers: the MiniCluster shut down",
        ] {
            assert!(text.contains(seen), "{version}: {seen:?}");
        }
    }
}

/// The report's case under the heading `title` (`---- <title>`), up to the next heading.
fn case<'a>(text: &'a str, title: &str) -> &'a str {
    let case = text.split(&format!("---- {title}\n")).nth(1).unwrap_or_else(|| panic!("no case {title:?}"));
    &case[..case.find("\n----").unwrap_or(case.len())]
}

/// What the case's PUT answered and the parallelism it left.
fn answered(case: &str, status: u16, from: u32, to: u32) -> bool {
    case.contains(&format!("    -> HTTP {status}  "))
        && case.contains(&format!("keyed-op parallelism (GET /jobs/<jobid>): {from} -> {to}\n"))
}

/// A lower bound above the slots (32 as both bounds, 16 slots, the job at 4): HTTP 200
/// everywhere, and the parallelism after it as the model says for each release, in the
/// words of the slots condition.
#[test]
fn a_lower_bound_above_the_slots_as_observed() {
    for (version, text) in OBSERVED_VERSIONS.iter().zip(observed()) {
        let lower = LowerBoundAboveSlots::of(release_of(version).expect("a release"));
        let after = lower.observed_after();
        assert!(answered(case(text, "PUT keyed-op lower bound 32, upper bound 32"), 200, 4, after), "{version}");
        let said = if after == 4 { "the job stayed at 4".to_string() } else { format!("4 → {after}") };
        assert!(lower.sentence().contains("32 asked as both bounds with 16") && lower.sentence().contains(&said));
    }
}

/// The slots condition's other numbers, the same on every release: 100 asked with 16 slots
/// ran at 16; 120 asked while on all 16 changed nothing.
#[test]
fn fewer_slots_as_observed() {
    for (version, text) in OBSERVED_VERSIONS.iter().zip(observed()) {
        let above = case(text, "PUT keyed-op upper bound 100 (within max parallelism, above the 16 slots)");
        assert!(answered(above, 200, 4, 16), "{version}");
        assert!(
            answered(case(text, "PUT keyed-op upper bound 120 (job already uses all 16 slots)"), 200, 16, 16),
            "{version}"
        );
    }
}

#[test]
fn the_line_names_what_was_run() {
    assert_eq!(
        observed_line(Release::V1_18),
        "Observed on Flink 1.18.1: the same HTTP answers as on 2.3.0, and the same parallelisms but where a lower bound is above \
         the slots; that and the restart differ, as the conditions say."
    );
    assert!(observed_line(Release::V1_19).starts_with(
        "Observed on Flink 1.19.3: the same HTTP answers and parallelisms as on 2.3.0; the restart differs"
    ));
    assert_eq!(
        observed_line(Release::V2_1),
        "Observed on Flink 2.1.3: the same HTTP answers, parallelisms and restart as on 2.3.0."
    );
    assert_eq!(
        observed_line(Release::V2_3),
        "Observed on Flink 2.3.0, with the same answers on 2.0.2, 2.1.3 and 2.2.1; on 1.19.3 and 1.20.5 except which checkpoint \
         the restart restores; on 1.18.1 except that and what a lower bound above the slots does."
    );
    assert!(observed_line(Release::V1_17).starts_with(
        "Flink 1.17 has no such call; observed on 1.18.1, 1.19.3, 1.20.5, 2.0.2, 2.1.3, 2.2.1 and 2.3.0."
    ));
    // Every release with the call was run.
    assert!(Release::ALL.iter().filter(|r| r.rescales_in_place()).all(|r| observed_version(*r).is_some()));
    assert_eq!(Release::ALL.iter().filter(|r| observed_version(**r).is_some()).count(), OBSERVED_VERSIONS.len());
}

/// Only 2.3 answers the rescale history's calls; before it they are not there (404).
#[test]
fn the_rescales_calls_arrive_with_2_3() {
    for (version, text) in OBSERVED_VERSIONS.iter().zip(observed()) {
        let has = text.contains("GET /jobs/<jobid>/rescales/config\n    -> HTTP 200");
        assert_eq!(has, *version == "2.3.0", "{version}");
    }
}
