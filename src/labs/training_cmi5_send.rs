//! A cmi5 session's requests to the LRS (a statement or the progress): the queue sent in order,
//! one at a time, tried again after a pause where one fails; and how each answer is read:
//! through, refused for now (sent again later), or refused for good.

use std::rc::Rc;

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

/// Sends the queue in order, one request at a time; at a failure the request goes back to the
/// front of the queue and the queue is tried again later. A request the LRS refuses for good
/// (a statement it finds invalid, say) is dropped, the view told why, and the queue goes on:
/// sent again it would only hold back every later answer.
pub(super) fn pump(session: Rc<Cmi5Session>) {
    if session.pumping.replace(true) {
        session.tell_pending(1);
        return;
    }
    yew::platform::spawn_local(async move {
        loop {
            let Some(item) = session.queue.borrow_mut().pop_front() else { break };
            session.tell_pending(1);
            if let Outgoing::Statement(text) = &item {
                *session.in_flight.borrow_mut() = Some(text.clone());
            }
            // keepalive: a statement on its way still arrives if the learner closes the page.
            let sent = send(&session, &item, true).await;
            session.in_flight.borrow_mut().take();
            match &sent {
                // The LRS answered: a failure before this one is over.
                Ok(()) | Err(Failure { for_good: true, .. }) if session.failures.replace(0) > 0 => {
                    session.tell(|w| w.on_error.emit(None))
                }
                _ => {}
            }
            match sent {
                Ok(()) => {}
                Err(Failure { why, for_good: true }) => session.tell(|w| w.on_refused.emit(why)),
                Err(Failure { why, for_good: false }) => {
                    session.queue.borrow_mut().push_front(item);
                    session.failures.set(session.failures.get() + 1);
                    session.tell(|w| w.on_error.emit(Some(why)));
                    retry_later(Rc::clone(&session));
                    break;
                }
            }
        }
        session.pumping.set(false);
        session.tell(|w| w.on_pending.emit(0));
        // Finished, and everything sent: back to the LMS, if it named where.
        if session.terminated.get() && session.queue.borrow().is_empty() {
            if let Some(url) = session.leave_to.borrow_mut().take() {
                crate::browser::page::go_to(&url);
            }
        }
    });
}

/// Tries the queue again after a pause that doubles with each failure in a row: 2 s, 4 s, … 30 s.
fn retry_later(session: Rc<Cmi5Session>) {
    let pause = (2000u32 << session.failures.get().saturating_sub(1).min(4)).min(30_000);
    crate::browser::later(pause, move || {
        if !session.closed.get() && !session.queue.borrow().is_empty() {
            pump(session);
        }
    });
}
