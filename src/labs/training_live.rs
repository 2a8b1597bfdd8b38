//! A live workshop without an LMS: on the guided path, a trainer (or learner) names the LRS the
//! room reports to (endpoint, key, secret) and the learner's name; every checked answer then
//! goes there as an `answered` statement (and `completed`, `passed` / `failed` once the path is
//! done), under the cmi5 package's activity, so the class view shows the room. The connection
//! is kept in this tab's session storage only (a reload keeps reporting), never in a link.

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

/// Opens the session (a registration per tab), or says why not.
fn connect(live: &Live, registration: &str, watchers: Watchers) -> Result<Rc<Cmi5Session>, String> {
    let launch = Cmi5Launch::live(&live.access, &live.name, &browser::page_url(), registration, PACKAGE_AU)?;
    browser::session_set(LIVE_KEY, &live.access.lines(&[&live.name, registration]));
    let token = live.access.basic_token();
    Ok(open_session(launch, LaunchData::live(PACKAGE_AU, &uuid(), 800), token, Sent::default(), watchers))
}

/// Reports each check to the LRS the room named (`off`: an LMS launched the page, which
/// reports instead), and draws the form that names it.
#[hook]
pub fn use_live_report(
    off: bool,
    exercises: Option<Vec<Exercise>>,
    progress: &TrainingProgress,
    checked: Option<(u32, String)>,
) -> Html {
    let form = use_state(|| stored().map(|s| s.0).unwrap_or_default());
    let session = use_state(|| None::<Result<Rc<Cmi5Session>, String>>);
    // Answers still on their way to the LRS: the page is busy until they are there.
    let pending = use_state(|| 0usize);
    crate::components::use_busy(*pending > 0);
    let watchers = {
        let (session, pending) = (session.clone(), pending.clone());
        let on_error = Callback::from(move |why: String| session.set(Some(Err(why))));
        Watchers { on_error, on_pending: Callback::from(move |n| pending.set(n)) }
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
        let (progress, current) = (progress.clone(), (*session).clone());
        use_effect_with(checked, move |checked| {
            if let (Some(Ok(s)), Some((_, key)), Some(exercises)) = (current, checked, exercises) {
                s.report(&exercises, &progress, key);
            }
        });
    }
    if off {
        return html! {};
    }
    let on_submit = {
        let (form, session) = (form.clone(), session.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            session.set(Some(connect(&form, &uuid(), watchers.clone())));
        })
    };
    let on_stop = {
        let session = session.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(Ok(s)) = &*session {
                s.terminate(false);
            }
            browser::session_remove(LIVE_KEY);
            session.set(None);
        })
    };
    html! {
        <details class="live-lrs" open={session.is_some()}>
            <summary>{ "Send answers to an LRS (live workshop)" }</summary>
            <p class="field-hint">{ "For a class without an LMS: the trainer names the Learning Record Store; your answers go there under your name. Kept in this tab only, never in a link." }</p>
            <form class="class-connection" onsubmit={on_submit}>
                { lrs_fields(&form, "live", &form.access, |l| &mut l.access) }
                { form_field(&form, "live-name", ("Your name", "text"), &form.name, |l, t| l.name = t) }
                <button type="submit">{ "Send my answers" }</button>
            </form>
            { match &*session {
                None => html! {},
                Some(Ok(_)) => html! {
                    <p class="lms-status">
                        <span role="status" data-testid="live-status">{ format!("Sending your answers to {} as {}.", form.access.endpoint, form.name.trim()) }</span>
                        <button type="button" onclick={on_stop}>{ "Stop sending" }</button>
                    </p>
                },
                Some(Err(why)) => html! { <p class="alert" role="alert" data-testid="live-status">{ format!("Your answers are not being sent: {why}.") }</p> },
            } }
        </details>
    }
}
