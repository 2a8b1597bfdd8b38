//! A live workshop without an LMS: on the guided path, a trainer (or learner) names the LRS the
//! room reports to (endpoint, key, secret) and the learner's name; every checked answer then
//! goes there as an `answered` statement (and `completed`, `passed` / `failed` once the path is
//! done), under the cmi5 package's activity, so the class view shows the room. Connecting sends
//! the answers already given; an answer that cannot reach the LRS waits and goes when it answers
//! again (`training_cmi5`). The learner is this browser's own id (kept in local storage), shown by
//! the name typed: two learners who type one name stay two. The connection is kept in this tab's
//! session storage only (a reload keeps reporting), never in a link, and so are the statements a
//! page going away could not be sure it sent: the tab's next page sends them first, under their
//! own ids, so an LRS that had them already keeps one of each.

use std::rc::Rc;

use yew::prelude::*;

use crate::browser::{self, xapi::uuid};
use crate::components::{form_field, lrs_fields};
use crate::model::training::cmi5::{Cmi5Launch, LaunchData, Sent};
use crate::model::training::lrs::LrsAccess;
use crate::model::training::{Exercise, TrainingProgress};

use super::class_view::PACKAGE_AU;
use super::training_cmi5::{open_session, Cmi5Session, Watchers};

/// The connection, for this tab's session: endpoint, key, secret, name, registration.
const LIVE_KEY: &str = "rescale-lab.live-lrs.v1";
/// Statements the tab's last page could not be sure it sent (one batch), for the next page.
const UNSENT_KEY: &str = "rescale-lab.live-unsent.v1";
/// This browser's learner id (the statements' account), kept across visits.
const LEARNER_KEY: &str = "rescale-lab.learner-id.v1";

/// This browser's learner id: the one kept, else a new one kept from now on (where storage
/// cannot keep it, the tab's `registration` stands in).
fn learner_id(registration: &str) -> String {
    browser::storage_get(LEARNER_KEY).filter(|id| !id.trim().is_empty()).unwrap_or_else(|| {
        let id = format!("learner-{}", uuid());
        if browser::storage_try_set(LEARNER_KEY, &id) {
            id
        } else {
            format!("learner-{registration}")
        }
    })
}

#[derive(Clone, PartialEq, Default)]
struct Live {
    access: LrsAccess,
    name: String,
}

fn stored() -> Option<(Live, String)> {
    let (access, more) = LrsAccess::from_lines(&browser::session_get(LIVE_KEY)?);
    let [name, registration] = <[String; 2]>::try_from(more).ok()?;
    Some((Live { access, name }, registration))
}

/// Opens the session (a registration per tab), or says why not. What the tab's last page left
/// unsent goes first (its statements name their own registration).
fn connect(live: &Live, registration: &str, watchers: Watchers) -> Result<Rc<Cmi5Session>, String> {
    let id = learner_id(registration);
    let launch = Cmi5Launch::live(&live.access, (&live.name, &id), &browser::page_url(), registration, PACKAGE_AU)?;
    browser::session_set(LIVE_KEY, &live.access.lines(&[&live.name, registration]));
    let token = live.access.basic_token();
    let keep = Callback::from(|batch: String| {
        browser::session_set(UNSENT_KEY, &batch);
    });
    let watchers = Watchers { on_unsent: Some(keep), ..watchers };
    let carried = browser::session_take(UNSENT_KEY);
    Ok(open_session(launch, LaunchData::live(PACKAGE_AU, &uuid(), 800), token, Sent::default(), watchers, carried))
}

