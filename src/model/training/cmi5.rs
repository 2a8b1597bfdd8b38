//! The guided path as a cmi5 assignable unit: what the LMS's launch link gives (the LRS
//! endpoint, the fetch URL for the auth token, the actor, the registration, the activity id),
//! the launch data the LMS wrote to the LRS (context template, launch mode, mastery score),
//! which statements a session owes and when, and each statement's JSON text. Pure: the browser
//! side (`labs/training_cmi5.rs`) fetches and posts.
//!
//! The rules kept here are cmi5's for an AU: `initialized` first and `terminated` last; each
//! statement carries the context template, the registration and (for the cmi5-defined verbs)
//! the cmi5 category; `completed`, `passed` and `failed` only in the Normal launch mode, at
//! most one `completed` and one `passed` per registration, with `moveon` as a category, the
//! mastery score as an extension, and a duration; every statement has an id and a timestamp.

use crate::json::{parse, to_text, Node, Value};

use super::lrs::{is_http_url, LrsAccess};

/// The cmi5 context category of every cmi5-defined statement.
pub const CMI5_CATEGORY: &str = "https://w3id.org/xapi/cmi5/context/categories/cmi5";
/// The category of a statement that can satisfy the AU's move-on criteria.
pub const MOVEON_CATEGORY: &str = "https://w3id.org/xapi/cmi5/context/categories/moveon";
/// The extension carrying the mastery score on `passed` and `failed`.
pub const MASTERY_EXTENSION: &str = "https://w3id.org/xapi/cmi5/context/extensions/masteryscore";
/// The context extension naming the session.
pub const SESSION_EXTENSION: &str = "https://w3id.org/xapi/cmi5/context/extensions/sessionid";
/// The longest name a live workshop's learner joins under, in characters: the class view shows
/// each name whole, and a room's names are a few words.
pub const NAME_MAX: usize = 80;
/// Where the AU keeps the learner's progress (the State resource, per registration).
pub const PROGRESS_STATE: &str = "rescale-lab.progress";

/// The launch link's parameters, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cmi5Launch {
    /// The LRS's xAPI endpoint, ending in `/`.
    pub endpoint: String,
    pub fetch: String,
    pub actor: Node,
    pub registration: String,
    pub activity_id: String,
}

/// A UUID in its 8-4-4-4-12 hex form.
pub fn is_uuid(text: &str) -> bool {
    let groups = text.split('-').map(str::len).collect::<Vec<_>>();
    groups == [8, 4, 4, 4, 12] && text.chars().all(|c| c == '-' || c.is_ascii_hexdigit())
}

impl Cmi5Launch {
    /// From the launch link's query parameters (`get` gives one by name, decoded).
    pub fn from_params(get: impl Fn(&str) -> Option<String>) -> Result<Cmi5Launch, String> {
        let need =
            |name: &str| get(name).filter(|v| !v.trim().is_empty()).ok_or(format!("the launch link has no {name}"));
        let mut endpoint = need("endpoint")?;
        let fetch = need("fetch")?;
        for (name, url) in [("endpoint", &endpoint), ("fetch", &fetch)] {
            if !is_http_url(url) {
                return Err(format!("the launch link's {name} is not an http(s) URL"));
            }
        }
        if !endpoint.ends_with('/') {
            endpoint.push('/');
        }
        let actor = parse(&need("actor")?).map_err(|e| format!("the launch link's actor is not JSON: {e}"))?;
        let account = actor.get("account");
        let named = |k: &str| account.and_then(|a| a.get(k)).and_then(Node::as_text).is_some_and(|t| !t.is_empty());
        if !(named("homePage") && named("name")) {
            return Err("the launch link's actor has no account (homePage and name), which cmi5 requires".into());
        }
        let registration = need("registration")?;
        if !is_uuid(&registration) {
            return Err("the launch link's registration is not a UUID".into());
        }
        Ok(Cmi5Launch { endpoint, fetch, actor, registration, activity_id: need("activityId")? })
    }

    /// The State resource's URL for one state document of this AU, learner and registration.
    pub fn state_url(&self, state_id: &str) -> String {
        format!(
            "{}activities/state?stateId={}&activityId={}&agent={}&registration={}",
            self.endpoint,
            encode(state_id),
            encode(&self.activity_id),
            encode(&to_text(&self.actor)),
            encode(&self.registration)
        )
    }

    /// The Statement resource's URL.
    pub fn statements_url(&self) -> String {
        format!("{}statements", self.endpoint)
    }

