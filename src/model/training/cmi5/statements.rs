//! Each statement of a session as JSON text: the context (the LMS's template, the registration,
//! the cmi5 and moveon categories, the mastery score), the AU's own statements with their result
//! and duration, and one `answered` interaction per checked answer.

use crate::json::{to_text, Node, Value};

use super::super::lms::{decimal, PathResult};
use super::super::{Answer, Exercise};
use super::{encode, Cmi5Launch, LaunchData, Verb, CMI5_CATEGORY, MASTERY_EXTENSION, MOVEON_CATEGORY};

/// What the browser supplies for one statement: its id (a UUID), the time (ISO 8601, UTC) and,
/// for `completed`, `passed`, `failed` and `terminated`, the session's duration so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Stamp {
    pub id: String,
    pub timestamp: String,
    pub duration_ms: u64,
}

/// An ISO 8601 duration in seconds with hundredths (`PT65.25S`), as xAPI writes one.
pub fn duration(ms: u64) -> String {
    format!("PT{}.{:02}S", ms / 1000, (ms % 1000) / 10)
}

fn number(text: String) -> Node {
    Node::new(Value::Number(text))
}

/// The context every statement of the session carries: the template, the registration, and
/// for cmi5-defined verbs the cmi5 category (and `moveon` for the three that can satisfy it).
fn context(launch: &Cmi5Launch, data: &LaunchData, verb: Verb) -> Node {
    let mut context = data.context_template.clone();
    context.set("registration", Node::text(&launch.registration));
    if verb.cmi5_defined() && data.cmi5 {
        let mut categories = vec![CMI5_CATEGORY];
        if matches!(verb, Verb::Completed | Verb::Passed | Verb::Failed) {
            categories.push(MOVEON_CATEGORY);
        }
        let activities = context.member_mut("contextActivities");
        let mut list = activities.get("category").and_then(Node::as_list).map(<[Node]>::to_vec).unwrap_or_default();
        for id in categories {
            if !list.iter().any(|c| c.get("id").and_then(Node::as_text) == Some(id)) {
                list.push(Node::object(vec![("id", Node::text(id))]));
            }
        }
        activities.set("category", Node::new(Value::List(list)));
    }
    if matches!(verb, Verb::Passed | Verb::Failed) && data.cmi5 {
        if let Some((written, _)) = &data.mastery {
            context.member_mut("extensions").set(MASTERY_EXTENSION, number(written.clone()));
        }
    }
    context
}

/// A statement with the given verb, object, result and context.
fn statement(
    launch: &Cmi5Launch,
    verb: Verb,
    object: Node,
    result: Option<Node>,
    context: Node,
    stamp: &Stamp,
) -> String {
    let verb_node = Node::object(vec![
        ("id", Node::text(verb.id())),
        ("display", Node::object(vec![("en-US", Node::text(verb.word()))])),
    ]);
    let mut members =
        vec![("id", Node::text(&stamp.id)), ("actor", launch.actor.clone()), ("verb", verb_node), ("object", object)];
    if let Some(result) = result {
        members.push(("result", result));
    }
    members.push(("context", context));
    members.push(("timestamp", Node::text(&stamp.timestamp)));
    to_text(&Node::object(members))
}

/// A cmi5-defined statement about the AU itself (`result`: the path's score for `completed`,
/// `passed` and `failed`; a duration for all but `initialized`).
pub fn au_statement(launch: &Cmi5Launch, data: &LaunchData, verb: Verb, result: PathResult, stamp: &Stamp) -> String {
    let object = Node::object(vec![("id", Node::text(&launch.activity_id)), ("objectType", Node::text("Activity"))]);
    let mut members = Vec::new();
    match verb {
        Verb::Passed | Verb::Failed => {
            members.push(("score", score(result)));
            members.push(("success", Node::new(Value::Bool(verb == Verb::Passed))));
        }
        Verb::Completed => members.push(("completion", Node::new(Value::Bool(true)))),
        _ => {}
    }
    if verb != Verb::Initialized {
        members.push(("duration", Node::text(duration(stamp.duration_ms))));
    }
    let result = (!members.is_empty()).then(|| Node::object(members));
    statement(launch, verb, object, result, context(launch, data, verb), stamp)
}

fn score(result: PathResult) -> Node {
    Node::object(vec![
        ("scaled", number(decimal(result.scaled_milli()))),
        ("raw", number(result.raw.to_string())),
        ("min", number("0".into())),
        ("max", number(result.max.to_string())),
    ])
}

/// The activity id of one exercise of the AU.
pub fn exercise_activity(launch: &Cmi5Launch, exercise: &Exercise) -> String {
    format!("{}/exercise/{}", launch.activity_id, encode(&exercise.id))
}

/// An `answered` statement for one checked answer (an interaction activity: true-false or
/// numeric, with the right answer as its correct response pattern). `None` for a response
/// grading refuses.
pub fn answered_statement(
    launch: &Cmi5Launch,
    data: &LaunchData,
    exercise: &Exercise,
    response: &str,
    ok: bool,
    stamp: &Stamp,
) -> Option<String> {
    let (expected, _) = exercise.kind.solve();
    let (kind, given, pattern) = match (expected, super::super::lms::graded_response(expected, response)?) {
        (Answer::Number(n), Answer::Number(g)) => ("numeric", g.to_string(), format!("{n}[:]{n}")),
        (Answer::YesNo(b), Answer::YesNo(g)) => ("true-false", g.to_string(), b.to_string()),
        _ => return None,
    };
    let definition = Node::object(vec![
        ("name", Node::object(vec![("en-US", Node::text(&exercise.title))])),
        ("description", Node::object(vec![("en-US", Node::text(&exercise.prompt))])),
        ("type", Node::text("http://adlnet.gov/expapi/activities/cmi.interaction")),
        ("interactionType", Node::text(kind)),
        ("correctResponsesPattern", Node::new(Value::List(vec![Node::text(pattern)]))),
    ]);
    let object = Node::object(vec![
        ("id", Node::text(exercise_activity(launch, exercise))),
        ("objectType", Node::text("Activity")),
        ("definition", definition),
    ]);
    let result = Node::object(vec![("success", Node::new(Value::Bool(ok))), ("response", Node::text(given))]);
    Some(statement(launch, Verb::Answered, object, Some(result), context(launch, data, Verb::Answered), stamp))
}
