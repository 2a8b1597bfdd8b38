//! The learner's graded answers, kept in a small versioned text format: each step's latest
//! answer (what it shows) and its first graded attempt where that was another (what the score and
//! an LMS's result count: a wrong answer's reason gives the right one, so a retry is practice;
//! and what a live workshop joined late sends first, so the class view counts it as the first).

use std::collections::BTreeMap;

/// The learner's graded answers, by exercise id.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrainingProgress {
    /// The latest answer: right or not, and the response.
    pub answers: BTreeMap<String, (bool, String)>,
    /// The first graded attempt, for the steps where it is not the latest answer: right or not,
    /// and its response (`None`: not known, as for a verdict kept before responses were).
    pub first: BTreeMap<String, (bool, Option<String>)>,
}

impl TrainingProgress {
    /// A graded answer: it becomes the latest; the first one of a step is kept as its first
    /// attempt (`before`: a verdict the step had from elsewhere, which is then its first).
    pub fn record(&mut self, id: &str, ok: bool, response: String, before: Option<bool>) {
        let first = match (self.first.remove(id), self.answers.get(id), before) {
            (Some(first), _, _) => first,
            (None, Some((was, said)), _) => (*was, Some(said.clone())),
            (None, None, Some(was)) => (was, None),
            (None, None, None) => (ok, Some(response.clone())),
        };
        self.answers.insert(id.to_string(), (ok, response));
        self.keep_first(id, first);
    }

    /// Keeps `first` as the step's first attempt where it is not its latest answer (one form for
    /// one progress): another verdict, or another response known.
    fn keep_first(&mut self, id: &str, first: (bool, Option<String>)) {
        match self.answers.get(id) {
            Some((ok, said)) if *ok != first.0 || first.1.as_ref().is_some_and(|r| r != said) => {
                self.first.insert(id.to_string(), first)
            }
            _ => self.first.remove(id),
        };
    }

    /// Sets a step's first verdict (known from elsewhere: this browser's first attempts, kept
    /// apart before the progress held them); a response kept with the same verdict stays.
    pub fn set_first(&mut self, id: &str, first: bool) {
        let said = self.first.get(id).filter(|f| f.0 == first).and_then(|f| f.1.clone());
        self.keep_first(id, (first, said));
    }

    /// Whether the step's first graded attempt was right (`None`: not answered here).
    pub fn first_of(&self, id: &str) -> Option<bool> {
        self.first.get(id).map(|f| f.0).or_else(|| self.answers.get(id).map(|a| a.0))
    }

    /// The step's first attempt with its response, where it is not the latest answer and its
    /// response is known: what a session opened after it must send before the latest.
    pub fn earlier_first(&self, id: &str) -> Option<(bool, &str)> {
        self.first.get(id).and_then(|(ok, said)| Some((*ok, said.as_deref()?)))
    }

    /// Steps right at the first attempt.
    pub fn score(&self) -> usize {
        self.answers.keys().filter(|id| self.first_of(id) == Some(true)).count()
    }

    /// Lines `v3`, then `id TAB latest TAB first TAB response [TAB first response]`, each verdict
    /// `correct` or `incorrect` (tabs and newlines removed); the first response is there when the
    /// first attempt is not the latest answer and its response is known.
    pub fn format(&self) -> String {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        let word = |ok: bool| if ok { "correct" } else { "incorrect" };
        let mut out = String::from("v3\n");
        for (id, (ok, response)) in &self.answers {
            let first = self.first_of(id).unwrap_or(*ok);
            out.push_str(&format!("{}\t{}\t{}\t{}", clean(id), word(*ok), word(first), clean(response)));
            if let Some((_, said)) = self.earlier_first(id) {
                out.push_str(&format!("\t{}", clean(said)));
            }
            out.push('\n');
        }
        out
    }

