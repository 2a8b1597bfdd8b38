//! Paint first, compute after: [`use_steps`] counts the steps of a page's first render, each
//! taken in a task of its own after the browser has painted the previous one. A lab with heavy
//! work on open (the skew lab's key set and charts) shows its frame at step 0 and adds its
//! parts as the steps come, so the first paint never waits for the computing and no single
//! task does all of it.

use std::time::Duration;

use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

/// The longest wait for an animation frame: frames of a page out of view (an embed below the
/// fold) may not come at all.
const FRAME_WAIT_MS: i32 = 100;

/// Resolves after the next paint: the next animation frame (or at most [`FRAME_WAIT_MS`]),
/// then a task of its own.
async fn after_paint() {
    crate::browser::page::next_frame(FRAME_WAIT_MS).await;
    sleep(Duration::ZERO).await;
}

/// The step of the first render, from 0 up to `last`, one more after each paint. Inside an
/// embed's frame every step is taken at once: a frame out of the host page's view gets no
/// paints and no resize observations, so the height the host sizes it by is the first one.
#[hook]
pub fn use_steps(last: u8) -> u8 {
    let step = use_state_eq(|| if crate::browser::in_frame() { last } else { 0 });
    {
        let step = step.clone();
        use_effect_with(*step, move |&now| {
            if now < last {
                spawn_local(async move {
                    after_paint().await;
                    step.set(now + 1);
                });
            }
        });
    }
    crate::components::use_busy(*step < last);
    *step
}
