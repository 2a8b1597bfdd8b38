//! What a route shows when this wasm module does not hold its page (the build links one module
//! per lab and one for home, see `tools/build.sh`). The boot loader (`static/boot.js`) shows the
//! route's module itself on every `hashchange`, before this app hears of it, so this is only
//! reached when it did not: the page then asks it to, and without a boot loader that can, it
//! reloads. A route whose module is this one (`page::module()`) means the page is missing from
//! the build, and says so instead of asking again.

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
    let missing = crate::browser::page::module() == Some(props.module.as_str());
    // Another module is about to be shown in this one's place: never settled here.
    crate::components::use_busy(!missing);
    use_effect_with((props.module.clone(), missing), |(_, missing)| {
        if !*missing && !crate::browser::page::show_route_module() {
            crate::browser::page::reload();
        }
    });
    if missing {
        html! { <p class="error" role="alert">{ format!("This copy of Rescale Lab was built without {}.", props.title) }</p> }
    } else {
        html! { <p class="loading" role="status">{ format!("Loading {}…", props.title) }</p> }
    }
}
