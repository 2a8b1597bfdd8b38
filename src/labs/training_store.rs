//! What the guided path keeps in this browser, and when it reads it: the progress
//! (`rescale-lab.training.v1`; a corrupt entry is set aside with a notice), the first attempts
//! (`rescale-lab.training-first.v1`), the coverage lab's exercise runs, and the step to return
//! to from a step's lab; and, for a reload of this tab only (session storage), the responses
//! typed or chosen, checked or not (`rescale-lab.training.typed`; a reset clears them). Under an
//! LMS, the LMS keeps the progress (see `training_lms`,
//! `training_cmi5`), not this browser: its answers and first attempts are neither read (on a
//! shared computer they are someone else's, and a cmi5 restore would add them to this
//! learner's) nor written, and neither are the coverage lab's runs (they would count on the
//! page but never reach the LMS: a coverage step is answered in its own box there). Without an
//! LMS the coverage runs are read: the coverage lab runs in a tab of its own, or in another
//! module of this page, and tells the path through this browser's storage.

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::browser;
use crate::model::json::{self, Node, Value};
use crate::model::training::{Attempts, TrainingProgress};

use super::coverage::progress::{Progress as CoverageRuns, STORAGE_KEY as COVERAGE_RUNS_KEY};
use super::reset_all::{TRAINING_FIRST_KEY, TRAINING_KEY};
use super::training_lms::{lms_keeps_progress, lms_progress};
use super::training_step::{step_id, RETURN_STEP_KEY};
use super::training_steps::{StepAction, Steps};

/// Writes a stored score, or removes the entry when there is nothing to keep.
fn save(key: &str, text: String, empty: bool) {
    if empty {
        browser::storage_remove(key);
    } else {
        browser::storage_set(key, &text);
    }
}

fn loaded_progress() -> (TrainingProgress, Option<String>) {
    match browser::storage_get(TRAINING_KEY).as_deref() {
        None => (TrainingProgress::default(), None),
        Some(text) => match TrainingProgress::parse(text) {
            Some(p) => (p, None),
            None => (
                TrainingProgress::default(),
                Some("Saved training progress was unreadable (older or damaged), so it was set aside.".to_string()),
            ),
        },
    }
}

/// The session-storage entry holding the responses typed in this tab: a reload puts an answer
/// not yet checked back in its box.
const TYPED_KEY: &str = "rescale-lab.training.typed";

/// The responses as a JSON object (step key → text).
fn typed_text(responses: &BTreeMap<String, String>) -> String {
    let members = responses.iter().map(|(k, v)| (k.as_str(), Node::text(v.clone()))).collect();
    json::to_text(&Node::object(members))
}

/// The responses [`typed_text`] wrote; anything else (an entry from another version, damaged)
/// gives none.
fn typed_from(text: &str) -> BTreeMap<String, String> {
    let Ok(Node { value: Value::Object(members), .. }) = json::parse(text) else { return BTreeMap::new() };
    members
        .into_iter()
        .filter_map(|(key, node)| match node.value {
            Value::Text(text) => Some((key, text)),
            _ => None,
        })
        .collect()
}

/// The coverage lab's exercise runs as this browser stores them.
fn stored_runs() -> CoverageRuns {
    browser::storage_get(COVERAGE_RUNS_KEY).and_then(|t| CoverageRuns::parse(&t)).unwrap_or_default()
}

/// Brings the step a step's lab was opened from back into view, once (the key is taken).
pub fn return_to_step() {
    if let Some(id) = browser::session_take(RETURN_STEP_KEY) {
        browser::scroll_to_id(&step_id(&id));
    }
}

/// The path's steps, opened from what this browser (or the LMS) keeps, and kept there as they
/// change. Shown again after another module's page (a step's lab), the coverage runs are read
/// again and the step it was opened from comes back into view.
#[hook]
pub fn use_stored_steps() -> UseReducerHandle<Steps> {
    let in_browser = !lms_keeps_progress();
    let steps = use_reducer(|| {
        let attempts = match in_browser {
            true => browser::storage_get(TRAINING_FIRST_KEY).and_then(|t| Attempts::parse(&t)).unwrap_or_default(),
            false => Attempts::default(),
        };
        let progress = lms_progress().unwrap_or_else(|| match in_browser {
            true => loaded_progress(),
            false => (TrainingProgress::default(), None),
        });
        // Under an LMS a relaunch in this tab is a new attempt: it starts with empty boxes.
        let typed = match in_browser {
            true => browser::session_get(TYPED_KEY).map(|t| typed_from(&t)).unwrap_or_default(),
            false => BTreeMap::new(),
        };
        let runs = match in_browser {
            true => stored_runs(),
            false => CoverageRuns::default(),
        };
        Steps { responses: typed, recorded_elsewhere: !in_browser, ..Steps::new(progress, attempts, runs) }
    });
    {
        let dispatcher = steps.dispatcher();
        use_effect_with((), move |_| {
            let watch = browser::page::ShownWatch::new(move || {
                if in_browser {
                    dispatcher.dispatch(StepAction::LabRuns(stored_runs()));
                }
                return_to_step();
            });
            move || drop(watch)
        });
    }
    use_effect_with(steps.progress.clone(), move |p| {
        if in_browser {
            save(TRAINING_KEY, p.format(), p.answers.is_empty())
        }
    });
    use_effect_with(steps.responses.clone(), move |typed| match in_browser && !typed.is_empty() {
        true => _ = browser::session_set(TYPED_KEY, &typed_text(typed)),
        false => browser::session_remove(TYPED_KEY),
    });
    use_effect_with(steps.attempts.clone(), move |a| {
        if in_browser {
            save(TRAINING_FIRST_KEY, a.format(), a.by_id.is_empty())
        }
    });
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a learner typed comes back from the entry as it was: any text, any key; an entry
    /// that is not such an object gives nothing rather than an error.
    #[test]
    fn typed_responses_come_back_as_typed() {
        let typed: BTreeMap<String, String> = [
            ("coverage-8-3#a1b2", "60"),
            ("restore-\"quoted\"", "yes"),
            ("hostile", "<script>alert(1)</script>\u{1}\u{1F600}"),
            ("empty", ""),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        assert_eq!(typed_from(&typed_text(&typed)), typed);
        for other in ["", "[]", "{\"a\":1}", "{\"a\":", "not json"] {
            assert_eq!(typed_from(other), BTreeMap::new(), "{other}");
        }
        assert_eq!(typed_from("{\"a\":\"1\",\"b\":2}").len(), 1);
    }
}
