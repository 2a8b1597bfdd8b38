//! What a person sees if the app ever panics: a panel over the page that says so and offers a
//! reload that keeps the URL (and so the lab's state), instead of a frozen page. The panic
//! message also goes to the console for bug reports. Installed once by `app::start`. A module
//! set aside (another module's page shown) keeps its panel until the reader comes back to it.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Installs the panic hook.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("Rescale Lab panicked: {info}").into());
        show_panel_when_shown();
    }));
}

/// Shows the panel now if this module's page is the one shown; a module set aside (the reader
/// is in a lab of another module, `browser::page::shown`) shows it when the reader comes back
/// to it, not over the page of the module that is fine.
pub fn show_panel_when_shown() {
    if crate::browser::page::shown() {
        show_panel();
    } else {
        // For the page's life: the panel is shown on the first return (once: see show_panel).
        std::mem::forget(crate::browser::page::ShownWatch::new(show_panel));
    }
}

/// Builds the panel with DOM calls only (the app's renderer may be unusable by now).
pub fn show_panel() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = document.body() else { return };
    if document.get_element_by_id("panic-panel").is_some() {
        return;
    }
    let Ok(panel) = document.create_element("div") else { return };
    let _ = panel.set_attribute("id", "panic-panel");
    let _ = panel.set_attribute("role", "alertdialog");
    let _ = panel.set_attribute("aria-labelledby", "panic-title");
    if let Ok(title) = document.create_element("h2") {
        let _ = title.set_attribute("id", "panic-title");
        title.set_text_content(Some("Something went wrong in Rescale Lab"));
        let _ = panel.append_child(&title);
    }
    if let Ok(text) = document.create_element("p") {
        text.set_text_content(Some(
            "The lab hit an internal error and stopped. Reloading starts it again with the same link, so your settings are kept. \
             If it happens again, please report the link and the message in the browser console.",
        ));
        let _ = panel.append_child(&text);
    }
    if let Ok(button) = document.create_element("button") {
        let _ = button.set_attribute("type", "button");
        button.set_text_content(Some("Reload this lab"));
        let reload = Closure::<dyn FnMut()>::new(|| {
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        });
        let _ = button.add_event_listener_with_callback("click", reload.as_ref().unchecked_ref());
        reload.forget();
        let _ = panel.append_child(&button);
        if let Ok(html) = button.dyn_into::<web_sys::HtmlElement>() {
            let _ = body.append_child(&panel);
            let _ = html.focus();
            return;
        }
    }
    let _ = body.append_child(&panel);
}
