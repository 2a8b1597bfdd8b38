//! The closed registry of labs. The router, the navigation, the home page and the browser
//! tests all iterate [`Lab::ALL`]; adding a lab means adding it here and nowhere else.

pub mod home;
pub mod not_found;
pub mod owners;

use yew::prelude::*;

use crate::url::Location;

/// Every lab the app serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lab {
    /// `#/owners`: which subtask owns a key, and each subtask's key-group range.
    Owners,
}

impl Lab {
    /// Every lab, in the order the navigation and the training path show them.
    pub const ALL: &'static [Lab] = &[Lab::Owners];

    /// The route segment, as in `#/owners`.
    pub fn slug(self) -> &'static str {
        match self {
            Lab::Owners => "owners",
        }
    }

    /// The lab's name in navigation and headings.
    pub fn title(self) -> &'static str {
        match self {
            Lab::Owners => "Key owners",
        }
    }

    /// One sentence for the home page.
    pub fn summary(self) -> &'static str {
        match self {
            Lab::Owners => {
                "Type a key and see the key group Flink hashes it into and the subtask that owns \
                 that group at a given parallelism."
            }
        }
    }

    /// The lab whose slug this is.
    pub fn from_slug(slug: &str) -> Option<Lab> {
        Lab::ALL.iter().copied().find(|lab| lab.slug() == slug)
    }

    /// The lab's view, opened from a parsed location.
    pub fn view(self, location: &Location) -> Html {
        match self {
            Lab::Owners => html! { <owners::OwnersLab location={location.clone()} /> },
        }
    }
}
