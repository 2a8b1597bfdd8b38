//! The slow paths of the skew lab, run outside the reducer: a large CSV text read in steps of at
//! most ~40 ms with progress reports (a paste, the stored set, a set read again as another key
//! type), a large preset generated in steps the same way, and a large key set written to local
//! storage.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use yew::platform::{spawn_local, time::sleep};
use yew::UseReducerDispatcher;

use super::query::STORAGE_KEY;
use super::state::{Derived, Generating, ImportReport, Reading, SkewAction, SkewState};
use crate::browser;
use crate::browser::steps::{for_a_step, next_task};
use crate::model::skew::aggregate::{GroupLoads, Ranked};
use crate::model::skew::csv::{keys_to_csv, CsvImporter};
use crate::model::skew::KeyLoad;
use crate::model::{KeyType, MaxParallelism};

pub use crate::components::big_text::SYNC_LIMIT;
/// The most characters written to local storage.
const STORAGE_CHARS: usize = 4_500_000;

/// Reads `r.text` (empty: `keys`, written as CSV in steps first) as keys of `r.key_type` in
/// steps, reporting progress, until done or until `cancelled` is set (a newer read or key set
/// superseded it); each action carries `r.job`, so a late one is ignored as well.
pub fn read(
    r: Reading,
    keys: Rc<Vec<KeyLoad>>,
    cancelled: Rc<Cell<bool>>,
    dispatcher: UseReducerDispatcher<SkewState>,
) {
    spawn_local(async move {
        let text = if r.text.is_empty() {
            let mut csv = String::with_capacity(keys.len() * 24);
            for rows in keys.chunks(20_000) {
                if !next_task(&cancelled).await {
                    return;
                }
                csv.push_str(&keys_to_csv(rows));
            }
            Rc::new(csv)
        } else {
            r.text.clone()
        };
        let job = r.job;
        let progress = |permille| dispatcher.dispatch(SkewAction::ReadProgress { job, permille });
        if let Some(importer) = read_in_steps(&text, r.key_type, r.lone_surrogates, &cancelled, progress).await {
            let report = ImportReport::of(&importer);
            dispatcher.dispatch(SkewAction::Read { job, rows: Rc::new(importer.rows), report, text });
        }
    });
}

/// Reads `text` as keys of `key_type` in steps of at most ~[`STEP_MS`](crate::browser::steps::STEP_MS), reporting progress;
/// `None` once `cancelled` is set.
async fn read_in_steps(
    text: &str,
    key_type: KeyType,
    lone_surrogates: bool,
    cancelled: &Cell<bool>,
    progress: impl Fn(u32),
) -> Option<CsvImporter> {
    let mut importer = CsvImporter::new(key_type);
    if lone_surrogates {
        importer = importer.rejecting_lone_surrogates();
    }
    while !importer.done() {
        for_a_step(|| {
            importer.step(text, 2000);
            importer.done()
        });
        let permille = (importer.offset() as u64 * 1000 / text.len().max(1) as u64) as u32;
        progress(permille);
        if !next_task(cancelled).await {
            return None;
        }
    }
    Some(importer)
}

/// Why a key set is not kept where the browser keeps no data for this page at all.
pub fn no_storage(what: &str) -> String {
    format!(
        "This browser keeps no data for this page (a lab embedded from another site is often refused storage), so a reload will not keep {what}, and a link cannot carry a set this large: paste it again where you open it."
    )
}

/// Writes a large key set to the site's local storage and this tab's session storage, in a
/// task of its own; says so if it cannot.
pub fn store(keys: Rc<Vec<KeyLoad>>, dispatcher: UseReducerDispatcher<SkewState>) {
    spawn_local(async move {
        sleep(Duration::ZERO).await;
        // Browsers keep about 5 million characters per site; don't build a text that cannot fit.
        if !browser::storage_available() {
            dispatcher.dispatch(SkewAction::StorageFailed {
                message: no_storage(&format!("this key set ({} keys)", keys.len())),
            });
            return;
        }
        let estimate: usize = keys.iter().map(|k| crate::labs::skew::results::key_text(&k.key).len() + 16).sum();
        if estimate > STORAGE_CHARS {
            dispatcher.dispatch(SkewAction::StorageFailed {
                message: format!(
                    "This key set ({} keys, about {estimate} characters) is too large for this browser's storage, so a reload will not keep it.",
                    keys.len()
                ),
            });
            return;
        }
        let csv = keys_to_csv(&keys);
        // This tab's own copy too (its session storage), which its reload reads first: the
        // site's one stored set may be another tab's by then (found by a walk-through: a reload
        // showed the other tab's keys without a word). A link opened in a new tab reads the
        // site's.
        if !browser::session_set(STORAGE_KEY, &csv) {
            browser::session_remove(STORAGE_KEY);
        }
        if !browser::storage_try_set(STORAGE_KEY, &csv) {
            dispatcher.dispatch(SkewAction::StorageFailed {
                message: format!(
                    "This key set ({} keys, {} characters) is too large for this browser's storage, so a reload will not keep it.",
                    keys.len(),
                    csv.len()
                ),
            });
        }
    });
}

/// Generates a large preset in steps of at most ~[`STEP_MS`](crate::browser::steps::STEP_MS), reporting progress, until done
/// or until `cancelled` is set (a newer key set superseded it); then, still in steps, hashes
/// every key to its group at `max` and sorts the load curve ([`Derived`]), so that the key
/// set's first render only adds up what is done.
pub fn generate(
    g: Generating,
    max: MaxParallelism,
    cancelled: Rc<Cell<bool>>,
    dispatcher: UseReducerDispatcher<SkewState>,
) {
    spawn_local(async move {
        let progress = |permille: u32| SkewAction::PresetProgress { job: g.job, permille };
        // Making the keys is the first 80 % of the bar, hashing them the next 15 %.
        let mut steps = g.preset.steps(g.total_milli);
        loop {
            if !next_task(&cancelled).await {
                return;
            }
            if for_a_step(|| steps.step(5_000)) {
                break;
            }
            dispatcher.dispatch(progress(steps.permille() * 8 / 10));
        }
        let keys = Rc::new(steps.finish());
        let mut groups = GroupLoads::start(max, keys.len());
        while groups.len() < keys.len() {
            if !next_task(&cancelled).await {
                return;
            }
            for_a_step(|| {
                let from = groups.len();
                groups.extend(&keys[from..(from + 5_000).min(keys.len())]);
                groups.len() >= keys.len()
            });
            dispatcher.dispatch(progress(800 + (groups.len() * 150 / keys.len().max(1)) as u32));
        }
        // The sort in a task of its own, and the key set's first render in another.
        if !next_task(&cancelled).await {
            return;
        }
        let ranked = Rc::new(Ranked::of(&keys));
        if !next_task(&cancelled).await {
            return;
        }
        let derived = Derived { groups: Rc::new(groups), ranked };
        dispatcher.dispatch(SkewAction::PresetGenerated { job: g.job, keys, derived });
    });
}
