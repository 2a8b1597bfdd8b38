//! Table tests for the record of whose answers a browser holds.

use super::*;

fn record(name: &str, steps: &[&str]) -> SentAs {
    let mut r = SentAs::default();
    r.sent(name, steps.iter().copied());
    r
}

/// Who is asked, and about how many answers: only a new name, and only about answers that went
/// under the other one.
#[test]
fn only_a_new_name_is_asked_about_answers_sent_under_another() {
    let ann = record("Ann", &["s1", "s2", "s3"]);
    let others = |name: &str, answered: &[&str]| ann.others(name, answered.iter().copied());
    // The name joining, the steps answered on the page, and who is asked about how many.
    type Case<'a> = (&'a str, &'a [&'a str], Option<(&'a str, usize)>);
    let cases: [Case; 7] = [
        ("Bob", &["s1", "s2", "s3"], Some(("Ann", 3))),
        ("Bob", &["s2", "s9"], Some(("Ann", 1))),
        ("Bob", &["s9"], None),
        ("Bob", &[], None),
        ("Ann", &["s1", "s2"], None),
        ("  Ann ", &["s1"], None),
        ("ann", &["s1"], Some(("Ann", 1))),
    ];
    for (name, answered, want) in cases {
        let want = want.map(|(name, count)| OthersAnswers { name: name.to_string(), count });
        assert_eq!(others(name, answered), want, "{name:?} with {answered:?}");
    }
    assert_eq!(SentAs::default().others("Bob", ["s1"]), None, "nothing recorded, nobody asked");
}

/// Sending under another name starts that name's record; under the same one, adds to it.
#[test]
fn a_new_name_takes_the_record_over() {
    let mut r = record("Ann", &["s1"]);
    r.sent(" Ann", ["s2"]);
    assert_eq!(r, record("Ann", &["s1", "s2"]));
    r.sent("Bob", ["s3"]);
    assert_eq!(r, record("Bob", &["s3"]));
    assert_eq!(r.others("Ann", ["s1", "s3"]), Some(OthersAnswers { name: "Bob".into(), count: 1 }));
}

/// A reset forgets the steps it cleared, so a person who answers them again is not asked about
/// the earlier person's answers.
#[test]
fn a_reset_step_is_forgotten() {
    let mut r = record("Ann", &["s1", "s2"]);
    assert!(r.keep_answered(|s| s == "s2"));
    assert!(!r.keep_answered(|s| s == "s2"), "nothing more to forget");
    assert_eq!(r.others("Bob", ["s1"]), None);
    assert!(r.keep_answered(|_| false));
    assert!(r.is_empty());
}

/// The kept lines come back as the record; anything else is an empty record, never an error;
/// a line break in a name cannot add a step.
#[test]
fn the_record_comes_back_from_its_lines() {
    let r = record("Ann", &["s1", "s2"]);
    assert_eq!(r.format(), "v1\nAnn\ns1\ns2");
    assert_eq!(SentAs::parse(&r.format()), r);
    for bad in ["", "v0\nAnn\ns1", "Ann\ns1", "\u{0}"] {
        assert_eq!(SentAs::parse(bad), SentAs::default(), "{bad:?}");
    }
    let odd = record("Ann\nstep", &["s1"]);
    assert_eq!(SentAs::parse(&odd.format()).others("Bob", ["step"]), None);
}
