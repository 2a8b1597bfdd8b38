//! Route and query parsing: tables of URLs, and the round-trip property for every lab query.

use crate::lab::Lab;
use crate::labs::coverage::state::CoverageState;
use crate::labs::frame::LabState;
use crate::labs::owners::state::OwnersState;
use crate::labs::skew::query::KeySource;
use crate::labs::skew::state::SkewState;
use crate::model::KeyType;
use crate::model::MaxParallelism;
use crate::url::*;
use proptest::prelude::*;

fn mp(v: i64) -> Option<MaxParallelism> {
    MaxParallelism::new(v).ok()
}

/// What an owners link opens, written back as a link's query, and the notices' parameters.
fn owners(hash: &str) -> (OwnersState, String, Vec<String>) {
    let location = Location::parse(hash);
    let (state, notices) = OwnersState::parse(&location.params);
    let names = location.notices.iter().chain(notices.iter()).map(|n| n.param.clone()).collect();
    let written = state.pairs().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
    (state, written, names)
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
fn owners_query_table() {
    let cases: Vec<(&str, &str, Vec<&str>)> = vec![
        ("#/owners", "", vec![]),
        ("#/owners?maxp=128&p=100", "maxp=128&p=100", vec![]),
        ("#/owners?p=200&maxp=128", "maxp=128&p=200", vec![]),
        ("#/owners?maxp=0&p=abc", "", vec!["maxp", "p"]),
        ("#/owners?maxp=99999999999999999999999", "", vec!["maxp"]),
        ("#/owners?p=32769", "", vec!["p"]),
        // An int key that is not an int stays as typed beside its error; the link keeps the type.
        ("#/owners?key=caf%C3%A9&type=int", "type=int", vec![]),
        ("#/owners?key=42&type=int", "key=42&type=int", vec![]),
        ("#/owners?type=double", "", vec!["type"]),
        ("#/owners?key=%E0%A4%A", "", vec!["key"]),
        ("#/owners?key=%FF", "", vec!["key"]),
        ("#/owners?key=%+1", "", vec!["key"]),
        ("#/owners?key=a+b%2Bc", "key=a b+c", vec![]),
        ("#/owners?theme=blue&embed=yes&v=9", "", vec!["v", "embed", "theme"]),
        ("#/owners?unknown=1", "", vec![]),
        ("#/owners?from=24&p=32&maxp=128", "maxp=128&p=32&from=24", vec![]),
        ("#/owners?first=24&largest=200", "first=24&largest=200", vec![]),
        ("#/owners?from=0&first=x&largest=40000", "", vec!["first", "from", "largest"]),
    ];
    for (hash, expected, notices) in cases {
        let (_, written, names) = owners(hash);
        assert_eq!(written, expected, "{hash}");
        assert_eq!(names, notices, "{hash}");
    }
    let (state, _, _) = owners("#/owners?key=caf%C3%A9&type=int");
    assert_eq!((state.key.text.as_str(), state.key_type), ("café", KeyType::Int));
    assert!(state.key.error.is_some());
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

#[test]
fn coverage_query_table() {
    let cases: Vec<(&str, &str, Vec<&str>)> = vec![
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
    for (hash, expected, names) in cases {
        let location = Location::parse(hash);
        let (state, notices) = CoverageState::parse(&location.params);
        let written = state.pairs().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        assert_eq!(written, expected, "{hash}");
        assert_eq!(notices.iter().map(|n| n.param.as_str()).collect::<Vec<_>>(), names, "{hash}");
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
        prop_assert_eq!(CoverageState::parse(&again.params).0, state);
    }
}

/// What a skew link opens, and the notices' parameters.
fn skew(hash: &str) -> (SkewState, Vec<String>) {
    let (state, notices) = SkewState::parse(&Location::parse(hash).params);
    (state, notices.into_iter().map(|n| n.param).collect())
}

#[test]
fn skew_query_table() {
    use crate::model::skew::presets::Preset;
    let (q, n) = skew("#/skew?preset=hot&n=500&hot=40&p=16&maxp=128");
    assert_eq!(q.source, KeySource::Preset(Preset::HotKey { n: 500, percent: 40 }));
    assert_eq!((q.parallelism.value, q.max_parallelism.value), (16, mp(128)));
    assert!(n.is_empty());
    let (q, _) = skew("#/skew?preset=sequential&n=10");
    assert_eq!(q.key_type, KeyType::Int);
    let (q, n) = skew("#/skew?keys=a%2C1%0Ab%2C2&type=long");
    assert_eq!(q.source, KeySource::Csv("a,1\nb,2".into()));
    assert_eq!(q.key_type, KeyType::Long);
    assert!(n.is_empty());
    let (q, n) = skew("#/skew?preset=nope&n=0&s=-1&hot=101&total=abc&salt=99&q=0");
    assert_eq!(q, skew("#/skew").0);
    assert_eq!(n, vec!["preset", "n", "s", "hot", "total", "q", "salt"]);
    let (q, _) = skew("#/skew?stored=1");
    assert_eq!(q.source, KeySource::Stored);
}

#[test]
fn skew_links_leave_defaults_out() {
    for (link, written) in [
        ("", ""),
        ("preset=zipf&n=200", "preset=zipf&n=200"),
        ("preset=zipf&s=1.5", "preset=zipf&s=1.5"),
        ("preset=zipf&s=1.1&n=1000&hot=50", ""),
        ("preset=hot", "preset=hot"),
        ("preset=hot&n=50&hot=60&s=2", "preset=hot&n=50&hot=60"),
        ("preset=uniform&total=200", "preset=uniform&total=200"),
        ("keys=a%2C1&total=200&type=int&preset=", "type=int&keys=a,1"),
        ("preset=sequential&n=30000&p=7", "p=7&preset=sequential&n=30000"),
        ("stored=1&type=long", "type=long&stored=1"),
    ] {
        let (state, _) = skew(&format!("#/skew?{link}"));
        let pairs = state.pairs().into_iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        assert_eq!(pairs, written, "{link}");
        // The first render's link, written before any key is made, is the same.
        let params = Location::parse(&format!("#/skew?{link}")).params;
        assert_eq!(crate::labs::skew::query::canonical_pairs(&params), state.pairs(), "{link}");
    }
}

proptest! {
    #[test]
    fn skew_query_round_trips(n in 1u32..=1_000_000, s in 1u32..=5000, hot in 0u32..=100, which in 0usize..6, p in 1u32..=32768, salt in 0u32..=64, csv in "[a-z0-9,\n\"]{0,40}") {
        use crate::model::skew::presets::Preset;
        let source = match which {
            0 => KeySource::Preset(Preset::Uniform { n }),
            1 => KeySource::Preset(Preset::Zipf { n, s_milli: s }),
            2 => KeySource::Preset(Preset::HotKey { n: n.max(2), percent: hot }),
            3 => KeySource::Preset(Preset::Sequential { n }),
            4 => KeySource::Csv(csv),
            _ => KeySource::Stored,
        };
        let mut pairs = vec![("maxp", "128".to_string()), ("p", p.to_string()), ("q", "3".to_string()), ("salt", salt.to_string())];
        match &source {
            KeySource::Preset(preset) => {
                pairs.extend([("preset", preset.kind().as_str().to_string()), ("n", preset.n().to_string())]);
                pairs.extend([("s", format!("{}", f64::from(s) / 1000.0)), ("hot", hot.to_string())]);
            }
            KeySource::Csv(text) => pairs.extend([("type", "long".to_string()), ("keys", text.clone())]),
            KeySource::Stored => pairs.extend([("type", "long".to_string()), ("stored", "1".to_string())]),
        }
        let location = Location::parse(&format_hash(Lab::Skew, &CommonQuery::default(), &pairs));
        let (state, notices) = SkewState::parse(&location.params);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        // A CSV's rows are read as the link opens; the link then carries them as written back.
        match &source {
            KeySource::Csv(_) => prop_assert!(matches!(state.source, KeySource::Csv(_)) || state.keys.len() == 1000),
            _ => prop_assert_eq!(&state.source, &source),
        }
        let key_type = match &source { KeySource::Preset(p) => p.key_type(), _ => KeyType::Long };
        prop_assert_eq!((state.key_type, state.parallelism.value, state.salt.value, state.what_if.value), (key_type, p, salt, Some(3)));
        let again = Location::parse(&format_hash(Lab::Skew, &CommonQuery::default(), &state.pairs()));
        let (parsed, notices) = SkewState::parse(&again.params);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        // The same link, the same keys (a CSV's text is kept as the link gave it).
        prop_assert_eq!((parsed.pairs(), &parsed.keys), (state.pairs(), &state.keys));
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

/// A bare route opens each lab at its defaults, and its state writes no parameter back: the link
/// a reader sees stays `#/<lab>` (defaults are left out of every link).
#[test]
fn a_bare_route_writes_a_bare_link() {
    fn written<S: LabState>() -> Vec<(&'static str, String)> {
        let (state, notices) = S::parse(&Location::parse(&format!("#/{}", S::LAB.slug())).params);
        assert!(notices.is_empty(), "{}: {notices:?}", S::LAB.slug());
        state.pairs()
    }
    assert_eq!(written::<CoverageState>(), vec![]);
    assert_eq!(written::<crate::labs::owners::state::OwnersState>(), vec![]);
    assert_eq!(written::<SkewState>(), vec![]);
    assert_eq!(written::<crate::labs::planner::state::PlannerState>(), vec![]);
    assert_eq!(written::<crate::labs::trace::state::TraceState>(), vec![]);
    assert_eq!(written::<crate::labs::savepoint::state::SavepointState>(), vec![]);
}
