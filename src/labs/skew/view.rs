//! Everything the skew lab shows, derived from the state: the max parallelism in force, the
//! load per subtask, the diagnosis and the what-ifs. Pure; the component memoises each part
//! on the key-set version, so a change of parallelism never rehashes the keys.

use std::rc::Rc;

use crate::model::skew::aggregate::{diagnose, top_keys_of, GroupLoads, SkewCause, SubtaskLoads};
use crate::model::skew::{salt, KeyLoad};
use crate::model::{default_max_parallelism, MaxParallelism, ModelError, Parallelism};

/// The max parallelism in force: as set, else Flink's default derived from p.
pub fn max_in_force(set: Option<MaxParallelism>, p: u32) -> MaxParallelism {
    set.or_else(|| default_max_parallelism(i64::from(p)).ok()).unwrap_or(MaxParallelism::LARGEST)
}

/// Load at one parallelism, or why that parallelism cannot run.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub loads: Result<SubtaskLoads, ModelError>,
    pub cause: Option<SkewCause>,
}

impl Scenario {
    pub fn new(keys: &[KeyLoad], groups: &GroupLoads, p: u32) -> Scenario {
        match Parallelism::new(i64::from(p), groups.max) {
            Ok(par) => {
                let loads = SubtaskLoads::new(groups, par);
                let cause = Some(diagnose(keys, &loads));
                Scenario { loads: Ok(loads), cause }
            }
            Err(e) => Scenario { loads: Err(e), cause: None },
        }
    }

    pub fn skew(&self) -> Option<u32> {
        self.loads.as_ref().ok().map(|l| l.skew_percent)
    }
}

/// The busiest subtask's heaviest keys (indexes into the key set).
pub fn busiest_keys(keys: &[KeyLoad], groups: &GroupLoads, scenario: &Scenario) -> Vec<usize> {
    match &scenario.loads {
        Ok(loads) => top_keys_of(keys, groups, loads.parallelism, loads.busiest, 5),
        Err(_) => Vec::new(),
    }
}

/// The salting what-if: the hottest key split into `k` sub-keys, at parallelism `p`.
pub fn salted(keys: &[KeyLoad], max: MaxParallelism, p: u32, k: u32) -> Option<(Rc<Vec<KeyLoad>>, Scenario)> {
    if k < 2 {
        return None;
    }
    let hottest = keys.iter().enumerate().max_by(|a, b| a.1.events_milli.cmp(&b.1.events_milli).then(b.0.cmp(&a.0)))?.0;
    let salted = Rc::new(salt(keys, hottest, k));
    let groups = GroupLoads::new(&salted, max);
    let scenario = Scenario::new(&salted, &groups, p);
    Some((salted, scenario))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::skew::presets::Preset;

    #[test]
    fn salting_fixes_a_hot_key_that_rescaling_cannot() {
        let keys = Preset::HotKey { n: 2000, percent: 40 }.generate(100_000_000);
        let max = max_in_force(None, 8);
        let groups = GroupLoads::new(&keys, max);
        let at_8 = Scenario::new(&keys, &groups, 8);
        let at_64 = Scenario::new(&keys, &groups, 64);
        assert!(matches!(at_8.cause, Some(SkewCause::HotKey { key: 0, .. })));
        assert!(at_64.skew().unwrap() >= at_8.skew().unwrap(), "more subtasks make a hot key look worse");
        let (_, after) = salted(&keys, max, 8, 8).unwrap();
        assert!(after.skew().unwrap() < at_8.skew().unwrap());
        assert!(Scenario::new(&keys, &groups, 200).loads.is_err());
    }
}
