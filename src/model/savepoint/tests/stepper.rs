//! Parsing in steps gives the same snapshot as one call, for any budget, with progress that
//! only grows and ends at 1000 permille.
use super::super::*;
use super::fixtures::ALL;
use proptest::prelude::*;

fn stepped(bytes: &[u8], budget: Budget) -> (Result<Snapshot, SavepointError>, Vec<u32>) {
    let mut parser = SnapshotParser::new(bytes.len());
    let mut progress = Vec::new();
    loop {
        let step = parser.step(bytes, budget);
        progress.push(parser.progress_permille());
        if step == Step::Done {
            assert!(parser.is_done());
            return (parser.into_result().unwrap(), progress);
        }
    }
}

#[test]
fn budgets_do_not_change_the_result() {
    for bytes in ALL {
        let whole = parse(bytes);
        for budget in [
            Budget { bytes: usize::MAX, items: 1 },
            Budget { bytes: 100, items: usize::MAX },
            Budget { bytes: 1, items: 1 },
        ] {
            let (result, progress) = stepped(bytes, budget);
            assert_eq!(result, whole);
            assert!(progress.windows(2).all(|w| w[0] <= w[1]), "{progress:?}");
            assert_eq!(progress.last(), Some(&1000));
            if budget.items == 1 {
                assert!(progress.len() > 40, "one item per step: {} steps", progress.len());
            }
        }
    }
}

#[test]
fn a_finished_parser_repeats_its_result() {
    let mut parser = SnapshotParser::new(3);
    assert_eq!(parser.step(b"abc", Budget::UNLIMITED), Step::Done);
    let first = parser.result().cloned();
    assert!(matches!(first, Some(Err(_))));
    assert_eq!(parser.step(b"abc", Budget::UNLIMITED), Step::Done);
    assert_eq!(parser.result().cloned(), first);
    assert_eq!(parser.progress(), 1.0);
}

proptest! {
    #[test]
    fn any_budget_gives_the_same_snapshot(which in 0..4usize, bytes_budget in 1..5000usize, items in 1..50usize) {
        let file = ALL[which];
        let (result, _) = stepped(file, Budget { bytes: bytes_budget, items });
        prop_assert_eq!(result, parse(file));
    }
}
