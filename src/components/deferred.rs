//! Code that arrives when it is wanted. A part declared with [`deferred!`] becomes a component
//! whose code, in the bundle (cargo feature `split`, which `tools/build.sh` sets), lives in a
//! wasm chunk of its own: `wasm-split-cli` moves everything only that part reaches (its view,
//! hooks, callbacks and model code) out of the route's module, and the chunk is fetched the
//! first time the part mounts. Every other build (tests, clippy, the CLI) calls the part
//! directly, so the same code runs with and without splitting.
//!
//! While its code loads the part says so in one line; if the fetch fails (offline before the
//! service worker has cached the chunk), it says that with a **Retry** button. Once a chunk
//! has loaded, later mounts of the part render at once.
//!
//! [`super::Wanted`] decides *when* a part below the first screen mounts.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::thread::LocalKey;

use yew::platform::spawn_local;
use yew::prelude::*;

/// A loaded part: its view, called with its props.
pub type PartView<P> = fn(P) -> Html;

/// The fetch of a part's chunk failed (the network, or a chunk this build does not have).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadFailed;

#[cfg(feature = "split")]
impl From<wasm_split_helpers::SplitLoaderError> for LoadFailed {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// What a deferred part shows: its view, or why not yet.
pub enum PartState<P: 'static> {
    Loading,
    Failed(Callback<MouseEvent>),
    Ready(PartView<P>),
}

/// Starts a part's load: the chunk's entry, boxed so every part's loader has one type.
pub type Loader<P> = fn() -> Pin<Box<dyn Future<Output = Result<PartView<P>, LoadFailed>>>>;

/// The part's view from `cache` when its chunk has loaded before; else loads it (`load`) on
/// mount, and again on Retry after a failure.
#[hook]
pub fn use_part<P: 'static>(cache: &'static LocalKey<Cell<Option<PartView<P>>>>, load: Loader<P>) -> PartState<P> {
    // The attempt: 0 on mount, one more per Retry. Its failure is remembered per attempt.
    let attempt = use_state_eq(|| 0u32);
    let failed = use_state_eq(|| None::<u32>);
    let ready = use_state_eq(|| cache.with(Cell::get));
    {
        let (ready, failed) = (ready.clone(), failed.clone());
        use_effect_with(*attempt, move |&attempt| {
            if ready.is_none() {
                spawn_local(async move {
                    match load().await {
                        Ok(view) => {
                            cache.with(|c| c.set(Some(view)));
                            ready.set(Some(view));
                        }
                        Err(LoadFailed) => failed.set(Some(attempt)),
                    }
                });
            }
        });
    }
    crate::components::use_busy(ready.is_none() && *failed != Some(*attempt));
    match (*ready, *failed == Some(*attempt)) {
        (Some(view), _) => PartState::Ready(view),
        (None, true) => PartState::Failed(Callback::from(move |_| attempt.set(*attempt + 1))),
        (None, false) => PartState::Loading,
    }
}

/// What a part shows until its code is there: a line while it loads, a message with Retry
/// if it could not be fetched. `what` names the part ("the charts").
pub fn placeholder<P>(state: PartState<P>, what: &'static str) -> Html {
    match state {
        PartState::Ready(_) | PartState::Loading => html! {
            <p class="loading deferred" aria-busy="true">{ format!("Loading {what}…") }</p>
        },
        PartState::Failed(retry) => html! {
            <div class="alert deferred" role="alert">
                { format!("Could not load {what}: the page is offline, or a newer version of the lab was installed. ") }
                <button type="button" onclick={retry}>{ "Retry" }</button>
            </div>
        },
    }
}

/// Declares a component `$name` that shows the component `$part` with the same props
/// (`$props`, which must be `Clone`), its code in the wasm chunk `$chunk` of the bundle (see
/// the module docs). `$what` names the part in its loading line. A chunk's name starts with the
/// name of the wasm module that shows it (`skew_charts`: the skew lab's; `home_`: the home
/// module's) or with `lab_` (every lab's module): the build's linker (`tools/link-modules.sh`)
/// exports the chunk's entry from those modules only, since an export keeps all it reaches,
/// and refuses a name that starts with no module's. Chunk names are unique in the crate.
#[macro_export]
macro_rules! deferred {
    ($(#[$doc:meta])* $vis:vis $name:ident($props:ty) => $part:path, chunk $chunk:ident, $what:literal) => {
        // The chunk's one entry: the part's view, as a function the main module can call.
        #[cfg_attr(feature = "split", wasm_split_helpers::wasm_split($chunk, fallible))]
        #[allow(clippy::unnecessary_wraps)]
        fn $chunk() -> Result<$crate::components::deferred::PartView<$props>, $crate::components::deferred::LoadFailed> {
            Ok(|props: $props| yew::html! { <$part ..props /> })
        }

        $(#[$doc])*
        #[yew::function_component]
        $vis fn $name(props: &$props) -> yew::Html {
            std::thread_local! {
                static LOADED: std::cell::Cell<Option<$crate::components::deferred::PartView<$props>>> =
                    const { std::cell::Cell::new(None) };
            }
            let state = $crate::components::deferred::use_part(&LOADED, || {
                Box::pin(async {
                    #[cfg(feature = "split")]
                    let view = $chunk().await;
                    #[cfg(not(feature = "split"))]
                    let view = $chunk();
                    view
                })
            });
            match state {
                $crate::components::deferred::PartState::Ready(view) => view(props.clone()),
                other => $crate::components::deferred::placeholder(other, $what),
            }
        }
    };
}
pub use deferred;
