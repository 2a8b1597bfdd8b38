//! Reading files the person chooses or drops, and files of the site itself, as bytes. Nothing
//! is uploaded: `Blob.arrayBuffer()` reads the chosen file inside the browser, and the only
//! fetches are relative paths of the site (the bundled samples).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use gloo_events::EventListener as Listener;

pub use web_sys::File;

/// The first file of an `<input type="file">` change event; clears the input so that choosing
/// the same file again is a change too.
pub fn chosen_file(event: &web_sys::Event) -> Option<File> {
    let input = event.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()?;
    let file = input.files().and_then(|files| files.get(0));
    input.set_value("");
    file
}

/// Whether a drag carries files (so the page may accept the drop).
pub fn drag_has_files(event: &web_sys::DragEvent) -> bool {
    event.data_transfer().is_some_and(|dt| dt.types().iter().any(|t| t.as_string().as_deref() == Some("Files")))
}

/// The first file of a drop.
pub fn dropped_file(event: &web_sys::DragEvent) -> Option<File> {
    event.data_transfer()?.files()?.get(0)
}

/// A file's name as the person's system gave it.
pub fn name(file: &File) -> String {
    file.name()
}

/// A file's size in bytes.
pub fn size(file: &File) -> usize {
    file.size().max(0.0) as usize
}

/// Bytes copied into wasm memory per main-thread task (about 5 ms each).
pub(super) const COPY_CHUNK: usize = 4 << 20;

/// Copies an `ArrayBuffer` into Rust memory in chunks, yielding to the browser between them,
/// so that a file of tens of MB never holds the main thread for long.
pub(super) async fn to_bytes(buffer: &wasm_bindgen::JsValue) -> Vec<u8> {
    let array = js_sys::Uint8Array::new(buffer);
    let len = array.length() as usize;
    let mut out = vec![0u8; len];
    let mut start = 0;
    while start < len {
        let end = (start + COPY_CHUNK).min(len);
        array.subarray(start as u32, end as u32).copy_to(&mut out[start..end]);
        start = end;
        if start < len {
            yew::platform::time::sleep(std::time::Duration::ZERO).await;
        }
    }
    out
}

/// The bytes of a chosen or dropped file.
pub async fn file_bytes(file: &File) -> Result<Vec<u8>, String> {
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| format!("the browser could not read {:?} (was it moved or deleted?)", file.name()))?;
    Ok(to_bytes(&buffer).await)
}

/// The bytes of a file of this site, by a path relative to the page.
pub async fn site_bytes(path: &str) -> Result<Vec<u8>, String> {
    let response = super::fetch::fetch_ok(path).await?;
    let promise = response.array_buffer().map_err(|_| super::fetch::refused(path))?;
    let buffer = JsFuture::from(promise).await.map_err(|_| super::fetch::refused(path))?;
    Ok(to_bytes(&buffer).await)
}

/// While alive, files dragged over the window can be dropped anywhere on it: `on_drag` hears
/// `true` while files hover and `false` when they leave or land, `on_file` the first dropped
/// file. The browser's default (opening the file in place of the page) is prevented. An app set
/// aside (`page::shown`) leaves the drop to the app shown.
pub struct DropListener {
    _held: Vec<Listener>,
}

impl DropListener {
    pub fn new(on_drag: impl Fn(bool) + 'static, on_file: impl Fn(File) + 'static) -> DropListener {
        let Some(window) = web_sys::window() else { return DropListener { _held: Vec::new() } };
        let on_drag = std::rc::Rc::new(on_drag);
        let over = {
            let on_drag = on_drag.clone();
            super::page::listen_while_shown(&window, "dragover", move |e: web_sys::DragEvent| {
                if drag_has_files(&e) {
                    e.prevent_default();
                    if let Some(dt) = e.data_transfer() {
                        dt.set_drop_effect("copy");
                    }
                    on_drag(true);
                }
            })
        };
        let leave = {
            let on_drag = on_drag.clone();
            Listener::new(&window, "dragleave", move |e| {
                // Leaving the window: no element of the page is entered next.
                if e.unchecked_ref::<web_sys::DragEvent>().related_target().is_none() {
                    on_drag(false);
                }
            })
        };
        let drop = super::page::listen_while_shown(&window, "drop", move |e: web_sys::DragEvent| {
            if drag_has_files(&e) {
                e.prevent_default();
                on_drag(false);
                if let Some(file) = dropped_file(&e) {
                    on_file(file);
                }
            }
        });
        DropListener { _held: vec![over, leave, drop] }
    }
}
