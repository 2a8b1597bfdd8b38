//! The trainer's parameters: `answers=hidden` (coverage lab and guided path: a wrong attempt
//! gets a hint, not the answer; the coverage trail is not shown; the score counts first
//! attempts), and on the home page `present=1` (presenter mode), `key=1` (the answer key) and
//! `step=ID` (one step of the path; in presenter mode, the step shown, kept in the link).
//! Tolerant like every parameter: another value falls back to the default with a notice, and a
//! name neither the home page nor the class view reads is said.

use super::{encode_component, notice, Choice, Location, Notice, Params};

/// `answers=hidden|shown` (absent = shown).
pub static ANSWERS: Choice = Choice::new("answers", "Answers").noun("answers");

/// Whether the link hides answers.
pub fn answers_hidden(params: &Params, notices: &mut Vec<Notice>) -> bool {
    match params.get(ANSWERS.name) {
        None | Some("shown") => false,
        Some("hidden") => true,
        Some(other) => {
            notices.push(notice(ANSWERS.name, other, "answers takes hidden or shown; answers are shown"));
            false
        }
    }
}

/// The guided path's view of the home page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WorkshopQuery {
    pub answers_hidden: bool,
    /// `present=1`: one step at a time in large type, answers behind **Reveal**.
    pub present: bool,
    /// `key=1`: the answer key (what a trainer prints separately).
    pub key: bool,
}

fn flag(params: &Params, name: &str, what: &str, notices: &mut Vec<Notice>) -> bool {
    match params.get(name) {
        None | Some("0") => false,
        Some("1") => true,
        Some(other) => {
            notices.push(notice(name, other, &format!("{name} takes 1 or 0; {what}")));
            false
        }
    }
}

impl WorkshopQuery {
    pub fn parse(params: &Params) -> (WorkshopQuery, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut q = WorkshopQuery {
            answers_hidden: answers_hidden(params, &mut notices),
            present: flag(params, "present", "showing the whole path", &mut notices),
            key: flag(params, "key", "showing the exercises", &mut notices),
        };
        // A link that hides the answers never shows them: not as an answer key either (found by
        // review: `&key=1` added to a learner's link listed every answer).
        if q.answers_hidden && q.key {
            notices.push(notice(
                "key",
                "1",
                "a link with answers=hidden shows no answer key; the trainer's key is the link without answers=hidden",
            ));
            q.key = false;
        }
        super::unknown::note_unknown(params, &HOME_PARAMS, "the home page", &mut notices);
        (q, notices)
    }

    /// The parameters that differ from the defaults.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.answers_hidden {
            pairs.push((ANSWERS.name, "hidden".to_string()));
        }
        if self.present {
            pairs.push(("present", "1".to_string()));
        }
        if self.key {
            pairs.push(("key", "1".to_string()));
        }
        pairs
    }

    /// The `#/…` link of the home page in this mode.
    pub fn href(&self) -> String {
        let query = self.pairs().iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join("&");
        if query.is_empty() {
            "#/".to_string()
        } else {
            format!("#/?{query}")
        }
    }
}

/// `step=ID`: the guided path's step with that exercise id (the set decides whether it names one).
pub const STEP: &str = "step";

/// The names the home page reads: a trainer's set, the workshop's modes and the step. Any other
/// (`answer=hidden` for `answers=`) is said, never passed over: a slip there shows a class the
/// answers, or the built-in path instead of the trainer's set.
pub const HOME_PARAMS: [&str; 5] = ["exercises", "answers", "present", "key", STEP];

/// The names the class view reads: the workshop's activity and the trainer's set.
pub const CLASS_PARAMS: [&str; 2] = ["activity", "exercises"];

/// What the class view says of its link: the notices every route's link gets (a bad theme, a
/// name given twice), then each name it does not read.
pub fn class_notices(location: &Location) -> Vec<Notice> {
    let mut notices = location.notices.clone();
    super::unknown::note_unknown(&location.params, &CLASS_PARAMS, "the class view", &mut notices);
    note_whole_page(location, "the class view", &mut notices);
    notices
}

/// `view=` and `lock=` on a page with no section to show alone and no field to lock (the home
/// page, the class view): each would do nothing, so each is said (a lab says the same of a
/// section or a name it does not have).
pub fn note_whole_page(location: &Location, place: &str, notices: &mut Vec<Notice>) {
    if let Some(view) = &location.common.view {
        notices.push(notice("view", view, &format!("{place} has no sections to show alone; showing the whole page")));
    }
    if !location.common.lock.is_empty() {
        let names = location.common.lock.join(",");
        notices.push(notice("lock", &names, &format!("{place} has no fields to lock; nothing is locked")));
    }
}

