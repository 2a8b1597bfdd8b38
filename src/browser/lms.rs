//! The SCORM run-time of a page an LMS launched from one of the packages (`tools/package.sh`):
//! the launch link says which standard (`?lms=scorm12` or `?lms=scorm2004`, before the hash),
//! the run-time object (`API` or `API_1484_11`) is looked up in the parent frames and the
//! opener as the standards ask, initialised once per page, and finished when the page goes
//! away, with the time the session lasted. What to tell it comes from the model
//! (`model::training::lms`); this file only calls, and reads the clock.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::model::training::lms::{session_time, Moment, Scorm};

/// A parameter of the launch link's query (before the hash), decoded.
pub fn launch_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search).ok()?.get(name)
}

/// The launch link's `lms=` word.
pub fn launch_word() -> Option<String> {
    launch_param("lms")
}

/// Whether an LMS launched this page (the package's link names one): the page then shows
/// the guided path alone, and a step's lab opens in a tab of its own.
pub fn launched() -> bool {
    launch_word().is_some()
}

/// The run-time of this page: found and initialised, or why not.
#[derive(Clone)]
pub enum ScormLink {
    Found(Rc<ScormSession>),
    /// Launched as a SCORM package, but the run-time could not be used.
    Failed(String),
}

/// An initialised SCORM run-time.
pub struct ScormSession {
    pub scorm: Scorm,
    api: JsValue,
    finished: RefCell<bool>,
    /// When the run-time was initialised, in milliseconds since the epoch.
    started_ms: f64,
}

thread_local! {
    static LINK: RefCell<Option<Option<ScormLink>>> = const { RefCell::new(None) };
}

/// The page's SCORM link, made at the first call (one `Initialize` per page): `None` when no
/// SCORM package launched the page.
pub fn scorm_link() -> Option<ScormLink> {
    LINK.with(|link| link.borrow_mut().get_or_insert_with(connect).clone())
}

fn connect() -> Option<ScormLink> {
    let scorm = Scorm::from_word(&launch_word()?)?;
    let Some(api) = find_api(scorm.api_name()) else {
        return Some(ScormLink::Failed(format!(
            "this package was opened without its LMS ({} not found in a parent frame)",
            scorm.api_name()
        )));
    };
    let started_ms = js_sys::Date::now();
    let session = Rc::new(ScormSession { scorm, api, finished: RefCell::new(false), started_ms });
    if !session.call(0, &[""]).eq("true") {
        return Some(ScormLink::Failed(format!("the LMS refused to start the session: {}", session.last_error())));
    }
    finish_on_leave(Rc::clone(&session));
    Some(ScormLink::Found(session))
}

/// The run-time object in this window, a parent (nearest first, at most 8 levels up) or the
/// opener's frames; a frame of another origin is passed over.
fn find_api(name: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    let mut starts = vec![JsValue::from(window.clone())];
    if let Ok(opener) = window.opener() {
        if !opener.is_null() && !opener.is_undefined() {
            starts.push(opener);
        }
    }
    for start in starts {
        let mut here = start;
        for _ in 0..8 {
            if let Ok(api) = js_sys::Reflect::get(&here, &JsValue::from_str(name)) {
                if api.is_object() {
                    return Some(api);
                }
            }
            let parent = js_sys::Reflect::get(&here, &JsValue::from_str("parent")).ok()?;
            if parent.is_undefined() || parent.is_null() || js_sys::Object::is(&parent, &here) {
                break;
            }
            here = parent;
        }
    }
    None
}

/// The browser's clock now: the instant, and the learner's offset from UTC.
pub fn moment_now() -> Moment {
    let date = js_sys::Date::new_0();
    // Date's offset is minutes west of UTC; the model's east of it.
    Moment { epoch_ms: date.get_time().max(0.0) as u64, offset_minutes: -(date.get_timezone_offset() as i32) }
}

/// Terminates the session when the page is hidden for good (closed, or navigated away).
fn finish_on_leave(session: Rc<ScormSession>) {
    on_page_hide(move || session.finish());
}

/// Calls `f` whenever the page is hidden for good (closed, or navigated away), for as long as
/// the page lives.
pub fn on_page_hide(f: impl FnMut() + 'static) {
    watch_reload();
    let Some(window) = web_sys::window() else { return };
    let on_hide = Closure::<dyn FnMut()>::new(f);
    let _ = window.add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
    on_hide.forget();
}

