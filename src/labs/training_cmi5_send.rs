//! One request of a cmi5 session to the LRS (a statement or the progress), and how its answer
//! is read: through, refused for now (sent again later), or refused for good.

use super::{Cmi5Session, Outgoing};
use crate::browser::xapi::{request, Call};
use crate::model::training::cmi5::PROGRESS_STATE;

/// What a request carries: method, address, body, its content type, and what it is (for
/// messages).
pub(super) fn parts<'a>(
    session: &Cmi5Session,
    item: &'a Outgoing,
) -> (&'static str, String, &'a str, &'static str, &'static str) {
    match item {
        Outgoing::Statement(s) => {
            ("POST", session.launch.statements_url(), s.as_str(), "application/json", "a statement")
        }
        Outgoing::Progress(p) => {
            ("PUT", session.launch.state_url(PROGRESS_STATE), p.as_str(), "text/plain", "the progress")
        }
    }
}

/// Why a request did not get through, and whether the LRS refused it for good (sending it again
/// cannot change its answer: `lrs::refused_for_good`).
pub(super) struct Failure {
    pub why: String,
    pub for_good: bool,
}

pub(super) async fn send(session: &Cmi5Session, item: &Outgoing, keepalive: bool) -> Result<(), Failure> {
    let (method, url, body, content, what) = parts(session, item);
    let call = Call { method, url: &url, token: Some(&session.token), body: Some((content, body)), keepalive };
    match request(call).await.map_err(|why| Failure { why, for_good: false })? {
        (200..=299, _) => {
            session.accepted.set(true);
            Ok(())
        }
        // Forbidden after the LRS took this session's requests: the key is good, so it refuses
        // this request itself (an LMS's LRS may refuse what breaks cmi5's rules so).
        (403, text) if session.accepted.get() => {
            Err(Failure { why: crate::model::training::lrs::forbidden(what, &text), for_good: true })
        }
        (status, text) => Err(Failure {
            why: crate::model::training::lrs::not_taken(what, status, &text),
            for_good: crate::model::training::lrs::refused_for_good(status),
        }),
    }
}
