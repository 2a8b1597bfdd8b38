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
//!   [`training_lms`] (the path's reports to a SCORM run-time), [`training_cmi5`] (to a cmi5 LMS's LRS; [`training_cmi5_start`] its start) and
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
pub mod training_cmi5_start;
pub mod training_cmi5_view;
pub mod training_live;
mod training_live_ask;
mod training_live_link;
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
use crate::url::{LabTables, Location, Notice, ParamTable, Params, Sections};

/// Everything a registry line gives the pages, from `crate::lab::each_lab!`: the lab's module,
/// page and state dispatch. The bundle's wasm modules each hold one lab's page (or home's):
/// `crate::app::pages` makes them from the same registry line.
macro_rules! pages {
    ($($variant:ident $module:ident $page:ident $state:ident $slug:literal;)+) => {
        $(pub mod $module;)+

        /// The lab's page, opened from a parsed location.
        pub fn view(lab: Lab, location: &Location) -> Html {
            match lab {
                $(Lab::$variant => html! { <$module::$page location={location.clone()} /> },)+
            }
        }

        /// The sections the lab can show alone (`view=`), from its `query.rs`.
        pub fn sections(lab: Lab) -> Sections {
            match lab {
                $(Lab::$variant => $module::query::SECTIONS,)+
            }
        }

        /// Runs `task` with the state type of `lab`, whatever the lab: how tests and tools
        /// reach every lab of the registry with no arm per lab.
        pub fn with_state<T: EachLab>(lab: Lab, task: T) -> T::Out {
            match lab {
                $(Lab::$variant => task.with::<$module::state::$state>(),)+
            }
        }

        /// Every parameter of the lab (fields and choices), from its table.
        pub fn params(lab: Lab) -> ParamTable {
            match lab {
                $(Lab::$variant => $module::query::PARAMS,)+
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
/// it.
pub fn reopened(lab: Lab, params: &Params) -> (Vec<(&'static str, String)>, Vec<Notice>) {
    struct Reopen<'a>(&'a Params);
    impl EachLab for Reopen<'_> {
        type Out = (Vec<(&'static str, String)>, Vec<Notice>);
        fn with<S: frame::LabState>(self) -> Self::Out {
            let (state, notices) = S::parse(self.0);
            (state.pairs(), notices)
        }
    }
    with_state(lab, Reopen(params))
}

/// The lab's tables (parameters and sections), for the frame around its page.
pub fn tables(lab: Lab) -> LabTables {
    LabTables { params: params(lab), sections: sections(lab) }
}
