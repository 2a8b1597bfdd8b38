//! The lab pages: one folder per lab (its query and parameter table, state and reducer,
//! views), the frame they share, and the pages of the registry. A lab's identity (slug,
//! title, summary) is in [`crate::lab`]; the `pages!` list below maps each lab to its page.
//!
//! Adding a lab: its folder under `src/labs/` (with `query.rs` holding its state and `slots!`,
//! `state.rs` its reducer and `LabState`, and a page component taking a `Location`) and one
//! line in the registry of `src/lab.rs`, which names the folder, page and state: `pages!` here
//! makes the dispatch from it. The compiler refuses a line without its folder, page or state,
//! and a test refuses a lab folder that the registry does not list.
//!
//! - [`frame`]: `LabState`, `use_lab` and `LabFrame`, what every lab page does the same way.
//! - [`url_sync`]: `use_url_sync`, the hook that writes a lab's state into the URL.
//! - [`home`], [`not_found`], [`training`]: the home page, the unknown-route view, the guided path
//!   ([`training_set`] reads its exercise file);
//!   [`training_step`] (one step), [`presenter`] (presenter mode), [`answer_key`], [`reset_all`],
//!   [`training_lms`] (the path's reports to a SCORM run-time), [`training_cmi5`] (to a cmi5 LMS's LRS) and
//!   [`training_cmi5_view`] (its hook and status line),
//!   [`training_live`] (to an LRS a live workshop names, without an LMS).
//! - [`class_view`] (`#/class`, the trainer's view of a class from an LRS) and [`class_tables`].
//! - [`paint_first`]: `use_steps`, a first render in steps, each after a paint.
//! - [`module_switch`]: what a route shows whose lab is in another wasm module (it loads it).

pub mod answer_key;
pub mod class_tables;
pub mod class_view;
pub mod frame;
pub mod home;
pub mod module_switch;
pub mod not_found;
pub mod paint_first;
pub mod presenter;
pub mod reset_all;
pub mod training;
pub mod training_cmi5;
pub mod training_cmi5_view;
pub mod training_live;
pub mod training_lms;
pub mod training_set;
pub mod training_step;
pub mod training_steps;
pub mod training_store;
pub mod url_sync;

// Native only: it uses the table methods the bundle leaves out.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod param_tests;
#[cfg(test)]
mod query_tests;
#[cfg(test)]
mod query_tests_embed;
// A file, not a folder: a folder under src/labs/ is a lab (lab::tests checks it).
#[cfg(test)]
mod query_tests_planner_trace;
#[cfg(test)]
mod query_tests_skew;

use yew::prelude::*;

use crate::lab::Lab;
use crate::url::{Location, Notice, ParamTable, Params, Sections};
use module_switch::ModuleSwitch;

/// Everything a registry line gives the pages, from `crate::lab::each_lab!`: the lab's module,
/// page and state dispatch. A lab's page is in a build unless the build is one wasm module of
/// another lab (`cfg(one_module)`, see `build.rs`): such a route shows [`ModuleSwitch`], which
/// loads the lab's module.
macro_rules! pages {
    ($($variant:ident $module:ident $page:ident $state:ident $slug:literal;)+) => {
        $(pub mod $module;)+

        /// The lab's page, opened from a parsed location.
        pub fn view(lab: Lab, location: &Location) -> Html {
            // Unread in the home module, which holds no lab page.
            let _ = location;
            match lab {
                $(#[cfg(any(not(one_module), lab = $slug))]
                Lab::$variant => html! { <$module::$page location={location.clone()} /> },)+
                #[allow(unreachable_patterns)]
                _ => html! { <ModuleSwitch module={lab.slug()} title={lab.title()} /> },
            }
        }

        /// Whether this build holds the lab's page.
        pub fn has_page(lab: Lab) -> bool {
            match lab {
                $(Lab::$variant => cfg!(any(not(one_module), lab = $slug)),)+
            }
        }

        /// The sections the lab can show alone (`view=`), from its `query.rs`; none in a
        /// module without the lab's page (its route only loads the lab's module).
        pub fn sections(lab: Lab) -> Sections {
            match lab {
                $(#[cfg(any(not(one_module), lab = $slug))]
                Lab::$variant => $module::query::SECTIONS,)+
                #[allow(unreachable_patterns)]
                _ => &[],
            }
        }

        /// Runs `task` with the state type of `lab`, whatever the lab: how tests and tools
        /// reach every lab of the registry with no arm per lab. `None` in a module without the
        /// lab's page.
        pub fn with_state<T: EachLab>(lab: Lab, task: T) -> Option<T::Out> {
            let _ = &task;
            match lab {
                $(#[cfg(any(not(one_module), lab = $slug))]
                Lab::$variant => Some(task.with::<$module::state::$state>()),)+
                #[allow(unreachable_patterns)]
                _ => None,
            }
        }

        /// Every parameter of the lab (fields and choices), from its table; none in a module
        /// without the lab's page.
        pub fn params(lab: Lab) -> ParamTable {
            match lab {
                $(#[cfg(any(not(one_module), lab = $slug))]
                Lab::$variant => $module::query::PARAMS,)+
                #[allow(unreachable_patterns)]
                _ => &[],
            }
        }
    };
}

crate::lab::each_lab!(pages);

/// What to do with a lab's state type; [`with_state`] runs it for any lab of the registry.
pub trait EachLab {
    type Out;
    fn with<S: frame::LabState>(self) -> Self::Out;
}

/// What a link to the lab writes back once opened: its state's parameters, and the notices on
/// the way. Every lab through [`with_state`]: the URL round-trip test iterates [`Lab::ALL`] with
/// it. Nothing in a module without the lab's page.
pub fn reopened(lab: Lab, params: &Params) -> (Vec<(&'static str, String)>, Vec<Notice>) {
    struct Reopen<'a>(&'a Params);
    impl EachLab for Reopen<'_> {
        type Out = (Vec<(&'static str, String)>, Vec<Notice>);
        fn with<S: frame::LabState>(self) -> Self::Out {
            let (state, notices) = S::parse(self.0);
            (state.pairs(), notices)
        }
    }
    with_state(lab, Reopen(params)).unwrap_or_default()
}

/// The parameters an embedding page may lock, with the label of the control each one names.
pub fn lockable(lab: Lab) -> impl Iterator<Item = (&'static str, &'static str)> {
    params(lab).iter().filter(|p| p.lockable()).map(|p| (p.name(), p.label()))
}
