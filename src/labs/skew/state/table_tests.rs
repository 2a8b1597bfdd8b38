//! The skew reducer's key-table edits: each validated, a refused one naming its cell, and a set
//! grown past the URL's size kept in storage.

use super::*;

use crate::labs::frame::testing::run;

/// The state a link's query opens.
fn open(query: &str) -> Rc<SkewState> {
    crate::labs::frame::testing::open(query)
}

#[test]
fn table_edits_validate_and_large_sets_go_to_storage() {
    let s = run(
        open(""),
        vec![SkewAction::SetCsvText { lone_surrogates: false, text: "a,1\nb,2".into() }, SkewAction::ApplyCsv],
    );
    let read = s.sets;
    let s = run(
        s,
        vec![SkewAction::EditKey { index: 0, column: KeyColumn::Key, text: "b".into(), lone_surrogates: false }],
    );
    let error = s.table_error.clone().unwrap();
    assert_eq!((error.index, error.column), (0, KeyColumn::Key));
    assert_eq!(error.message(), "Row 1, key: the key \"b\" is already in the set; the row keeps its last valid value.");
    // A key with a lone surrogate reaches Rust as U+FFFD: refused, the key as it was.
    let lone =
        SkewAction::EditKey { index: 0, column: KeyColumn::Key, text: "ab\u{fffd}cd".into(), lone_surrogates: true };
    let refused = run(s.clone(), vec![lone]);
    assert_eq!(refused.keys, s.keys);
    assert_eq!(
        refused.table_error.clone().unwrap().message(),
        "Row 1, key: this key holds a lone UTF-16 surrogate (half of a pair), which this lab cannot keep exactly; the row keeps \
         its last valid value."
    );
    let s = run(
        s,
        vec![SkewAction::EditKey { index: 0, column: KeyColumn::Bytes, text: "2 MB".into(), lone_surrogates: false }],
    );
    assert_eq!(s.keys[0].bytes, 2 << 20);
    let s = run(s, vec![SkewAction::AddKey, SkewAction::RemoveKey { index: 1 }]);
    assert_eq!(s.sets, read, "edits are the same set");
    assert_eq!(
        s.keys.iter().map(|k| k.key.clone()).collect::<Vec<_>>(),
        vec![Key::Str("a".into()), Key::Str("new-key-0".into())]
    );
    // Edits change the set in place: the key table keeps its page; a read is another set.
    let edited = s.sets;
    let big: String = (0..600).map(|i| format!("key-{i},1\n")).collect();
    let s = run(s, vec![SkewAction::SetCsvText { lone_surrogates: false, text: big }, SkewAction::ApplyCsv]);
    assert_eq!(s.source, KeySource::Stored);
    assert_eq!(s.sets, edited + 1);
}
