//! The skew reducer: presets, CSV apply, what-ifs, and where the set travels (table edits:
//! `table_tests.rs`).

use super::*;

use crate::labs::frame::testing::{link, run};
use crate::labs::skew::query::{HOT, N, PRESET, TOTAL, TYPE};
use crate::model::skew::aggregate::{GroupLoads, Ranked};
use crate::model::skew::presets::PresetKind;
use crate::model::MaxParallelism;

/// The state a link's query opens.
fn open(query: &str) -> Rc<SkewState> {
    crate::labs::frame::testing::open(query)
}

#[test]
fn default_is_a_zipf_preset_in_the_url() {
    let s = open("");
    assert_eq!(s.keys.len(), 1000);
    assert_eq!(s.source, KeySource::Preset(Preset::Zipf { n: 1000, s_milli: 1100 }));
    assert_eq!(link(&s), "");
}

#[test]
fn preset_parameters_regenerate_and_bad_ones_keep_the_set() {
    let s = run(open(""), vec![PRESET.edit(&PresetKind::Hot).into()]);
    assert_eq!(s.keys[0].key, Key::Str("hot".into()));
    let v = s.version;
    let sets = s.sets;
    let s = run(s, vec![HOT.typed("150").into()]);
    assert!(s.preset_hot.error.as_deref().unwrap().contains("between 0 and 100"));
    assert_eq!(s.version, v, "a bad parameter does not regenerate");
    assert_eq!(s.sets, sets);
    let s = run(s, vec![N.typed("10").into()]);
    assert_eq!(s.keys.len(), 10);
    assert_eq!(s.sets, sets + 1, "a preset made again is another set");
    let s = run(s, vec![TOTAL.typed("0").into()]);
    assert!(s.total.error.as_deref().unwrap().contains("above 0"));
}

#[test]
fn csv_apply_keeps_good_rows_and_reports_bad_ones() {
    let s = run(
        open(""),
        vec![
            SkewAction::SetCsvText { lone_surrogates: false, text: "a,1\nbroken\nb,2,1 KB".into() },
            SkewAction::ApplyCsv,
        ],
    );
    assert_eq!(s.keys.len(), 2);
    let report = s.import.clone().unwrap();
    assert_eq!((report.kept, report.error_count, report.errors[0].line), (2, 1, 2));
    assert_eq!(s.source, KeySource::Csv("a,1,0\nb,2,1024\n".into()));
}

/// A link's stored set that is not there says why: none kept, or no storage for this page at
/// all (an embed on another site); either way the default preset is shown.
#[test]
fn a_missing_stored_set_says_whether_storage_is_refused() {
    for (unavailable, says) in [(false, "No key set was found"), (true, "keeps no data for this page")] {
        let s = run(open("stored=1"), vec![SkewAction::StoredSetMissing { unavailable }]);
        assert!(s.storage_notice.as_deref().unwrap().contains(says), "{:?}", s.storage_notice);
        assert!(s.storage_notice.as_deref().unwrap().ends_with("showing the default preset."));
    }
}

#[test]
fn key_type_change_rereads_custom_keys() {
    let s = run(
        open(""),
        vec![SkewAction::SetCsvText { lone_surrogates: false, text: "1,1\nx,1".into() }, SkewAction::ApplyCsv],
    );
    assert_eq!(s.keys.len(), 2);
    let s = run(s, vec![TYPE.edit(&KeyType::Int).into()]);
    assert_eq!(s.keys.len(), 1);
    assert_eq!(s.import.as_ref().unwrap().error_count, 1);
}

