//! A live workshop without an LMS: on the guided path, a trainer (or learner) names the LRS the
//! room reports to (endpoint, key, secret) and the learner's name; every checked answer then
//! goes there as an `answered` statement (and `completed`, `passed` / `failed` once the path is
//! done), under the cmi5 package's activity, so the class view shows the room. Connecting sends
//! the answers already given; an answer that cannot reach the LRS waits and goes when it answers
//! again (`training_cmi5`). The learner is this browser's own id (kept in local storage), shown by
//! the name typed: two learners who type one name stay two. The connection is kept in this tab's
//! session storage only (a reload keeps reporting), never in a link, and so are the statements a
//! page going away could not be sure it sent: the tab's next page sends them first, under their
//! own ids, so an LRS that had them already keeps one of each. Two people taking turns at one
//! browser share its stored answers: a name joining where answers went under another name is
//! asked whether they are its own (sent) or not (the path is cleared first), never sent as
//! someone else's unasked.

use std::rc::Rc;

use yew::prelude::*;

use crate::browser::{self, xapi::uuid};
use crate::components::{form_field, lrs_fields};
use crate::model::training::sent_as::OthersAnswers;
use crate::model::training::{Exercise, TrainingProgress};

use super::training_cmi5::{Cmi5Session, Watchers};
use super::training_live_ask::LiveQuestion;
use super::training_live_link::{
    answered, connect, keep_sent_as, launch, record_sent, sent_as, stored, LIVE_KEY, UNSENT_KEY,
};

