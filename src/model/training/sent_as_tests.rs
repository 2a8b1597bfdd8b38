//! Table tests for the record of whose answers a browser holds.

use super::*;

fn record(sent: &[(&str, &[&str])]) -> SentAs {
    let mut r = SentAs::default();
    for (name, steps) in sent {
        r.sent(name, steps.iter().copied());
    }
    r
}

fn asked(names: &[(&str, usize)]) -> Option<OthersAnswers> {
    (!names.is_empty()).then(|| OthersAnswers { names: names.iter().map(|(n, c)| (n.to_string(), *c)).collect() })
}

/// Who is asked, and about whose answers: only about answers sent under another name, each
/// other name with its count, the most first.
#[test]
fn a_name_is_asked_about_answers_sent_under_other_names() {
    let r = record(&[("Ann", &["s1", "s2", "s3"]), ("Bob", &["s4"])]);
    // The name joining, the steps answered on the page, and who is asked about how many.
    type Case<'a> = (&'a str, &'a [&'a str], &'a [(&'a str, usize)]);
    let cases: [Case; 8] = [
        ("Cy", &["s1", "s2", "s3", "s4"], &[("Ann", 3), ("Bob", 1)]),
        ("Bob", &["s2", "s4", "s9"], &[("Ann", 1)]),
        ("Ann", &["s1", "s4"], &[("Bob", 1)]),
        ("Cy", &["s9"], &[]),
        ("Cy", &[], &[]),
        ("Ann", &["s1", "s2"], &[]),
        ("  Ann ", &["s1"], &[]),
        ("ann", &["s1"], &[("Ann", 1)]),
    ];
    for (name, answered, want) in cases {
        assert_eq!(r.others(name, answered.iter().copied()), asked(want), "{name:?} with {answered:?}");
    }
    assert_eq!(r.others("Cy", ["s1", "s4"]).map(|o| o.count()), Some(2));
    assert_eq!(SentAs::default().others("Bob", ["s1"]), None, "nothing recorded, nobody asked");
}

/// A step sent again under another name is that name's; the others' steps stay theirs (two tabs
/// sending under two names do not overwrite each other's record).
#[test]
fn each_step_keeps_the_name_it_was_last_sent_under() {
    let mut r = record(&[("Eve", &["s1", "s2"])]);
    r.sent("Fred", ["s3"]);
    r.sent("Eve", ["s4"]);
    assert_eq!(r, record(&[("Eve", &["s1", "s2", "s4"]), ("Fred", &["s3"])]));
    r.sent(" Fred", ["s1"]);
    assert_eq!(r.others("Gil", ["s1", "s2", "s3", "s4"]), asked(&[("Eve", 2), ("Fred", 2)]));
}

/// A reset forgets the steps it cleared, so a person who answers them again is not asked about
/// the earlier person's answers.
#[test]
fn a_reset_step_is_forgotten() {
    let mut r = record(&[("Ann", &["s1", "s2"])]);
    assert!(r.keep_answered(|s| s == "s2"));
    assert!(!r.keep_answered(|s| s == "s2"), "nothing more to forget");
    assert_eq!(r.others("Bob", ["s1"]), None);
    assert!(r.keep_answered(|_| false));
    assert!(r.is_empty());
}

/// The kept lines come back as the record; anything else is an empty record, never an error;
/// a tab or line break in a name cannot add a step.
#[test]
fn the_record_comes_back_from_its_lines() {
    let r = record(&[("Ann", &["s1", "s2"]), ("Bob", &["s3"])]);
    assert_eq!(r.format(), "v2\ns1\tAnn\ns2\tAnn\ns3\tBob");
    assert_eq!(SentAs::parse(&r.format()), r);
    for bad in ["", "v1\nAnn\ns1", "s1\tAnn", "\u{0}", "v2\n\tAnn\ns1\t \ns2"] {
        assert!(SentAs::parse(bad).is_empty(), "{bad:?}");
    }
    let odd = record(&[("Ann\nstep\tx", &["s1"])]);
    let back = SentAs::parse(&odd.format());
    assert_eq!(back.others("Bob", ["s1", "step"]), asked(&[("Ann step x", 1)]));
}
