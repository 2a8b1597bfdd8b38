//! The trainer's side of the guided path: a hint for each exercise kind (what a wrong attempt
//! shows when answers are hidden, never the answer), one time estimate per kind (for presenter
//! mode), and first-attempt scoring ([`Attempts`]: the first graded answer of each exercise
//! is its score; later ones are practice), with the small text format it is stored in.

use std::collections::BTreeMap;

use super::{Answer, Exercise, ExerciseKind};

impl Answer {
    /// As an answer key prints it: the number, or `Yes` / `No`.
    pub fn text(self) -> String {
        match self {
            Answer::Number(n) => n.to_string(),
            Answer::YesNo(true) => "Yes".to_string(),
            Answer::YesNo(false) => "No".to_string(),
        }
    }
}

impl ExerciseKind {
    /// Where to look after a wrong attempt, in a sentence that does not give the answer.
    pub fn hint(&self) -> String {
        match *self {
            ExerciseKind::CoverageReach { m, a } => format!(
                "Find the largest number that divides both {m} and {}: the walk can only land on its multiples.",
                a % u64::from(m.max(1))
            ),
            ExerciseKind::OwnerOfGroup { max, p, .. } => format!(
                "Subtasks own contiguous runs of key groups: multiply the group by {p}, divide by {max}, and round down."
            ),
            ExerciseKind::BusiestGroups { max, p } => {
                format!("{max} groups shared by {p} subtasks cannot always come out even: round the share up.")
            }
            ExerciseKind::RestoreStarts { saved_max, .. } => format!(
                "The snapshot fixes {saved_max} key groups, and every subtask needs at least one of them."
            ),
            ExerciseKind::RescaleFixesHotKey { .. } => {
                "A key always hashes to the same key group, and a key group is owned by one subtask: can more \
                 subtasks split a single key?"
                    .to_string()
            }
            ExerciseKind::PointOfNoReturn { .. } => "Open the planner and look for the first step that cannot be \
                                                     undone: where the new job commits output past the old job's \
                                                     stop."
                .to_string(),
            ExerciseKind::SnapshotMaxParallelism { .. } => {
                "Open the sample in the savepoint inspector: each operator's row lists its max parallelism.".to_string()
            }
            ExerciseKind::UidChangeBlocksRestore { .. } => "Find the operator with this uid in the inspector: does \
                                                            it hold any state? Only state that the new job \
                                                            leaves unclaimed stops a restore."
                .to_string(),
            ExerciseKind::CutoverDowntime { .. } => "Add up what happens between the old job's stop and the new job's \
                                                     restore: every pass over the state, at the given rate."
                .to_string(),
            ExerciseKind::InPlaceLiftsCeiling { .. } => "In place or not, the job restarts from a snapshot whose key \
                                                         groups are already fixed: what caps a parallelism?"
                .to_string(),
            ExerciseKind::RunningMeansSafe { .. } => "Watch the job for longer than its first status: what does the \
                                                      restart strategy do when a task fails on its state?"
                .to_string(),
            ExerciseKind::SnapshotSwitchesBackend { .. } => "Look the snapshot kind up in the planner's table of what \
                                                             each snapshot can do."
                .to_string(),
        }
    }

    /// Minutes a class needs for one exercise of this kind (read, try it in the lab, discuss):
    /// one figure per kind.
    pub fn minutes(&self) -> u32 {
        match self {
            ExerciseKind::CoverageReach { .. } => 2,
            ExerciseKind::OwnerOfGroup { .. } | ExerciseKind::BusiestGroups { .. } => 3,
            ExerciseKind::RestoreStarts { .. } | ExerciseKind::SnapshotMaxParallelism { .. } => 3,
            ExerciseKind::RescaleFixesHotKey { .. } | ExerciseKind::UidChangeBlocksRestore { .. } => 4,
            ExerciseKind::PointOfNoReturn { .. } | ExerciseKind::CutoverDowntime { .. } => 5,
            ExerciseKind::InPlaceLiftsCeiling { .. }
            | ExerciseKind::RunningMeansSafe { .. }
            | ExerciseKind::SnapshotSwitchesBackend { .. } => 3,
        }
    }
}

impl ExerciseKind {
    /// The step's lab link in a workshop whose answers are hidden: a lab that can hide what
    /// would give the answer away (the coverage toy's trail and count) opens hiding it.
    pub fn lab_link_for(&self, answers_hidden: bool) -> String {
        match self {
            ExerciseKind::CoverageReach { .. } if answers_hidden => format!("{}&answers=hidden", self.lab_link()),
            _ => self.lab_link(),
        }
    }
}