    /// Reads [`TrainingProgress::format`]'s text, and the two before it: `v2` (no first
    /// response) and `v1` (`id TAB verdict TAB response`: its first attempts unknown, each taken
    /// as the answer kept); anything else (an older or corrupt entry) is `None`.
    pub fn parse(text: &str) -> Option<TrainingProgress> {
        let mut lines = text.lines();
        let version = lines.next()?;
        let verdict = |w: &str| match w {
            "correct" => Some(true),
            "incorrect" => Some(false),
            _ => None,
        };
        let mut progress = TrainingProgress::default();
        for line in lines.filter(|l| !l.is_empty()) {
            let parts: Vec<&str> = match version {
                "v1" => line.splitn(3, '\t').collect(),
                "v2" => line.splitn(4, '\t').collect(),
                "v3" => line.split('\t').collect(),
                _ => return None,
            };
            let (ok, first, response, said) = match (version, parts.as_slice()) {
                ("v1", [_, ok, response]) => (verdict(ok)?, verdict(ok)?, *response, None),
                ("v2" | "v3", [_, ok, first, response]) => (verdict(ok)?, verdict(first)?, *response, None),
                ("v3", [_, ok, first, response, said]) => (verdict(ok)?, verdict(first)?, *response, Some(*said)),
                _ => return None,
            };
            progress.answers.insert(parts[0].to_string(), (ok, response.to_string()));
            progress.keep_first(parts[0], (first, said.map(str::to_string)));
        }
        (matches!(version, "v1" | "v2" | "v3")).then_some(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wrong first attempt stays the step's first through retries and a round trip, with its
    /// response; a first verdict known from elsewhere has none; `v2` text (no first responses)
    /// and `v1` text (before first attempts were kept, each answer read as its own first) are read.
    #[test]
    fn the_first_attempt_is_kept_and_read_back() {
        let mut p = TrainingProgress::default();
        p.record("a", false, "6".into(), None);
        p.record("a", false, "7".into(), None);
        p.record("a", true, "60".into(), None);
        p.record("b", true, "yes".into(), None);
        p.record("b", true, "yes".into(), None);
        p.record("c", true, "4".into(), Some(false));
        p.record("d", false, "2".into(), None);
        p.record("d", false, "3".into(), None);
        assert_eq!((p.first_of("a"), p.answers["a"].0, p.score()), (Some(false), true, 1));
        assert_eq!(p.first_of("c"), Some(false));
        let earlier = ["a", "b", "c", "d"].map(|id| p.earlier_first(id));
        assert_eq!(earlier, [Some((false, "6")), None, None, Some((false, "2"))]);
        let text = p.format();
        assert_eq!(
            text,
            "v3\na\tcorrect\tincorrect\t60\t6\nb\tcorrect\tcorrect\tyes\nc\tcorrect\tincorrect\t4\nd\tincorrect\tincorrect\t3\t2\n"
        );
        assert_eq!(TrainingProgress::parse(&text), Some(p.clone()));
        // A verdict set again from elsewhere keeps the response known with it.
        p.set_first("a", false);
        assert_eq!(p.earlier_first("a"), Some((false, "6")));
        let v2 = TrainingProgress::parse("v2\na\tcorrect\tincorrect\t60\n").unwrap();
        assert_eq!((v2.first_of("a"), v2.earlier_first("a")), (Some(false), None));
        let old = TrainingProgress::parse("v1\na\tcorrect\t60\nb\tincorrect\tx\ty\n").unwrap();
        assert_eq!(
            (old.first_of("a"), old.first_of("b"), old.answers["b"].1.as_str()),
            (Some(true), Some(false), "x\ty")
        );
        for bad in [
            "",
            "v4\n",
            "v2\na\tcorrect\t60\n",
            "v1\na\tright\t60\n",
            "v2\na\tcorrect\tmaybe\t60\n",
            "v3\na\tcorrect\tincorrect\t60\t6\t7\n",
        ] {
            assert_eq!(TrainingProgress::parse(bad), None, "{bad:?}");
        }
    }
}
