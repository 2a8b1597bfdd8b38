//! Fetching a file of the site (or of a site that allows it) as text: what the training path's
//! exercise sets are read from. The text is parsed by the model's own reader
//! (`model::json`), so a file that does not read says where.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Fetches `path` (relative to the page) as text; the error says which step failed.
pub async fn fetch_text(path: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let refused = || match path.contains("://") {
        // Another site: the browser does not say whether it refused by CORS or was unreachable.
        true => format!(
            "{path} could not be read: its site does not let other sites read it (CORS), or could not be reached"
        ),
        false => format!("{path} could not be read"),
    };
    let response = JsFuture::from(window.fetch_with_str(path)).await.map_err(|_| refused())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response".to_string())?;
    if !response.ok() {
        return Err(format!("{path} answered {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|_| refused())?).await.map_err(|_| refused())?;
    text.as_string().ok_or_else(refused)
}
