//! The savepoint lab's reducer: reads by ticket (a stale read never wins), a failure keeps
//! the report shown, the uid and parallelism fields keep text and last valid value, and the
//! URL state (sample, uid, p) follows what is shown.

use super::*;
use crate::labs::frame::LabState;
use crate::labs::savepoint::query::P;
use crate::model::savepoint::parse;

const CANONICAL: &[u8] =
    include_bytes!("../../../tests/flink-savepoints/fixtures/2.3.0/hashmap-canonical-savepoint/_metadata");

fn start(ticket: u32, sample: Option<Sample>) -> SavepointAction {
    SavepointAction::ReadStarted { ticket, name: format!("file-{ticket}"), sample, bytes: 100 }
}

fn done(ticket: u32, bytes: &[u8]) -> SavepointAction {
    let result = parse(bytes).map(|s| Shared(Rc::new(s))).map_err(ReadFailure::Parse);
    SavepointAction::ReadDone { ticket, result, timing: Timing::default() }
}

fn opened(query: &str) -> Rc<SavepointState> {
    Rc::new(SavepointState::parse(&crate::url::Location::parse(&format!("#/savepoint?{query}")).params).0)
}

/// The link's parameters the state writes back.
fn link(s: &SavepointState) -> String {
    s.pairs().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
}

#[test]
fn a_read_shows_its_report_and_picks_the_keyed_operator() {
    let s = opened("").reduce(start(1, None)).reduce(SavepointAction::ReadProgress { ticket: 1, permille: 400 });
    assert_eq!(s.reading.as_ref().map(|r| r.permille), Some(400));
    let s = s.reduce(done(1, CANONICAL));
    assert!(s.reading.is_none() && s.error.is_none());
    let snapshot = s.snapshot().unwrap();
    assert_eq!(snapshot.operators[s.operator.unwrap()].uid.as_deref(), Some("counter"));
    assert_eq!(s.loaded.as_ref().unwrap().name, "file-1");
}

#[test]
fn a_bad_file_keeps_the_report_and_names_the_offset() {
    let s = opened("").reduce(start(1, None)).reduce(done(1, CANONICAL));
    let shown = s.loaded.clone();
    let s = s.reduce(start(2, None)).reduce(done(2, &CANONICAL[..5000]));
    assert_eq!(s.loaded, shown);
    let error = s.error.as_ref().unwrap();
    assert_eq!(error.name, "file-2");
    assert!(error.message.contains("at byte"), "{}", error.message);
    let s = s.reduce(start(3, None)).reduce(done(3, b"\xff\xd8\xff\xe0 JFIF"));
    assert!(s.error.as_ref().unwrap().message.contains("at byte 0"), "{:?}", s.error);
    let failed = SavepointAction::ReadDone {
        ticket: 4,
        result: Err(ReadFailure::Browser("the browser could not read it".into())),
        timing: Timing::default(),
    };
    let s = s.reduce(start(4, None)).reduce(failed);
    assert_eq!(s.error.as_ref().unwrap().message, "the browser could not read it");
    assert_eq!(s.loaded, shown);
    // A read that succeeds clears the error.
    assert!(s.reduce(start(5, None)).reduce(done(5, CANONICAL)).error.is_none());
}

#[test]
fn only_the_newest_read_counts() {
    let s = opened("").reduce(start(1, None)).reduce(start(2, None));
    let s = s.reduce(SavepointAction::ReadProgress { ticket: 1, permille: 900 });
    assert_eq!(s.reading.as_ref().map(|r| (r.ticket, r.permille)), Some((2, 0)));
    let s = s.reduce(done(1, CANONICAL));
    assert!(s.loaded.is_none() && s.reading.is_some());
    let s = s.reduce(done(2, CANONICAL));
    assert_eq!(s.loaded.as_ref().unwrap().name, "file-2");
    // Nothing is reading any more: a late action changes nothing.
    let before = (*s).clone();
    assert_eq!(*s.reduce(done(2, b"")), before);
}

#[test]
fn the_url_follows_the_sample_shown() {
    let s = opened("sample=hashmap-savepoint&uid=counter&p=8");
    assert_eq!(link(&s), "sample=hashmap-savepoint&uid=counter&p=8");
    let s = s.reduce(start(1, Some(Sample::HashmapSavepoint))).reduce(done(1, CANONICAL));
    assert_eq!(link(&s), "sample=hashmap-savepoint&uid=counter&p=8");
    // The person's own file: no sample in the URL, even while it is read or when it fails.
    let s = s.reduce(start(2, None));
    assert_eq!(link(&s), "uid=counter&p=8");
    let s = s.reduce(done(2, b"nope"));
    assert_eq!(link(&s), "sample=hashmap-savepoint&uid=counter&p=8");
}

#[test]
fn fields_keep_text_and_last_valid_value() {
    let s = opened("uid=counter");
    let s = s.reduce(SavepointAction::SetUid { text: "bad\u{FFFD}".into(), well_formed: false });
    assert_eq!((s.uid.value.as_str(), s.uid.text.as_str()), ("counter", "bad\u{FFFD}"));
    assert!(s.uid.error.as_ref().unwrap().contains("lone UTF-16 surrogate"));
    let s = s.reduce(SavepointAction::SetUid { text: "x".repeat(1001), well_formed: true });
    assert!(s.uid.error.as_ref().unwrap().contains("at most 1000"));
    let s = s.reduce(SavepointAction::SetUid { text: String::new(), well_formed: true });
    assert_eq!((s.uid.value.as_str(), &s.uid.error), ("", &None));
    let set = |text: &str| SavepointAction::from(P.typed(text));
    // 12 typed and the field left; then 0 refused: 12 stays.
    let s = s.reduce(set("12")).reduce(P.left().into()).reduce(set("0"));
    assert_eq!(s.p.value, Some(12));
    assert!(P.view(&s).error.unwrap().contains("between 1 and 32768"));
    assert_eq!(s.reduce(set("")).p.value, None);
}

#[test]
fn selecting_an_operator_stays_within_the_file() {
    let s = opened("").reduce(SavepointAction::SelectOperator { index: 0 });
    assert_eq!(s.operator, None);
    let s = s.reduce(start(1, None)).reduce(done(1, CANONICAL));
    let s = s.reduce(SavepointAction::SelectOperator { index: 2 });
    assert_eq!(s.operator, Some(2));
    assert_eq!(s.reduce(SavepointAction::SelectOperator { index: 8 }).operator, Some(2));
}

/// A file over 1 GiB is refused before a byte of it is read, naming its size and the bound (a
/// 2.3 GB file was "could not read … (was it moved or deleted?)", a 1 GB one took a 2.5 GB tab).
#[test]
fn a_file_over_the_read_bound_is_refused_by_its_size() {
    use crate::labs::savepoint::reader::{readable, MAX_READ_BYTES};
    assert_eq!(readable(MAX_READ_BYTES), Ok(()));
    assert_eq!(
        readable(2_469_606_195),
        Err("it is 2469606195 bytes (2.3 GB), and this inspector reads files of up to 1073741824 bytes (1 GiB): a _metadata file that large is not a checkpoint's".to_string())
    );
    assert!(readable(MAX_READ_BYTES + 1).is_err());
}
