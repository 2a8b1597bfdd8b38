//! Fetching a file of the site (or of a site that allows it): [`fetch_ok`], the one fetch, and
//! [`fetch_text`], what the training path's exercise sets are read from (the text is parsed by
//! the model's own reader, `model::json`, so a file that does not read says where).
//! `files::site_bytes` reads the bundled samples' bytes through [`fetch_ok`] too.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// What a fetch of `path` that got no readable answer says.
pub fn refused(path: &str) -> String {
    match path.contains("://") {
        // Another site: the browser does not say whether it refused by CORS or was unreachable.
        true => format!(
            "{path} could not be read: its site does not let other sites read it (CORS), or could not be reached"
        ),
        false => format!("{path} could not be read"),
    }
}

/// Fetches `path` (relative to the page) and checks that it answered with success; the error
/// says which step failed.
pub async fn fetch_ok(path: &str) -> Result<web_sys::Response, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(path)).await.map_err(|_| refused(path))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response".to_string())?;
    if !response.ok() {
        return Err(format!("{path} answered {}", response.status()));
    }
    Ok(response)
}

/// Fetches `path` (relative to the page) as text.
pub async fn fetch_text(path: &str) -> Result<String, String> {
    let response = fetch_ok(path).await?;
    let text = JsFuture::from(response.text().map_err(|_| refused(path))?).await.map_err(|_| refused(path))?;
    text.as_string().ok_or_else(|| refused(path))
}
