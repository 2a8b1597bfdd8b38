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

/// The `lock=` names this lab has no lockable control for, said in one notice with the ones it
/// has (locking them would do nothing, silently).
pub fn check_locks(lock: &[String], tables: LabTables, notices: &mut Vec<Notice>) {
    let lockable: Vec<&str> = tables.lockable().map(|(name, _)| name).collect();
    let unknown: Vec<&str> = lock.iter().map(String::as_str).filter(|name| !lockable.contains(name)).collect();
    if unknown.is_empty() {
        return;
    }
    let why = if lockable.is_empty() {
        "this lab has no control to lock".to_string()
    } else {
        format!("this lab can lock {}", lockable.join(", "))
    };
    notices.push(notice("lock", &unknown.join(","), &why));
}

#[cfg(test)]
mod lock_tests {
    use super::*;
    use crate::url::Param;

    static M: Param<u32> = Param::whole("m", "modulus m", 1, 360).control("Modulus m", "m").lockable();
    static A: Param<u32> = Param::whole("a", "stride a", 0, 9).control("Stride a", "a").lockable();
    static T: Param<u32> = Param::whole("t", "time", 0, 9).control("Time", "t");
    static TABLE: crate::url::ParamTable = &[&M, &A, &T];

    #[test]
    fn a_lock_name_the_lab_cannot_lock_is_named_once_with_those_it_can() {
        let tables = LabTables { params: TABLE, sections: &[] };
        let can: Vec<&str> = tables.lockable().map(|(n, _)| n).collect();
        assert_eq!(can, ["m", "a"]);
        let mut t = Vec::new();
        check_locks(&["t".into()], tables, &mut t);
        assert_eq!(t[0].message, "lock=\"t\" was not used: this lab can lock m, a.", "a control that is not lockable");
        let mut notices = Vec::new();
        check_locks(&[can[0].to_string()], tables, &mut notices);
        assert!(notices.is_empty(), "{notices:?}");
        check_locks(&[can[0].to_string(), "zzz".into(), "<b>".into()], tables, &mut notices);
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].param, "lock");
        assert_eq!(notices[0].message, format!("lock=\"zzz,<b>\" was not used: this lab can lock {}.", can.join(", ")));
        let mut none = Vec::new();
        check_locks(&["m".into()], LabTables::NONE, &mut none);
        assert_eq!(none[0].message, "lock=\"m\" was not used: this lab has no control to lock.");
    }
}
