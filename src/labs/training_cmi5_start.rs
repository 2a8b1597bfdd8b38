//! A cmi5 launch's start (`?lms=cmi5` and the LMS's launch parameters), as cmi5 orders it: the
//! auth token fetched once, the launch data and the learner's kept progress read from the LRS's
//! State resource, then the session opened (`training_cmi5`), which sends `initialized`.

use std::rc::Rc;

use crate::browser::lms::{launch_param, launch_word};
use crate::browser::xapi::{request, Call};
use crate::model::json::parse;
use crate::model::training::cmi5::{Cmi5Launch, LaunchData, Sent, PROGRESS_STATE};
use crate::model::training::TrainingProgress;

use super::training_cmi5::{open_session, Cmi5Session, Watchers};

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

/// Starts the session as cmi5 says: the token, the launch data, the progress, `initialized`.
pub async fn start(launch: Cmi5Launch, watchers: Watchers) -> Result<(Rc<Cmi5Session>, TrainingProgress), String> {
    let call = Call { method: "POST", url: &launch.fetch, token: None, body: None, keepalive: false };
    let token = match request(call).await? {
        (200, text) => {
            parse(&text).ok().and_then(|doc| doc.get("auth-token").and_then(|t| t.as_text()).map(String::from))
        }
        (status, _) => return Err(format!("the LMS's fetch URL answered {status} (a launch link works once)")),
    }
    .ok_or("the LMS's fetch URL gave no auth-token")?;
    let data = read_state(&launch, &token, "LMS.LaunchData").await?.ok_or("the LMS wrote no launch data")?;
    let data = LaunchData::parse(&data)?;
    let doc = read_state(&launch, &token, PROGRESS_STATE).await?.unwrap_or_default();
    let (sent, text) = Sent::split(&doc);
    let progress = TrainingProgress::parse(text).unwrap_or_default();
    Ok((open_session(launch, data, token, sent, watchers, None), progress))
}