/// A link's `type` is kept beside a preset of another key type (it is the type of the keys typed
/// or pasted next) and written back; a table edit or a new key keeps the set's own type.
#[test]
fn a_linked_key_type_is_kept_beside_a_preset() {
    use crate::labs::frame::LabState;
    use crate::url::Location;
    for (query, key_type, written) in [
        ("p=4&type=int", KeyType::Int, "p=4&type=int"),
        ("preset=sequential&type=long", KeyType::Long, "type=long&preset=sequential"),
        ("preset=sequential&type=int", KeyType::Int, "preset=sequential"),
        ("type=string", KeyType::String, ""),
        ("keys=1,10&type=int", KeyType::Int, "type=int&keys=1,10,0\n"),
        ("preset=uniform&n=200000&type=int", KeyType::Int, "type=int&preset=uniform&n=200000"),
    ] {
        let (s, notices) = SkewState::parse(&Location::parse(&format!("#/skew?{query}")).params);
        assert!(notices.is_empty(), "{query}: {notices:?}");
        assert_eq!(s.key_type, key_type, "{query}");
        let pairs: Vec<String> = s.pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(pairs.join("&"), written, "{query}");
    }
    // The stepped preset's keys arrive with the link's type kept.
    let s = open("preset=uniform&n=200000&type=int");
    let g = s.generating.expect("a large preset is made in steps");
    let s = run(s, vec![generated(g)]);
    assert_eq!((s.key_type, s.keys.len()), (KeyType::Int, 200_000));
    // On the Zipf preset's string keys with the menu at int, an edit and a new key stay strings,
    // and the set, now the person's own, is written as strings: the link reads it back as it is.
    let edit = SkewAction::EditKey { index: 0, column: KeyColumn::Key, text: "42".into(), lone_surrogates: false };
    let s = run(open("preset=uniform&n=10&type=int"), vec![edit, SkewAction::AddKey]);
    assert!(s.keys.iter().all(|k| k.key.key_type() == KeyType::String), "{:?}", &s.keys[..2]);
    assert_eq!(s.key_type, KeyType::String);
    let (back, notices) = SkewState::parse(&Location::parse(&format!("#/skew?{}", link(&s))).params);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!((&back.keys, back.key_type), (&s.keys, KeyType::String));
    // The sequential preset's int keys edited with the menu at string: written as ints.
    let edit = SkewAction::EditKey { index: 0, column: KeyColumn::Key, text: "77".into(), lone_surrogates: false };
    let s = run(open("preset=sequential&n=10&type=string"), vec![edit]);
    assert!(link(&s).starts_with("type=int&keys=77,"), "{}", link(&s));
    // A set of the person's own, retyped: read again as the new type; when nothing reads, the
    // set and its type stay.
    let s = run(s, vec![TYPE.edit(&KeyType::String).into()]);
    assert_eq!((s.key_type, s.keys.len()), (KeyType::String, 10));
    let s = run(open("keys=a,1%0Ab,2"), vec![TYPE.edit(&KeyType::Int).into()]);
    assert_eq!((s.key_type, s.keys.len(), link(&s).as_str()), (KeyType::String, 2, "keys=a,1,0\nb,2,0\n"));
    // A large preset chosen from the menu shows its type at once, and one picked while it is
    // made is the type its keys arrive with.
    let s = run(open("preset=sequential&n=200000"), vec![PRESET.edit(&PresetKind::Zipf).into()]);
    assert_eq!(s.key_type, KeyType::String);
    assert!(!link(&s).contains("type="), "{}", link(&s));
    let s = run(s, vec![TYPE.edit(&KeyType::Long).into()]);
    let g = s.generating.expect("still being made");
    let s = run(s, vec![generated(g)]);
    assert_eq!(s.key_type, KeyType::Long);
}

/// A link whose `keys=` holds no readable key opens the default preset with a notice naming
/// `keys` and the first line's problem, and writes no `keys=` back.
#[test]
fn a_link_with_no_readable_key_opens_the_default_preset_and_says_so() {
    use crate::labs::frame::LabState;
    use crate::url::Location;
    for (query, why) in
        [("keys=a,b,c", "line 1: "), ("keys=", "no key could be read"), ("keys=%0A%0A", "no key could be read")]
    {
        let (s, notices) = SkewState::parse(&Location::parse(&format!("#/skew?{query}")).params);
        assert_eq!(s.source, KeySource::default(), "{query}");
        assert_eq!(s.keys.len(), 1000, "{query}");
        let notice = notices.iter().find(|n| n.param == "keys").unwrap_or_else(|| panic!("{query}: {notices:?}"));
        assert!(
            notice.message.contains(why) && notice.message.ends_with("so the default preset is used."),
            "{query}: {notice:?}"
        );
        assert_eq!(s.import, None, "{query}: no report of a box that was never applied");
        assert_eq!(link(&Rc::new(s)), "", "{query}");
        assert_eq!(
            crate::labs::skew::query::canonical_pairs(&Location::parse(&format!("#/skew?{query}")).params),
            vec![]
        );
    }
    // A list with one readable key is that key set.
    let s = open("keys=a,2");
    assert_eq!(s.keys.len(), 1);
    assert!(link(&s).starts_with("keys=a,2"), "{}", link(&s));
}

#[test]
fn an_apply_with_no_readable_line_keeps_the_set() {
    let s = open("");
    let v = s.version;
    let s =
        run(s, vec![SkewAction::SetCsvText { text: "broken\n".into(), lone_surrogates: false }, SkewAction::ApplyCsv]);
    assert_eq!((s.keys.len(), s.version), (1000, v));
    assert!(s.import.as_ref().unwrap().kept_previous);
    let text = "\u{FFFD},1\nb\u{FFFD},2\nok,3".to_string();
    let s = run(s, vec![SkewAction::SetCsvText { text, lone_surrogates: true }, SkewAction::ApplyCsv]);
    assert_eq!(s.keys.len(), 1);
    assert!(s.import.as_ref().unwrap().errors[0].reason.contains("lone UTF-16 surrogate"));
}

#[test]
fn metrics_import_keeps_the_key_set_and_a_bad_one_keeps_the_last_import() {
    let s = open("");
    let (v, url) = (s.version, link(&s));
    let vertex = include_str!("../../../../tests/flink-rest-metrics/bodies-flink-2.3.0/vertex.json");
    let s = run(s, vec![SkewAction::import_metrics(vertex)]);
    let imported = s.metrics.clone().unwrap();
    assert_eq!((imported.skew_percent(), s.metrics_error.as_deref()), (88, None));
    assert_eq!((s.version, link(&s)), (v, url.clone()), "the key set and the link are untouched");
    let s = run(s, vec![SkewAction::import_metrics(&vertex[..100])]);
    assert!(s.metrics_error.as_deref().unwrap().contains("it looks cut off"));
    assert_eq!(s.metrics.as_ref(), Some(&imported), "the last good import stays");
    assert_eq!((s.version, link(&s)), (v, url));
    let s = run(s, vec![SkewAction::import_metrics(vertex)]);
    assert_eq!(s.metrics_error, None);
}

