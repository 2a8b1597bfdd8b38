//! Table tests for the class view's sums.

use super::*;
use crate::json::parse;

const AU: &str = "https://rescale-lab.example/guided-path/au";

fn statement(learner: &str, verb: &str, object: &str, result: &str) -> Node {
    parse(&format!(
        r#"{{"actor":{{"name":"{learner} (name)","account":{{"homePage":"https://lms.example","name":"{learner}"}}}},
        "verb":{{"id":"http://adlnet.gov/expapi/verbs/{verb}"}},"object":{{"id":"{object}"}}{result}}}"#
    ))
    .unwrap()
}

fn answer(learner: &str, exercise: &str, response: &str, ok: bool) -> Seen {
    let node = statement(
        learner,
        "answered",
        &format!("{AU}/exercise/{exercise}"),
        &format!(r#","result":{{"response":"{response}","success":{ok}}}"#),
    );
    read_statement(&node, AU).unwrap()
}

fn verb(learner: &str, verb: &str) -> Seen {
    read_statement(&statement(learner, verb, AU, ""), AU).unwrap()
}

#[test]
fn a_statement_is_read_for_its_learner_exercise_and_answer() {
    let seen = answer("ana", "owner%2077", "61", false);
    assert_eq!(seen.learner, "https://lms.example|ana\u{1f}ana (name)");
    assert_eq!(seen.shown, "ana (name)");
    assert_eq!(seen.answer, Some(("owner 77".into(), "61".into(), false)));
    assert_eq!(verb("ana", "passed").answer, None);
    // Another course's statements, and statements without an actor, are not this class's.
    assert_eq!(read_statement(&statement("ana", "passed", "https://elsewhere.example/au", ""), AU), None);
    assert_eq!(read_statement(&statement("ana", "answered", "https://elsewhere.example/au/exercise/x", ""), AU), None);
    assert_eq!(read_statement(&parse(r#"{"verb":{"id":"x/passed"},"object":{"id":"a"}}"#).unwrap(), "a"), None);
    // A learner known only by a hashed email (or an OpenID) is a learner too.
    let hashed = parse(&format!(
        r#"{{"actor":{{"mbox_sha1sum":"ab12"}},"verb":{{"id":"x/answered"}},"object":{{"id":"{AU}/exercise/e"}},"result":{{"response":"1","success":true}}}}"#
    ))
    .unwrap();
    let seen = read_statement(&hashed, AU).unwrap();
    assert_eq!((seen.learner.as_str(), seen.shown.as_str()), ("sha1:ab12", "sha1:ab12"));
    // An answer with no result is not read as a blank wrong one.
    assert_eq!(read_statement(&statement("ana", "answered", &format!("{AU}/exercise/e"), ""), AU), None);
}

#[test]
fn the_class_is_summed_per_exercise_and_per_learner() {
    let seen = [
        verb("ana", "initialized"),
        answer("ana", "owner-77", "61", false),
        answer("ben", "owner-77", "60", true),
        answer("ana", "owner-77", "60", true),
        answer("cy", "owner-77", "61", false),
        answer("cy", "restart-200", "true", false),
        answer("ben", "restart-200", "false", true),
        answer("dee", "owner-77", "12", false),
        // dee joined again: the same wrong answer sent once more, in a new session.
        answer("dee", "owner-77", "12", false),
        verb("ben", "completed"),
        verb("ben", "passed"),
        verb("cy", "completed"),
        answer("ana", "not-in-the-set", "1", true),
    ];
    let order = ["restart-200".to_string(), "owner-77".to_string(), "never-answered".to_string()];
    let report = class_report(&seen, &order);
    let rows = report
        .exercises
        .iter()
        .map(|r| (r.id.as_str(), r.learners, r.first_right, r.first_right_percent()))
        .collect::<Vec<_>>();
    assert_eq!(
        rows,
        [("restart-200", 2, 1, 50), ("owner-77", 4, 1, 25), ("never-answered", 0, 0, 0), ("not-in-the-set", 1, 1, 100)]
    );
    // 61 was given by two learners, 12 by one (sent twice): commonest first.
    assert_eq!(report.exercises[1].wrong, [("61".to_string(), 2), ("12".to_string(), 1)]);
    let learners = report
        .learners
        .iter()
        .map(|l| (l.shown.as_str(), l.answered, l.first_right, l.right, l.finished.as_deref()))
        .collect::<Vec<_>>();
    // ana was wrong at first on owner-77, right in the end: her score counts the first.
    assert_eq!(
        learners,
        [
            ("ana (name)", 2, 1, 2, None),
            ("ben (name)", 2, 2, 2, Some("passed")),
            ("cy (name)", 2, 0, 0, Some("completed")),
            ("dee (name)", 1, 0, 0, None),
        ]
    );
}

/// A live workshop's learners are their browsers' accounts: two who type one name stay two,
/// numbered in the order they first reported; a name used once is shown as it is.
#[test]
fn learners_who_share_a_name_stay_apart() {
    let alex = |id: &str, exercise: &str, ok: bool| {
        let node = parse(&format!(
            r#"{{"actor":{{"name":"Alex","account":{{"homePage":"https://lab.example/","name":"{id}"}}}},
            "verb":{{"id":"http://adlnet.gov/expapi/verbs/answered"}},"object":{{"id":"{AU}/exercise/{exercise}"}},
            "result":{{"response":"8","success":{ok}}}}}"#
        ))
        .unwrap();
        read_statement(&node, AU).unwrap()
    };
    let seen = [
        alex("learner-1", "e1", true),
        alex("learner-2", "e1", false),
        answer("bea", "e1", "8", true),
        alex("learner-2", "e2", true),
    ];
    let report = class_report(&seen, &["e1".to_string(), "e2".to_string()]);
    let learners: Vec<_> = report.learners.iter().map(|l| (l.shown.as_str(), l.answered, l.right)).collect();
    assert_eq!(learners, [("Alex (1 of 2)", 1, 1), ("Alex (2 of 2)", 2, 1), ("bea (name)", 1, 1)]);
    assert_eq!((report.exercises[0].learners, report.exercises[0].first_right), (3, 2));
}

/// Two people who join from one browser (a shared computer: one account, each their own name)
/// are two learners, each with their own answers (found by a walk-through: the second was
/// shown under the first's name, with both's answers).
#[test]
fn two_names_from_one_browser_are_two_learners() {
    let from_one_browser = |name: &str, response: &str, ok: bool| {
        let node = parse(&format!(
            r#"{{"actor":{{"name":"{name}","account":{{"homePage":"https://lab.example/","name":"learner-e8d3"}}}},
            "verb":{{"id":"http://adlnet.gov/expapi/verbs/answered"}},"object":{{"id":"{AU}/exercise/e1"}},
            "result":{{"response":"{response}","success":{ok}}}}}"#
        ))
        .unwrap();
        read_statement(&node, AU).unwrap()
    };
    let seen = [from_one_browser("Gil", "5", false), from_one_browser("Hal", "3", true)];
    let report = class_report(&seen, &["e1".to_string()]);
    let learners: Vec<_> = report.learners.iter().map(|l| (l.shown.as_str(), l.answered, l.first_right)).collect();
    assert_eq!(learners, [("Gil", 1, 0), ("Hal", 1, 1)]);
    assert_eq!((report.exercises[0].learners, report.exercises[0].first_right), (2, 1));
}

