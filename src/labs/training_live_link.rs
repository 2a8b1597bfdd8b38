//! What a live workshop keeps in the browser, and how it opens a session: the connection (this
//! tab's session storage: endpoint, key, secret, name, registration), the statements a page
//! going away could not be sure it sent, this browser's learner id, and whose answers the
//! browser holds ([`SentAs`]: the name they last went under, and which steps went).

use std::rc::Rc;

use yew::Callback;

use crate::browser::{self, xapi::uuid};
use crate::model::training::cmi5::{Cmi5Launch, LaunchData, Sent};
use crate::model::training::lrs::LrsAccess;
use crate::model::training::sent_as::SentAs;
use crate::model::training::{Exercise, TrainingProgress};

use super::class_view::PACKAGE_AU;
use super::training_cmi5::{open_session, Cmi5Session, Watchers};

/// The connection, for this tab's session: endpoint, key, secret, name, registration.
pub(super) const LIVE_KEY: &str = "rescale-lab.live-lrs.v1";
/// Statements the tab's last page could not be sure it sent (one batch), for the next page.
pub(super) const UNSENT_KEY: &str = "rescale-lab.live-unsent.v1";
/// This browser's learner id (the statements' account), kept across visits.
const LEARNER_KEY: &str = "rescale-lab.learner-id.v1";
/// Whose answers this browser holds ([`SentAs`]), kept across visits like the answers.
const SENT_AS_KEY: &str = "rescale-lab.live-sent-as.v1";

pub(super) fn sent_as() -> SentAs {
    browser::storage_get(SENT_AS_KEY).map(|t| SentAs::parse(&t)).unwrap_or_default()
}

/// Records `steps` as sent under `name`.
pub(super) fn record_sent<'a>(name: &str, steps: impl IntoIterator<Item = &'a str>) {
    let mut record = sent_as();
    record.sent(name, steps);
    keep_sent_as(&record);
}

pub(super) fn keep_sent_as(record: &SentAs) {
    match record.is_empty() {
        true => _ = browser::storage_remove(SENT_AS_KEY),
        false => _ = browser::storage_try_set(SENT_AS_KEY, &record.format()),
    }
}

/// The path's steps the progress holds an answer to, by progress key.
pub(super) fn answered(exercises: &[Exercise], progress: &TrainingProgress) -> Vec<String> {
    exercises.iter().map(Exercise::progress_key).filter(|k| progress.answers.contains_key(k)).collect()
}

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
pub(super) struct Live {
    pub(super) access: LrsAccess,
    pub(super) name: String,
}

pub(super) fn stored() -> Option<(Live, String)> {
    let (access, more) = LrsAccess::from_lines(&browser::session_get(LIVE_KEY)?);
    let [name, registration] = <[String; 2]>::try_from(more).ok()?;
    Some((Live { access, name }, registration))
}

/// Opens the session (a registration per tab), or says why not. What the tab's last page left
/// unsent goes first (its statements name their own registration).
pub(super) fn connect(live: &Live, registration: &str, watchers: Watchers) -> Result<Rc<Cmi5Session>, String> {
    let launch = launch(live, registration)?;
    browser::session_set(LIVE_KEY, &live.access.lines(&[&live.name, registration]));
    let token = live.access.basic_token();
    let keep = Callback::from(|batch: String| {
        browser::session_set(UNSENT_KEY, &batch);
    });
    let watchers = Watchers { on_unsent: Some(keep), ..watchers };
    let carried = browser::session_take(UNSENT_KEY);
    Ok(open_session(
        launch,
        LaunchData::live(PACKAGE_AU, &uuid(), 800),
        token,
        Sent::default(),
        watchers,
        carried,
        None,
    ))
}

/// The launch a connection opens, or why the form cannot open one.
pub(super) fn launch(live: &Live, registration: &str) -> Result<Cmi5Launch, String> {
    let id = learner_id(registration);
    Cmi5Launch::live(&live.access, (&live.name, &id), &browser::page_url(), registration, PACKAGE_AU)
}