/// Reports each check to the LRS the room named (`off`: an LMS launched the page, which
/// reports instead), and draws the form that names it; with whether it is sending (the page then
/// hides the trainer's links, as under an LMS). `clear` clears the path's answers (for a learner
/// who finds someone else's on the page).
#[hook]
pub fn use_live_report(
    off: bool,
    path: (Option<Vec<Exercise>>, Callback<()>),
    progress: &TrainingProgress,
    checked: Option<(u32, String)>,
) -> (Html, bool) {
    let (exercises, clear) = path;
    let form = use_state(|| stored().map(|s| s.0).unwrap_or_default());
    let session = use_state(|| None::<Result<Rc<Cmi5Session>, String>>);
    // Answers still on their way to the LRS: the page is busy until they are there.
    let pending = use_state(|| 0usize);
    crate::components::use_busy(*pending > 0);
    // Why the latest answers wait (the session tries again), until one gets through.
    let problem = use_state(|| None::<String>);
    // Why the LRS refused an answer for good (dropped, not sent again), the latest.
    let refused = use_state(|| None::<String>);
    // Someone else's answers on the page, found as this name joined: the question asked.
    let asking = use_state(|| None::<(OthersAnswers, String)>);
    // Stopped by the learner: how many statements still waited for the LRS then (not sent).
    let stopped = use_state(|| None::<usize>);
    let watchers = {
        let (problem, pending, refused) = (problem.clone(), pending.clone(), refused.clone());
        Watchers {
            on_error: Callback::from(move |why| problem.set(why)),
            on_refused: Callback::from(move |why| refused.set(Some(why))),
            on_pending: Callback::from(move |n| pending.set(n)),
            on_unsent: None,
            on_handover: None,
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
                if let Some((live, _)) = stored() {
                    record_sent(&live.name, [key.as_str()]);
                }
            }
        });
    }
    // A reset forgets whose the cleared answers were (an LMS's progress is not this browser's).
    use_effect_with((off, progress.clone()), |(off, progress)| {
        let mut record = sent_as();
        if !*off && record.keep_answered(|step| progress.answers.contains_key(step)) {
            keep_sent_as(&record);
        }
    });
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
    // A new session, with the answers given before it (`earlier`) or with none (they were
    // someone else's, and are being cleared).
    let start = {
        let (form, session, problem, progress, refused, asking, exercises) = (
            form.clone(),
            session.clone(),
            problem.clone(),
            progress.clone(),
            refused.clone(),
            asking.clone(),
            exercises.clone(),
        );
        let stopped = stopped.clone();
        Rc::new(move |earlier: bool| {
            asking.set(None);
            stopped.set(None);
            let_go(&session);
            problem.set(None);
            refused.set(None);
            let opened = connect(&form, &uuid(), watchers.clone());
            if let (Ok(s), Some(exercises)) = (&opened, &exercises) {
                let steps = if earlier { answered(exercises, &progress) } else { Vec::new() };
                // The answers given before connecting go first.
                if earlier {
                    s.report_all(exercises, &progress);
                }
                record_sent(&form.name, steps.iter().map(String::as_str));
            }
            session.set(Some(opened));
        })
    };
    let on_submit = {
        let (form, session, progress, asking, exercises, start) =
            (form.clone(), session.clone(), progress.clone(), asking.clone(), exercises.clone(), start.clone());
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
            // Answers that went under another name are sent under this one only when asked.
            let steps = exercises.as_ref().map(|e| answered(e, &progress)).unwrap_or_default();
            match sent_as().others(&form.name, steps.iter().map(String::as_str)) {
                Some(others) if launch(&form, &uuid()).is_ok() => asking.set(Some((others, form.name.trim().into()))),
                _ => start(true),
            }
        })
    };
    let on_answer = {
        let (start, clear) = (start.clone(), clear.clone());
        Callback::from(move |mine: bool| {
            if !mine {
                clear.emit(());
            }
            start(mine);
            browser::focus_by_id("live-send");
        })
    };
    // Asked for the name as typed now (a name typed since asks again when it is sent).
    let question = (*asking).clone().filter(|(_, name)| *name == form.name.trim()).map(|(others, name)| {
        html! { <LiveQuestion {others} name={AttrValue::from(name)} {on_answer} /> }
    });
    // Stopped: the form stays open with the focus on its button, for the next person at this
    // browser (the Stop button it was on is gone).
    let on_stop = {
        let (session, problem, refused, stopped) = (session.clone(), problem.clone(), refused.clone(), stopped.clone());
        Callback::from(move |_: MouseEvent| {
            // What still waits for the LRS now, before the session's last word joins it.
            let waiting = match &*session {
                Some(Ok(s)) => s.waiting(),
                _ => 0,
            };
            refused.set(None);
            let_go(&session);
            browser::session_remove(LIVE_KEY);
            browser::session_remove(UNSENT_KEY);
            problem.set(None);
            session.set(None);
            stopped.set(Some(waiting));
            browser::focus_by_id("live-send");
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
    // What the session sends under, whatever the form holds since.
    let under = stored().map(|(live, _)| live).unwrap_or_else(|| (*form).clone());
    let view = html! {
        <details class="live-lrs" open={session.is_some() || stopped.is_some()}>
            <summary>{ "Send answers to an LRS (live workshop)" }</summary>
            <p class="field-hint">{ "For a class without an LMS: the trainer names the Learning Record Store; your answers go there under your name. Kept in this tab only, never in a link." }</p>
            <form class="class-connection" onsubmit={on_submit}>
                { lrs_fields(&form, ("live", matches!(&*session, Some(Err(_))).then_some("live-refused")), &form.access, |l| &mut l.access) }
                { form_field(&form, "live-name", ("Your name", "text"), &form.name, |l, t| l.name = t) }
                <button type="submit" id="live-send">{ "Send my answers" }</button>
            </form>
            { question.unwrap_or_default() }
            { match &*session {
                None if stopped.is_some() => html! {
                    <p role="status" data-testid="live-stopped">{ stopped_text(stopped.unwrap_or(0)) }</p>
                },
                None => html! {},
                Some(Ok(_)) => html! { <>
                    <p class="lms-status">
                        if let Some(why) = &*problem {
                            <span class="alert" role="alert" data-testid="live-status">{ format!("Your latest answers are waiting: {why}. They go as soon as the LRS answers (tried again every few seconds, and at your next answer).") }</span>
                            <button type="button" onclick={on_retry}>{ "Try again now" }</button>
                        } else {
                            // The name bidi-isolated: one with U+202E turned the sentence's end.
                            <span role="status" data-testid="live-status">{ format!("Sending your answers to {} as ", under.access.endpoint) }<bdi>{ under.name.trim() }</bdi>{ "." }</span>
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

/// What Stop sending says: the answers stay here; statements still waiting for the LRS are not
/// sent (joining again sends every answer so far).
fn stopped_text(waiting: usize) -> String {
    match waiting {
        0 => "Stopped: your answers stay in this browser and no longer go to the LRS.".to_string(),
        n => format!(
            "Stopped: your answers stay in this browser and no longer go to the LRS; {} that had not reached it {} not sent (joining again sends every answer so far).",
            if n == 1 { "1 statement".to_string() } else { format!("{n} statements") },
            if n == 1 { "was" } else { "were" }
        ),
    }
}
