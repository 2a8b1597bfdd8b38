//! What the guided path tells a learning management system when an LMS launches it from a
//! SCORM package: each checked answer as an interaction, the score, completion and success,
//! and the learner's progress as suspend data. Pure: the element names and values are built
//! here, in each standard's own vocabulary; `browser/lms.rs` only hands them to the run-time.
//!
//! The two standards name the same things differently (SCORM 1.2's `cmi.core.score.raw` is
//! SCORM 2004's `cmi.score.raw`, its `wrong` is 2004's `incorrect`, its true-false response
//! is `t`/`f` where 2004 writes `true`/`false`), and 1.2 has one status where 2004 has two.
//!
//! No verdict before every step has an answer: the score is written only then, because a
//! run-time given a pass mark judges the score itself (2004's `cmi.success_status` is read as
//! `failed` while `cmi.score.scaled` is below `cmi.scaled_passing_score`; a 1.2 LMS sets
//! `failed` at `LMSFinish` while `cmi.core.score.raw` is below the mastery score, which is in
//! percent, so 1.2's score is too). Times are written by `lms_time.rs`.

use super::{Answer, Exercise, TrainingProgress};

#[path = "lms_time.rs"]
mod time;
pub use time::{session_time, Moment};
#[path = "lms_result.rs"]
mod result;
pub use result::PathResult;

/// Which SCORM run-time launched the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scorm {
    /// SCORM 1.2: the run-time is the object `API`.
    V12,
    /// SCORM 2004 4th edition: the run-time is the object `API_1484_11`.
    V2004,
}

impl Scorm {
    /// From the launch link's `lms=` word (the package's manifest writes it).
    pub fn from_word(word: &str) -> Option<Scorm> {
        match word {
            "scorm12" => Some(Scorm::V12),
            "scorm2004" => Some(Scorm::V2004),
            _ => None,
        }
    }

    /// The name of the run-time object the LMS places in a parent frame.
    pub fn api_name(self) -> &'static str {
        match self {
            Scorm::V12 => "API",
            Scorm::V2004 => "API_1484_11",
        }
    }

    /// The run-time's functions, in the order initialize, get, set, commit, finish.
    pub fn functions(self) -> [&'static str; 5] {
        match self {
            Scorm::V12 => ["LMSInitialize", "LMSGetValue", "LMSSetValue", "LMSCommit", "LMSFinish"],
            Scorm::V2004 => ["Initialize", "GetValue", "SetValue", "Commit", "Terminate"],
        }
    }

    /// The element holding the pass mark the LMS took from the package's manifest.
    pub fn pass_mark_element(self) -> &'static str {
        match self {
            Scorm::V12 => "cmi.student_data.mastery_score",
            Scorm::V2004 => "cmi.scaled_passing_score",
        }
    }

    /// The element holding the result the LMS has recorded: 1.2's lesson status, 2004's
    /// success status.
    pub fn result_element(self) -> &'static str {
        match self {
            Scorm::V12 => "cmi.core.lesson_status",
            Scorm::V2004 => "cmi.success_status",
        }
    }

    /// Whether `value`, read from [`Scorm::result_element`], is a result already recorded
    /// (passed or failed; 1.2's completed too), which a new launch must not overwrite before
    /// the learner answers: its suspend data may not hold every answer the result counted.
    pub fn recorded_result(self, value: &str) -> bool {
        matches!((self, value.trim()), (_, "passed" | "failed") | (Scorm::V12, "completed"))
    }

    /// The element holding the learner's stored progress.
    pub fn suspend_element(self) -> &'static str {
        "cmi.suspend_data"
    }

    /// The most characters the standard lets suspend data hold.
    pub fn suspend_limit(self) -> usize {
        match self {
            Scorm::V12 => 4096,
            Scorm::V2004 => 64000,
        }
    }

    /// The element counting the interactions recorded so far (the next one's index).
    pub fn interaction_count_element(self) -> &'static str {
        "cmi.interactions._count"
    }

    /// Reads the pass mark as the run-time gives it, in thousandths: 1.2's mastery score is a
    /// number from 0 to 100, 2004's scaled passing score a number from -1 to 1 (a negative
    /// mark is no mark a learner can miss, so it counts as 0). Empty or malformed: no mark.
    pub fn pass_mark(self, text: &str) -> Option<u32> {
        let value = text.trim().parse::<f64>().ok().filter(|v| v.is_finite())?;
        let milli = match self {
            Scorm::V12 if (0.0..=100.0).contains(&value) => value * 10.0,
            Scorm::V2004 if (-1.0..=1.0).contains(&value) => value.max(0.0) * 1000.0,
            _ => return None,
        };
        Some(milli.round() as u32)
    }
}

