//! The built-in two-run exercise of the coverage lab (m = 8 with a = 3, then a = 2), its
//! score (the first graded attempt of each run; later ones are practice, counted apart), and
//! the text it is stored as in local storage. Pure: the component does the I/O.

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

impl Run {
    /// Why this run cannot be done where the embedding page locks m or a at other values
    /// (`locked`: the locked pair's values, `None` where free), naming the lock; `None` if it can.
    pub fn blocked_by(&self, locked_m: Option<u32>, locked_a: Option<u64>) -> Option<String> {
        match (locked_m.filter(|m| *m != self.m), locked_a.filter(|a| *a != self.a)) {
            (Some(m), _) => Some(format!("it needs m = {}, and this page keeps m at {m}", self.m)),
            (None, Some(a)) => Some(format!("it needs a = {}, and this page keeps a at {a}", self.a)),
            (None, None) => None,
        }
    }
}

/// The first graded result of each run, and how many graded retries (practice) followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    pub results: [Option<bool>; 2],
    pub practice: [u32; 2],
}

impl Progress {
    /// Records one graded attempt for pair (m, a) if it is an exercise run: the first is the
    /// run's result, later ones count as practice. Returns whether anything changed.
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
            Some(i) => {
                self.practice[i] = self.practice[i].saturating_add(1);
                true
            }
            None => false,
        }
    }

    /// The first graded result of the exercise run for pair (m, a), if it is one and was done.
    pub fn result_for(&self, m: u32, a: u64) -> Option<bool> {
        RUNS.iter().position(|run| run.m == m && run.a == a).and_then(|i| self.results[i])
    }

    /// Runs answered correctly.
    pub fn score(&self) -> usize {
        self.results.iter().filter(|r| **r == Some(true)).count()
    }

    /// The first run not yet done that the page's locks allow (see [`Run::blocked_by`]).
    pub fn next_run_allowed(&self, locked_m: Option<u32>, locked_a: Option<u64>) -> Option<usize> {
        (0..RUNS.len()).find(|&i| self.results[i].is_none() && RUNS[i].blocked_by(locked_m, locked_a).is_none())
    }

    /// The run to do now with the pair (m, a) on screen: that pair's run when it is not done and
    /// allowed (a link to run 2's pair leads with run 2), else [`Progress::next_run_allowed`].
    pub fn run_now(&self, (m, a): (u32, u64), locked_m: Option<u32>, locked_a: Option<u64>) -> Option<usize> {
        let here = RUNS.iter().position(|run| run.m == m && run.a == a);
        here.filter(|&i| self.results[i].is_none() && RUNS[i].blocked_by(locked_m, locked_a).is_none())
            .or_else(|| self.next_run_allowed(locked_m, locked_a))
    }

    /// The run to do next, if any.
    pub fn next_run(&self) -> Option<usize> {
        self.results.iter().position(Option::is_none)
    }

    /// The stored text, e.g. `run1=correct;run2=-`, with `;practice=2,0` once a run was retried
    /// (text without it, as earlier versions wrote, reads as no practice).
    pub fn format(&self) -> String {
        let cell = |r: Option<bool>| match r {
            None => "-",
            Some(true) => "correct",
            Some(false) => "incorrect",
        };
        let mut text = format!("run1={};run2={}", cell(self.results[0]), cell(self.results[1]));
        if self.practice != [0, 0] {
            text.push_str(&format!(";practice={},{}", self.practice[0], self.practice[1]));
        }
        text
    }

    /// Reads the stored text; anything else is `None` (the caller shows a notice).
    pub fn parse(text: &str) -> Option<Progress> {
        let mut progress = Progress::default();
        let mut seen = [false; 2];
        for part in text.split(';') {
            let (name, value) = part.split_once('=')?;
            if name == "practice" {
                let (one, two) = value.split_once(',')?;
                progress.practice = [one.parse().ok()?, two.parse().ok()?];
                continue;
            }
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
    fn a_run_steps_aside_where_a_lock_keeps_another_pair() {
        let [one, two] = RUNS;
        for (m, a, first, second) in [
            (None, None, None, None),
            (Some(8), None, None, None),
            (
                Some(12),
                None,
                Some("it needs m = 8, and this page keeps m at 12"),
                Some("it needs m = 8, and this page keeps m at 12"),
            ),
            (None, Some(3), None, Some("it needs a = 2, and this page keeps a at 3")),
            (
                Some(8),
                Some(5),
                Some("it needs a = 3, and this page keeps a at 5"),
                Some("it needs a = 2, and this page keeps a at 5"),
            ),
        ] {
            assert_eq!(one.blocked_by(m, a).as_deref(), first, "{m:?} {a:?}");
            assert_eq!(two.blocked_by(m, a).as_deref(), second, "{m:?} {a:?}");
        }
        // With a kept at 2, run 1 is out of reach and run 2 is the one to do.
        assert_eq!(Progress::default().next_run_allowed(None, Some(2)), Some(1));
        assert_eq!(Progress::default().next_run_allowed(Some(12), None), None);
        assert_eq!(Progress::default().next_run_allowed(None, None), Some(0));
        // The pair on screen leads when its run is still to do; another pair, or a run done,
        // leaves the first run to do.
        let first_done = Progress { results: [Some(true), None], ..Progress::default() };
        for (progress, pair, want) in [
            (Progress::default(), (8, 2), Some(1)),
            (Progress::default(), (8, 3), Some(0)),
            (Progress::default(), (8, 5), Some(0)),
            (Progress { results: [None, Some(false)], ..Progress::default() }, (8, 2), Some(0)),
            (first_done, (8, 3), Some(1)),
        ] {
            assert_eq!(progress.run_now(pair, None, None), want, "{progress:?} at {pair:?}");
        }
        assert_eq!(Progress::default().run_now((8, 2), Some(8), Some(2)), Some(1));
    }

    #[test]
    fn records_first_graded_result_only() {
        let mut p = Progress::default();
        assert!(!p.record(8, 3, Verdict::Pending));
        assert!(!p.record(8, 5, Verdict::Correct));
        assert!(p.record(8, 3, Verdict::Correct));
        assert!(p.record(8, 3, Verdict::Incorrect), "a retry is practice");
        assert_eq!(p.next_run(), Some(1));
        assert!(p.record(8, 2, Verdict::Incorrect));
        assert!(p.record(8, 2, Verdict::Correct));
        assert!(p.record(8, 2, Verdict::Correct));
        assert_eq!((p.score(), p.next_run(), p.practice), (1, None, [1, 2]));
        assert_eq!(p.results, [Some(true), Some(false)], "the first attempt stays the score");
    }

    #[test]
    fn storage_text_round_trips_and_rejects_garbage() {
        for results in [[None, None], [Some(true), None], [Some(false), Some(true)]] {
            for practice in [[0, 0], [3, 0], [1, 7]] {
                let p = Progress { results, practice };
                assert_eq!(Progress::parse(&p.format()), Some(p));
            }
        }
        assert_eq!(Progress::parse("run1=correct;run2=-").map(|p| p.practice), Some([0, 0]));
        assert_eq!(Progress::parse("run1=correct;run2=-;practice=2,1").map(|p| p.practice), Some([2, 1]));
        for bad in [
            "",
            "run1=correct",
            "run1=-;run2=-;practice=1",
            "run1=-;run2=-;practice=x,1",
            "run1=yes;run2=-",
            "{\"json\":1}",
            "run1=-;run2=-;run3=-",
            "run1=-;run1=-",
        ] {
            assert_eq!(Progress::parse(bad), None, "{bad:?}");
        }
    }
}
