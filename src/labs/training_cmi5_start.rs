//! A cmi5 launch's start (`?lms=cmi5` and the LMS's launch parameters), as cmi5 orders it: the
//! auth token fetched once, the launch data and the learner's kept progress read from the LRS's
//! State resource, then the session opened (`training_cmi5`), which sends `initialized`. The
//! session is kept in the tab's session storage (`rescale-lab.cmi5-session.v1`, `KeptSession`):
//! a reload of the page in the tab goes on with it (the token kept, what the page before had not
//! sent sent first, its progress, no second `initialized`) until it ends with `terminated`.

use std::rc::Rc;

use yew::Callback;

use crate::browser;
use crate::browser::lms::{launch_param, launch_word};
use crate::browser::xapi::{request, Call};
use crate::model::json::parse;
use crate::model::training::cmi5::{Cmi5Launch, KeptSession, LaunchData, Sent, PROGRESS_STATE};
use crate::model::training::TrainingProgress;

use super::training_cmi5::{open_session, Cmi5Session, Handover, Resumed, Watchers};

/// The tab's cmi5 session (session storage), for a reload of the page.
const KEPT_KEY: &str = "rescale-lab.cmi5-session.v1";

/// The launch link's cmi5 parameters, when an LMS launched the page as a cmi5 AU.
pub fn cmi5_launch() -> Option<Result<Cmi5Launch, String>> {
    if launch_word()? != "cmi5" {
        return None;
    }
    Some(Cmi5Launch::from_params(launch_param))
}

/// Reads a State document: its text, or `None` when the LRS has none (404).
async fn read_state(launch: &Cmi5Launch, token: &str, state_id: &str) -> Result<Option<String>, String> {
    let url = launch.state_url(state_id);
    match request(Call { method: "GET", url: &url, token: Some(token), body: None, keepalive: false }).await? {
        (200, text) => Ok(Some(text)),
        (404, _) => Ok(None),
        (status, _) => Err(format!("the LRS answered {status} for the state document {state_id}")),
    }
}

/// The auth token, from the LMS's fetch URL (which gives it once).
async fn fetch_token(launch: &Cmi5Launch) -> Result<String, String> {
    let call = Call { method: "POST", url: &launch.fetch, token: None, body: None, keepalive: false };
    match request(call).await? {
        (200, text) => {
            parse(&text).ok().and_then(|doc| doc.get("auth-token").and_then(|t| t.as_text()).map(String::from))
        }
        (status, _) => return Err(format!("the LMS's fetch URL answered {status} (a launch link works once)")),
    }
    .ok_or_else(|| "the LMS's fetch URL gave no auth-token".to_string())
}

/// Starts the session as cmi5 says: the token, the launch data, the progress, `initialized`;
/// or, after a reload of the page in this tab, goes on with the session the tab kept.
pub async fn start(launch: Cmi5Launch, watchers: Watchers) -> Result<(Rc<Cmi5Session>, TrainingProgress), String> {
    let kept = browser::session_get(KEPT_KEY).and_then(|t| KeptSession::parse(&t)).filter(|k| k.is_for(&launch));
    let token = match &kept {
        Some(k) => k.token.clone(),
        None => fetch_token(&launch).await?,
    };
    let tab = KeptSession {
        registration: launch.registration.clone(),
        fetch: launch.fetch.clone(),
        token: token.clone(),
        started_ms: kept.as_ref().map_or(browser::now_ms() as u64, |k| k.started_ms),
        statements: None,
        progress: None,
    };
    let data = read_state(&launch, &token, "LMS.LaunchData").await?.ok_or("the LMS wrote no launch data")?;
    let data = LaunchData::parse(&data)?;
    let doc = match kept.as_ref().and_then(|k| k.progress.clone()) {
        Some(doc) => doc,
        None => read_state(&launch, &token, PROGRESS_STATE).await?.unwrap_or_default(),
    };
    let (sent, text) = Sent::split(&doc);
    let progress = TrainingProgress::parse(text).unwrap_or_default();
    let kept_now = tab.format();
    let on_handover = Callback::from(move |handover| match handover {
        Handover::Reload { statements, progress } => {
            browser::session_set(KEPT_KEY, &KeptSession { statements, progress, ..tab.clone() }.format());
        }
        Handover::Ended => browser::session_remove(KEPT_KEY),
    });
    let watchers = Watchers { on_handover: Some(on_handover), ..watchers };
    let (carried, resumed) = match kept {
        Some(k) => (k.statements, Some(Resumed { started_ms: k.started_ms as f64, progress: k.progress })),
        None => (None, None),
    };
    let session = open_session(launch, data, token, sent, watchers, carried, resumed);
    // Kept once the session holds what the tab kept before (its `initialized`, or what the page
    // before left): a reload while the LRS is still being read finds that earlier record whole.
    browser::session_set(KEPT_KEY, &kept_now);
    Ok((session, progress))
}
