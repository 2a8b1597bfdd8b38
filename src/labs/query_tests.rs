//! Route and query parsing: tables of URLs, and the round-trip property for every lab query.

use crate::lab::Lab;
use crate::labs::coverage::state::CoverageState;
use crate::labs::frame::LabState;
use crate::labs::owners::state::OwnersState;
use crate::model::KeyType;
use crate::model::MaxParallelism;
use crate::url::*;
use proptest::prelude::*;

/// What a lab's link opens, written back as a link's query, and the notices' parameters (the
/// link's own, then the lab's).
fn reopened(hash: &str) -> (String, Vec<String>) {
    let location = Location::parse(hash);
    let Route::Lab(lab) = location.route else { panic!("{hash} is not a lab's link") };
    let (pairs, notices) = crate::labs::reopened(lab, &location.params);
    let names = location.notices.iter().chain(notices.iter()).map(|n| n.param.clone()).collect();
    (pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&"), names)
}

#[test]
fn routes_table() {
    for (hash, expected) in [
        ("", Route::Home),
        ("#", Route::Home),
        ("#/", Route::Home),
        ("#/owners", Route::Lab(Lab::Owners)),
        ("#/owners/?p=3", Route::Lab(Lab::Owners)),
        ("#/nowhere", Route::NotFound("/nowhere".into())),
        ("#/class", Route::Class),
        ("#/class/?activity=urn%3Ax", Route::Class),
        ("#/classes", Route::NotFound("/classes".into())),
        ("#/<img src=x>", Route::NotFound("/<img src=x>".into())),
        ("#/%3Cb%3E", Route::NotFound("/<b>".into())),
        ("#/%E0%A4", Route::NotFound("/%E0%A4".into())),
    ] {
        assert_eq!(Location::parse(hash).route, expected, "{hash:?}");
    }
}

#[test]
fn lab_links_table() {
    let cases: Vec<(&str, &str, Vec<&str>)> = vec![
        ("#/owners", "", vec![]),
        ("#/owners?maxp=128&p=100", "maxp=128&p=100", vec![]),
        ("#/owners?p=200&maxp=128", "maxp=128&p=200", vec![]),
        ("#/owners?maxp=0&p=abc", "", vec!["maxp", "p"]),
        ("#/owners?maxp=99999999999999999999999", "", vec!["maxp"]),
        ("#/owners?p=32769", "", vec!["p"]),
        // An int key that is not an int falls back to the type's default, 42, and a notice names
        // it; the link keeps the type (42 is left out, as every default is).
        ("#/owners?key=caf%C3%A9&type=int", "type=int", vec!["key"]),
        ("#/owners?key=99999999999999999999999&type=long", "type=long", vec!["key"]),
        ("#/owners?key=42&type=int", "type=int", vec![]),
        ("#/owners?key=7&type=int", "key=7&type=int", vec![]),
        ("#/owners?type=long", "type=long", vec![]),
        ("#/owners?type=double", "", vec!["type"]),
        ("#/owners?key=%E0%A4%A", "", vec!["key"]),
        ("#/owners?key=%FF", "", vec!["key"]),
        ("#/owners?key=%+1", "", vec!["key"]),
        ("#/owners?key=a+b%2Bc", "key=a b+c", vec![]),
        ("#/owners?theme=blue&embed=yes&v=9", "", vec!["v", "embed", "theme"]),
        // A name the lab does not read is said, not dropped in silence.
        ("#/owners?unknown=1", "", vec!["unknown"]),
        ("#/owners?mapx=256&p=100", "p=100", vec!["mapx"]),
        // A repeated name: the first value is read, each later one is named in a notice.
        ("#/coverage?a=3&a=5", "a=3", vec!["a"]),
        ("#/owners?p=8&maxp=128&p=6&p=8", "maxp=128&p=8", vec!["p", "p"]),
        ("#/owners?theme=dark&theme=blue", "", vec!["theme"]),
        ("#/owners?from=24&p=32&maxp=128", "maxp=128&p=32&from=24", vec![]),
        ("#/owners?first=24&largest=200", "first=24&largest=200", vec![]),
        ("#/owners?from=0&first=x&largest=40000", "", vec!["first", "from", "largest"]),
        ("#/coverage", "", vec![]),
        ("#/coverage?m=8&a=3&t=1.5", "a=3&t=1.5", vec![]),
        ("#/coverage?answers=hidden", "answers=hidden", vec![]),
        ("#/coverage?answers=shown&a=2", "a=2", vec![]),
        ("#/coverage?answers=none", "", vec!["answers"]),
        ("#/coverage?a=1000000000", "a=1000000000", vec![]),
        ("#/coverage?m=0&a=-1&t=-2", "", vec!["m", "a", "t"]),
        ("#/coverage?m=abc&a=1e9&t=NaN", "", vec!["m", "a", "t"]),
        ("#/coverage?m=361&t=99999", "", vec!["m", "t"]),
    ];
    for (hash, expected, notices) in cases {
        let (written, names) = reopened(hash);
        assert_eq!(written, expected, "{hash}");
        assert_eq!(names, notices, "{hash}");
    }
    let (state, notices) = OwnersState::parse(&Location::parse("#/owners?key=caf%C3%A9&type=int").params);
    assert_eq!((state.key.text.as_str(), state.key_type), ("42", KeyType::Int));
    assert!(state.key.error.is_none());
    assert!(notices[0].message.contains("key=\"café\" was not used"), "{}", notices[0].message);
    assert!(
        notices[0].message.ends_with("not a valid int key (-2147483648 to 2147483647); using \"42\"."),
        "{}",
        notices[0].message
    );
}

#[test]
fn notices_name_parameter_and_bound() {
    let location = Location::parse("#/owners?maxp=40000");
    let (_, notices) = OwnersState::parse(&location.params);
    assert_eq!(notices.len(), 1);
    assert!(notices[0].message.contains("maxp=\"40000\""), "{}", notices[0].message);
    assert!(notices[0].message.contains("between 1 and 32768"), "{}", notices[0].message);
}

#[test]
fn common_parameters_survive_formatting() {
    let location = Location::parse("#/owners?embed=1&theme=dark&p=8");
    assert!(location.common.embed);
    assert_eq!(location.common.theme, Theme::Dark);
    let (q, _) = OwnersState::parse(&location.params);
    assert_eq!(format_hash(Lab::Owners, &location.common, &q.pairs()), "#/owners?p=8&embed=1&theme=dark");
    let (d, _) = OwnersState::parse(&Params::default());
    assert_eq!(format_hash(Lab::Owners, &CommonQuery::default(), &d.pairs()), "#/owners");
}

/// A malformed embed parameter falls back with a notice that names what it takes, and names no
/// other lab's section (`slider` is the owners lab's).
#[test]
fn a_malformed_embed_parameter_says_what_it_takes() {
    for (hash, param, says) in [
        (
            "#/coverage?view=%3Cscript%3E",
            "view",
            "view takes one of the lab's section names, in lowercase letters and hyphens",
        ),
        ("#/owners?lock=a%3Cb", "lock", "lock takes parameter names separated by commas; nothing is locked"),
        ("#/owners?origin=javascript:alert(1)", "origin", "no results are sent"),
    ] {
        let location = Location::parse(hash);
        let notice = location.notices.iter().find(|n| n.param == param).unwrap_or_else(|| panic!("{hash}"));
        assert!(notice.message.contains(says) && !notice.message.contains("slider"), "{hash}: {}", notice.message);
    }
}

/// A key and a type it is valid for.
fn key_and_type() -> impl Strategy<Value = (String, KeyType)> {
    prop_oneof![
        "\\PC{0,40}".prop_map(|k| (k, KeyType::String)),
        any::<i32>().prop_map(|v| (v.to_string(), KeyType::Int)),
        any::<i64>().prop_map(|v| (v.to_string(), KeyType::Long)),
    ]
}

proptest! {
    #[test]
    fn owners_query_round_trips(
        maxp in proptest::option::of(1u32..=32768),
        p in 1u32..=32768,
        first in proptest::option::of(1u32..=32768),
        from in proptest::option::of(1u32..=32768),
        largest in proptest::option::of(1u32..=32768),
        (key, key_type) in key_and_type(),
        embed in any::<bool>(),
    ) {
        let mut pairs = vec![("p", p.to_string()), ("key", key.clone()), ("type", key_type.as_str().to_string())];
        for (name, value) in [("maxp", maxp), ("first", first), ("from", from), ("largest", largest)] {
            pairs.extend(value.map(|v| (name, v.to_string())));
        }
        let common = CommonQuery { embed, theme: Theme::System, ..CommonQuery::default() };
        let location = Location::parse(&format_hash(Lab::Owners, &common, &pairs));
        prop_assert_eq!(&location.route, &Route::Lab(Lab::Owners));
        prop_assert_eq!(&location.common, &common);
        let (state, notices) = OwnersState::parse(&location.params);
        prop_assert!(notices.is_empty());
        prop_assert_eq!((state.parallelism.value, state.first.value, state.from.value, state.largest.value), (p, first, from, largest));
        prop_assert_eq!(state.max_parallelism.value.map(MaxParallelism::get), maxp);
        prop_assert_eq!((state.key.text.as_str(), state.key_type, state.key.error.as_deref()), (key.as_str(), key_type, None));
        let again = Location::parse(&format_hash(Lab::Owners, &common, &state.pairs()));
        let (parsed, notices) = OwnersState::parse(&again.params);
        prop_assert!(notices.is_empty());
        prop_assert_eq!(parsed, state);
    }

    #[test]
    fn any_hash_parses_without_panic(hash in "#?/?\\PC{0,60}") {
        let location = Location::parse(&hash);
        let _ = OwnersState::parse(&location.params);
    }

    #[test]
    fn encoding_round_trips(text in "\\PC{0,60}") {
        prop_assert_eq!(decode_component(&encode_component(&text)), Some(text));
    }
}

proptest! {
    #[test]
    fn coverage_query_round_trips(m in 1u32..=360, a in 0u64..=1_000_000_000_000, millis in 0u32..=3_600_000, answers_hidden: bool) {
        let mut pairs = vec![("m", m.to_string()), ("a", a.to_string()), ("t", crate::model::number::format_millis_as_seconds(millis))];
        if answers_hidden {
            pairs.push(("answers", "hidden".to_string()));
        }
        let location = Location::parse(&format_hash(Lab::Coverage, &CommonQuery::default(), &pairs));
        let (state, notices) = CoverageState::parse(&location.params);
        prop_assert!(notices.is_empty());
        prop_assert_eq!((state.orbit.modulus(), state.orbit.stride(), state.t_ms, state.hidden), (m, a, millis, answers_hidden));
        let again = Location::parse(&format_hash(Lab::Coverage, &CommonQuery::default(), &state.pairs()));
        let reopened = CoverageState::parse(&again.params).0;
        if answers_hidden {
            // No `t` in a hidden-answers link: it would give the count away (the walk pauses
            // where it closes), so the link reopens the pair from the start.
            prop_assert_eq!((reopened.orbit, reopened.hidden, reopened.t_ms), (state.orbit, true, 0));
        } else {
            prop_assert_eq!(reopened, state);
        }
    }
}

#[test]
fn undecodable_pieces_give_short_notices() {
    let long = format!("#/owners?x=%ZZ{}", "y".repeat(5000));
    let location = Location::parse(&long);
    assert_eq!(location.notices.len(), 1);
    assert!(location.notices[0].message.len() < 200, "{}", location.notices[0].message.len());
    assert_eq!(Location::parse("#/owners?=%ZZ").notices[0].param, "(unnamed)");
}

/// A link's value is quoted in a notice as every message quotes text (`error::quote`): what
/// would not show as a Java escape, and a long value cut after 40 characters.
#[test]
fn notices_quote_values_as_messages_do() {
    let location = Location::parse("#/coverage?m=%C2%A08&m=9");
    assert_eq!(
        location.notices[0].message,
        "m=\"9\" was not used: m is given more than once and only the first is read, m=\"\\u00A08\"."
    );
    let shown = notice("p", &"9".repeat(100), "too long").message;
    assert_eq!(shown, format!("p=\"{}…\" was not used: too long.", "9".repeat(40)));
}

#[test]
fn repeated_names_give_few_short_notices() {
    let location = Location::parse("#/coverage?m=8&m=9");
    assert_eq!(location.notices.len(), 1);
    assert_eq!(
        location.notices[0].message,
        "m=\"9\" was not used: m is given more than once and only the first is read, m=\"8\"."
    );
    let name = "n".repeat(5000);
    let flood: Vec<String> = (0..10_000).map(|i| format!("{name}={i}")).collect();
    let location = Location::parse(&format!("#/owners?{}", flood.join("&")));
    assert_eq!(location.notices.len(), MAX_REPEAT_NOTICES);
    assert!(location.notices.iter().all(|n| n.message.len() < 300 && n.param.len() == 60), "{:?}", location.notices[0]);
}

/// A bare route opens each lab of the registry at its defaults, and its state writes no
/// parameter back: the link a reader sees stays `#/<lab>` (defaults are left out of every link).
#[test]
fn a_bare_route_writes_a_bare_link() {
    for lab in Lab::ALL {
        let (pairs, notices) = crate::labs::reopened(*lab, &Location::parse(&format!("#/{}", lab.slug())).params);
        assert!(notices.is_empty(), "{}: {notices:?}", lab.slug());
        assert_eq!(pairs, vec![], "{}", lab.slug());
    }
}
