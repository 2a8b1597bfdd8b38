//! Fetching a JSON file of the site and handing it over as a plain Rust [`Json`] tree, so that
//! the code reading it (the training path's exercise sets) never touches a JavaScript value.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// A JSON value, as the browser's parser read it.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Json>),
    /// Members in file order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The member `key` of an object (`Null` when absent or not an object).
    pub fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map_or(&Json::Null, |(_, v)| v),
            _ => &Json::Null,
        }
    }

    pub fn as_text(&self) -> Option<&str> {
        match self {
            Json::Text(t) => Some(t),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<f64> {
        match self {
            Json::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[Json]> {
        match self {
            Json::List(items) => Some(items),
            _ => None,
        }
    }
}

fn convert(value: &JsValue, depth: u32) -> Json {
    if depth > 32 || value.is_null() || value.is_undefined() {
        return Json::Null;
    }
    if let Some(b) = value.as_bool() {
        return Json::Bool(b);
    }
    if let Some(n) = value.as_f64() {
        return Json::Number(n);
    }
    if let Some(t) = value.as_string() {
        return Json::Text(t);
    }
    if let Some(list) = value.dyn_ref::<js_sys::Array>() {
        return Json::List(list.iter().map(|v| convert(&v, depth + 1)).collect());
    }
    match value.dyn_ref::<js_sys::Object>() {
        Some(object) => Json::Object(
            js_sys::Object::entries(object)
                .iter()
                .filter_map(|entry| {
                    let pair = entry.dyn_into::<js_sys::Array>().ok()?;
                    Some((pair.get(0).as_string()?, convert(&pair.get(1), depth + 1)))
                })
                .collect(),
        ),
        None => Json::Null,
    }
}

/// Fetches `path` (relative to the page) and parses it as JSON; the error says which step failed.
pub async fn fetch_json(path: &str) -> Result<Json, String> {
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
    let json = JsFuture::from(response.json().map_err(|_| "not JSON".to_string())?)
        .await
        .map_err(|_| format!("{path} is not valid JSON"))?;
    Ok(convert(&json, 0))
}
