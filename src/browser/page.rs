//! The page as a whole: waiting for the next paint, the wasm module the boot loader chose, a
//! reload into another module, and the timers (gloo's, re-exported so that components name
//! them through this module).

pub use gloo_timers::callback::{Interval, Timeout};

/// Resolves after the next animation frame, or after `max_wait_ms` at most: frames of a page
/// out of view (an embed below the fold) may not come at all.
pub async fn next_frame(max_wait_ms: i32) {
    if let Some(window) = web_sys::window() {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let _ = window.request_animation_frame(&resolve);
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, max_wait_ms);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}

/// The wasm module the boot loader (`static/boot.js`) loaded, as it named it.
pub fn boot_module() -> Option<String> {
    js_sys::Reflect::get(&js_sys::global(), &"rescaleLabModule".into()).ok().and_then(|v| v.as_string())
}

/// Reloads the page (the boot loader then picks the module of the route).
pub fn reload() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// Leaves the page for `url` (in this window).
pub fn go_to(url: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().assign(url);
    }
}