#[test]
fn statements_are_put_in_the_order_they_were_stored() {
    let mut seen = [answer("a", "e", "1", false), answer("a", "e", "2", true)];
    seen[0].stored = "2026-12-04T09:00:02.000001+00:00".into();
    seen[1].stored = "2026-12-04T09:00:01.500000+00:00".into();
    oldest_first(&mut seen);
    assert_eq!(seen.map(|s| s.answer.unwrap().1), ["2", "1"]);
}

#[test]
fn at_most_three_wrong_answers_are_named() {
    let responses = ["1", "2", "2", "3", "4", "4", "4"];
    let seen: Vec<Seen> = responses.iter().enumerate().map(|(i, r)| answer(&format!("l{i}"), "e", r, false)).collect();
    assert_eq!(
        class_report(&seen, &[]).exercises[0].wrong,
        [("4".to_string(), 3), ("2".to_string(), 2), ("1".to_string(), 1)]
    );
}

#[test]
fn the_next_page_is_found_from_the_more_link() {
    for (endpoint, more, want) in [
        (
            "http://127.0.0.1:8100/xAPI/",
            "/xAPI/statements?pit_id=abc",
            Some("http://127.0.0.1:8100/xAPI/statements?pit_id=abc"),
        ),
        ("https://lrs.example/data/xAPI", "https://lrs.example/more/1", Some("https://lrs.example/more/1")),
        ("https://lrs.example", "/more", Some("https://lrs.example/more")),
        ("https://lrs.example/xAPI/", "", None),
        ("https://lrs.example/xAPI/", "relative?x", None),
    ] {
        assert_eq!(more_url(endpoint, more).as_deref(), want, "{endpoint} {more}");
    }
}

#[test]
fn shares_round_half_up() {
    let row = |first_right, learners| ExerciseRow { id: String::new(), learners, first_right, wrong: Vec::new() };
    let shares: Vec<usize> = [(2, 3), (1, 3), (1, 8), (1, 200), (0, 5), (5, 5), (0, 0)]
        .iter()
        .map(|&(r, n)| row(r, n).first_right_percent())
        .collect();
    assert_eq!(shares, [67, 33, 13, 1, 0, 100, 0]);
}
