//! Whose answers a browser holds: the name a live workshop last sent this browser's guided-path
//! answers under, and which steps it sent. Two people who take turns at one computer share its
//! stored progress; the second to join must not send the first one's answers under their own
//! name without being asked. The record is kept as lines (`v1`, the name, then a step's progress
//! key a line) and forgets a step once the progress no longer holds its answer (a reset).

use std::collections::BTreeSet;

use super::lrs::to_lines;

/// The name the answers went under, and the steps (by progress key) that went.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SentAs {
    name: String,
    steps: BTreeSet<String>,
}

/// Someone else's answers, found on the page as a new name joins: whose, and how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OthersAnswers {
    pub name: String,
    pub count: usize,
}

impl SentAs {
    /// The record [`SentAs::format`] wrote; anything else (another version, damaged, absent)
    /// is an empty record, which asks nobody anything.
    pub fn parse(text: &str) -> SentAs {
        let mut lines = text.lines();
        if lines.next() != Some("v1") {
            return SentAs::default();
        }
        let name = lines.next().unwrap_or_default().trim().to_string();
        SentAs { name, steps: lines.filter(|l| !l.is_empty()).map(String::from).collect() }
    }

    /// As lines, for the browser to keep.
    pub fn format(&self) -> String {
        let lines: Vec<&str> =
            ["v1", self.name.as_str()].into_iter().chain(self.steps.iter().map(String::as_str)).collect();
        to_lines(&lines)
    }

    /// Whether nothing is recorded (nothing to keep).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// `steps` went to the LRS under `name`: under another name than the record's, the record
    /// is that name's alone from now on.
    pub fn sent<'a>(&mut self, name: &str, steps: impl IntoIterator<Item = &'a str>) {
        let name = name.trim();
        if name != self.name {
            *self = SentAs { name: name.to_string(), steps: BTreeSet::new() };
        }
        self.steps.extend(steps.into_iter().map(String::from));
    }

    /// Forgets the steps whose answer the progress no longer holds (a reset cleared it); whether
    /// anything was forgotten.
    pub fn keep_answered(&mut self, answered: impl Fn(&str) -> bool) -> bool {
        let before = self.steps.len();
        self.steps.retain(|step| answered(step));
        self.steps.len() != before
    }

    /// Joining as `name` with these steps answered on the page: the answers among them that
    /// went under another name, if any did (names compared as typed, trimmed: the class view
    /// tells "Ann" and "ann" apart too).
    pub fn others<'a>(&self, name: &str, answered: impl IntoIterator<Item = &'a str>) -> Option<OthersAnswers> {
        let count = answered.into_iter().filter(|step| self.steps.contains(*step)).count();
        (count > 0 && name.trim() != self.name).then(|| OthersAnswers { name: self.name.clone(), count })
    }
}

#[cfg(test)]
#[path = "sent_as_tests.rs"]
mod tests;
