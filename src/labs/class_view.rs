//! The class view (`#/class`): a trainer names the Learning Record Store their LMS reports to
//! (endpoint, key and secret, typed here and kept in this tab's session storage only, never in
//! a link) and the workshop's activity (the AU's id, `activity=` in the link may name it), and
//! sees the room's statements per step and per learner (`class_tables`), read through every
//! page of the LRS's answer and read again every 15 seconds while the room works. The steps are
//! the built-in path's, or the trainer's own set's (`exercises=`, as the home page reads it).

use std::rc::Rc;

use yew::prelude::*;

use crate::browser;
use crate::browser::page::Interval;
use crate::browser::xapi::{request, Call};
use crate::components::{form_field, lrs_fields};
use crate::model::json::parse;
use crate::model::training::class::{class_report, more_url, oldest_first, read_statement, ClassReport, Seen};
use crate::model::training::cmi5::encode;
use crate::model::training::lrs::{activity_iri, LrsAccess};

use super::class_tables::ClassTables;
use super::training_set::{load, safe_path};

/// Where the connection is kept for the tab's session.
const CONNECTION_KEY: &str = "rescale-lab.class.v1";
/// The AU id the cmi5 package declares (`tools/package.sh`).
pub const PACKAGE_AU: &str = "https://rescale-lab.example/guided-path/au";
/// The most pages read in one refresh (50 statements a page).
const MAX_PAGES: usize = 400;

#[derive(Clone, PartialEq, Default)]
struct Connection {
    access: LrsAccess,
    activity: String,
}

impl Connection {
    fn stored(activity: Option<String>) -> Connection {
        let (access, more) = LrsAccess::from_lines(&browser::session_get(CONNECTION_KEY).unwrap_or_default());
        let activity = activity.or(more.into_iter().next()).filter(|a| !a.is_empty());
        Connection { access, activity: activity.unwrap_or_else(|| PACKAGE_AU.to_string()) }
    }

    fn keep(&self) {
        browser::session_set(CONNECTION_KEY, &self.access.lines(&[&self.activity]));
    }
}

/// Every statement of the activity (and its exercises), through the LRS's `more` links.
async fn read_class(c: &Connection) -> Result<Vec<Seen>, String> {
    let endpoint = c.access.endpoint()?;
    let activity = activity_iri(&c.activity)?;
    let token = c.access.basic_token();
    let mut next = Some(format!("{endpoint}statements?activity={}&related_activities=true&limit=50", encode(activity)));
    let mut seen = Vec::new();
    for _ in 0..MAX_PAGES {
        let Some(url) = next.take() else { break };
        let call = Call { method: "GET", url: &url, token: Some(&token), body: None, keepalive: false };
        let text = match request(call).await? {
            (200, text) => text,
            (401 | 403, _) => return Err("the LRS refused the key and secret".into()),
            (status, _) => return Err(format!("the LRS answered {status}")),
        };
        let doc = parse(&text).map_err(|e| format!("the LRS's answer is not JSON: {e}"))?;
        let statements = doc.get("statements").and_then(|s| s.as_list()).ok_or("the LRS's answer has no statements")?;
        seen.extend(statements.iter().filter_map(|s| read_statement(s, activity)));
        next = doc.get("more").and_then(|m| m.as_text()).and_then(|m| more_url(&endpoint, m));
    }
    oldest_first(&mut seen);
    Ok(seen)
}

#[derive(Properties, PartialEq, Clone)]
pub struct ClassViewProps {
    /// `activity=` from the link: the workshop's activity id.
    #[prop_or_default]
    pub activity: Option<String>,
    /// `exercises=` from the link: the trainer's own set, whose steps the tables list.
    #[prop_or_default]
    pub exercises: Option<String>,
}

