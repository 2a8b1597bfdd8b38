//! Requests to a Learning Record Store and to the LMS's token URL (cmi5): one `request` with
//! the xAPI version header and the LMS's token as Basic authorization, a fresh UUID for each
//! statement, and the time as ISO 8601. A request the page's Content-Security-Policy or the
//! LRS's CORS refuses comes back as an error naming the URL's origin (and the policy, for a
//! plain-http address it refuses: `lrs::unreachable`).

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// What a request sends: method, URL, the auth token, and a body with its content type.
pub struct Call<'a> {
    pub method: &'a str,
    pub url: &'a str,
    pub token: Option<&'a str>,
    pub body: Option<(&'a str, &'a str)>,
    /// Sent even as the page goes away (`terminated` on leaving).
    pub keepalive: bool,
}

/// The URL's scheme, host and port, for messages.
fn origin_of(url: &str) -> String {
    web_sys::Url::new(url).map(|u| u.origin()).unwrap_or_else(|_| url.chars().take(60).collect())
}

/// Sends the request; its status and text, or why it could not be made.
pub async fn request(call: Call<'_>) -> Result<(u16, String), String> {
    let page = super::page_origin();
    let unreachable = || crate::model::training::lrs::unreachable(&origin_of(call.url), &page);
    let response = JsFuture::from(start_request(&call)?).await.map_err(|_| unreachable())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| unreachable())?;
    let text = match response.text() {
        Ok(promise) => JsFuture::from(promise).await.ok().and_then(|t| t.as_string()).unwrap_or_default(),
        Err(_) => String::new(),
    };
    Ok((response.status(), text))
}

/// Starts the request now, in this task (a page that is going away must start its last
/// request inside its `pagehide` handler, not in a later task); the fetch's promise.
pub fn start_request(call: &Call<'_>) -> Result<js_sys::Promise, String> {
    let window = web_sys::window().ok_or("no window")?;
    let headers = web_sys::Headers::new().map_err(|_| "no headers")?;
    let _ = headers.set("X-Experience-API-Version", "1.0.3");
    if let Some(token) = call.token {
        let _ = headers.set("Authorization", &format!("Basic {token}"));
    }
    let init = web_sys::RequestInit::new();
    init.set_method(call.method);
    init.set_headers(&headers);
    if let Some((content_type, body)) = call.body {
        let _ = headers.set("Content-Type", content_type);
        init.set_body(&JsValue::from_str(body));
    }
    if call.keepalive {
        let _ = js_sys::Reflect::set(&init, &JsValue::from_str("keepalive"), &JsValue::TRUE);
    }
    Ok(window.fetch_with_str_and_init(call.url, &init))
}

/// A random UUID (version 4) from the browser's cryptographic generator.
pub fn uuid() -> String {
    web_sys::window().and_then(|w| w.crypto().ok()).map(|c| c.random_uuid()).unwrap_or_default()
}

/// The local time now, as hours, minutes and seconds (for "read at" lines).
pub fn local_time() -> String {
    js_sys::Date::new_0().to_locale_time_string("en-GB").as_string().unwrap_or_default()
}

/// The time now, as ISO 8601 in UTC with milliseconds.
pub fn now_iso() -> String {
    js_sys::Date::new_0().to_iso_string().into()
}