/// Minutes for a whole set.
pub fn total_minutes(exercises: &[Exercise]) -> u32 {
    exercises.iter().map(|e| e.kind.minutes()).sum()
}

/// One exercise's attempts: the first verdict (the score) and the retries after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempt {
    pub first: bool,
    pub retries: u32,
    /// The verdict of the latest retry, if any.
    pub last: Option<bool>,
}

/// First attempts and retries by exercise id, as this browser keeps them: the practice line
/// ([`Attempts::practice`]); the path's score is the progress's own (`TrainingProgress::first_of`),
/// which an LMS keeps too.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Attempts {
    pub by_id: BTreeMap<String, Attempt>,
}

impl Attempts {
    /// Records a graded answer: the first one per exercise is kept as its score, later ones
    /// only count as practice.
    pub fn record(&mut self, id: &str, correct: bool) {
        match self.by_id.get_mut(id) {
            Some(a) => {
                a.retries = a.retries.saturating_add(1);
                a.last = Some(correct);
            }
            None => {
                self.by_id.insert(id.to_string(), Attempt { first: correct, retries: 0, last: None });
            }
        }
    }

    /// First attempts that were right, among `ids`.
    pub fn score<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> usize {
        ids.into_iter().filter(|id| self.by_id.get(*id).is_some_and(|a| a.first)).count()
    }

    /// Retries in all, and how many exercises missed at first were later answered right.
    pub fn practice(&self) -> (u32, usize) {
        let retries = self.by_id.values().map(|a| a.retries).fold(0u32, u32::saturating_add);
        let recovered = self.by_id.values().filter(|a| !a.first && a.last == Some(true)).count();
        (retries, recovered)
    }

    /// Lines `a1`, then `id TAB first TAB retries TAB last` with verdicts `correct`,
    /// `incorrect` or `-` (tabs and newlines in ids become spaces).
    pub fn format(&self) -> String {
        let word = |v: Option<bool>| match v {
            Some(true) => "correct",
            Some(false) => "incorrect",
            None => "-",
        };
        let mut out = String::from("a1\n");
        for (id, a) in &self.by_id {
            let id = id.replace(['\t', '\n', '\r'], " ");
            out.push_str(&format!("{id}\t{}\t{}\t{}\n", word(Some(a.first)), a.retries, word(a.last)));
        }
        out
    }

