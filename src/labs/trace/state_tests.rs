//! The trace page's reducer: scenarios and backends from the page, typed bounds, and a job
//! output that cannot be read keeping the last good one.

use super::*;
use crate::model::trace::TraceVerdict;

#[test]
fn scenarios_from_the_page() {
    let s = Rc::new(TraceState::from_query(&TraceQuery::default()));
    assert_eq!(s.run().unwrap().verdict, TraceVerdict::Preserved);
    let s = s.reduce(TraceAction::SetScenario { scenario: Scenario::UidChangedAllowNonRestored });
    assert_eq!(s.run().unwrap().verdict, TraceVerdict::Lost);
    let s = s.reduce(TraceAction::SetScenario { scenario: Scenario::SchemaIncompatible });
    let TraceVerdict::Failing(f) = s.run().unwrap().verdict else { panic!("failing") };
    assert!(f.task_failure[1].contains("For heap backends"));
    let s = s.reduce(TraceAction::SetBackend { backend: Backend::RocksDb });
    assert_eq!(s.to_query().backend, Backend::RocksDb);
    let TraceVerdict::Failing(f) = s.run().unwrap().verdict else { panic!("failing") };
    assert!(f.task_failure[1].contains("StateMigrationException: The new state serializer"));
    let s = s.reduce(TraceAction::SetScenario { scenario: Scenario::SourceUidChangedAllowNonRestored });
    let run = s.run().unwrap();
    assert_eq!((run.verdict, run.resumed_from), (TraceVerdict::Lost, Some(0)));
    let s = s.reduce(TraceAction::SetScenario { scenario: Scenario::UidChangedAllowNonRestored });
    let s = s.reduce(TraceAction::Set { field: TraceField::P1, text: "300".into(), bad_input: false });
    assert!(s.run().unwrap_err().to_string().contains("300"));
    let s = s.reduce(TraceAction::Set { field: TraceField::Keys, text: "0".into(), bad_input: false });
    assert_eq!(s.keys.value, 12);
    assert!(s.keys.error.is_some());
}

#[test]
fn a_bad_output_keeps_the_last_good_one() {
    let s = Rc::new(TraceState::from_query(&TraceQuery::default()));
    let good = s.trace().totals_csv();
    let s = s.reduce(TraceAction::CheckOutput { text: good.clone() });
    assert_eq!((s.output.as_deref(), s.output_error.as_deref()), (Some(&JobOutput::parse(&good).unwrap()), None));
    let s = s.reduce(TraceAction::CheckOutput { text: "key,total\ncustomer-1,x\n".into() });
    assert_eq!(s.output.as_deref(), Some(&JobOutput::parse(&good).unwrap()));
    assert!(s.output_error.as_deref().unwrap().starts_with("line 2: the total \"x\""));
    let s = s.reduce(TraceAction::CheckOutput { text: good });
    assert!(s.output_error.is_none());
}
