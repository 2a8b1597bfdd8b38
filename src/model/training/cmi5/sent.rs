//! [`Sent`]: what a cmi5 registration has been told of the path's result (`completed`,
//! `passed`), kept as the first line of the progress document in the LRS's State resource, and
//! the verbs a check owes after it.

use super::{LaunchMode, Verb};
use crate::training::lms::PathResult;

/// What this registration has been told, kept with the progress in the State resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sent {
    pub completed: bool,
    pub passed: bool,
}

impl Sent {
    /// The first line of the progress document: `sent` and the verbs already sent.
    pub fn format(self) -> String {
        let mut line = String::from("sent");
        for (sent, word) in [(self.completed, " completed"), (self.passed, " passed")] {
            if sent {
                line.push_str(word);
            }
        }
        line
    }

    /// Reads a progress document: what was sent, and the progress text after that line.
    pub fn split(doc: &str) -> (Sent, &str) {
        match doc.split_once('\n') {
            Some((first, rest)) if first.starts_with("sent") => {
                let words = first.split(' ').collect::<Vec<_>>();
                (Sent { completed: words.contains(&"completed"), passed: words.contains(&"passed") }, rest)
            }
            _ => (Sent::default(), doc),
        }
    }

    /// The verbs owed after a check that left the path with `result` (`failed_now`: a `failed`
    /// was already sent this session): in the Normal mode only, `completed` once when every
    /// step has an answer, then `passed` once when the score reaches the mastery score, else
    /// `failed` (once a session; a later session may still pass).
    pub fn owed(&mut self, mode: LaunchMode, result: PathResult, mastery: Option<u32>, failed_now: bool) -> Vec<Verb> {
        let mut verbs = Vec::new();
        if mode != LaunchMode::Normal || !result.complete() {
            return verbs;
        }
        if !self.completed {
            self.completed = true;
            verbs.push(Verb::Completed);
        }
        if !self.passed {
            if result.scaled_milli() >= mastery.unwrap_or(0) {
                self.passed = true;
                verbs.push(Verb::Passed);
            } else if !failed_now {
                verbs.push(Verb::Failed);
            }
        }
        verbs
    }
}
