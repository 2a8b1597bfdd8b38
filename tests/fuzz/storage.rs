//! What local storage gives back: stored progress.

use crate::prelude::*;
use crate::strategies::*;

// ---------------------------------------------------------------------------------------------
// Local storage
// ---------------------------------------------------------------------------------------------

pub(crate) const PROGRESS_PIECES: &[&str] =
    &["run1=-", "run1=correct", "run1=incorrect", "run2=-", "run2=correct", "run2=incorrect"];

pub(crate) fn progress_text() -> BoxedStrategy<String> {
    let names = vec!["run1", "run2", "run3", "run", "RUN1", " run1", ""];
    let values = vec!["-", "correct", "incorrect", "Correct", "", " correct", "-=", "true"];
    let piece = prop_oneof![
        4 => select(PROGRESS_PIECES).prop_map(str::to_string),
        2 => (select(names), select(vec!["=", "=", "==", ""]), select(values)).prop_map(|(n, e, v)| format!("{n}{e}{v}")),
        1 => hostile_text(),
    ];
    prop_oneof![4 => vec(piece, 0..5).prop_map(|p| p.join(";")), 1 => hostile_text()].boxed()
}

proptest! {
    #![proptest_config(fuzz_config())]

    /// `Progress::parse` on any stored text accepts exactly `;`-separated `runN=value`
    /// pieces naming both runs (the last piece per run wins), and what it accepts formats
    /// back to a text that parses to the same progress. `record` sets each run's result once;
    /// later graded attempts of a run count as its practice.
    #[test]
    fn storage_progress_parse(
        text in progress_text(),
        events in vec((select(vec![7u32, 8, 9]), select(vec![0u64, 2, 3, 5]), 0usize..3), 0..8),
    ) {
        let got = Progress::parse(&text);
        let pieces: Vec<&str> = text.split(';').collect();
        let valid = pieces.iter().all(|p| PROGRESS_PIECES.contains(p));
        let has = |run: &str| pieces.iter().any(|p| p.starts_with(run));
        if valid && has("run1=") && has("run2=") {
            let mut results = [None; 2];
            for p in &pieces {
                let (name, value) = p.split_once('=').unwrap_or_default();
                let i = usize::from(name == "run2");
                results[i] = match value {
                    "correct" => Some(true),
                    "incorrect" => Some(false),
                    _ => None,
                };
            }
            prop_assert_eq!(got, Some(Progress { results, practice: [0, 0] }), "{:?}", text);
        } else {
            prop_assert_eq!(got, None, "{:?}", text);
        }
        if let Some(p) = got {
            prop_assert_eq!(Progress::parse(&p.format()), Some(p));
        }

        let mut progress = Progress::default();
        for (m, a, verdict) in events {
            let verdict = [Graded::Pending, Graded::Correct, Graded::Incorrect][verdict];
            let before = progress;
            let run = RUNS.iter().position(|r| r.m == m && r.a == a);
            let changed = progress.record(m, a, verdict);
            let expected = verdict != Graded::Pending && run.is_some();
            prop_assert_eq!(changed, expected);
            if let (true, Some(i)) = (changed, run) {
                let first = before.results[i].is_none();
                prop_assert_eq!(progress.practice[i], before.practice[i] + u32::from(!first));
                prop_assert_eq!(progress.results[i].is_some() && before.results[i] != progress.results[i], first);
            }
            prop_assert_eq!(changed, progress != before);
            prop_assert!(progress.score() <= 2);
            prop_assert_eq!(Progress::parse(&progress.format()), Some(progress));
            prop_assert_eq!(progress.next_run(), progress.results.iter().position(Option::is_none));
        }
    }
}