    /// A live workshop's "launch": the LRS a trainer typed, the learner as typed (the name the
    /// class view shows) with the browser's own learner id (the account on `home_page`, the
    /// lab's own address: two learners who type the same name stay two; at most [`NAME_MAX`]
    /// characters), a registration for the tab's session.
    pub fn live(
        lrs: &LrsAccess,
        (learner, learner_id): (&str, &str),
        home_page: &str,
        registration: &str,
        activity_id: &str,
    ) -> Result<Cmi5Launch, String> {
        let endpoint = lrs.endpoint()?;
        if learner.trim().is_empty() {
            return Err("type your name, as the trainer will see it".into());
        }
        let length = learner.trim().chars().count();
        if length > NAME_MAX {
            return Err(format!("your name is {length} characters long; a name takes {NAME_MAX} at most"));
        }
        let actor = Node::object(vec![
            ("objectType", Node::text("Agent")),
            ("name", Node::text(learner.trim())),
            ("account", Node::object(vec![("homePage", Node::text(home_page)), ("name", Node::text(learner_id))])),
        ]);
        let actor = to_text(&actor);
        let values = [
            ("endpoint", endpoint.as_str()),
            ("fetch", endpoint.as_str()),
            ("actor", &actor),
            ("registration", registration),
            ("activityId", activity_id),
        ];
        Cmi5Launch::from_params(|name| values.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string()))
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters (the samples' links use it too).
pub use super::samples::encode;

/// How the LMS launched the AU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaunchMode {
    Normal,
    Browse,
    Review,
}

/// The launch data the LMS wrote to the State resource (`LMS.LaunchData`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchData {
    pub context_template: Node,
    pub mode: LaunchMode,
    /// The mastery score as written (`0.8`), and in thousandths.
    pub mastery: Option<(String, u32)>,
    /// Where the LMS wants the learner once the AU ends (`returnURL`, http(s) only).
    pub return_url: Option<String>,
    /// Launched by a cmi5 LMS. A live workshop's statements (an LRS a trainer named, no LMS)
    /// carry no cmi5 category: no LMS launched them, so they make no claim to cmi5's rules.
    pub cmi5: bool,
}

impl LaunchData {
    pub fn parse(text: &str) -> Result<LaunchData, String> {
        let doc = parse(text).map_err(|e| format!("the launch data is not JSON: {e}"))?;
        let context_template = doc
            .get("contextTemplate")
            .filter(|t| matches!(t.value, Value::Object(_)))
            .cloned()
            .ok_or("the launch data has no contextTemplate")?;
        let mode = match doc.get("launchMode").and_then(Node::as_text) {
            Some("Normal") => LaunchMode::Normal,
            Some("Browse") => LaunchMode::Browse,
            Some("Review") => LaunchMode::Review,
            _ => return Err("the launch data's launchMode is not Normal, Browse or Review".into()),
        };
        let mastery = match doc.get("masteryScore").map(|n| &n.value) {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) => match n.parse::<f64>() {
                Ok(v) if (0.0..=1.0).contains(&v) => Some((n.clone(), (v * 1000.0).round() as u32)),
                _ => return Err(format!("the launch data's masteryScore {n} is not from 0 to 1")),
            },
            Some(_) => return Err("the launch data's masteryScore is not a number".into()),
        };
        let return_url = match doc.get("returnURL").and_then(Node::as_text) {
            None => None,
            Some(url) if is_http_url(url) => Some(url.to_string()),
            Some(_) => return Err("the launch data's returnURL is not an http(s) URL".into()),
        };
        Ok(LaunchData { context_template, mode, mastery, return_url, cmi5: true })
    }

    /// A live workshop's session (no LMS): the AU as grouping, a session id, the pass mark.
    pub fn live(au_id: &str, session_id: &str, mastery_milli: u32) -> LaunchData {
        let context_template = Node::object(vec![
            (
                "contextActivities",
                Node::object(vec![(
                    "grouping",
                    Node::new(Value::List(vec![Node::object(vec![("id", Node::text(au_id))])])),
                )]),
            ),
            ("extensions", Node::object(vec![(SESSION_EXTENSION, Node::text(session_id))])),
        ]);
        LaunchData {
            context_template,
            mode: LaunchMode::Normal,
            mastery: Some((super::lms::decimal(mastery_milli), mastery_milli)),
            return_url: None,
            cmi5: false,
        }
    }
}

/// The verbs this AU sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Initialized,
    Answered,
    Completed,
    Passed,
    Failed,
    Terminated,
}

impl Verb {
    pub fn word(self) -> &'static str {
        match self {
            Verb::Initialized => "initialized",
            Verb::Answered => "answered",
            Verb::Completed => "completed",
            Verb::Passed => "passed",
            Verb::Failed => "failed",
            Verb::Terminated => "terminated",
        }
    }

    pub fn id(self) -> String {
        format!("http://adlnet.gov/expapi/verbs/{}", self.word())
    }

    /// Defined by cmi5 (all but `answered`, a cmi5 "allowed" statement).
    fn cmi5_defined(self) -> bool {
        self != Verb::Answered
    }
}

mod sent;
pub use sent::Sent;
mod resume;
pub use resume::KeptSession;
mod statements;
pub use statements::{answered_statement, au_statement, duration, exercise_activity, Stamp};

#[cfg(test)]
#[path = "cmi5_tests.rs"]
mod tests;
