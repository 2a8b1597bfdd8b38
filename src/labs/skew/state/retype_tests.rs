//! The skew reducer when the key type changes under a set of the person's own: read again from
//! the text the keys came from, or from the keys themselves once edited; a large set in steps.

use super::*;

use crate::labs::frame::testing::{link, run};
use crate::labs::skew::query::{PRESET, TYPE};
use crate::model::skew::aggregate::{GroupLoads, Ranked};
use crate::model::skew::presets::PresetKind;

fn open(query: &str) -> Rc<SkewState> {
    crate::labs::frame::testing::open(query)
}

fn paste(text: &str) -> Vec<SkewAction> {
    vec![SkewAction::SetCsvText { text: text.into(), lone_surrogates: false }, SkewAction::ApplyCsv]
}

fn events(s: &SkewState) -> Vec<u64> {
    s.keys.iter().map(|k| k.events_milli / 1000).collect()
}

/// What the stepped reader sends for the read `s` awaits (its text, or the set as CSV).
fn read_back(s: &SkewState) -> SkewAction {
    let r = s.reading.clone().expect("a read in steps");
    let text = if r.text.is_empty() { Rc::new(keys_to_csv(&s.keys)) } else { r.text.clone() };
    let mut importer = CsvImporter::new(r.key_type);
    while !importer.done() {
        importer.step(&text, 10_000);
    }
    let report = ImportReport::of(&importer);
    SkewAction::Read { job: r.job, rows: Rc::new(importer.rows), report, text }
}

/// An edit made after a paste, or a preset chosen after one, is the set a new type reads: the
/// old paste is not read again over it.
#[test]
fn a_new_type_reads_the_set_as_edited_not_an_earlier_paste() {
    let edit = SkewAction::EditKey { index: 0, column: KeyColumn::Events, text: "5".into(), lone_surrogates: false };
    let s = run(open(""), [paste("1,1\n2,2"), vec![edit.clone(), TYPE.edit(&KeyType::Int).into()]].concat());
    assert_eq!((s.key_type, events(&s)), (KeyType::Int, vec![5, 2]));
    assert_eq!(link(&s), "type=int&keys=1,5,0\n2,2,0\n");

    let s = run(open(""), paste("1,1\n2,2"));
    let s = run(s, vec![PRESET.edit(&PresetKind::Sequential).into(), edit, TYPE.edit(&KeyType::Long).into()]);
    assert_eq!((s.key_type, s.keys.len(), events(&s)[0]), (KeyType::Long, 1000, 5));
    // A paste that read nothing waits for another type, and is read under it.
    let s = run(open("type=int"), [paste("1,1\n2,2"), paste("a,1\nb,2")].concat());
    assert_eq!((s.keys[0].key.clone(), s.key_type), (Key::Int(1), KeyType::Int));
    let s = run(s, vec![TYPE.edit(&KeyType::String).into()]);
    assert_eq!((s.keys[0].key.clone(), s.key_type), (Key::Str("a".into()), KeyType::String));
}

