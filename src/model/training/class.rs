//! The class view's numbers: the statements of one workshop, as a Learning Record Store returns
//! them (oldest first), read into who answered what, then summed per exercise (how many
//! learners answered, the share right at the first attempt, the commonest wrong answers) and
//! per learner (answered, right at the first attempt and at the last, finished; learners who
//! share a name numbered). Pure; the page fetches and pages through the LRS.

use std::collections::BTreeMap;

use crate::json::Node;

/// One statement, as much of it as the class view uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    /// The learner: the account's name, else the mbox, else the name; with the name beside an
    /// identifier, so that two people who joined from one browser (one account, each their own
    /// name) are two learners.
    pub learner: String,
    /// The name to show (the actor's name, else the learner key).
    pub shown: String,
    pub verb: String,
    /// For `answered`: the exercise id (after `/exercise/` in the object id), the response and
    /// whether it was right.
    pub answer: Option<(String, String, bool)>,
    /// When the LRS stored it (ISO 8601; else the statement's timestamp): the view sorts by it.
    pub stored: String,
}

fn text<'a>(node: &'a Node, path: &[&str]) -> Option<&'a str> {
    path.iter().try_fold(node, |n, key| n.get(key))?.as_text()
}

/// Reads one statement of the workshop `au_id` (the AU's activity id): `None` for a statement
/// about another activity or without the parts the view needs.
pub fn read_statement(statement: &Node, au_id: &str) -> Option<Seen> {
    let actor = statement.get("actor")?;
    let learner = text(actor, &["account", "name"])
        .map(|n| format!("{}|{n}", text(actor, &["account", "homePage"]).unwrap_or_default()))
        .or_else(|| text(actor, &["mbox"]).map(String::from))
        // xAPI's other identifiers: a hashed email, an OpenID.
        .or_else(|| text(actor, &["mbox_sha1sum"]).map(|h| format!("sha1:{h}")))
        .or_else(|| text(actor, &["openid"]).map(String::from))
        .or_else(|| text(actor, &["name"]).map(String::from))?;
    let shown = text(actor, &["name"]).or_else(|| text(actor, &["account", "name"])).unwrap_or(&learner).to_string();
    let learner = match text(actor, &["name"]) {
        Some(name) if name != learner => format!("{learner}\u{1f}{name}"),
        _ => learner,
    };
    let verb = text(statement, &["verb", "id"])?.rsplit('/').next()?.to_string();
    let object = text(statement, &["object", "id"])?;
    let answer = if verb == "answered" {
        let exercise = object.strip_prefix(au_id)?.strip_prefix("/exercise/")?;
        // An answer without a result says neither what was answered nor whether it was right:
        // not shown as a blank wrong one.
        statement.get("result")?;
        let exercise = percent_decode(exercise);
        let response = text(statement, &["result", "response"]).unwrap_or_default().to_string();
        let success = statement
            .get("result")
            .and_then(|r| r.get("success"))
            .is_some_and(|s| s.value == crate::json::Value::Bool(true));
        Some((exercise, response, success))
    } else if object == au_id {
        None
    } else {
        return None;
    };
    let stored =
        text(statement, &["stored"]).or_else(|| text(statement, &["timestamp"])).unwrap_or_default().to_string();
    Some(Seen { learner, shown, verb, answer, stored })
}

/// Undoes `%XX` escapes (the AU writes exercise ids percent-encoded into activity ids).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1).and_then(|b| hex(*b)), bytes.get(i + 2).and_then(|b| hex(*b))) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One exercise's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExerciseRow {
    pub id: String,
    /// Learners who answered it at least once.
    pub learners: usize,
    /// Of those, how many were right at their first attempt.
    pub first_right: usize,
    /// The wrong answers given, commonest first (at most three), each with how many learners gave it.
    pub wrong: Vec<(String, usize)>,
}

impl ExerciseRow {
    /// The first-attempt share in whole percent, rounded half up (2 of 3 is 67; 0 when nobody
    /// answered).
    pub fn first_right_percent(&self) -> usize {
        (self.first_right * 200 + self.learners).checked_div(self.learners * 2).unwrap_or(0)
    }
}

/// One learner's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LearnerRow {
    pub shown: String,
    /// Exercises answered; answered right at the first attempt (what the learner's score
    /// counts, and `finished` follows); answered right at the last attempt.
    pub answered: usize,
    pub first_right: usize,
    pub right: usize,
    /// `passed`, `failed` or `completed` (the latest of them), else `None`.
    pub finished: Option<String>,
}

/// The class at a glance.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ClassReport {
    pub exercises: Vec<ExerciseRow>,
    pub learners: Vec<LearnerRow>,
}

