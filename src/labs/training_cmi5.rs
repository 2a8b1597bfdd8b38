//! A session with an LRS: the guided path launched by an LMS as a cmi5 assignable unit (started
//! by `training_cmi5_start`), or a live workshop's. It sends `initialized`, then for each checked answer an
//! `answered` statement, the `completed` / `passed` / `failed` it owes and the progress; and
//! `terminated` from the Finish button or when the page goes away. Statements go out one at a
//! time, in order, and the view is told how many are still on their way; a page going away sends
//! what is left as one batch. A request that fails keeps its place: the view is told why, and the
//! queue goes again after a pause (2 s, doubling up to 30 s), at the next answer, or when the
//! view asks; the first request that gets through clears the message. A cmi5 launch's page
//! reloaded in its tab hands the session over instead of ending it (`Handover`): no
//! `terminated`, and what it had not sent goes to the next page, which goes on without a second
//! `initialized`. What to send is the model's (`model::training::cmi5`).

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser::xapi::{now_iso, start_request, uuid, Call};
use crate::model::training::cmi5::{au_statement, Cmi5Launch, LaunchData, LaunchMode, Sent, Stamp, Verb};
use crate::model::training::lms::PathResult;

#[path = "training_cmi5_report.rs"]
mod report;
#[path = "training_cmi5_send.rs"]
mod send;
use send::{parts, pump};

enum Outgoing {
    Statement(String),
    Progress(String),
}

/// A running cmi5 session: the launch, the token, what was sent, the queue of requests.
pub struct Cmi5Session {
    launch: Cmi5Launch,
    data: LaunchData,
    token: String,
    started_ms: f64,
    sent: Cell<Sent>,
    failed_now: Cell<bool>,
    queue: RefCell<VecDeque<Outgoing>>,
    /// The statement on its way now (taken off the queue until the LRS answers).
    in_flight: RefCell<Option<String>>,
    pumping: Cell<bool>,
    /// Failed sends in a row (0 once one gets through): the pause before the next try.
    failures: Cell<u32>,
    /// The LRS took a request of this session: its key is good.
    accepted: Cell<bool>,
    /// The view let the session go (Stop sending, another connection): no more tries.
    closed: Cell<bool>,
    /// The latest progress document queued (a reload hands it to the next page).
    last_progress: RefCell<Option<String>>,
    terminated: Cell<bool>,
    /// Where to go once `terminated` has gone out (the launch data's returnURL, on Finish).
    leave_to: RefCell<Option<String>>,
    watchers: Watchers,
}

/// What the view is told of a session: a request that failed (`Some(why)`: the status line
/// shows why; it is tried again) or the first that got through after one (`None`), and how many
/// requests are still to reach the LRS (the page is busy until none are).
#[derive(Clone)]
pub struct Watchers {
    pub on_error: Callback<Option<String>>,
    /// Told why the LRS refused a request for good: it was dropped, and the queue went on.
    pub on_refused: Callback<String>,
    pub on_pending: Callback<usize>,
    /// Told, as the page goes away with statements not yet known to have arrived, what they are
    /// (one batch, in order, `terminated` last), so that the page opened next can send them again
    /// under their own ids (an LRS keeps one of each); `None`: nothing is kept.
    pub on_unsent: Option<Callback<String>>,
    /// Told, for a cmi5 launch, as its page is reloaded, what the tab's next page needs to go on
    /// with the session, and when the session ends; `None`: a reload ends the session.
    pub on_handover: Option<Callback<Handover>>,
}

/// What a session tells the page that keeps it for the tab's next page.
pub enum Handover {
    /// The page is being reloaded: the statements it had not sent (one batch, in order, none if
    /// all went) and the latest progress document. The session goes on in the next page.
    Reload { statements: Option<String>, progress: Option<String> },
    /// The session ended (`terminated`): nothing goes on.
    Ended,
}

/// A session the tab's page before this one began (it was reloaded): when it began (its
/// duration goes on), and the latest progress document it left.
pub struct Resumed {
    pub started_ms: f64,
    pub progress: Option<String>,
}

impl Cmi5Session {
    /// The pass mark the LMS launched the AU with (thousandths), if it named one.
    pub fn mastery(&self) -> Option<u32> {
        self.data.mastery.as_ref().map(|m| m.1)
    }

    /// How the LMS launched the AU: only the Normal mode records a result.
    pub fn mode(&self) -> LaunchMode {
        self.data.mode
    }

    /// How many requests wait to be sent (after a failure the queue waits for its next try).
    pub fn waiting(&self) -> usize {
        self.queue.borrow().len()
    }

    /// Sends what waits now (the view's "Try again now").
    pub fn retry(self: &Rc<Self>) {
        pump(Rc::clone(self));
    }

    /// The view lets the session go: nothing more is tried (what was sent stays sent).
    pub fn close(&self) {
        // Its last word to the view: nothing of it is pending, and no failure of it stands.
        self.tell(|w| {
            w.on_pending.emit(0);
            w.on_error.emit(None);
        });
        self.closed.set(true);
    }

    /// Tells the view how many requests are still to go: the queue and `in_flight`. The queue
    /// is read first and let go before the view hears it (a render it causes may queue more).
    fn tell_pending(&self, in_flight: usize) {
        let queued = self.queue.borrow().len();
        self.tell(|w| w.on_pending.emit(queued + in_flight));
    }

