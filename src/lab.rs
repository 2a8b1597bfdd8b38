//! The identity of every lab, as data that knows no views: its route slug, title and summary.
//! The registry below is the one closed list of labs; the router, the navigation, the home
//! page, the embed builder and the tests iterate [`Lab::ALL`]. A lab's views, parameter table
//! and page live in its folder under `src/labs/`; its line here names that folder, its page
//! component and its state type, and `src/labs/mod.rs` makes the dispatch from the line
//! (`each_lab!`): a new lab is its folder and one line.
//!
//! Invariant: every folder under `src/labs/` that holds a lab is listed here (a test reads the
//! folder), and every slug is unique.

/// Declares the registry: one line per lab,
/// `Variant(module: PageComponent, StateType) = "slug", "Title", "summary"`. Besides [`Lab`], it
/// defines `each_lab!`, which hands the whole list to another macro: `src/labs/mod.rs` makes each
/// lab's module, page and state dispatch from it (`pages!`). This module names no view: the page
/// and state are identifiers for that macro, resolved in `src/labs/<module>/`.
macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident($module:ident: $page:ident, $state:ident) = $slug:literal, $title:literal, $summary:literal;)+) => {
        /// Every lab the app serves.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Lab {
            $($(#[$doc])* $variant,)+
        }

        impl Lab {
            /// Every lab, in the order the navigation and the home page show them.
            pub const ALL: &'static [Lab] = &[$(Lab::$variant),+];

            /// The route segment, as in `#/owners`.
            pub fn slug(self) -> &'static str {
                match self { $(Lab::$variant => $slug,)+ }
            }

            /// The lab's name in navigation and headings.
            pub fn title(self) -> &'static str {
                match self { $(Lab::$variant => $title,)+ }
            }

            /// One sentence for the home page.
            pub fn summary(self) -> &'static str {
                match self { $(Lab::$variant => $summary,)+ }
            }
        }

        /// Hands the registry to `$callback!`: `Variant module Page State "slug";` per lab.
        macro_rules! each_lab {
            ($callback:ident) => {
                $callback! { $($variant $module $page $state $slug;)+ }
            };
        }
        pub(crate) use each_lab;
    };
}

registry! {
    /// `#/coverage`: which residues the walk n·a mod m reaches; predict, then play or step.
    Coverage(coverage: CoverageLab, CoverageState) = "coverage", "Modular coverage",
        "A warm-up toy: step through n·a mod m and find out which residues a fixed stride can ever reach. \
         Predict first, then play.";
    /// `#/owners`: which subtask owns a key, and each subtask's key-group range.
    Owners(owners: OwnersLab, OwnersState) = "owners", "Key owners",
        "Type a key and see the key group Flink hashes it into and the subtask that owns that group at a \
         given parallelism.";
    /// `#/skew`: per-key load in, per-subtask load and data skew out.
    Skew(skew: SkewLab, SkewState) = "skew", "Skew editor",
        "Give keys their own event rates and state sizes and see the load per subtask, the data skew as \
         Flink's web UI reports it, and what rescaling can and cannot fix.";
    /// `#/planner`: the restore-outcome predictor and the rescale planner.
    Planner(planner: PlannerLab, PlannerState) = "planner", "Rescale planner",
        "Will a restart at a new parallelism start? If not, which of Flink's checks stops it, and how to plan \
         the change step by step, with the point of no return marked.";
    /// `#/trace`: the rescale trace check.
    Trace(trace: TraceLab, TraceState) = "trace", "Rescale trace check",
        "Run a trace with known totals through a snapshot and a restore at another parallelism, and check \
         every key: preserved, refused, or silently lost.";
    /// `#/savepoint`: a checkpoint's or savepoint's `_metadata` read in the browser.
    Savepoint(savepoint: SavepointLab, SavepointState) = "savepoint", "Savepoint inspector",
        "Open a checkpoint's or savepoint's _metadata file, read in your browser, and see its max parallelism, \
         operators, key groups and state sizes, find an operator by uid, and plan a rescale from it.";
}

impl Lab {
    /// The lab whose slug this is.
    pub fn from_slug(slug: &str) -> Option<Lab> {
        Lab::ALL.iter().copied().find(|lab| lab.slug() == slug)
    }
}

#[cfg(test)]
mod tests {
    use super::Lab;

    #[test]
    fn slugs_are_unique_and_found() {
        for lab in Lab::ALL {
            assert_eq!(Lab::from_slug(lab.slug()), Some(*lab));
            assert_eq!(Lab::ALL.iter().filter(|l| l.slug() == lab.slug()).count(), 1);
        }
        assert_eq!(Lab::from_slug("nope"), None);
    }

    /// A lab folder that the registry does not list is a lab the router cannot open.
    #[test]
    fn every_lab_folder_is_registered() {
        let labs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/labs");
        for entry in std::fs::read_dir(labs).expect("src/labs is readable") {
            let entry = entry.expect("a folder entry");
            if entry.path().is_dir() {
                let name = entry.file_name().to_string_lossy().into_owned();
                assert!(Lab::from_slug(&name).is_some(), "src/labs/{name}/ is not in the registry of src/lab.rs");
            }
        }
    }
}