thread_local! {
    static RELOADING: std::cell::Cell<Option<bool>> = const { std::cell::Cell::new(None) };
}

/// Watches for the page being swapped for a reload of itself (`pageswap`, whose activation
/// says `reload`; it comes before `pagehide`). Once a page.
fn watch_reload() {
    if RELOADING.with(|r| r.replace(Some(false))).is_some() {
        return;
    }
    let Some(window) = web_sys::window() else { return };
    let on_swap = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| {
        let get = |v: &JsValue, key: &str| {
            js_sys::Reflect::get(v, &JsValue::from_str(key)).ok().filter(|v| v.is_object() || v.is_string())
        };
        let kind = get(&e, "activation").and_then(|a| get(&a, "navigationType")).and_then(|t| t.as_string());
        RELOADING.with(|r| r.set(Some(kind.as_deref() == Some("reload"))));
    });
    let _ = window.add_event_listener_with_callback("pageswap", on_swap.as_ref().unchecked_ref());
    on_swap.forget();
}

/// Whether the page is going away to be reloaded in the same tab, as far as the browser says
/// (one without `pageswap`, or a reload to another origin, says nothing: `false`).
pub fn reloading() -> bool {
    RELOADING.with(|r| r.get() == Some(true))
}

impl ScormSession {
    /// Calls the run-time's function number `index` (see `Scorm::functions`) with `args`.
    fn call(&self, index: usize, args: &[&str]) -> String {
        let name = self.scorm.functions()[index];
        let Ok(function) = js_sys::Reflect::get(&self.api, &JsValue::from_str(name)) else { return String::new() };
        let Some(function) = function.dyn_ref::<js_sys::Function>() else { return String::new() };
        let args = args.iter().map(|a| JsValue::from_str(a)).collect::<js_sys::Array>();
        function.apply(&self.api, &args).ok().and_then(|v| v.as_string()).unwrap_or_default()
    }

    /// The run-time's last error, as "code: text".
    fn last_error(&self) -> String {
        let (last, text) = match self.scorm {
            Scorm::V12 => ("LMSGetLastError", "LMSGetErrorString"),
            Scorm::V2004 => ("GetLastError", "GetErrorString"),
        };
        let call = |name: &str, arg: Option<&str>| {
            let function = js_sys::Reflect::get(&self.api, &JsValue::from_str(name)).ok()?;
            let function = function.dyn_ref::<js_sys::Function>()?;
            let result = match arg {
                Some(a) => function.call1(&self.api, &JsValue::from_str(a)),
                None => function.call0(&self.api),
            };
            // An error code is a whole number (SCORM's are 0 to 65535): written as one, with no
            // float formatting in the bundle.
            result.ok().and_then(|v| v.as_string().or_else(|| v.as_f64().map(|n| (n as i64).to_string())))
        };
        let code = call(last, None).unwrap_or_default();
        format!("error {code}: {}", call(text, Some(&code)).unwrap_or_default())
    }

    pub fn get(&self, element: &str) -> String {
        self.call(1, &[element])
    }

    /// Sets every (element, value) in order, stopping at the first the run-time refuses.
    pub fn set_all(&self, values: &[(String, String)]) -> Result<(), String> {
        for (element, value) in values {
            if self.call(2, &[element, value]) != "true" {
                return Err(format!("the LMS refused {element} = {value:?} ({})", self.last_error()));
            }
        }
        Ok(())
    }

    /// Asks the run-time to store what was set.
    pub fn commit(&self) -> Result<(), String> {
        match self.call(3, &[""]).as_str() {
            "true" => Ok(()),
            _ => Err(format!("the LMS could not store the answers ({})", self.last_error())),
        }
    }

    /// How long this session has lasted, as (element, value) for the run-time.
    pub fn session_time(&self) -> (String, String) {
        let centis = ((js_sys::Date::now() - self.started_ms) / 10.0).max(0.0) as u64;
        session_time(self.scorm, centis)
    }

    /// Ends the session (once), telling the run-time first how long it lasted.
    pub fn finish(&self) {
        if !self.finished.replace(true) {
            let (element, value) = self.session_time();
            self.call(2, &[&element, &value]);
            self.call(4, &[""]);
        }
    }
}
