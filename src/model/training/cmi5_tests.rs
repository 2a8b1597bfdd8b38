//! Table tests for the guided path as a cmi5 assignable unit.

use super::*;
use crate::json::parse;
use crate::training::lms::PathResult;
use crate::training::lrs::LrsAccess;
use crate::training::{Exercise, ExerciseKind};

const ACTOR: &str = r#"{"objectType":"Agent","account":{"homePage":"https://lms.example","name":"learner-1"}}"#;
const REGISTRATION: &str = "9a2b3c4d-0000-4000-8000-00000000abcd";

fn params(overrides: &[(&str, Option<&str>)]) -> Result<Cmi5Launch, String> {
    let mut all = [
        ("endpoint", Some("http://127.0.0.1:8100/xAPI")),
        ("fetch", Some("http://127.0.0.1:9000/fetch?s=1")),
        ("actor", Some(ACTOR)),
        ("registration", Some(REGISTRATION)),
        ("activityId", Some("https://rescale-lab.example/au/guided-path")),
    ];
    for (name, value) in overrides {
        all.iter_mut().find(|(n, _)| n == name).expect("a launch parameter").1 = *value;
    }
    Cmi5Launch::from_params(|name| all.iter().find(|(n, _)| *n == name).and_then(|(_, v)| v.map(String::from)))
}

fn launch() -> Cmi5Launch {
    params(&[]).unwrap()
}

fn data(mode: &str, mastery: &str) -> LaunchData {
    LaunchData::parse(&format!(
        r#"{{"contextTemplate":{{"contextActivities":{{"grouping":[{{"id":"https://rescale-lab.example/au/guided-path"}}]}},
        "extensions":{{"https://w3id.org/xapi/cmi5/context/extensions/sessionid":"session-7"}}}},
        "launchMode":"{mode}"{mastery},"moveOn":"CompletedAndPassed"}}"#
    ))
    .unwrap()
}

fn stamp() -> Stamp {
    Stamp {
        id: "0d5c3f5e-1111-4222-8333-444455556666".into(),
        timestamp: "2026-12-04T09:00:00.000Z".into(),
        duration_ms: 65_250,
    }
}