/// Reports each check to the LRS the room named (`off`: an LMS launched the page, which
/// reports instead), and draws the form that names it; with whether it is sending (the page then
/// hides the trainer's links, as under an LMS).
#[hook]
pub fn use_live_report(
    off: bool,
    exercises: Option<Vec<Exercise>>,
    progress: &TrainingProgress,
    checked: Option<(u32, String)>,
) -> (Html, bool) {
    let form = use_state(|| stored().map(|s| s.0).unwrap_or_default());
    let session = use_state(|| None::<Result<Rc<Cmi5Session>, String>>);
    // Answers still on their way to the LRS: the page is busy until they are there.
    let pending = use_state(|| 0usize);
    crate::components::use_busy(*pending > 0);
    // Why the latest answers wait (the session tries again), until one gets through.
    let problem = use_state(|| None::<String>);
    // Why the LRS refused an answer for good (dropped, not sent again), the latest.
    let refused = use_state(|| None::<String>);
    let watchers = {
        let (problem, pending, refused) = (problem.clone(), pending.clone(), refused.clone());
        Watchers {
            on_error: Callback::from(move |why| problem.set(why)),
            on_refused: Callback::from(move |why| refused.set(Some(why))),
            on_pending: Callback::from(move |n| pending.set(n)),
            on_unsent: None,
        }
    };
    {
        // A reload in the same tab goes on reporting, under the same registration.
        let (session, watchers) = (session.clone(), watchers.clone());
        use_effect_with(off, move |off| {
            if let (false, Some((live, registration))) = (*off, stored()) {
                session.set(Some(connect(&live, &registration, watchers)));
            }
        });
    }
    {
        let (progress, current, exercises) = (progress.clone(), (*session).clone(), exercises.clone());
        use_effect_with(checked, move |checked| {
            if let (Some(Ok(s)), Some((_, key)), Some(exercises)) = (current, checked, exercises) {
                s.report(&exercises, &progress, key);
            }
        });
    }
    if off {
        return (html! {}, false);
    }
    // The session let go: its last statement queued, nothing more tried.
    let let_go = |session: &Option<Result<Rc<Cmi5Session>, String>>| {
        if let Some(Ok(s)) = session {
            s.terminate(false);
            s.close();
        }
    };
    let on_submit = {
        let (form, session, problem, progress, refused) =
            (form.clone(), session.clone(), problem.clone(), progress.clone(), refused.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            // Sent again to the LRS it already sends to, under the same name: the session goes
            // on (what waits is tried now); a new one would send every answer again, under a
            // registration of its own.
            let same = stored().is_some_and(|(live, _)| live == *form);
            if let (true, Some(Ok(s))) = (same, &*session) {
                s.retry();
                return;
            }
            let_go(&session);
            problem.set(None);
            refused.set(None);
            let opened = connect(&form, &uuid(), watchers.clone());
            // The answers given before connecting go first.
            if let (Ok(s), Some(exercises)) = (&opened, &exercises) {
                s.report_all(exercises, &progress);
            }
            session.set(Some(opened));
        })
    };
    let on_stop = {
        let (session, problem, refused) = (session.clone(), problem.clone(), refused.clone());
        Callback::from(move |_: MouseEvent| {
            refused.set(None);
            let_go(&session);
            browser::session_remove(LIVE_KEY);
            browser::session_remove(UNSENT_KEY);
            problem.set(None);
            session.set(None);
        })
    };
    let on_retry = {
        let session = session.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(Ok(s)) = &*session {
                s.retry();
            }
        })
    };
    let sending = matches!(&*session, Some(Ok(_)));
    let view = html! {
        <details class="live-lrs" open={session.is_some()}>
            <summary>{ "Send answers to an LRS (live workshop)" }</summary>
            <p class="field-hint">{ "For a class without an LMS: the trainer names the Learning Record Store; your answers go there under your name. Kept in this tab only, never in a link." }</p>
            <form class="class-connection" onsubmit={on_submit}>
                { lrs_fields(&form, ("live", matches!(&*session, Some(Err(_))).then_some("live-refused")), &form.access, |l| &mut l.access) }
                { form_field(&form, "live-name", ("Your name", "text"), &form.name, |l, t| l.name = t) }
                <button type="submit">{ "Send my answers" }</button>
            </form>
            { match &*session {
                None => html! {},
                Some(Ok(_)) => html! { <>
                    <p class="lms-status">
                        if let Some(why) = &*problem {
                            <span class="alert" role="alert" data-testid="live-status">{ format!("Your latest answers are waiting: {why}. They go as soon as the LRS answers (tried again every few seconds, and at your next answer).") }</span>
                            <button type="button" onclick={on_retry}>{ "Try again now" }</button>
                        } else {
                            <span role="status" data-testid="live-status">{ format!("Sending your answers to {} as {}.", form.access.endpoint, form.name.trim()) }</span>
                        }
                        <button type="button" onclick={on_stop}>{ "Stop sending" }</button>
                    </p>
                    if let Some(why) = &*refused {
                        <p class="alert" role="alert" data-testid="live-refused">
                            { format!("The LRS refused an answer for good: {why}. It is not sent again; tell your trainer. Your other answers still reach it.") }
                        </p>
                    }
                </> },
                Some(Err(why)) => html! { <p class="alert" role="alert" id="live-refused" data-testid="live-status">{ format!("Your answers are not being sent: {why}.") }</p> },
            } }
        </details>
    };
    (view, sending)
}
