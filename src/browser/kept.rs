//! A file kept for this tab when it is too large for session storage (a few megabytes): in the
//! site's Cache Storage (cache `kept-by-rescale-lab`: not `rescale-lab-…`, the names the service
//! worker clears when a new version takes over), under a name of this tab's own (a random id
//! in the tab's session storage). One file at a time for the whole site: keeping one lets go of
//! every other, so what a closed tab kept stays only until the next keep. Nothing leaves the
//! browser.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

const CACHE: &str = "kept-by-rescale-lab";
const TAB_KEY: &str = "rescale-lab.tab-id";

/// This tab's address for `what` (relative to the page); a new tab id when `create`.
fn address(what: &str, create: bool) -> Option<String> {
    let id = match super::session_get(TAB_KEY) {
        Some(id) => id,
        None if create => {
            let id = super::xapi::uuid();
            super::session_set(TAB_KEY, &id).then_some(id)?
        }
        None => return None,
    };
    Some(format!("./kept/{id}/{what}"))
}

fn caches() -> Option<web_sys::CacheStorage> {
    web_sys::window()?.caches().ok()
}

/// Keeps `bytes` as this tab's `what`, letting go of whatever was kept before; false when the
/// browser has no Cache Storage here (a page not served over https or from this machine).
pub async fn keep(what: &str, bytes: Vec<u8>) -> bool {
    let (Some(url), Some(caches)) = (address(what, true), caches()) else { return false };
    let _ = JsFuture::from(caches.delete(CACHE)).await;
    let Ok(cache) = JsFuture::from(caches.open(CACHE)).await else { return false };
    let Ok(cache) = cache.dyn_into::<web_sys::Cache>() else { return false };
    // Copied into the browser's memory a few megabytes a task: at once, 100 MB held the page
    // for 0.4-1 s after its read had finished.
    let body = js_sys::Uint8Array::new_with_length(bytes.len() as u32);
    for (i, chunk) in bytes.chunks(super::files::COPY_CHUNK).enumerate() {
        body.subarray((i * super::files::COPY_CHUNK) as u32, (i * super::files::COPY_CHUNK + chunk.len()) as u32)
            .copy_from(chunk);
        yew::platform::time::sleep(std::time::Duration::ZERO).await;
    }
    drop(bytes);
    let Ok(response) = web_sys::Response::new_with_opt_buffer_source(Some(&body)) else { return false };
    JsFuture::from(cache.put_with_str(&url, &response)).await.is_ok()
}

/// The bytes this tab kept as `what`, if they are still there.
pub async fn kept(what: &str) -> Option<Vec<u8>> {
    let (url, caches) = (address(what, false)?, caches()?);
    let found = JsFuture::from(caches.match_with_str(&url)).await.ok()?;
    let response: web_sys::Response = found.dyn_into().ok()?;
    let buffer = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
    Some(super::files::to_bytes(&buffer).await)
}

/// Lets go of what was kept (any tab's).
pub async fn forget() {
    if let Some(caches) = caches() {
        let _ = JsFuture::from(caches.delete(CACHE)).await;
    }
}