#[test]
fn the_launch_link_is_checked() {
    let ok = launch();
    assert_eq!(ok.endpoint, "http://127.0.0.1:8100/xAPI/");
    assert_eq!(ok.statements_url(), "http://127.0.0.1:8100/xAPI/statements");
    type Overrides<'a> = &'a [(&'a str, Option<&'a str>)];
    let cases: [(Overrides, &str); 7] = [
        (&[("endpoint", None)], "the launch link has no endpoint"),
        (&[("fetch", Some("  "))], "the launch link has no fetch"),
        (&[("endpoint", Some("javascript:alert(1)"))], "the launch link's endpoint is not an http(s) URL"),
        (&[("actor", Some("{not json"))], "the launch link's actor is not JSON"),
        (&[("actor", Some(r#"{"mbox":"mailto:a@b.c"}"#))], "the launch link's actor has no account"),
        (&[("registration", Some("42"))], "the launch link's registration is not a UUID"),
        (&[("activityId", None)], "the launch link has no activityId"),
    ];
    for (overrides, want) in cases {
        let why = params(overrides).unwrap_err();
        assert!(why.starts_with(want), "{overrides:?}: {why}");
    }
}

#[test]
fn the_state_url_names_activity_agent_and_registration() {
    let url = launch().state_url(PROGRESS_STATE);
    assert!(url.starts_with(
        "http://127.0.0.1:8100/xAPI/activities/state?stateId=rescale-lab.progress&activityId=https%3A%2F%2F"
    ));
    assert!(url.contains("&agent=%7B%22objectType%22%3A%22Agent%22"), "{url}");
    assert!(url.ends_with(&format!("&registration={REGISTRATION}")), "{url}");
}

#[test]
fn launch_data_is_read_or_refused_by_name() {
    let d = data("Normal", r#","masteryScore":0.8"#);
    assert_eq!((d.mode, d.mastery.clone()), (LaunchMode::Normal, Some(("0.8".to_string(), 800))));
    assert_eq!(data("Browse", "").mastery, None);
    assert_eq!(
        data("Normal", r#","returnURL":"https://lms.example/course/7""#).return_url.as_deref(),
        Some("https://lms.example/course/7")
    );
    assert_eq!(d.return_url, None);
    for (text, want) in [
        ("[]", "the launch data has no contextTemplate"),
        (r#"{"contextTemplate":{},"launchMode":"Play"}"#, "the launch data's launchMode is not"),
        (r#"{"contextTemplate":{},"launchMode":"Normal","masteryScore":2}"#, "the launch data's masteryScore 2 is not"),
        ("{", "the launch data is not JSON"),
        (
            r#"{"contextTemplate":{},"launchMode":"Normal","returnURL":"javascript:alert(1)"}"#,
            "the launch data's returnURL is not",
        ),
    ] {
        let why = LaunchData::parse(text).unwrap_err();
        assert!(why.starts_with(want), "{text}: {why}");
    }
}

#[test]
fn the_verbs_owed_after_a_check() {
    let done = |raw| PathResult { raw, max: 4, answered: 4 };
    let half_way = PathResult { raw: 2, max: 4, answered: 2 };
    // (sent before, mode, result, mastery, failed this session, owed, sent after)
    let none = Sent::default();
    let all = Sent { completed: true, passed: true };
    let completed = Sent { completed: true, passed: false };
    let cases = [
        (none, LaunchMode::Normal, half_way, Some(800), false, vec![], none),
        (none, LaunchMode::Normal, done(4), Some(800), false, vec![Verb::Completed, Verb::Passed], all),
        (none, LaunchMode::Normal, done(3), Some(800), false, vec![Verb::Completed, Verb::Failed], completed),
        (completed, LaunchMode::Normal, done(3), Some(800), true, vec![], completed),
        (completed, LaunchMode::Normal, done(4), Some(800), true, vec![Verb::Passed], all),
        (all, LaunchMode::Normal, done(1), Some(800), false, vec![], all),
        (none, LaunchMode::Normal, done(0), None, false, vec![Verb::Completed, Verb::Passed], all),
        (none, LaunchMode::Browse, done(4), Some(800), false, vec![], none),
        (none, LaunchMode::Review, done(4), Some(800), false, vec![], none),
    ];
    for (before, mode, result, mastery, failed_now, owed, after) in cases {
        let mut sent = before;
        assert_eq!(sent.owed(mode, result, mastery, failed_now), owed, "{before:?} {mode:?} {result:?}");
        assert_eq!(sent, after);
    }
}

#[test]
fn what_was_sent_is_kept_before_the_progress() {
    for sent in [Sent::default(), Sent { completed: true, passed: false }, Sent { completed: true, passed: true }] {
        let doc = format!("{}\nv1\na\tcorrect\t1\n", sent.format());
        assert_eq!(Sent::split(&doc), (sent, "v1\na\tcorrect\t1\n"));
    }
    assert_eq!(Sent::split("v1\n"), (Sent::default(), "v1\n"));
}

fn member<'a>(node: &'a Node, path: &[&str]) -> &'a Node {
    path.iter().fold(node, |n, key| n.get(key).unwrap_or_else(|| panic!("no {key} in {}", to_text(n))))
}

fn categories(statement: &Node) -> Vec<String> {
    let activities = member(statement, &["context", "contextActivities"]);
    activities
        .get("category")
        .and_then(Node::as_list)
        .unwrap_or_default()
        .iter()
        .filter_map(|c| c.get("id").and_then(Node::as_text).map(String::from))
        .collect()
}

#[test]
fn an_au_statement_carries_the_cmi5_context() {
    let d = data("Normal", r#","masteryScore":0.8"#);
    let result = PathResult { raw: 13, max: 14, answered: 14 };
    let passed = parse(&au_statement(&launch(), &d, Verb::Passed, result, &stamp())).unwrap();
    assert_eq!(member(&passed, &["verb", "id"]).as_text(), Some("http://adlnet.gov/expapi/verbs/passed"));
    assert_eq!(member(&passed, &["object", "id"]).as_text(), Some("https://rescale-lab.example/au/guided-path"));
    assert_eq!(member(&passed, &["context", "registration"]).as_text(), Some(REGISTRATION));
    assert_eq!(
        member(&passed, &["context", "extensions", "https://w3id.org/xapi/cmi5/context/extensions/sessionid"])
            .as_text(),
        Some("session-7")
    );
    assert_eq!(member(&passed, &["context", "extensions", MASTERY_EXTENSION]).value, Value::Number("0.8".into()));
    assert_eq!(categories(&passed), [CMI5_CATEGORY, MOVEON_CATEGORY]);
    assert_eq!(member(&passed, &["result", "score", "scaled"]).value, Value::Number("0.928".into()));
    assert_eq!(member(&passed, &["result", "success"]).value, Value::Bool(true));
    assert_eq!(member(&passed, &["result", "duration"]).as_text(), Some("PT65.25S"));
    assert_eq!(member(&passed, &["id"]).as_text(), Some(stamp().id.as_str()));
    assert_eq!(to_text(member(&passed, &["actor"])), to_text(&parse(ACTOR).unwrap()));

    let initialized = parse(&au_statement(&launch(), &d, Verb::Initialized, result, &stamp())).unwrap();
    assert_eq!(initialized.get("result"), None);
    assert_eq!(categories(&initialized), [CMI5_CATEGORY]);
    assert_eq!(member(&initialized, &["context", "extensions"]).get(MASTERY_EXTENSION), None);
    let terminated = parse(&au_statement(&launch(), &d, Verb::Terminated, result, &stamp())).unwrap();
    assert_eq!(to_text(member(&terminated, &["result"])), r#"{"duration":"PT65.25S"}"#);
    let completed = parse(&au_statement(&launch(), &d, Verb::Completed, result, &stamp())).unwrap();
    assert_eq!(to_text(member(&completed, &["result"])), r#"{"completion":true,"duration":"PT65.25S"}"#);
}

#[test]
fn an_answer_is_an_interaction_without_the_cmi5_category() {
    let d = data("Normal", "");
    let owner = Exercise {
        id: "owner 77".into(),
        title: "Who owns a key group?".into(),
        prompt: "Which subtask?".into(),
        kind: ExerciseKind::OwnerOfGroup { max: 128, p: 100, group: 77 },
    };
    let s = parse(&answered_statement(&launch(), &d, &owner, " 61 ", false, &stamp()).unwrap()).unwrap();
    assert_eq!(
        member(&s, &["object", "id"]).as_text(),
        Some("https://rescale-lab.example/au/guided-path/exercise/owner%2077")
    );
    assert_eq!(member(&s, &["object", "definition", "interactionType"]).as_text(), Some("numeric"));
    assert_eq!(to_text(member(&s, &["object", "definition", "correctResponsesPattern"])), r#"["60[:]60"]"#);
    assert_eq!(to_text(member(&s, &["result"])), r#"{"success":false,"response":"61"}"#);
    assert!(categories(&s).is_empty());
    assert_eq!(member(&s, &["context", "registration"]).as_text(), Some(REGISTRATION));
    let restart = Exercise { kind: ExerciseKind::RestoreStarts { saved_max: 128, p: 200 }, ..owner.clone() };
    let s = parse(&answered_statement(&launch(), &d, &restart, "No", true, &stamp()).unwrap()).unwrap();
    assert_eq!(to_text(member(&s, &["result"])), r#"{"success":true,"response":"false"}"#);
    assert_eq!(answered_statement(&launch(), &d, &owner, "sixty", false, &stamp()), None);
}

#[test]
fn durations_and_encoding() {
    for (ms, want) in [(0, "PT0.00S"), (65_250, "PT65.25S"), (999, "PT0.99S"), (3_600_000, "PT3600.00S")] {
        assert_eq!(duration(ms), want);
    }
    assert_eq!(encode("a b/ü~"), "a%20b%2F%C3%BC~");
    assert!(is_uuid(REGISTRATION));
    assert!(!is_uuid("9a2b3c4d-0000-4000-8000-00000000abcg"));
}

#[test]
fn a_live_workshop_reports_without_the_cmi5_claims() {
    let lrs = |endpoint: &str| LrsAccess { endpoint: endpoint.into(), ..LrsAccess::default() };
    let launch = Cmi5Launch::live(
        &lrs("https://lrs.example/xAPI"),
        (" dana ", "learner-5f0c"),
        "https://lab.example/",
        REGISTRATION,
        "https://rescale-lab.example/guided-path/au",
    )
    .unwrap();
    assert_eq!(
        to_text(&launch.actor),
        r#"{"objectType":"Agent","name":"dana","account":{"homePage":"https://lab.example/","name":"learner-5f0c"}}"#
    );
    let data = LaunchData::live("https://rescale-lab.example/guided-path/au", "session-9", 800);
    let result = PathResult { raw: 2, max: 2, answered: 2 };
    let passed = parse(&au_statement(&launch, &data, Verb::Passed, result, &stamp())).unwrap();
    assert!(categories(&passed).is_empty());
    assert_eq!(member(&passed, &["context", "extensions"]).get(MASTERY_EXTENSION), None);
    assert_eq!(member(&passed, &["context", "extensions", SESSION_EXTENSION]).as_text(), Some("session-9"));
    assert_eq!(member(&passed, &["context", "registration"]).as_text(), Some(REGISTRATION));
    for (endpoint, name, why) in [
        ("ftp://lrs.example", "dana", "the LRS endpoint must be an http(s) URL"),
        ("https://lrs.example", "  ", "type your name"),
        ("https://lrs.example", &"x".repeat(81) as &str, "your name is 81 characters long; a name takes 80 at most"),
        ("https://lrs.example", &format!(" {} ", "é".repeat(3001)), "your name is 3001 characters long"),
    ] {
        let got =
            Cmi5Launch::live(&lrs(endpoint), (name, "learner-5f0c"), "https://lab.example/", REGISTRATION, "urn:x")
                .unwrap_err();
        assert!(got.starts_with(why), "{got}");
    }
    // The bound itself joins (in characters, spaces around it aside).
    let longest = format!("  {}  ", "é".repeat(80));
    assert!(Cmi5Launch::live(
        &lrs("https://lrs.example"),
        (&longest, "l-1"),
        "https://lab.example/",
        REGISTRATION,
        "urn:x"
    )
    .is_ok());
}
