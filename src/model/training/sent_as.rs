//! Whose answers a browser holds: for each guided-path step answered while a live workshop
//! sent, the name it was sent under. Two people who take turns at one computer (or work in two
//! tabs of it) share its stored progress; the next to join must not send the others' answers
//! under their own name without being asked. The record is kept as lines (`v2`, then
//! `step TAB name` a line) and forgets a step once the progress no longer holds its answer (a
//! reset).

use std::collections::BTreeMap;

use super::lrs::to_lines;

/// The name each step's answer was sent under, by the step's progress key.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SentAs {
    steps: BTreeMap<String, String>,
}

/// Answers on the page that went under other names, found as a name joins: each other name with
/// how many of its answers are on the page, the most first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OthersAnswers {
    pub names: Vec<(String, usize)>,
}

impl OthersAnswers {
    /// How many answers in all.
    pub fn count(&self) -> usize {
        self.names.iter().map(|(_, n)| n).sum()
    }
}

impl SentAs {
    /// The record [`SentAs::format`] wrote; anything else (another version, damaged, absent)
    /// is an empty record, which asks nobody anything. A line without a step or a name is left
    /// out.
    pub fn parse(text: &str) -> SentAs {
        let mut lines = text.lines();
        if lines.next() != Some("v2") {
            return SentAs::default();
        }
        let steps = lines
            .filter_map(|l| l.split_once('\t'))
            .filter(|(step, name)| !step.is_empty() && !name.trim().is_empty())
            .map(|(step, name)| (step.to_string(), name.trim().to_string()))
            .collect();
        SentAs { steps }
    }

    /// As lines, for the browser to keep.
    pub fn format(&self) -> String {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        let lines: Vec<String> = std::iter::once("v2".to_string())
            .chain(self.steps.iter().map(|(step, name)| format!("{}\t{}", clean(step), clean(name))))
            .collect();
        to_lines(&lines.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// Whether nothing is recorded (nothing to keep).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// `steps` were sent under `name` (trimmed): each is that name's from now on.
    pub fn sent<'a>(&mut self, name: &str, steps: impl IntoIterator<Item = &'a str>) {
        let name = name.trim();
        for step in steps {
            self.steps.insert(step.to_string(), name.to_string());
        }
    }

    /// Forgets the steps whose answer the progress no longer holds (a reset cleared it); whether
    /// anything was forgotten.
    pub fn keep_answered(&mut self, answered: impl Fn(&str) -> bool) -> bool {
        let before = self.steps.len();
        self.steps.retain(|step, _| answered(step));
        self.steps.len() != before
    }

    /// Joining as `name` with these steps answered on the page: the answers among them that
    /// were sent under other names, if any were (names compared as typed, trimmed: the class
    /// view tells "Ann" and "ann" apart too).
    pub fn others<'a>(&self, name: &str, answered: impl IntoIterator<Item = &'a str>) -> Option<OthersAnswers> {
        let mut names: Vec<(String, usize)> = Vec::new();
        for other in answered.into_iter().filter_map(|step| self.steps.get(step)).filter(|n| *n != name.trim()) {
            match names.iter_mut().find(|(n, _)| n == other) {
                Some((_, count)) => *count += 1,
                None => names.push((other.clone(), 1)),
            }
        }
        names.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        (!names.is_empty()).then_some(OthersAnswers { names })
    }
}

#[cfg(test)]
#[path = "sent_as_tests.rs"]
mod tests;