#[function_component]
pub fn ClassView(props: &ClassViewProps) -> Html {
    let form = use_state(|| Connection::stored(props.activity.clone()));
    let shown = use_state(|| None::<Connection>);
    let result = use_state(|| None::<Result<(Rc<ClassReport>, usize, String), String>>);
    // The last good read of this connection: a failed read later keeps it on the screen.
    let last_good = use_state(|| None::<(Rc<ClassReport>, usize, String)>);
    let reads = use_state(|| 0_u32);
    let order = use_state(Vec::<(String, String)>::new);
    // Why the trainer's set could not be read (the built-in path's steps are listed instead).
    let set_problem = use_state(|| None::<String>);
    // The set's entries that were skipped, each with why (as the home page names them).
    let skipped = use_state(Vec::<String>::new);
    // The newest set asked for: an older read finishing late is dropped.
    let newest = use_mut_ref(|| 0u32);
    {
        let (order, set_problem, skipped) = (order.clone(), set_problem.clone(), skipped.clone());
        use_effect_with(props.exercises.clone(), move |path| {
            set_problem.set(None);
            skipped.set(Vec::new());
            *newest.borrow_mut() += 1;
            let this_read = *newest.borrow();
            let target = match path.as_deref() {
                None => Ok("static/exercises.json".to_string()),
                Some(p) => safe_path(p)
                    .ok_or_else(|| format!("exercises={p:?} is neither a path on this site nor an https address")),
            };
            yew::platform::spawn_local(async move {
                let read = match target {
                    Ok(p) => load(p).await,
                    Err(why) => Err(why),
                };
                let set = match read {
                    Ok(set) => Ok(set),
                    Err(why) => {
                        load("static/exercises.json".to_string()).await.map(|set| (set, why)).map(|(set, why)| {
                            if *newest.borrow() == this_read {
                                set_problem.set(Some(format!("{why}; the built-in path's steps are listed")));
                            }
                            set
                        })
                    }
                };
                if let (Ok(set), true) = (set, *newest.borrow() == this_read) {
                    skipped.set(set.problems);
                    order.set(set.exercises.into_iter().map(|e| (e.id, e.title)).collect());
                }
            });
        });
    }
    // Read now, and again every 15 s, while a connection is shown.
    {
        let (result, reads, last_good) = (result.clone(), reads.clone(), last_good.clone());
        let ids = order.iter().map(|(id, _)| id.clone()).collect::<Vec<_>>();
        use_effect_with(((*shown).clone(), *reads, ids), move |(shown, _, ids)| {
            let (shown, ids) = (shown.clone(), ids.clone());
            if let Some(c) = shown.clone() {
                yew::platform::spawn_local(async move {
                    let read = read_class(&c).await.map(|seen| {
                        let learners =
                            seen.iter().map(|s| s.learner.as_str()).collect::<std::collections::BTreeSet<_>>().len();
                        let at = crate::browser::xapi::local_time();
                        (Rc::new(class_report(&seen, &ids)), learners, at)
                    });
                    if let Ok(good) = &read {
                        last_good.set(Some(good.clone()));
                    }
                    result.set(Some(read));
                });
            }
            // Not while the trainer is in a lab of another module (this page set aside).
            let timer = shown.map(|_| {
                Interval::new(15_000, move || {
                    if crate::browser::page::shown() {
                        reads.set(*reads + 1)
                    }
                })
            });
            move || drop(timer)
        });
    }
    crate::components::use_busy(shown.is_some() && result.is_none());
    let on_submit = {
        let (form, shown, result, last_good, reads) =
            (form.clone(), shown.clone(), result.clone(), last_good.clone(), reads.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            form.keep();
            result.set(None);
            last_good.set(None);
            shown.set(Some((*form).clone()));
            // A read now, also when the connection is the one shown (pressed again, it read
            // nothing and said "Reading…" for ever).
            reads.set(*reads + 1);
        })
    };
    let status = match (*result).clone() {
        // One shape for what is not an alert, a status span with the rest beside it, so the span
        // stays in the page and a change of its text is said (a new one, filled as it came, was
        // not).
        None if shown.is_some() => {
            html! { <p data-testid="class-status"><span role="status">{ "Reading the class from the LRS…" }</span></p> }
        }
        None => {
            html! { <p data-testid="class-status"><span role="status">{ "Name the LRS and the workshop's activity, then show the class." }</span></p> }
        }
        Some(Err(why)) => match &*last_good {
            Some((_, _, at)) => html! {
                <p class="alert" role="alert" data-testid="class-status">{ format!("The latest read failed: {why}. Shown: the class as read at {at}; read again every 15 seconds.") }</p>
            },
            None => {
                html! { <p class="alert" role="alert" id="class-refused" data-testid="class-status">{ format!("The class could not be read: {why}.") }</p> }
            }
        },
        // Said when the room changes, not at each read: the time of the read stays out of the
        // live region (a read every 15 s would be said every 15 s).
        Some(Ok((_, learners, at))) => html! {
            <p data-testid="class-status">
                <span role="status">{ format!("{learners} {}", if learners == 1 { "learner" } else { "learners" }) }</span>
                { format!(", read at {at}; read again every 15 seconds.") }
            </p>
        },
    };
    html! {
        <section class="class-view" aria-labelledby="class-title">
            <h1 id="class-title">{ "Class view" }</h1>
            <p>{ "The answers of a workshop, read back from the Learning Record Store your LMS reports to. The key and secret stay in this tab and are never put in a link." }</p>
            <form class="class-connection" onsubmit={on_submit}>
                { lrs_fields(&form, ("class", matches!(&*result, Some(Err(_))).then_some("class-refused")), &form.access, |c| &mut c.access) }
                { form_field(&form, "class-activity", ("Activity id", "text"), &form.activity, |c, t| c.activity = t) }
                <button type="submit">{ "Show the class" }</button>
            </form>
            if let Some(why) = &*set_problem {
                <p class="notices" role="status" data-testid="class-set-problem">{ format!("The exercise set could not be read: {why}.") }</p>
            }
            // Found by a walk-through: the steps the home page skips were left out here unsaid.
            if !skipped.is_empty() {
                <div class="notices" data-testid="class-set-skipped">
                    <p>{ format!("{} of the exercise set {} not listed:", crate::model::number::count(skipped.len() as u64, "entry", "entries"), if skipped.len() == 1 { "is" } else { "are" }) }</p>
                    <ul>{ for skipped.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
                </div>
            }
            { status }
            if let Some((report, _, _)) = (*last_good).clone() {
                <ClassTables {report} titles={Rc::new((*order).clone())} />
            }
        </section>
    }
}
