//! The closed registry of labs. The router, the navigation, the home page and the browser
//! tests all iterate [`Lab::ALL`]; adding a lab means adding it here and nowhere else.

pub mod coverage;
pub mod field;
pub mod home;
pub mod not_found;
pub mod owners;
pub mod planner;
pub mod skew;
pub mod trace;
pub mod training;
pub mod url_sync;

use yew::prelude::*;

use crate::url::Location;

/// Every lab the app serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lab {
    /// `#/coverage`: which residues the walk n·a mod m reaches; predict, then play or step.
    Coverage,
    /// `#/skew`: per-key load in, per-subtask load and data skew out.
    Skew,
    /// `#/planner`: the restore-outcome predictor and the rescale planner.
    Planner,
    /// `#/trace`: the rescale trace check.
    Trace,
    /// `#/owners`: which subtask owns a key, and each subtask's key-group range.
    Owners,
}

impl Lab {
    /// Every lab, in the order the navigation and the training path show them.
    pub const ALL: &'static [Lab] = &[Lab::Coverage, Lab::Owners, Lab::Skew, Lab::Planner, Lab::Trace];

    /// The route segment, as in `#/owners`.
    pub fn slug(self) -> &'static str {
        match self {
            Lab::Coverage => "coverage",
            Lab::Owners => "owners",
            Lab::Skew => "skew",
            Lab::Planner => "planner",
            Lab::Trace => "trace",
        }
    }

    /// The lab's name in navigation and headings.
    pub fn title(self) -> &'static str {
        match self {
            Lab::Coverage => "Modular coverage",
            Lab::Owners => "Key owners",
            Lab::Skew => "Skew editor",
            Lab::Planner => "Rescale planner",
            Lab::Trace => "Rescale trace check",
        }
    }

    /// One sentence for the home page.
    pub fn summary(self) -> &'static str {
        match self {
            Lab::Coverage => {
                "A warm-up toy: step through n·a mod m and find out which residues a fixed \
                 stride can ever reach. Predict first, then play."
            }
            Lab::Owners => {
                "Type a key and see the key group Flink hashes it into and the subtask that owns \
                 that group at a given parallelism."
            }
            Lab::Skew => {
                "Give keys their own event rates and state sizes and see the load per subtask, the \
                 data skew as Flink's web UI reports it, and what rescaling can and cannot fix."
            }
            Lab::Planner => {
                "Will a restart at a new parallelism start? If not, which of Flink's checks stops it, and \
                 how to plan the change step by step, with the point of no return marked."
            }
            Lab::Trace => {
                "Run a trace with known totals through a snapshot and a restore at another parallelism, and \
                 check every key: preserved, refused, or silently lost."
            }
        }
    }

    /// The parameters an embedding page may lock, with the control each one names.
    pub fn lockable(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lab::Coverage => &[("m", "Modulus m"), ("a", "Stride a")],
            Lab::Owners => &[
                ("maxp", "Max parallelism"),
                ("p", "Parallelism"),
                ("from", "Earlier parallelism"),
                ("key", "Key"),
                ("type", "Key type"),
            ],
            Lab::Skew => &[
                ("maxp", "Max parallelism"),
                ("p", "Parallelism"),
                ("type", "Key type"),
                ("preset", "Preset"),
                ("n", "Number of keys"),
            ],
            Lab::Planner => &[
                ("saved_maxp", "Snapshot max parallelism"),
                ("p", "New parallelism"),
                ("maxp", "New max parallelism"),
                ("target", "Target parallelism"),
            ],
            Lab::Trace => &[("scenario", "Scenario"), ("p1", "Parallelism before"), ("p2", "Parallelism after")],
        }
    }

    /// The lab whose slug this is.
    pub fn from_slug(slug: &str) -> Option<Lab> {
        Lab::ALL.iter().copied().find(|lab| lab.slug() == slug)
    }

    /// The lab's view, opened from a parsed location.
    pub fn view(self, location: &Location) -> Html {
        match self {
            Lab::Coverage => html! { <coverage::CoverageLab location={location.clone()} /> },
            Lab::Owners => html! { <owners::OwnersLab location={location.clone()} /> },
            Lab::Skew => html! { <skew::SkewLab location={location.clone()} /> },
            Lab::Planner => html! { <planner::PlannerLab location={location.clone()} /> },
            Lab::Trace => html! { <trace::TraceLab location={location.clone()} /> },
        }
    }
}
