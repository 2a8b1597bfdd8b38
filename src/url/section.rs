//! The sections a lab can show alone (`view=<name>`, for a compact embed), and the tables the
//! frame around a lab's page reads of its `query.rs` (parameters and sections).

use super::{notice, Notice, ParamTable};

/// One section a lab can show alone with `view=<name>` (listed in its `query.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Section {
    pub name: &'static str,
    /// What the embed builder's **Section** select shows.
    pub label: &'static str,
}

/// A lab's sections, in the order the embed builder lists them.
pub type Sections = &'static [Section];

/// What the frame around a lab's page reads of the lab's `query.rs`: the parameters (the embed
/// title and locks) and the sections (`view=`). A wasm module has only its own lab's: another
/// lab's are empty there (`crate::app::pages`).
#[derive(Clone, Copy)]
pub struct LabTables {
    pub params: ParamTable,
    pub sections: Sections,
}

impl LabTables {
    /// A lab whose page this module does not hold.
    pub const NONE: LabTables = LabTables { params: &[], sections: &[] };

    /// The parameters an embedding page may lock, with the label of the control each one names.
    pub fn lockable(self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.params.iter().filter(|p| p.lockable()).map(|p| (p.name(), p.label()))
    }
}

/// Static tables: the same tables are the same slices (or both empty).
impl PartialEq for LabTables {
    fn eq(&self, other: &Self) -> bool {
        fn same<T>(a: &[T], b: &[T]) -> bool {
            (a.is_empty() && b.is_empty()) || std::ptr::eq(a, b)
        }
        same(self.params, other.params) && same(self.sections, other.sections)
    }
}

/// The section `view` names among `sections`, or (with a notice) none: the whole lab.
pub fn resolve_view(view: Option<&str>, sections: Sections, notices: &mut Vec<Notice>) -> Option<&'static str> {
    let view = view?;
    let found = sections.iter().find(|s| s.name == view).map(|s| s.name);
    if found.is_none() {
        let names: Vec<&str> = sections.iter().map(|s| s.name).collect();
        let why = if names.is_empty() {
            "this lab has no sections to show alone; showing the whole lab".to_string()
        } else {
            format!("this lab's sections are {}; showing the whole lab", names.join(", "))
        };
        notices.push(notice("view", view, &why));
    }
    found
}
