//! The URL: routes, escaping, the common parameters, each lab's query and every parameter.

use crate::checks::*;
use crate::prelude::*;
use crate::strategies::*;

// ---------------------------------------------------------------------------------------------
// URL
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(fuzz_config())]

    /// `Location::parse` on any text: a leading `#` is optional, routes name a registered lab,
    /// a not-found path is shown as decoded, every notice has a message, and the common
    /// parameters round-trip.
    #[test]
    fn url_location_parse(hash in any_hash()) {
        let location = Location::parse(&hash);
        if !hash.starts_with('#') {
            prop_assert_eq!(&Location::parse(&format!("#{hash}")), &location);
        }
        match &location.route {
            Route::Home => {}
            Route::Lab(lab) => prop_assert!(Lab::ALL.contains(lab)),
            Route::Class => {}
            Route::NotFound(path) => {
                let slug = path.trim_start_matches('/').trim_end_matches('/');
                prop_assert!(!slug.is_empty() && Lab::from_slug(slug).is_none() && slug != "class", "{:?}", path);
            }
        }
        for n in &location.notices {
            prop_assert!(!n.message.trim().is_empty());
        }
        reparse(Lab::Owners, &location.common, &[])?;
    }

    /// Encoding then decoding gives the text back; the encoding holds only unreserved
    /// characters and escapes; decoding any text never panics and agrees with re-encoding.
    #[test]
    fn url_encode_decode_round_trip(text in hostile_text(), junk in any_hash()) {
        let encoded = encode_component(&text);
        prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~%".contains(&b)), "{}", encoded);
        prop_assert_eq!(decode_component(&encoded), Some(text.clone()));
        for raw in [&text, &junk] {
            match decode_component(raw) {
                Some(decoded) => {
                    prop_assert!(decoded.len() <= raw.len());
                    prop_assert_eq!(decode_component(&encode_component(&decoded)), Some(decoded));
                }
                None => prop_assert!(raw.contains('%'), "{:?} has no escape yet failed", raw),
            }
            if !raw.contains(['%', '+']) {
                prop_assert_eq!(decode_component(raw), Some(raw.to_string()));
            }
        }
    }

    /// `valid_origin` accepts only `http(s)://host[:port]` and returns it in a normal form that
    /// is a fixed point and round-trips through the URL; `lock` holds only parameter names.
    #[test]
    fn url_common_origin_and_lock(text in prop_oneof![origin_like(), hostile_text()], hash in any_hash()) {
        if let Some(origin) = valid_origin(&text) {
            prop_assert_eq!(valid_origin(&origin), Some(origin.clone()));
            let (scheme, rest) = origin.split_once("://").expect("scheme");
            prop_assert!(scheme == "http" || scheme == "https", "{}", origin);
            prop_assert!(!rest.is_empty() && !rest.starts_with(':'), "{}", origin);
            prop_assert!(
                rest.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-.:".contains(&b)),
                "{}",
                origin
            );
            let common = CommonQuery { origin: Some(origin), ..CommonQuery::default() };
            reparse(Lab::Coverage, &common, &[])?;
        }
        let location = Location::parse(&hash);
        for name in &location.common.lock {
            prop_assert!(!name.is_empty() && name.len() <= 40);
            prop_assert!(name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'), "{:?}", name);
        }
        if let Some(origin) = &location.common.origin {
            prop_assert_eq!(valid_origin(origin), Some(origin.clone()));
        }
    }

    /// The owners query from any URL is in range, its notices name their parameters, and it
    /// round-trips through `format_hash` and `parse` without notices.
    #[test]
    fn url_owners_query(hash in any_hash()) {
        let location = Location::parse(&hash);
        let (q, notices) = OwnersState::parse(&location.params);
        check_lab_notices(&location, &notices)?;
        let numbers = [q.max_parallelism.value.map(MaxParallelism::get), Some(q.parallelism.value), q.first.value, q.from.value, q.largest.value];
        for v in numbers.into_iter().flatten() {
            prop_assert!((1..=32768).contains(&v));
        }
        prop_assert!(q.key.text.chars().count() <= MAX_KEY_CHARS);
        // A key its type refuses stays on screen, not in the link: the written link opens a
        // state that writes the same link, with no notice.
        let again = reparse(Lab::Owners, &location.common, &q.pairs())?;
        let (parsed, notices) = OwnersState::parse(&again.params);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        prop_assert_eq!(parsed.pairs(), q.pairs());
        if q.key.error.is_none() {
            prop_assert_eq!(parsed, q);
        }
    }

    /// The coverage query from any URL builds a valid orbit, and round-trips.
    #[test]
    fn url_coverage_query(hash in any_hash()) {
        let location = Location::parse(&hash);
        let (q, notices) = CoverageState::parse(&location.params);
        check_lab_notices(&location, &notices)?;
        prop_assert_eq!(Orbit::new(i64::from(q.m.value), q.a.value as i64), Ok(q.orbit));
        prop_assert!(q.t_ms <= MAX_MILLIS);
        let again = reparse(Lab::Coverage, &location.common, &q.pairs())?;
        let (parsed, notices) = CoverageState::parse(&again.params);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        prop_assert_eq!(parsed, q);
    }

    /// The skew query from any URL is in range, its preset passes `validate` and decides the
    /// key type unless the link names one (kept for the keys typed next, and written back), a
    /// total is kept only for a preset, and it round-trips exactly. (It once kept `type` with
    /// the default preset and `total` with a CSV set, and wrote neither back: minimal inputs
    /// `#?type=int` and `#/skew?keys=&total=1`; the type was then dropped silently.)
    #[test]
    fn url_skew_query(
        hash in prop_oneof![
            6 => any_hash(),
            1 => Just("#/skew?type=int".to_string()),
            1 => (hostile_text(), number_text(), select(vec!["keys=", "stored=1&keys=", "type=long&keys="]))
                .prop_map(|(keys, total, source)| {
                    format!("#/skew?{source}{}&total={}", encode_component(&keys), encode_component(&total))
                }),
        ],
    ) {
        let location = Location::parse(&hash);
        let (q, notices) = SkewState::parse(&location.params);
        check_lab_notices(&location, &notices)?;
        let numbers = [q.max_parallelism.value.map(MaxParallelism::get), Some(q.parallelism.value), q.what_if.value];
        for v in numbers.into_iter().flatten() {
            prop_assert!((1..=32768).contains(&v));
        }
        prop_assert!(q.salt.value <= MAX_SALT);
        prop_assert!(q.total.value > 0 && q.total.value <= MAX_TOTAL_MILLI + 999);
        match &q.source {
            KeySource::Preset(preset) => {
                prop_assert_eq!(preset.validate(), Ok(*preset));
                // The link's key type where it gives one (for what is typed next), else the preset's.
                let linked = location.params.get("type").and_then(|t| KeyType::parse(t).ok());
                prop_assert_eq!(q.key_type, linked.unwrap_or(preset.key_type()));
            }
            _ => prop_assert_eq!(q.total.value, TOTAL.default),
        }
        // The written link opens the same key set and writes itself again (a CSV's text is
        // kept as the link gave it, its rows as read).
        let again = reparse(Lab::Skew, &location.common, &q.pairs())?;
        let (parsed, notices) = SkewState::parse(&again.params);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        prop_assert_eq!((parsed.pairs(), &parsed.keys, parsed.key_type), (q.pairs(), &q.keys, q.key_type));
    }

    /// The planner query from any URL holds sizes within their bounds (a positive
    /// throughput), numbers in range, and round-trips.
    #[test]
    fn url_planner_query(hash in any_hash()) {
        let location = Location::parse(&hash);
        let (q, notices) = PlannerState::parse(&location.params);
        check_lab_notices(&location, &notices)?;
        for v in [q.p.value, q.current.value, q.first.value].into_iter().chain(q.maxp.value).chain(q.saved_maxp.value) {
            prop_assert!((1..=32768).contains(&v));
        }
        prop_assert!((1..=1_000_000).contains(&q.partitions.value));
        prop_assert!(q.state.value <= 1 << 50 && (1..=1 << 50).contains(&q.rate.value));
        prop_assert!(q.ttl.value.is_none_or(|secs| secs <= 3650 * 86_400));
        let again = reparse(Lab::Planner, &location.common, &q.pairs())?;
        let (parsed, notices) = PlannerState::parse(&again.params);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        prop_assert_eq!(parsed, q);
    }

    /// Every parameter of every lab's table: any text is refused with a message or accepted,
    /// never a panic; an accepted value's written form is accepted again and written the same
    /// (what a link carries back is what was typed, normalised).
    #[test]
    fn url_every_lab_parameter(text in prop_oneof![any_field_text(), number_text(), hostile_text()], which in 0usize..64) {
        for &lab in Lab::ALL {
            let table = rescale_lab::labs::params(lab);
            let param = table[which % table.len()];
            match (param.problem(&text), param.normalise(&text)) {
                (Some(message), None) => prop_assert!(!message.is_empty() && message.len() < 400, "{}", message),
                (None, Some(written)) => {
                    prop_assert_eq!(param.problem(&written), None);
                    prop_assert_eq!(param.normalise(&written), Some(written));
                }
                (None, None) => prop_assert!(param.fallback().is_empty(), "a field accepted nothing: {}", param.name()),
                (Some(_), Some(_)) => prop_assert!(false, "{} both accepts and refuses {:?}", param.name(), text),
            }
        }
    }

    /// The trace query from any URL holds every number within its field's bounds (the same as
    /// typing; p1 above max parallelism is the run's to refuse), and round-trips.
    #[test]
    fn url_trace_query(hash in any_hash()) {
        let location = Location::parse(&hash);
        let (q, notices) = TraceState::parse(&location.params);
        check_lab_notices(&location, &notices)?;
        prop_assert!(MaxParallelism::new(i64::from(q.maxp.value)).is_ok(), "{:?}", q);
        prop_assert!((1..=32768).contains(&q.p1.value) && (1..=32768).contains(&q.p2.value));
        prop_assert!((1..=200).contains(&q.keys.value) && (1..=100_000).contains(&q.events.value));
        prop_assert!(q.snapshot.value <= 100_000);
        let again = reparse(Lab::Trace, &location.common, &q.pairs())?;
        let (parsed, notices) = TraceState::parse(&again.params);
        prop_assert!(notices.is_empty(), "{:?}", notices);
        prop_assert_eq!(parsed, q);
    }
}

proptest! {
    #![proptest_config(fuzz_config())]

    /// Every lab of the registry, the savepoint inspector included, with no arm per lab: a link
    /// with any parameters opens a state whose written link opens the same state, with no
    /// notice the second time (what a reader copies from the address bar is what they saw).
    #[test]
    fn url_every_lab_round_trip(hash in prop_oneof![any_hash(), lab_hash()]) {
        let location = Location::parse(&hash);
        for &lab in Lab::ALL {
            let (pairs, notices) = rescale_lab::labs::reopened(lab, &location.params);
            check_lab_notices(&location, &notices)?;
            let again = reparse(lab, &location.common, &pairs)?;
            let (written, notices) = rescale_lab::labs::reopened(lab, &again.params);
            prop_assert!(notices.is_empty(), "{:?}: {:?}", lab, notices);
            prop_assert_eq!(written, pairs, "{:?}", lab);
        }
    }
}