    /// Reads [`Attempts::format`]'s text; anything else is `None`.
    pub fn parse(text: &str) -> Option<Attempts> {
        let mut lines = text.lines();
        if lines.next()? != "a1" {
            return None;
        }
        let verdict = |w: &str| match w {
            "correct" => Some(Some(true)),
            "incorrect" => Some(Some(false)),
            "-" => Some(None),
            _ => None,
        };
        let mut by_id = BTreeMap::new();
        for line in lines.filter(|l| !l.is_empty()) {
            let parts: Vec<&str> = line.split('\t').collect();
            let [id, first, retries, last] = parts[..] else { return None };
            let first = verdict(first)??;
            let attempt = Attempt { first, retries: retries.parse().ok()?, last: verdict(last)? };
            by_id.insert(id.to_string(), attempt);
        }
        Some(Attempts { by_id })
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::{grade, Answer};
    use super::*;

    /// One exercise of every kind (two of the coverage toy).
    pub(in crate::training) fn kinds() -> Vec<ExerciseKind> {
        use super::super::Sample;
        vec![
            ExerciseKind::CoverageReach { m: 8, a: 2 },
            ExerciseKind::CoverageReach { m: 12, a: 20 },
            ExerciseKind::OwnerOfGroup { max: 128, p: 100, group: 77 },
            ExerciseKind::BusiestGroups { max: 128, p: 100 },
            ExerciseKind::RestoreStarts { saved_max: 128, p: 200 },
            ExerciseKind::RescaleFixesHotKey { n: 1000, hot: 30, p: 8, q: 32 },
            ExerciseKind::PointOfNoReturn { current: 24, target: 200, first: 24 },
            ExerciseKind::SnapshotMaxParallelism { sample: Sample::RocksdbCheckpoint },
            ExerciseKind::UidChangeBlocksRestore { sample: Sample::HashmapSavepoint, uid: "counter".into() },
            ExerciseKind::CutoverDowntime { state_gib: 4096, rate_mib: 300 },
            ExerciseKind::InPlaceLiftsCeiling { current: 24, target: 200, max: 128 },
            ExerciseKind::RunningMeansSafe { backend: crate::trace::schema::Backend::RocksDb },
            ExerciseKind::SnapshotSwitchesBackend {
                kind: crate::planner::snapshot_kinds::SnapshotKind::AlignedCheckpoint,
            },
        ]
    }

    /// A hint never contains the number a numeric exercise expects, nor a yes/no verdict.
    #[test]
    fn hints_do_not_give_the_answer() {
        for kind in kinds() {
            let (answer, why) = kind.solve();
            let hint = kind.hint();
            assert_ne!(hint, why, "{kind:?}");
            let words: Vec<&str> = hint.split(|c: char| !c.is_ascii_alphanumeric()).collect();
            match answer {
                Answer::Number(n) => assert!(!words.contains(&n.to_string().as_str()), "{kind:?}: {hint}"),
                Answer::YesNo(_) => {
                    assert!(!words.iter().any(|w| w.eq_ignore_ascii_case("yes") || w.eq_ignore_ascii_case("no")))
                }
            }
            assert!(grade(&kind, &hint).is_err(), "a hint is not itself an answer: {hint}");
        }
        assert!(ExerciseKind::CoverageReach { m: 12, a: 20 }.hint().contains("12 and 8"));
        assert_eq!(
            [Answer::Number(60), Answer::YesNo(true), Answer::YesNo(false)].map(Answer::text),
            ["60", "Yes", "No"]
        );
    }

    /// The presenter and the answer key print "Answer: No. " before the reason, and a verdict
    /// prints "Correct. ": a reason that opened with the verdict again read "No. No.".
    #[test]
    fn a_reason_does_not_repeat_the_verdict() {
        for kind in kinds() {
            let (_, why) = kind.solve();
            let first = why.split(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or("");
            assert!(!["Yes", "No", "Correct"].contains(&first), "{kind:?}: {why}");
        }
    }

    #[test]
    fn a_hidden_answers_link_opens_the_coverage_lab_hiding_them() {
        let reach = ExerciseKind::CoverageReach { m: 8, a: 2 };
        assert_eq!(reach.lab_link_for(true), "#/coverage?m=8&a=2&answers=hidden");
        assert_eq!(reach.lab_link_for(false), "#/coverage?m=8&a=2");
        for kind in kinds().into_iter().filter(|k| !matches!(k, ExerciseKind::CoverageReach { .. })) {
            assert_eq!(kind.lab_link_for(true), kind.lab_link(), "{kind:?}");
        }
    }

    #[test]
    fn time_is_one_figure_per_kind_and_adds_up() {
        let table = kinds().into_iter().map(|k| (k.minutes(), k)).collect::<Vec<_>>();
        let expected = [2, 2, 3, 3, 3, 4, 5, 3, 4, 5, 3, 3, 3];
        assert_eq!(table.iter().map(|(m, _)| *m).collect::<Vec<_>>(), expected);
        let set: Vec<Exercise> = kinds()
            .into_iter()
            .enumerate()
            .map(|(i, kind)| Exercise { id: i.to_string(), title: String::new(), prompt: String::new(), kind })
            .collect();
        assert_eq!(total_minutes(&set), expected.iter().sum::<u32>());
        assert_eq!(total_minutes(&[]), 0);
    }

    #[test]
    fn the_first_attempt_is_the_score_and_retries_are_practice() {
        let mut a = Attempts::default();
        a.record("x", false);
        a.record("x", true);
        a.record("x", true);
        a.record("y", true);
        a.record("y", false);
        a.record("z", false);
        assert_eq!(a.score(["x", "y", "z", "absent"]), 1);
        assert_eq!(a.by_id["x"], Attempt { first: false, retries: 2, last: Some(true) });
        assert_eq!(a.practice(), (3, 1));
        let back = Attempts::parse(&a.format()).unwrap();
        assert_eq!(back, a);
        a.record("odd\tid", true);
        assert!(Attempts::parse(&a.format()).unwrap().by_id["odd id"].first);
        for bad in ["", "v1\n", "a1\nx\tcorrect\t1", "a1\nx\t-\t0\t-", "a1\nx\tcorrect\tmany\t-", "a1\nx\tyes\t0\t-"] {
            assert_eq!(Attempts::parse(bad), None, "{bad:?}");
        }
    }
}
