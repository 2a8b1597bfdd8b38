//! Grading a learner's response to an exercise: right or wrong against the model's own answer
//! (a whole number, or yes / no), refused with a reason where it is no answer at all, and the
//! one form a graded response is kept and sent in.

use super::{Answer, ExerciseKind};
use crate::ModelError;

/// A response as graded, in one form (what is kept and sent): a number in plain decimal (`60`
/// for ` 0060`), yes or no in lower case; `None` for one [`grade`] refuses.
pub fn normalised(kind: &ExerciseKind, response: &str) -> Option<String> {
    grade(kind, response).ok()?;
    match kind.solve().0 {
        Answer::Number(_) => crate::number::parse_whole(response.trim()).ok().map(|v| v.to_string()),
        Answer::YesNo(_) => Some(response.trim().to_ascii_lowercase()),
    }
}

/// Grades a response: a whole number, or yes / no.
pub fn grade(kind: &ExerciseKind, response: &str) -> Result<bool, ModelError> {
    let (answer, _) = kind.solve();
    let r = response.trim();
    match answer {
        // Every number asked for is a count, an hour or a step: below 0 is no answer, not a wrong one.
        // Beyond 64 bits: refused with the bounds an answer has (0 and up), not those of every
        // whole number the parser reads.
        Answer::Number(n) => match crate::number::parse_whole(r) {
            Err(ModelError::NumberTooLarge { text }) => {
                Err(ModelError::FarOutOfRange { what: "an answer", text, min: 0, max: i64::MAX })
            }
            Err(other) => Err(other),
            Ok(v) if v < 0 => Err(ModelError::Negative { what: "an answer", value: v }),
            Ok(v) => Ok(v == n as i64),
        },
        Answer::YesNo(b) => match r.to_ascii_lowercase().as_str() {
            "yes" => Ok(b),
            "no" => Ok(!b),
            _ => Err(ModelError::NotAnAmount { what: "answer (yes or no)", text: r.to_string() }),
        },
    }
}
