//! Long work run in steps: each step works for about [`STEP_MS`] and then yields to the browser,
//! so input and painting go on between steps; a flag set by newer work stops the old between
//! two steps. Used by the large reads and presets of the skew lab and the trace lab's large
//! job output.

use std::cell::Cell;
use std::time::Duration;

use yew::platform::time::sleep;

/// How long one step may work before yielding to the browser.
pub const STEP_MS: f64 = 40.0;

/// Yields to the browser (a task of its own follows); false once `cancelled` is set.
pub async fn next_task(cancelled: &Cell<bool>) -> bool {
    sleep(Duration::ZERO).await;
    !cancelled.get()
}

/// Calls `work` (a slice of the job, saying whether the job is done) until it is done or
/// [`STEP_MS`] have passed; says whether it is done.
pub fn for_a_step(mut work: impl FnMut() -> bool) -> bool {
    let start = super::now_ms();
    loop {
        if work() {
            return true;
        }
        if super::now_ms() - start >= STEP_MS {
            return false;
        }
    }
}
