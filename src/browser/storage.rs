//! Local storage (kept by the browser across visits) and session storage (this tab, until it
//! closes). Every call tolerates storage that is unavailable or full, and natively (the tests,
//! the CLI) there is none: nothing is stored.

/// The page's window; none natively (the tests, the CLI): there nothing is stored.
fn page_window() -> Option<web_sys::Window> {
    cfg!(target_arch = "wasm32").then(web_sys::window).flatten()
}

fn local_storage() -> Option<web_sys::Storage> {
    page_window().and_then(|w| w.local_storage().ok().flatten())
}

/// Whether this page may use local storage at all: a frame of another site is often refused
/// it (the browser's third-party storage rules), and natively there is none.
pub fn storage_available() -> bool {
    local_storage().is_some()
}

/// Whether this page's storage is the one a tab of the site opened by a link would find: not in
/// a frame of another origin (the browser refuses such a frame storage, or keeps it a store of
/// its own, apart from the site's), and storage at all.
pub fn storage_shared_with_tabs() -> bool {
    storage_available() && !super::frame::framed_by_another_origin()
}

/// Whether this tab's session storage can be used at all (refused, like local storage, to a
/// frame of another site).
pub fn session_available() -> bool {
    session_storage().is_some()
}

/// Reads a local-storage entry; `None` when absent or when storage is unavailable.
pub fn storage_get(key: &str) -> Option<String> {
    local_storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Writes a local-storage entry; does nothing when storage is unavailable or full.
pub fn storage_set(key: &str, value: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(key, value);
    }
}

/// Removes a local-storage entry; true when there was one to remove.
pub fn storage_remove(key: &str) -> bool {
    local_storage().is_some_and(|s| s.get_item(key).ok().flatten().is_some() && s.remove_item(key).is_ok())
}

/// Writes a local-storage entry; false when storage is unavailable or full.
pub fn storage_try_set(key: &str, value: &str) -> bool {
    local_storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

fn session_storage() -> Option<web_sys::Storage> {
    page_window().and_then(|w| w.session_storage().ok().flatten())
}

/// Writes a session-storage entry (this tab, until it closes); false when storage is
/// unavailable or full.
pub fn session_set(key: &str, value: &str) -> bool {
    session_storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Reads a session-storage entry.
pub fn session_get(key: &str) -> Option<String> {
    session_storage()?.get_item(key).ok().flatten()
}

/// Removes a session-storage entry.
pub fn session_remove(key: &str) {
    if let Some(storage) = session_storage() {
        let _ = storage.remove_item(key);
    }
}

/// Reads and removes a session-storage entry.
pub fn session_take(key: &str) -> Option<String> {
    let value = session_get(key);
    session_remove(key);
    value
}
