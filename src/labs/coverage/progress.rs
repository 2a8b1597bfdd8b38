//! The built-in two-run exercise of the coverage lab (m = 8 with a = 3, then a = 2), its
//! score, and the text it is stored as in local storage. Pure: the component does the I/O.

use crate::model::coverage::Verdict;

/// The local-storage key; the `v1` changes whenever the format does.
pub const STORAGE_KEY: &str = "rescale-lab.coverage-exercise.v1";

/// One run of the exercise: the pair to set and what to predict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub m: u32,
    pub a: u64,
    pub instruction: &'static str,
}

/// The two runs, in order.
pub const RUNS: [Run; 2] = [
    Run {
        m: 8,
        a: 3,
        instruction: "Press Reset, set Modulus m to 8 and Stride a to 3, tick the residues you \
                      expect the walk to reach, then Play or Step until it is back at 0.",
    },
    Run {
        m: 8,
        a: 2,
        instruction: "Press Reset again, set m to 8 and a to 2, predict again, then Play or Step. \
                      Only the stride changed: does the walk still reach everything?",
    },
];

/// The first graded result of each run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    pub results: [Option<bool>; 2],
}

impl Progress {
    /// Records a graded verdict for pair (m, a) if it is an exercise run not yet graded.
    /// Returns whether anything changed.
    pub fn record(&mut self, m: u32, a: u64, verdict: Verdict) -> bool {
        let correct = match verdict {
            Verdict::Pending => return false,
            Verdict::Correct => true,
            Verdict::Incorrect => false,
        };
        match RUNS.iter().position(|run| run.m == m && run.a == a) {
            Some(i) if self.results[i].is_none() => {
                self.results[i] = Some(correct);
                true
            }
            _ => false,
        }
    }

    /// Runs answered correctly.
    pub fn score(&self) -> usize {
        self.results.iter().filter(|r| **r == Some(true)).count()
    }

    /// The run to do next, if any.
    pub fn next_run(&self) -> Option<usize> {
        self.results.iter().position(Option::is_none)
    }

    /// The stored text, e.g. `run1=correct;run2=-`.
    pub fn format(&self) -> String {
        let cell = |r: Option<bool>| match r {
            None => "-",
            Some(true) => "correct",
            Some(false) => "incorrect",
        };
        format!("run1={};run2={}", cell(self.results[0]), cell(self.results[1]))
    }

    /// Reads the stored text; anything else is `None` (the caller shows a notice).
    pub fn parse(text: &str) -> Option<Progress> {
        let mut progress = Progress::default();
        let mut seen = [false; 2];
        for part in text.split(';') {
            let (name, value) = part.split_once('=')?;
            let i = match name {
                "run1" => 0,
                "run2" => 1,
                _ => return None,
            };
            progress.results[i] = match value {
                "-" => None,
                "correct" => Some(true),
                "incorrect" => Some(false),
                _ => return None,
            };
            seen[i] = true;
        }
        (seen == [true, true]).then_some(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_first_graded_result_only() {
        let mut p = Progress::default();
        assert!(!p.record(8, 3, Verdict::Pending));
        assert!(!p.record(8, 5, Verdict::Correct));
        assert!(p.record(8, 3, Verdict::Correct));
        assert!(!p.record(8, 3, Verdict::Incorrect));
        assert_eq!(p.next_run(), Some(1));
        assert!(p.record(8, 2, Verdict::Incorrect));
        assert_eq!((p.score(), p.next_run()), (1, None));
    }

    #[test]
    fn storage_text_round_trips_and_rejects_garbage() {
        for results in [[None, None], [Some(true), None], [Some(false), Some(true)]] {
            let p = Progress { results };
            assert_eq!(Progress::parse(&p.format()), Some(p));
        }
        for bad in ["", "run1=correct", "run1=yes;run2=-", "{\"json\":1}", "run1=-;run2=-;run3=-", "run1=-;run1=-"] {
            assert_eq!(Progress::parse(bad), None, "{bad:?}");
        }
    }
}