/// What the job's steps add up to, all at once.
fn derived_of(keys: &[KeyLoad]) -> Derived {
    let max = MaxParallelism::new(128).unwrap();
    Derived { groups: Rc::new(GroupLoads::new(keys, max)), ranked: Rc::new(Ranked::of(keys)) }
}

/// What the stepped generator would send back for `g`.
fn generated(g: Generating) -> SkewAction {
    let keys = g.preset.steps(g.total_milli).finish();
    let derived = derived_of(&keys);
    SkewAction::PresetGenerated { job: g.job, keys: Rc::new(keys), derived }
}

#[test]
fn a_large_preset_is_generated_outside_the_reducer_and_arrives_whole() {
    let s = open("preset=sequential&n=30000");
    let g = s.generating.expect("more than STEPPED_KEYS keys are generated in steps");
    assert_eq!((g.job, g.preset, g.permille), (1, Preset::Sequential { n: 30_000 }, 0));
    assert!(s.keys.is_empty(), "no keys yet, and none made in the reducer");
    assert_eq!(s.key_type, KeyType::Int, "a link's preset decides the key type (no keys yet to disagree)");
    assert_eq!(link(&s), "preset=sequential&n=30000", "the link says it at once");
    let s = run(s, vec![SkewAction::PresetProgress { job: 1, permille: 400 }]);
    assert_eq!(s.generating.unwrap().permille, 400);
    let (v, sets) = (s.version, s.sets);
    let s = run(s, vec![generated(g)]);
    assert_eq!((s.keys.len(), s.key_type, s.generating), (30_000, KeyType::Int, None));
    assert_eq!((s.version, s.sets), (v + 1, sets + 1));
    assert_eq!(*s.keys, Preset::Sequential { n: 30_000 }.generate(s.total.value));
    // What the job derived beside the keys arrives with them, and goes when they change.
    assert_eq!(s.derived.as_ref().map(|d| d.groups.len()), Some(30_000));
    let s = run(s, vec![SkewAction::AddKey]);
    assert_eq!((s.keys.len(), s.derived.is_none()), (30_001, true));
}

#[test]
fn a_newer_key_set_supersedes_a_preset_still_being_generated() {
    let big = |n: &str| SkewAction::from(N.typed(n));
    let s = run(open(""), vec![big("50000")]);
    let first = s.generating.unwrap();
    let s = run(s, vec![big("60000")]);
    let second = s.generating.unwrap();
    assert_eq!((first.job, second.job), (1, 2));
    // The first request's keys come late: ignored, the second is still awaited.
    let s = run(s, vec![generated(first), SkewAction::PresetProgress { job: 1, permille: 900 }]);
    assert_eq!((s.keys.len(), s.generating.map(|g| g.permille)), (1000, Some(0)));
    let s = run(s, vec![generated(second)]);
    assert_eq!((s.keys.len(), s.generating), (60_000, None));
    // A small preset replaces a pending large one at once, and the large one's keys are dropped.
    let s = run(s, vec![big("70000"), big("10")]);
    assert_eq!((s.keys.len(), s.generating), (10, None));
    let s = run(s, vec![SkewAction::PresetGenerated { job: 3, keys: Rc::new(Vec::new()), derived: derived_of(&[]) }]);
    assert_eq!(s.keys.len(), 10);
    // So does a table edit.
    let s = run(s, vec![big("80000"), SkewAction::AddKey]);
    assert_eq!((s.keys.len(), s.generating), (11, None));
}

#[test]
fn a_state_compares_a_shared_paste_by_pointer_not_by_its_bytes() {
    // yew compares every part's props (the whole state) on each render; a large paste must not
    // be walked each time. 64 MB compared 200 times would take seconds; by pointer, microseconds.
    let text = Rc::new("k,1\n".repeat(16 << 20));
    let report =
        ImportReport { kept: 0, errors: vec![], error_count: 0, header: false, truncated: false, kept_previous: true };
    let started = SkewAction::ReadInSteps { text: text.clone(), lone_surrogates: false };
    let s = run(open(""), vec![started]);
    let job = s.reading.as_ref().unwrap().job;
    let s = run(s, vec![SkewAction::Read { job, rows: Rc::new(vec![]), report, text: text.clone() }]);
    assert!(Rc::ptr_eq(&s.csv_text, &text), "the reducer kept the paste, not a copy");
    let later = run(s.clone(), vec![SkewAction::StorageFailed { message: "full".into() }]);
    let mut same = (*later).clone();
    same.storage_notice = s.storage_notice.clone();
    let start = std::time::Instant::now();
    for _ in 0..200 {
        assert!(std::hint::black_box(&*s) == std::hint::black_box(&same));
    }
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_millis(100), "200 comparisons took {took:?}");
}
