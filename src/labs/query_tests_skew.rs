//! Skew lab links: what a link opens (presets, CSV, the stored set), the link its state writes
//! back (defaults left out, the first render's link the same), and the round trip.

use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::labs::skew::query::KeySource;
use crate::labs::skew::state::SkewState;
use crate::model::KeyType;
use crate::model::MaxParallelism;
use crate::url::*;
use proptest::prelude::*;

fn mp(v: i64) -> Option<MaxParallelism> {
    MaxParallelism::new(v).ok()
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
    let (q, n) = skew("#/skew?keys=7%2C1%0A9%2C2&type=long");
    assert!(matches!(q.source, KeySource::Csv(_)));
    assert_eq!((q.key_type, q.keys.len()), (KeyType::Long, 2));
    assert!(n.is_empty());
    // No key of the list is a long: the default preset, and a notice naming `keys`.
    let (q, n) = skew("#/skew?keys=a%2C1%0Ab%2C2&type=long");
    assert_eq!((&q.source, q.keys.len()), (&KeySource::default(), 1000));
    assert_eq!(n, vec!["keys"]);
    // Some lines read, one not: the keys read are used, and a notice names `keys` and the line.
    let (q, _) = skew("#/skew?keys=x%2C10%0Ay%2Cabc&p=4");
    assert_eq!(q.keys.len(), 1);
    let location = crate::url::Location::parse("#/skew?keys=x%2C10%0Ay%2Cabc&p=4");
    let (_, notices) = <SkewState as crate::labs::frame::LabState>::parse(&location.params);
    let messages = notices.iter().map(|n| (n.param.as_str(), n.message.as_str())).collect::<Vec<_>>();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(messages[0].0, "keys");
    assert!(
        messages[0].1.starts_with("keys=\"x,10\\ny,abc\" was used in part: ") && messages[0].1.ends_with(
            "1 line of it could not be read (line 2: events per second \"abc\" is not a number: use digits, with at most three decimals); using the 1 key read from the rest."
        ),
        "{}",
        messages[0].1
    );
    let (q, n) = skew("#/skew?preset=nope&n=0&s=-1&hot=101&total=abc&salt=99&q=0");
    assert_eq!(q, skew("#/skew").0);
    assert_eq!(n, vec!["preset", "n", "s", "hot", "total", "q", "salt"]);
    let (q, _) = skew("#/skew?stored=1");
    assert_eq!(q.source, KeySource::Stored);
}

/// A link gives one key set: the source it passes over, or a `stored` that is not 1, is said
/// (a walk-through found `preset=uniform&keys=…` and `stored=abc` dropped unsaid).
#[test]
fn a_key_set_the_link_passes_over_is_said() {
    use crate::model::skew::presets::Preset;
    let said = |hash: &str| {
        let (state, notices) = SkewState::parse(&Location::parse(hash).params);
        (state.source, notices.into_iter().map(|n| n.message).collect::<Vec<_>>())
    };
    let (source, n) = said("#/skew?preset=uniform&keys=a%2C5%0Ab%2C6");
    assert!(matches!(source, KeySource::Preset(Preset::Uniform { .. })), "{source:?}");
    assert_eq!(n, ["keys=\"a,5\\nb,6\" was not used: the link's preset= makes the key set; a link gives one key set."]);
    let (source, n) = said("#/skew?stored=1&keys=a%2C5");
    assert_eq!((source, n.len()), (KeySource::Stored, 1));
    assert!(n[0].contains("stored=1 reads the key set kept in this browser"), "{n:?}");
    for bad in ["abc", "2"] {
        let (source, n) = said(&format!("#/skew?stored={bad}"));
        assert_eq!(source, KeySource::default());
        assert_eq!(
            n,
            [format!("stored=\"{bad}\" was not used: stored takes 1 (the key set kept in this browser) or 0.")]
        );
    }
    assert_eq!(said("#/skew?stored=0").1, Vec::<String>::new());
    assert_eq!(said("#/skew?keys=a%2C5").1, Vec::<String>::new());
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
        // No readable int key: the default preset, and the link's key type kept for what is typed next.
        ("keys=a%2C1&total=200&type=int&preset=", "type=int"),
        ("keys=5%2C1&total=200&type=int&preset=", "type=int&keys=5,1,0\n"),
        ("preset=sequential&n=30000&p=7", "p=7&preset=sequential&n=30000"),
        ("stored=1&type=long", "type=long&stored=1"),
        ("p=4&type=int", "p=4&type=int"),
        ("preset=sequential&type=long", "type=long&preset=sequential"),
        ("preset=sequential&type=int", "preset=sequential"),
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
        // A CSV with no readable row opens the default preset, and one with some unreadable rows
        // its readable ones, each with a notice naming `keys`; nothing else gets a notice.
        let csv_lines_left = state.import.as_ref().is_some_and(|r| r.error_count > 0);
        let fell_back = matches!(source, KeySource::Csv(_)) && (state.source == KeySource::default() || csv_lines_left);
        prop_assert!(notices.iter().all(|n| fell_back && n.param == "keys"), "{:?}", notices);
        prop_assert!(!csv_lines_left || notices.len() == 1, "{:?}", notices);
        // A CSV's rows are read as the link opens; the link then carries them as written back.
        match &source {
            KeySource::Csv(_) => prop_assert!(matches!(state.source, KeySource::Csv(_)) || state.keys.len() == 1000),
            _ => prop_assert_eq!(&state.source, &source),
        }
        // The link's key type, where it gives one (beside a set that fell back to a preset, too).
        let key_type = match &source {
            KeySource::Preset(p) => p.key_type(),
            _ => KeyType::Long,
        };
        prop_assert_eq!((state.key_type, state.parallelism.value, state.salt.value, state.what_if.value), (key_type, p, salt, Some(3)));
        let again = Location::parse(&format_hash(Lab::Skew, &CommonQuery::default(), &state.pairs()));
        let (parsed, notices) = SkewState::parse(&again.params);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        // The same link, the same keys (a CSV's text is kept as the link gave it).
        prop_assert_eq!((parsed.pairs(), &parsed.keys), (state.pairs(), &state.keys));
    }
}
