//! The trace page's reducer: scenarios and backends from the page, typed bounds, and a job
//! output that cannot be read keeping the last good one.

use super::*;
use crate::labs::frame::LabState;
use crate::labs::trace::query::{BACKEND, KEYS, P1, SCENARIO};
use crate::model::trace::{Backend, Scenario, TraceVerdict};
use crate::url::Params;

fn opened() -> Rc<TraceState> {
    Rc::new(TraceState::parse(&Params::default()).0)
}

#[test]
fn scenarios_from_the_page() {
    let s = opened();
    assert_eq!(s.run().unwrap().verdict, TraceVerdict::Preserved);
    let s = s.reduce(SCENARIO.edit(&Scenario::UidChangedAllowNonRestored).into());
    assert_eq!(s.run().unwrap().verdict, TraceVerdict::Lost);
    let s = s.reduce(SCENARIO.edit(&Scenario::SchemaIncompatible).into());
    let TraceVerdict::Failing(f) = s.run().unwrap().verdict else { panic!("failing") };
    assert!(f.task_failure[1].contains("For heap backends"));
    let s = s.reduce(BACKEND.edit(&Backend::RocksDb).into());
    assert_eq!(s.pairs(), vec![("scenario", "schema-incompatible".to_string()), ("backend", "rocksdb".to_string())]);
    let TraceVerdict::Failing(f) = s.run().unwrap().verdict else { panic!("failing") };
    assert!(f.task_failure[1].contains("StateMigrationException: The new state serializer"));
    let s = s.reduce(SCENARIO.edit(&Scenario::SourceUidChangedAllowNonRestored).into());
    let run = s.run().unwrap();
    assert_eq!((run.verdict, run.resumed_from), (TraceVerdict::Lost, Some(0)));
    let s = s.reduce(SCENARIO.edit(&Scenario::UidChangedAllowNonRestored).into());
    let s = s.reduce(P1.typed("300").into());
    assert!(s.run().unwrap_err().to_string().contains("300"));
    let s = s.reduce(KEYS.typed("0").into());
    assert_eq!(s.keys.value, 12);
    assert!(s.keys.error.is_some());
}

#[test]
fn a_bad_output_keeps_the_last_good_one() {
    let s = opened();
    let good = s.trace().totals_csv();
    let s = s.reduce(TraceAction::check_output(&good));
    assert_eq!((s.output.as_deref(), s.output_error.as_deref()), (Some(&JobOutput::parse(&good).unwrap()), None));
    let s = s.reduce(TraceAction::check_output("key,total\ncustomer-1,x\n"));
    assert_eq!(s.output.as_deref(), Some(&JobOutput::parse(&good).unwrap()));
    assert!(s.output_error.as_deref().unwrap().starts_with("line 2: the total \"x\""));
    let s = s.reduce(TraceAction::check_output(&good));
    assert!(s.output_error.is_none());
}

#[test]
fn a_read_in_steps_shows_its_progress_until_its_result() {
    let s = opened();
    let good = s.trace().totals_csv();
    assert_eq!(s.checking, None);
    let s = s.reduce(TraceAction::OutputProgress { permille: 0 });
    let s = s.reduce(TraceAction::OutputProgress { permille: 420 });
    assert_eq!((s.checking, s.output.is_none()), (Some(420), true));
    let s = s.reduce(TraceAction::check_output(&good));
    assert_eq!((s.checking, s.output_error.as_deref()), (None, None));
    let s = s.reduce(TraceAction::OutputProgress { permille: 10 });
    let s = s.reduce(TraceAction::check_output("key,total\ncustomer-1,x\n"));
    assert_eq!(s.checking, None, "a refused read ends the progress too");
    assert_eq!(s.output.as_deref(), Some(&JobOutput::parse(&good).unwrap()));
}

#[test]
fn the_run_depends_on_the_numbers_not_on_an_output_read_beside_them() {
    let s = opened();
    let key = s.run_key();
    let s = s.reduce(TraceAction::OutputProgress { permille: 500 });
    let s = s.reduce(TraceAction::check_output("key,total\ncustomer-1,x\n"));
    assert_eq!(s.run_key(), key);
    let s = s.reduce(KEYS.typed("13").into());
    assert_ne!(s.run_key(), key);
}