/// Thousandths as a decimal (`750` → `0.75`, `1000` → `1`).
pub fn decimal(milli: u32) -> String {
    let text = format!("{}.{:03}", milli / 1000, milli % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The score, the status and the progress, as (element, value) in the order they are set.
/// Until every exercise has an answer there is no score (a run-time with a pass mark would
/// judge it; 2004's progress measure says how far the learner is). Without a pass mark, SCORM
/// 1.2 says `completed` and 2004 leaves success `unknown`. SCORM 1.2 scores in percent, the
/// scale of its mastery score.
pub fn status_values(scorm: Scorm, result: PathResult, pass_mark: Option<u32>, suspend: &str) -> Vec<(String, String)> {
    let verdict = pass_mark.map(|mark| if result.passed(mark) { "passed" } else { "failed" });
    let complete = result.complete();
    let mut values = Vec::new();
    let mut set = |element: &str, value: String| values.push((element.to_string(), value));
    match scorm {
        Scorm::V12 => {
            if complete {
                set("cmi.core.score.min", "0".into());
                set("cmi.core.score.max", "100".into());
                set("cmi.core.score.raw", decimal(result.scaled_milli() * 100));
            }
            let status = match verdict {
                _ if !complete => "incomplete",
                Some(word) => word,
                None => "completed",
            };
            set("cmi.core.lesson_status", status.into());
            set("cmi.core.exit", if complete { "" } else { "suspend" }.into());
        }
        Scorm::V2004 => {
            let answered = result.answered.saturating_mul(1000).checked_div(result.max).unwrap_or(0);
            set("cmi.progress_measure", decimal(answered.min(1000)));
            if complete {
                set("cmi.score.min", "0".into());
                set("cmi.score.max", result.max.to_string());
                set("cmi.score.raw", result.raw.to_string());
                set("cmi.score.scaled", decimal(result.scaled_milli()));
            }
            set("cmi.completion_status", if complete { "completed" } else { "incomplete" }.into());
            let success = if complete { verdict.unwrap_or("unknown") } else { "unknown" };
            set("cmi.success_status", success.into());
            set("cmi.exit", if complete { "normal" } else { "suspend" }.into());
        }
    }
    values.push((scorm.suspend_element().to_string(), suspend.to_string()));
    values
}

/// Progress text cut to whole lines that fit `limit` characters, with the steps (progress keys)
/// whose answers were left out. The order is the progress text's (by progress key): its lines
/// are kept from the first until one does not fit, and that one and every later one are left
/// out, so the same answers come back at every launch (a set too large for SCORM 1.2's 4,096
/// characters keeps its first answers). A first line that does not fit leaves nothing.
pub fn fit_suspend(text: &str, limit: usize) -> (String, Vec<String>) {
    let mut kept = String::new();
    let mut cut = false;
    let mut dropped = Vec::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        cut = cut || kept.chars().count() + line.chars().count() > limit;
        match (cut, i) {
            (false, _) => kept.push_str(line),
            (true, 0) => {}
            (true, _) => dropped.push(line.split('\t').next().unwrap_or_default().trim_end().to_string()),
        }
    }
    (kept, dropped)
}

/// An identifier both standards accept: the exercise id with anything but letters, digits,
/// `-`, `_` and `.` written as `_` (at most 255 characters, 1.2's bound).
pub fn interaction_id(id: &str) -> String {
    let clean: String =
        id.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' }).take(255).collect();
    if clean.is_empty() {
        "exercise".to_string()
    } else {
        clean
    }
}

/// A yes/no or a number in the standard's interaction vocabulary.
fn response_word(scorm: Scorm, answer: Answer) -> String {
    match (answer, scorm) {
        (Answer::Number(n), _) => n.to_string(),
        (Answer::YesNo(b), Scorm::V12) => if b { "t" } else { "f" }.to_string(),
        (Answer::YesNo(b), Scorm::V2004) => b.to_string(),
    }
}

/// The learner's response as the answer it was graded as (`yes` → true, ` 42 ` → 42), or
/// `None` for text that grading would refuse.
pub(super) fn graded_response(expected: Answer, response: &str) -> Option<Answer> {
    let r = response.trim();
    match expected {
        Answer::Number(_) => r.parse::<u64>().ok().map(Answer::Number),
        Answer::YesNo(_) => match r.to_ascii_lowercase().as_str() {
            "yes" => Some(Answer::YesNo(true)),
            "no" => Some(Answer::YesNo(false)),
            _ => None,
        },
    }
}

/// One answer checked at `when` as interaction number `index`: (element, value) in the order
/// the standard needs them (the id first, the type before the responses). `None` for a
/// response grading refuses (it was never checked).
pub fn interaction_values(
    scorm: Scorm,
    index: u32,
    exercise: &Exercise,
    response: &str,
    ok: bool,
    when: Moment,
) -> Option<Vec<(String, String)>> {
    let (expected, _) = exercise.kind.solve();
    let given = graded_response(expected, response)?;
    let kind = match expected {
        Answer::Number(_) => "numeric",
        Answer::YesNo(_) => "true-false",
    };
    let at = |field: &str| format!("cmi.interactions.{index}.{field}");
    let right = response_word(scorm, expected);
    let mut values = vec![(at("id"), interaction_id(&exercise.id)), (at("type"), kind.to_string())];
    values.push(time::interaction_time(scorm, index, when));
    match scorm {
        Scorm::V12 => {
            values.push((at("correct_responses.0.pattern"), right));
            values.push((at("student_response"), response_word(scorm, given)));
            values.push((at("result"), if ok { "correct" } else { "wrong" }.to_string()));
        }
        Scorm::V2004 => {
            let pattern = match expected {
                Answer::Number(_) => format!("{right}[:]{right}"),
                Answer::YesNo(_) => right,
            };
            values.push((at("description"), exercise.title.chars().take(250).collect()));
            values.push((at("correct_responses.0.pattern"), pattern));
            values.push((at("learner_response"), response_word(scorm, given)));
            values.push((at("result"), if ok { "correct" } else { "incorrect" }.to_string()));
        }
    }
    Some(values)
}

#[cfg(test)]
#[path = "lms_tests.rs"]
mod tests;