/// `hash` with `step=` set to `id`, or without it for `None`; every other parameter as it was.
pub fn with_step(hash: &str, id: Option<&str>) -> String {
    let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
    let path = if path.is_empty() || path == "#" { "#/" } else { path };
    let mut pieces: Vec<String> =
        query.split('&').filter(|p| !p.is_empty() && p.split('=').next() != Some(STEP)).map(String::from).collect();
    if let Some(id) = id {
        pieces.push(format!("{STEP}={}", encode_component(id)));
    }
    if pieces.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", pieces.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::Location;

    fn check(hash: &str, expected: WorkshopQuery, bad: &[&str]) {
        let (q, notices) = WorkshopQuery::parse(&Location::parse(hash).params);
        assert_eq!(q, expected, "{hash}");
        assert_eq!(notices.iter().map(|n| n.param.as_str()).collect::<Vec<_>>(), bad, "{hash}");
        let (back, none) = WorkshopQuery::parse(&Location::parse(&q.href()).params);
        assert_eq!((back, none.len()), (q, 0), "{}", q.href());
    }

    #[test]
    fn workshop_links_are_read_tolerantly_and_round_trip() {
        let d = WorkshopQuery::default();
        let hidden = WorkshopQuery { answers_hidden: true, present: true, key: false };
        check("#/", d, &[]);
        check("#/?answers=shown&present=0&key=0", d, &[]);
        check("#/?answers=hidden&present=1&key=1", hidden, &["key"]);
        check("#/?present=1&key=1", WorkshopQuery { present: true, key: true, ..d }, &[]);
        check("#/?answers=secret&present=yes&key=2", d, &["answers", "present", "key"]);
        check("#/?present=1", WorkshopQuery { present: true, ..d }, &[]);
        assert_eq!(d.href(), "#/");
        assert_eq!(WorkshopQuery { key: true, ..d }.href(), "#/?key=1");
    }

    #[test]
    fn a_name_the_home_page_or_the_class_view_does_not_read_is_said() {
        let (_, notices) =
            WorkshopQuery::parse(&Location::parse("#/?answer=hidden&exercise=set.json&step=a&theme=dark").params);
        let said: Vec<&str> = notices.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(
            said,
            [
                "answer=\"hidden\" was not used: the home page has no parameter of that name (did you mean answers?).",
                "exercise=\"set.json\" was not used: the home page has no parameter of that name (did you mean exercises?).",
            ]
        );
        let (_, none) =
            WorkshopQuery::parse(&Location::parse("#/?answers=hidden&exercises=s.json&present=1&step=a").params);
        assert!(none.is_empty(), "{none:?}");
        let class = |hash: &str| class_notices(&Location::parse(hash)).into_iter().map(|n| n.param).collect::<Vec<_>>();
        assert_eq!(class("#/class?activity=a&exercises=s.json&theme=dark"), Vec::<String>::new());
        assert_eq!(class("#/class?activty=x&theme=purple&v=2"), ["v", "theme", "activty"]);
        assert_eq!(class("#/class?activity=a&activity=b"), ["activity"]);
    }

    /// A section or a lock asked of a page that has neither is said, as a lab says one it lacks;
    /// a malformed one is said once, by the common reading.
    #[test]
    fn a_view_or_a_lock_on_a_whole_page_is_said() {
        let said = |hash: &str| {
            let mut notices = Vec::new();
            note_whole_page(&Location::parse(hash), "the home page", &mut notices);
            notices.into_iter().map(|n| n.message).collect::<Vec<_>>()
        };
        assert_eq!(
            said("#/?view=restore&lock=answers,key"),
            [
                "view=\"restore\" was not used: the home page has no sections to show alone; showing the whole page.",
                "lock=\"answers,key\" was not used: the home page has no fields to lock; nothing is locked.",
            ]
        );
        assert!(said("#/?embed=1&theme=dark&origin=https://docs.example.com").is_empty());
        assert!(said("#/?view=NOT%20A%20SECTION").is_empty(), "said by the common reading");
        let class: Vec<String> =
            class_notices(&Location::parse("#/class?view=steps")).into_iter().map(|n| n.param).collect();
        assert_eq!(class, ["view"]);
    }

    #[test]
    fn the_step_is_set_in_place_and_the_rest_kept() {
        let cases = [
            ("#/?present=1", Some("owner-77"), "#/?present=1&step=owner-77"),
            ("#/?present=1&step=owner-77&theme=dark", Some("a b&c"), "#/?present=1&theme=dark&step=a%20b%26c"),
            ("#/?present=1&step=owner-77", None, "#/?present=1"),
            ("#/?step=x", None, "#/"),
            ("", Some("x"), "#/?step=x"),
            ("#/?present=1&stepping=1", Some("x"), "#/?present=1&stepping=1&step=x"),
        ];
        for (hash, id, expected) in cases {
            assert_eq!(with_step(hash, id), expected, "{hash} {id:?}");
        }
    }
}
