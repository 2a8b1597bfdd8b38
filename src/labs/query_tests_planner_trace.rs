//! The planner's and the trace check's query tables: old links' fields read into the new
//! ones (with a notice when both disagree), round trips, and bad values named in order.

use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::labs::planner::state::PlannerState;
use crate::labs::trace::state::TraceState;
use crate::url::*;

#[test]
fn planner_and_trace_queries() {
    let location =
        Location::parse("#/planner?saved_maxp=128&saved_maxp_set=explicit&p=200&maxp=256&state=4TB&ttl=6h&txn=0");
    let (q, notices) = PlannerState::parse(&location.params);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(
        (q.saved_maxp.value, q.p.value, q.maxp.value, q.ttl.value, q.txn),
        (Some(128), 200, Some(256), Some(21_600), false)
    );
    // One snapshot field: an old link's plan_maxp is read into saved_maxp; beside a different
    // saved_maxp it gives way, with a notice.
    for (hash, saved, noticed) in [
        ("#/planner?plan_maxp=2048", Some(2048), false),
        ("#/planner?saved_maxp=128&plan_maxp=2048", Some(128), true),
        ("#/planner?saved_maxp=128&plan_maxp=128", Some(128), false),
        // Beside a saved_maxp that was refused, it is named too (it was left out unsaid).
        ("#/planner?saved_maxp=99999&plan_maxp=64", None, true),
        ("#/planner", None, false),
    ] {
        let (q, notices) = PlannerState::parse(&Location::parse(hash).params);
        assert_eq!(q.saved_maxp.value, saved, "{hash}");
        assert_eq!(notices.iter().any(|n| n.param == "plan_maxp"), noticed, "{hash}");
        assert!(!q.pairs().iter().any(|(name, _)| *name == "plan_maxp"), "{hash}");
    }
    // One new parallelism: an old link's target is read into p; beside a different p it gives
    // way, with a notice; a bad one falls back like any other value.
    for (hash, p, noticed) in [
        ("#/planner?target=100", 100, false),
        ("#/planner?p=200&target=100", 200, true),
        ("#/planner?p=64&target=64", 64, false),
        ("#/planner?target=0", 200, true),
        ("#/planner", 200, false),
    ] {
        let (q, notices) = PlannerState::parse(&Location::parse(hash).params);
        assert_eq!(q.p.value, p, "{hash}");
        assert_eq!(notices.iter().any(|n| n.param == "target"), noticed, "{hash}");
        assert!(!q.pairs().iter().any(|(name, _)| *name == "target"), "{hash}");
    }
    let again = Location::parse(&format_hash(Lab::Owners, &CommonQuery::default(), &q.pairs()));
    assert_eq!(PlannerState::parse(&again.params).0, q);
    let (_, notices) = PlannerState::parse(
        &Location::parse("#/planner?p=0&saved_maxp_set=maybe&state=lots&ttl=forever&txn=yes").params,
    );
    assert_eq!(
        notices.iter().map(|n| n.param.as_str()).collect::<Vec<_>>(),
        vec!["saved_maxp_set", "p", "state", "ttl", "txn"]
    );
    let (t, notices) =
        TraceState::parse(&Location::parse("#/trace?scenario=key-function&p1=2&p2=9&snapshot=100").params);
    assert!(notices.is_empty());
    assert_eq!((t.scenario.slug(), t.p1.value, t.p2.value, t.snapshot.value), ("key-function", 2, 9, 100));
    let again = Location::parse(&format_hash(Lab::Owners, &CommonQuery::default(), &t.pairs()));
    assert_eq!(TraceState::parse(&again.params).0, t);
    // p1 above max parallelism is a valid field value; the run reports it (as when typed).
    let (t, notices) = TraceState::parse(&Location::parse("#/trace?scenario=x&p1=999&keys=0").params);
    assert_eq!(notices.iter().map(|n| n.param.as_str()).collect::<Vec<_>>(), vec!["scenario", "keys"]);
    let run = t.run();
    assert!(run.unwrap_err().to_string().contains("parallelism 999 is above max parallelism 128"));
}

/// The runbook's release and the snapshot kind: read, written back, and a bad value named.
#[test]
fn planner_release_and_snapshot() {
    use crate::model::planner::{release::Release, snapshot_kinds::SnapshotKind};
    let (q, notices) = PlannerState::parse(&Location::parse("#/planner?release=1.18&snapshot=unaligned").params);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!((q.release, q.snapshot), (Release::V1_18, SnapshotKind::UnalignedCheckpoint));
    let again = Location::parse(&format_hash(Lab::Planner, &CommonQuery::default(), &q.pairs()));
    assert_eq!(PlannerState::parse(&again.params).0, q);
    assert!(PlannerState::parse(&Params::default()).0.pairs().iter().all(|(k, _)| *k != "release" && *k != "snapshot"));
    let (q, notices) = PlannerState::parse(&Location::parse("#/planner?release=1.9&snapshot=tape").params);
    assert_eq!((q.release, q.snapshot), (Release::V2_3, SnapshotKind::AlignedCheckpoint));
    assert_eq!(notices.iter().map(|n| n.param.as_str()).collect::<Vec<_>>(), vec!["release", "snapshot"]);
}