/// A set of the person's own too large to read in one task is read again in steps: the reducer
/// only asks (the page is busy), the previous keys stay until the read arrives, and a newer set
/// or preset cancels the read; an answer or progress of a read no longer awaited is ignored.
#[test]
fn a_large_set_of_ones_own_is_read_again_in_steps() {
    let edit = |text: &str| SkewAction::EditKey {
        index: 0,
        column: KeyColumn::Events,
        text: text.into(),
        lone_surrogates: false,
    };
    let s = open("preset=sequential&n=30000");
    let g = s.generating.unwrap();
    let keys = g.preset.steps(g.total_milli).finish();
    let derived =
        Derived { groups: Rc::new(GroupLoads::new(&keys, s.max_in_force())), ranked: Rc::new(Ranked::of(&keys)) };
    let s = run(s, vec![SkewAction::PresetGenerated { job: g.job, keys: Rc::new(keys), derived }, edit("5")]);
    assert_eq!((s.source.clone(), s.csv_text.len()), (KeySource::Stored, 0));
    let (before, v) = (s.keys.clone(), s.version);
    let s = run(s, vec![TYPE.edit(&KeyType::Long).into()]);
    let r = s.reading.clone().expect("30,000 keys are read again in steps");
    assert_eq!((r.job, r.key_type, r.retype, r.text.len()), (2, KeyType::Long, true, 0));
    assert_eq!((s.importing, s.key_type), (Some(0), KeyType::Long));
    assert_eq!((Rc::ptr_eq(&s.keys, &before), s.version), (true, v), "the keys stay until the read arrives");
    let answer = read_back(&s);
    let s = run(s, vec![SkewAction::ReadProgress { job: 2, permille: 500 }]);
    assert_eq!(s.importing, Some(500));
    let s = run(s, vec![answer.clone()]);
    assert_eq!((s.reading.clone(), s.importing, s.keys.len(), s.key_type), (None, None, 30_000, KeyType::Long));
    assert!(s.keys.iter().all(|k| k.key.key_type() == KeyType::Long));
    assert_eq!(events(&s)[0], 5);
    // The same answer again, or a late progress: nothing changes.
    let v = s.version;
    let s = run(s, vec![answer, SkewAction::ReadProgress { job: 2, permille: 900 }]);
    assert_eq!((s.version, s.importing), (v, None));

    // An edit while a read under a new type is on its way: the edited set is read under it.
    let s = run(s, vec![TYPE.edit(&KeyType::Int).into()]);
    let first = s.reading.clone().unwrap();
    let s = run(s, vec![edit("7")]);
    let again = s.reading.clone().expect("the edited set is read again under int");
    assert_eq!((again.key_type, again.retype, s.key_type, events(&s)[0]), (KeyType::Int, true, KeyType::Int, 7));
    assert!(again.job > first.job);
    // The superseded read's progress and answer are ignored; the awaited one lands.
    let stale = SkewAction::Read {
        job: first.job,
        rows: Rc::new(vec![]),
        report: ImportReport::of(&CsvImporter::new(KeyType::Int)),
        text: Rc::default(),
    };
    let s = run(s, vec![SkewAction::ReadProgress { job: first.job, permille: 990 }, stale]);
    assert_eq!((s.importing, s.reading.as_ref().map(|r| r.job)), (Some(0), Some(again.job)));
    let s = run(s.clone(), vec![read_back(&s)]);
    assert_eq!(
        (s.key_type, s.keys[0].key.key_type(), events(&s)[0], s.importing),
        (KeyType::Int, KeyType::Int, 7, None)
    );

    // A new read asked, then a preset chosen: the read is dropped, and so is its progress.
    let s = run(s, vec![TYPE.edit(&KeyType::Long).into()]);
    assert!(s.reading.is_some());
    let s = run(s, vec![PRESET.edit(&PresetKind::Uniform).into()]);
    assert_eq!(
        (s.reading.clone(), s.importing, s.generating.map(|g| g.preset)),
        (None, None, Some(Preset::Uniform { n: 30_000 }))
    );
}

/// A large paste is read in steps too, under the type in force; a new type while it is read
/// reads the paste again from its start, under that type; a small paste applied meanwhile is
/// newer and cancels it; and a paste that reads nothing keeps its text for another type, with
/// the browser's lone-surrogate flag of that text, not of an earlier one.
#[test]
fn a_large_paste_is_read_in_steps_and_a_new_type_reads_it_again() {
    let big = Rc::new((0..40_000).map(|i| format!("{i},1000\n")).collect::<String>());
    assert!(big.len() > SYNC_LIMIT);
    let s = run(open("keys=a,1"), vec![SkewAction::ReadInSteps { text: big.clone(), lone_surrogates: true }]);
    let r = s.reading.clone().unwrap();
    assert_eq!(
        (r.key_type, r.retype, r.lone_surrogates, Rc::ptr_eq(&r.text, &big)),
        (KeyType::String, false, true, true)
    );
    let s = run(s, vec![TYPE.edit(&KeyType::Int).into()]);
    let again = s.reading.clone().unwrap();
    assert_eq!(
        (again.key_type, again.retype, Rc::ptr_eq(&again.text, &big), again.job > r.job),
        (KeyType::Int, false, true, true)
    );
    let s = run(s.clone(), vec![read_back(&s)]);
    assert_eq!((s.keys.len(), s.keys[0].key.clone(), s.csv_lone_surrogates), (40_000, Key::Int(0), true));
    // A small paste meanwhile wins over a large one on its way.
    let s = run(s, vec![SkewAction::ReadInSteps { text: big.clone(), lone_surrogates: false }]);
    let s = run(s, paste("x,1"));
    assert_eq!((s.reading.clone(), s.importing, s.keys.len()), (None, None, 40_000), "x is no int: the set stays");
    assert_eq!((s.csv_text.as_str(), s.csv_lone_surrogates), ("x,1", false));
}
