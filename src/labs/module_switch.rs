//! What a route shows when this wasm module does not hold its page (the build makes one module
//! per lab and one for home, see `tools/build.sh`): a loading line, and a reload of the page,
//! after which the boot loader (`static/boot.js`) picks the module that holds it. The boot
//! loader names the module it loaded (`globalThis.rescaleLabModule`); if that is already the
//! route's own, the page is missing from the build and says so instead of reloading again.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// The module that holds the page, as the boot loader names it: the lab's slug, or `home`.
    pub module: AttrValue,
    /// The page's name, for the loading line.
    pub title: AttrValue,
}

#[function_component]
pub fn ModuleSwitch(props: &Props) -> Html {
    let missing = crate::browser::page::boot_module().as_deref() == Some(props.module.as_str());
    // The page is about to reload into another module: never settled here.
    crate::components::use_busy(!missing);
    use_effect_with((props.module.clone(), missing), |(_, missing)| {
        if !*missing {
            crate::browser::page::reload();
        }
    });
    if missing {
        html! { <p class="error" role="alert">{ format!("This copy of Rescale Lab was built without {}.", props.title) }</p> }
    } else {
        html! { <p class="loading" role="status">{ format!("Loading {}…", props.title) }</p> }
    }
}
