//! The skew reducer's presets at their bounds: a hot-key set of one key, a refused number, and
//! a preset's numbers without `preset=`.

use super::*;

use crate::labs::frame::testing::{link, run};
use crate::labs::skew::query::{N, PRESET, S, TOTAL};
use crate::model::skew::presets::PresetKind;

fn open(query: &str) -> Rc<SkewState> {
    crate::labs::frame::testing::open(query)
}

/// A hot-key set is the hot key and the rest: one key is never silently two. A link asking for
/// one opens two with a notice naming `n`; typing 1 is refused and the set stays; choosing the
/// preset over one key shows the two it makes.
#[test]
fn a_hot_key_set_has_two_keys_at_least_and_says_so() {
    let (linked, notices) = <SkewState as crate::labs::frame::LabState>::parse(
        &crate::url::Location::parse("#/skew?preset=hot&n=1").params,
    );
    assert_eq!((linked.keys.len(), linked.preset_n.value), (2, 2));
    assert!(notices.iter().any(|n| n.param == "n" && n.message.contains("needs at least 2 keys")), "{notices:?}");
    let typed = run(open("preset=hot&n=50"), vec![N.typed("1").into()]);
    assert_eq!((typed.keys.len(), typed.preset_n.value, typed.preset_n.text.as_str()), (50, 50, "1"));
    assert!(typed.preset_n.error.as_deref().unwrap().contains("needs at least 2 keys"));
    assert_eq!(link(&typed), "preset=hot&n=50");
    let chosen = run(open("preset=uniform&n=1"), vec![PRESET.edit(&PresetKind::Hot).into()]);
    assert_eq!((chosen.keys.len(), chosen.preset_n.value), (2, 2));
}

/// A preset's numbers without `preset=` describe the default kind's preset; beside a key set of
/// the link's own they are said to be unused, never dropped in silence.
#[test]
fn preset_numbers_without_a_preset_name() {
    let s = open("n=5&s=2");
    assert_eq!(s.source, KeySource::Preset(Preset::Zipf { n: 5, s_milli: 2000 }));
    assert_eq!(s.keys.len(), 5);
    assert_eq!(link(&s), "preset=zipf&n=5&s=2");
    let notices = |query: &str| {
        <SkewState as crate::labs::frame::LabState>::parse(
            &crate::url::Location::parse(&format!("#/skew?{query}")).params,
        )
        .1
    };
    assert!(notices("n=5&s=2").is_empty());
    let said = notices("keys=a,1&n=5&hot=40");
    let messages: Vec<&str> = said.iter().map(|n| n.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "n=\"5\" was not used: it is a preset's number, and this link's keys come from keys= (its own keys).",
            "hot=\"40\" was not used: it is a preset's number, and this link's keys come from keys= (its own keys).",
        ]
    );
}

/// A refused text puts the value back as the edit began, and the set goes back with it: the set
/// made from a prefix typed on the way (`1` on the way to `1.5`; 5 on the way to 5.5 for s, which
/// made no keys at all) is not left standing under a message that says the old value is in use.
#[test]
fn a_refused_text_brings_back_the_set_the_edit_began_with() {
    let start = open("preset=zipf&n=20");
    let keys = start.keys.clone();
    for (typed, why) in [
        (vec![N.typed("1"), N.typed("1."), N.typed("1.5"), N.left()], "not a whole number"),
        (vec![N.typed("1"), N.typed("1e"), N.typed("1e3"), N.left()], "not a whole number"),
        (vec![S.typed("5"), S.typed("5."), S.typed("5.5"), S.left()], "above the limit of 5"),
        (vec![TOTAL.typed("4"), TOTAL.typed("4x"), TOTAL.left()], "total events per second"),
    ] {
        let s = run(start.clone(), typed.into_iter().map(Into::into).collect());
        let error = [&s.preset_n.error, &s.preset_s.error, &s.total.error].into_iter().flatten().next().cloned();
        assert!(error.as_deref().is_some_and(|e| e.contains(why)), "{error:?}");
        assert_eq!(s.keys, keys, "{why}");
        assert_eq!(link(&s), "preset=zipf&n=20");
    }
}
