//! The learner's graded answers, kept in a small versioned text format.

use std::collections::BTreeMap;

/// The learner's graded answers, by exercise id.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrainingProgress {
    pub answers: BTreeMap<String, (bool, String)>,
}

impl TrainingProgress {
    pub fn score(&self) -> usize {
        self.answers.values().filter(|(ok, _)| *ok).count()
    }

    /// Lines `v1`, then `id TAB correct|incorrect TAB response` (tabs and newlines removed).
    pub fn format(&self) -> String {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        let mut out = String::from("v1\n");
        for (id, (ok, response)) in &self.answers {
            out.push_str(&format!(
                "{}\t{}\t{}\n",
                clean(id),
                if *ok { "correct" } else { "incorrect" },
                clean(response)
            ));
        }
        out
    }

    /// Reads [`TrainingProgress::format`]'s text; anything else (an older or corrupt entry) is `None`.
    pub fn parse(text: &str) -> Option<TrainingProgress> {
        let mut lines = text.lines();
        if lines.next()? != "v1" {
            return None;
        }
        let mut answers = BTreeMap::new();
        for line in lines.filter(|l| !l.is_empty()) {
            let mut parts = line.splitn(3, '\t');
            let (id, verdict, response) = (parts.next()?, parts.next()?, parts.next()?);
            let ok = match verdict {
                "correct" => true,
                "incorrect" => false,
                _ => return None,
            };
            answers.insert(id.to_string(), (ok, response.to_string()));
        }
        Some(TrainingProgress { answers })
    }
}