/// Puts statements in the order the LRS stored them (an LRS may page them newest first).
pub fn oldest_first(seen: &mut [Seen]) {
    seen.sort_by(|a, b| a.stored.cmp(&b.stored));
}

/// Sums the statements (oldest first) per exercise, in the order of `order` (the set's ids;
/// an exercise answered but not in the set comes after them), and per learner.
pub fn class_report(seen: &[Seen], order: &[String]) -> ClassReport {
    // (learner, exercise) → (first right, last right)
    let mut attempts: BTreeMap<(&str, &str), (bool, bool)> = BTreeMap::new();
    // Each wrong answer counts its learners: one learner's answer sent again (a live workshop
    // joined again sends the answers so far) or given twice counts once.
    let mut wrong: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    let mut wrong_by: std::collections::BTreeSet<(&str, &str, &str)> = Default::default();
    let mut learners: Vec<(&str, LearnerRow)> = Vec::new();
    for s in seen {
        let at = match learners.iter().position(|(k, _)| *k == s.learner) {
            Some(i) => i,
            None => {
                learners.push((
                    &s.learner,
                    LearnerRow { shown: s.shown.clone(), answered: 0, first_right: 0, right: 0, finished: None },
                ));
                learners.len() - 1
            }
        };
        match &s.answer {
            Some((exercise, response, ok)) => {
                attempts.entry((&s.learner, exercise)).and_modify(|a| a.1 = *ok).or_insert((*ok, *ok));
                if !ok && wrong_by.insert((&s.learner, exercise, response)) {
                    *wrong.entry(exercise).or_default().entry(response).or_default() += 1;
                }
            }
            None if matches!(s.verb.as_str(), "passed" | "failed" | "completed") => {
                let row = &mut learners[at].1;
                // `completed` does not hide an earlier verdict.
                if s.verb != "completed" || row.finished.is_none() {
                    row.finished = Some(s.verb.clone());
                }
            }
            None => {}
        }
    }
    for (learner, row) in &mut learners {
        let mine = attempts.iter().filter(|((l, _), _)| l == learner);
        let (answered, first_right, right) =
            mine.fold((0, 0, 0), |(n, f, r), (_, a)| (n + 1, f + usize::from(a.0), r + usize::from(a.1)));
        (row.answered, row.first_right, row.right) = (answered, first_right, right);
    }
    let mut ids: Vec<&str> = order.iter().map(String::as_str).collect();
    for (_, exercise) in attempts.keys() {
        if !ids.contains(exercise) {
            ids.push(exercise);
        }
    }
    let exercises = ids
        .into_iter()
        .map(|id| {
            let firsts = attempts.iter().filter(|((_, e), _)| *e == id).map(|(_, a)| a.0).collect::<Vec<_>>();
            let mut common = wrong
                .get(id)
                .map(|w| w.iter().map(|(r, n)| (r.to_string(), *n)).collect::<Vec<_>>())
                .unwrap_or_default();
            common.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            common.truncate(3);
            ExerciseRow {
                id: id.to_string(),
                learners: firsts.len(),
                first_right: firsts.iter().filter(|ok| **ok).count(),
                wrong: common,
            }
        })
        .collect();
    let mut learners: Vec<LearnerRow> = learners.into_iter().map(|(_, row)| row).collect();
    number_shared_names(&mut learners);
    ClassReport { exercises, learners }
}

/// Two learners who go by one name (two browsers where "Alex" was typed) stay two rows, told
/// apart in the order they first reported: "Alex (1 of 2)", "Alex (2 of 2)".
fn number_shared_names(learners: &mut [LearnerRow]) {
    let names: Vec<String> = learners.iter().map(|l| l.shown.clone()).collect();
    for (i, row) in learners.iter_mut().enumerate() {
        let of = names.iter().filter(|n| **n == names[i]).count();
        if of > 1 {
            let nth = names[..=i].iter().filter(|n| **n == names[i]).count();
            row.shown = format!("{} ({nth} of {of})", names[i]);
        }
    }
}

/// The next page of statements: the LRS's `more` link (a path on the LRS's host, or a whole
/// URL) made whole against the endpoint; `None` when there is no more.
pub fn more_url(endpoint: &str, more: &str) -> Option<String> {
    if more.is_empty() {
        return None;
    }
    if more.starts_with("https://") || more.starts_with("http://") {
        return Some(more.to_string());
    }
    let scheme_end = endpoint.find("://")? + 3;
    let host_end = endpoint[scheme_end..].find('/').map_or(endpoint.len(), |i| scheme_end + i);
    more.starts_with('/').then(|| format!("{}{more}", &endpoint[..host_end]))
}

#[cfg(test)]
#[path = "class_tests.rs"]
mod tests;
