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

/// What the stepped reader sends once it has read `text` as `key_type`.
fn read_back(text: &str, key_type: KeyType) -> SkewAction {
    let mut importer = CsvImporter::new(key_type);
    while !importer.done() {
        importer.step(text, 10_000);
    }
    let report = ImportReport::of(&importer);
    SkewAction::Imported { rows: Rc::new(importer.rows), report, text: Rc::new(text.to_string()) }
}

/// An edit made after a paste, or a preset chosen after one, is the set a new type reads: the
/// old paste is not read again over it.
#[test]
fn a_new_type_reads_the_set_as_edited_not_an_earlier_paste() {
    let edit = SkewAction::EditKey { index: 0, column: KeyColumn::Events, text: "5".into() };
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
/// or preset cancels the read.
#[test]
fn a_large_set_of_ones_own_is_read_again_in_steps() {
    let edit = SkewAction::EditKey { index: 0, column: KeyColumn::Events, text: "5".into() };
    let s = open("preset=sequential&n=30000");
    let g = s.generating.unwrap();
    let keys = g.preset.steps(g.total_milli).finish();
    let derived = Derived { groups: Rc::new(GroupLoads::new(&keys, s.max_in_force())), ranked: Rc::new(Ranked::of(&keys)) };
    let s = run(s, vec![SkewAction::PresetGenerated { job: g.job, keys: Rc::new(keys), derived }, edit]);
    assert_eq!((s.source.clone(), s.csv_text.len()), (KeySource::Stored, 0));
    let (before, v) = (s.keys.clone(), s.version);
    let s = run(s, vec![TYPE.edit(&KeyType::Long).into()]);
    let r = s.rereading.expect("30,000 keys are read again in steps");
    assert_eq!((r.job, r.key_type, s.importing, s.key_type), (2, KeyType::Long, Some(0), KeyType::Long));
    assert_eq!((Rc::ptr_eq(&s.keys, &before), s.version), (true, v), "the keys stay until the read arrives");
    let s = run(s, vec![read_back(&keys_to_csv(&before), KeyType::Long)]);
    assert_eq!((s.rereading, s.importing, s.keys.len(), s.key_type), (None, None, 30_000, KeyType::Long));
    assert!(s.keys.iter().all(|k| k.key.key_type() == KeyType::Long));
    assert_eq!(events(&s)[0], 5);
    // A new read asked, then a preset chosen: the read is dropped, and so is its progress.
    let s = run(s, vec![TYPE.edit(&KeyType::Int).into()]);
    assert!(s.rereading.is_some());
    let s = run(s, vec![PRESET.edit(&PresetKind::Uniform).into()]);
    assert_eq!((s.rereading, s.importing, s.generating.map(|g| g.preset)), (None, None, Some(Preset::Uniform { n: 30_000 })));
    // A large pasted text is read again in steps too; a paste read in steps cancels that read.
    let big = (0..40_000).map(|i| format!("{i},1000\n")).collect::<String>();
    assert!(big.len() > SYNC_LIMIT);
    let s = run(s, vec![read_back(&big, KeyType::String), TYPE.edit(&KeyType::Int).into()]);
    assert!(s.rereading.is_some());
    let s = run(s, vec![SkewAction::ImportStarted]);
    assert_eq!((s.rereading, s.importing), (None, Some(0)));
}