    /// Tells the view, unless it let this session go: a session it replaced (Stop sending,
    /// another connection) still sends its `terminated`, but its failures and counts are no
    /// longer the page's to show (the new session's line would say an old key was refused).
    fn tell(&self, told: impl FnOnce(&Watchers)) {
        if !self.closed.get() {
            told(&self.watchers);
        }
    }

    fn stamp(&self) -> Stamp {
        let elapsed = (crate::browser::now_ms() - self.started_ms).max(0.0);
        Stamp { id: uuid(), timestamp: now_iso(), duration_ms: elapsed as u64 }
    }

    fn push(self: &Rc<Self>, item: Outgoing) {
        if !self.terminated.get() {
            if let Outgoing::Progress(doc) = &item {
                *self.last_progress.borrow_mut() = Some(doc.clone());
            }
            self.queue.borrow_mut().push_back(item);
            pump(Rc::clone(self));
        }
    }

    /// Ends the session with `terminated` (once): queued, or at once with `keepalive` when
    /// the page is going away.
    pub fn terminate(self: &Rc<Self>, leaving: bool) {
        if self.terminated.get() {
            return;
        }
        if let (true, Some(hand)) = (leaving && crate::browser::lms::reloading(), &self.watchers.on_handover) {
            // Reloaded: the session is the next page's. Nothing more goes from this one.
            self.terminated.set(true);
            self.closed.set(true);
            let (statements, _) = self.drain();
            let statements = (!statements.is_empty()).then(|| format!("[{}]", statements.join(",")));
            hand.emit(Handover::Reload { statements, progress: self.last_progress.borrow().clone() });
            return;
        }
        if let Some(hand) = &self.watchers.on_handover {
            hand.emit(Handover::Ended);
        }
        let s = au_statement(
            &self.launch,
            &self.data,
            Verb::Terminated,
            PathResult { raw: 0, max: 0, answered: 0 },
            &self.stamp(),
        );
        if leaving {
            // The page is going: what is still queued cannot wait its turn. The statements go as
            // one batch (an LRS stores a batch in its order), terminated last, then the latest
            // progress; both with keepalive, which outlives the page.
            self.terminated.set(true);
            let (mut statements, progress) = self.drain();
            let unsent = !statements.is_empty();
            statements.push(s);
            let batch = format!("[{}]", statements.join(","));
            if let (true, Some(keep)) = (unsent, &self.watchers.on_unsent) {
                keep.emit(batch.clone());
            }
            let batch = Outgoing::Statement(batch);
            // Both start here, inside the page's pagehide handler: a task queued for later may
            // never run (under load the page was gone first), and nothing awaits the answers.
            for item in std::iter::once(batch).chain(progress.map(Outgoing::Progress)) {
                let (method, url, body, content, _) = parts(self, &item);
                let token = Some(self.token.as_str());
                let _ = start_request(&Call { method, url: &url, token, body: Some((content, body)), keepalive: true });
            }
        } else {
            *self.leave_to.borrow_mut() = self.data.return_url.clone();
            self.push(Outgoing::Statement(s));
            self.terminated.set(true);
        }
    }

    /// Takes what is still to go: the statements (the one in flight first, then the queue's, in
    /// order) and the latest progress queued.
    fn drain(&self) -> (Vec<String>, Option<String>) {
        let mut statements: Vec<String> = self.in_flight.borrow_mut().take().into_iter().collect();
        let mut progress = None;
        for item in self.queue.borrow_mut().drain(..) {
            match item {
                Outgoing::Statement(text) => statements.push(text),
                Outgoing::Progress(text) => progress = Some(text),
            }
        }
        (statements, progress)
    }
}

/// A session that starts at once with `initialized` (and ends with `terminated` when the page
/// goes away): a cmi5 launch's, once its launch data is read, or a live workshop's. `carried`:
/// a batch the page before this one could not be sure it sent (`Watchers::on_unsent`), sent first.
/// `resumed`: the session goes on from the tab's page before (reloaded): no `initialized`, the
/// progress it left written again.
pub fn open_session(
    launch: Cmi5Launch,
    data: LaunchData,
    token: String,
    sent: Sent,
    watchers: Watchers,
    carried: Option<String>,
    resumed: Option<Resumed>,
) -> Rc<Cmi5Session> {
    let session = Rc::new(Cmi5Session {
        launch,
        data,
        token,
        started_ms: resumed.as_ref().map_or_else(crate::browser::now_ms, |r| r.started_ms),
        sent: Cell::new(sent),
        failed_now: Cell::new(false),
        queue: RefCell::default(),
        in_flight: RefCell::default(),
        pumping: Cell::new(false),
        failures: Cell::new(0),
        accepted: Cell::new(false),
        closed: Cell::new(false),
        last_progress: RefCell::new(None),
        terminated: Cell::new(false),
        leave_to: RefCell::new(None),
        watchers,
    });
    if let Some(batch) = carried {
        session.push(Outgoing::Statement(batch));
    }
    match resumed {
        Some(Resumed { progress, .. }) => {
            if let Some(doc) = progress {
                session.push(Outgoing::Progress(doc));
            }
        }
        None => {
            let nothing = PathResult { raw: 0, max: 0, answered: 0 };
            let initialized =
                au_statement(&session.launch, &session.data, Verb::Initialized, nothing, &session.stamp());
            session.push(Outgoing::Statement(initialized));
        }
    }
    crate::browser::lms::on_page_hide({
        let session = Rc::clone(&session);
        move || session.terminate(true)
    });
    session
}
