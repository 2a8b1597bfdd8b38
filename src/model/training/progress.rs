//! The learner's graded answers, kept in a small versioned text format: each step's latest
//! answer (what it shows) and whether its first graded attempt was right (what the score and
//! an LMS's result count: a wrong answer's reason gives the right one, so a retry is practice).

use std::collections::BTreeMap;

/// The learner's graded answers, by exercise id.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrainingProgress {
    /// The latest answer: right or not, and the response.
    pub answers: BTreeMap<String, (bool, String)>,
    /// Whether the first graded attempt was right, for the steps where it differs from the
    /// latest answer (elsewhere the latest answer's verdict is the first's).
    pub first: BTreeMap<String, bool>,
}

impl TrainingProgress {
    /// A graded answer: it becomes the latest; the first one of a step is kept as its first
    /// attempt (`before`: a verdict the step had from elsewhere, which is then its first).
    pub fn record(&mut self, id: &str, ok: bool, response: String, before: Option<bool>) {
        let first = self.first_of(id).or(before).unwrap_or(ok);
        self.answers.insert(id.to_string(), (ok, response));
        self.set_first(id, first);
    }

    /// Sets a step's first attempt (known from elsewhere: this browser's first attempts, kept
    /// apart before the progress held them); kept only where it differs from the latest answer
    /// (one form for one progress).
    pub fn set_first(&mut self, id: &str, first: bool) {
        match self.answers.get(id) {
            Some((ok, _)) if *ok != first => self.first.insert(id.to_string(), first),
            _ => self.first.remove(id),
        };
    }

    /// Whether the step's first graded attempt was right (`None`: not answered here).
    pub fn first_of(&self, id: &str) -> Option<bool> {
        self.first.get(id).copied().or_else(|| self.answers.get(id).map(|a| a.0))
    }

    /// Steps right at the first attempt.
    pub fn score(&self) -> usize {
        self.answers.keys().filter(|id| self.first_of(id) == Some(true)).count()
    }

    /// Lines `v2`, then `id TAB latest TAB first TAB response`, each verdict `correct` or
    /// `incorrect` (tabs and newlines removed).
    pub fn format(&self) -> String {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        let word = |ok: bool| if ok { "correct" } else { "incorrect" };
        let mut out = String::from("v2\n");
        for (id, (ok, response)) in &self.answers {
            let first = self.first_of(id).unwrap_or(*ok);
            out.push_str(&format!("{}\t{}\t{}\t{}\n", clean(id), word(*ok), word(first), clean(response)));
        }
        out
    }

    /// Reads [`TrainingProgress::format`]'s text, and the `v1` text before it (`id TAB verdict
    /// TAB response`: its first attempts unknown, each taken as the answer kept); anything else
    /// (an older or corrupt entry) is `None`.
    pub fn parse(text: &str) -> Option<TrainingProgress> {
        let mut lines = text.lines();
        let fields = match lines.next()? {
            "v1" => 3,
            "v2" => 4,
            _ => return None,
        };
        let verdict = |w: &str| match w {
            "correct" => Some(true),
            "incorrect" => Some(false),
            _ => None,
        };
        let mut progress = TrainingProgress::default();
        for line in lines.filter(|l| !l.is_empty()) {
            let parts: Vec<&str> = line.splitn(fields, '\t').collect();
            if parts.len() != fields {
                return None;
            }
            let ok = verdict(parts[1])?;
            let first = if fields == 4 { verdict(parts[2])? } else { ok };
            progress.answers.insert(parts[0].to_string(), (ok, parts[fields - 1].to_string()));
            progress.set_first(parts[0], first);
        }
        Some(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wrong first attempt stays the step's first through retries and a round trip; `v1`
    /// text (before first attempts were kept) reads each answer as its own first.
    #[test]
    fn the_first_attempt_is_kept_and_read_back() {
        let mut p = TrainingProgress::default();
        p.record("a", false, "6".into(), None);
        p.record("a", true, "60".into(), None);
        p.record("b", true, "yes".into(), None);
        p.record("c", true, "4".into(), Some(false));
        assert_eq!((p.first_of("a"), p.answers["a"].0, p.score()), (Some(false), true, 1));
        assert_eq!(p.first_of("c"), Some(false));
        let text = p.format();
        assert_eq!(text, "v2\na\tcorrect\tincorrect\t60\nb\tcorrect\tcorrect\tyes\nc\tcorrect\tincorrect\t4\n");
        assert_eq!(TrainingProgress::parse(&text), Some(p));
        let old = TrainingProgress::parse("v1\na\tcorrect\t60\nb\tincorrect\tx\ty\n").unwrap();
        assert_eq!(
            (old.first_of("a"), old.first_of("b"), old.answers["b"].1.as_str()),
            (Some(true), Some(false), "x\ty")
        );
        for bad in ["", "v3\n", "v2\na\tcorrect\t60\n", "v1\na\tright\t60\n", "v2\na\tcorrect\tmaybe\t60\n"] {
            assert_eq!(TrainingProgress::parse(bad), None, "{bad:?}");
        }
    }
}
