//! The rules of an exercise set as a trainer writes it: the kinds it may name (one slug per
//! [`ExerciseKind`], the list the README documents and a test holds equal), one exercise per
//! id (a second entry with a taken id is refused, naming the id), and the key a learner's
//! progress is stored under, which changes when the exercise's question changes, so an edited
//! exercise starts fresh instead of keeping the marks of the old one.

use std::collections::BTreeMap;

use super::Exercise;
#[cfg(test)]
use super::ExerciseKind;
use crate::error::quote;

/// Every kind an exercise set may name, in the order the README lists them.
pub const KIND_SLUGS: [&str; 12] = [
    "coverage_reach",
    "owner_of_group",
    "busiest_groups",
    "restore_starts",
    "rescale_fixes_hot_key",
    "point_of_no_return",
    "snapshot_max_parallelism",
    "uid_change_blocks_restore",
    "cutover_downtime",
    "in_place_lifts_ceiling",
    "running_means_safe",
    "snapshot_switches_backend",
];

#[cfg(test)]
impl ExerciseKind {
    /// The kind's name in an exercise file: its variant's name in snake case (the tests hold
    /// `KIND_SLUGS` to one per kind; the file reader in `labs/training_set.rs` matches the same
    /// names).
    pub fn slug(&self) -> String {
        let debug = format!("{self:?}");
        let variant = debug.split([' ', '{', '(']).next().unwrap_or_default();
        let mut slug = String::new();
        for c in variant.chars() {
            if c.is_ascii_uppercase() && !slug.is_empty() {
                slug.push('_');
            }
            slug.push(c.to_ascii_lowercase());
        }
        slug
    }
}

impl Exercise {
    /// The key this exercise's progress is stored under: its id and a fingerprint of what it
    /// asks (kind, parameters and prompt). A trainer who edits the question gets a new key, so
    /// a learner's old mark is not shown against the new question; a new title keeps it.
    pub fn progress_key(&self) -> String {
        let asked = format!("{:?}\u{1f}{}", self.kind, self.prompt);
        // Stable across builds and browsers, unlike the standard hasher.
        let hash = crate::fnv::fnv1a(asked.as_bytes());
        format!("{}#{:08x}", self.id, hash >> 32)
    }
}

/// An exercise set as it is read, entry by entry: the exercises kept, and what was wrong with
/// the others, each named by its id where it has one and by its place in the file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SetReading {
    pub exercises: Vec<Exercise>,
    pub problems: Vec<String>,
    /// Each id kept, with the entry (from 1) that holds it.
    first_at: BTreeMap<String, usize>,
}

impl SetReading {
    /// Entry `position` (counted from 1) of the file, with its id if it has one, read as
    /// `entry`: kept, or skipped with the reason (an id already taken is a reason).
    pub fn add(&mut self, position: usize, id: Option<&str>, entry: Result<Exercise, String>) {
        let named = match id {
            Some(id) => format!("exercise {} (entry {position})", quote(id)),
            None => format!("entry {position}"),
        };
        match entry {
            Err(why) => self.problems.push(format!("{named} was skipped: {why}")),
            Ok(e) => match self.first_at.get(&e.id) {
                Some(first) => self.problems.push(format!(
                    "{named} was skipped: entry {first} already has the id {:?}, and each exercise needs an id of its own",
                    e.id
                )),
                None => {
                    self.first_at.insert(e.id.clone(), position);
                    self.exercises.push(e);
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise(id: &str, group: u32, prompt: &str) -> Exercise {
        Exercise {
            id: id.into(),
            title: format!("Title of {id}"),
            prompt: prompt.into(),
            kind: ExerciseKind::OwnerOfGroup { max: 128, p: 100, group },
        }
    }

    #[test]
    fn a_taken_id_is_refused_by_name_and_the_first_entry_stays() {
        let mut set = SetReading::default();
        set.add(1, Some("w-owner"), Ok(exercise("w-owner", 77, "Who owns 77?")));
        set.add(2, Some("other"), Ok(exercise("other", 3, "Who owns 3?")));
        set.add(3, Some("w-owner"), Ok(exercise("w-owner", 5, "Who owns 5?")));
        set.add(4, Some("broken"), Err("\"max\" must be a whole number".into()));
        set.add(5, None, Err("\"id\" must be text".into()));
        assert_eq!(
            set.exercises.iter().map(|e| e.prompt.as_str()).collect::<Vec<_>>(),
            ["Who owns 77?", "Who owns 3?"]
        );
        assert_eq!(
            set.problems,
            [
                "exercise \"w-owner\" (entry 3) was skipped: entry 1 already has the id \"w-owner\", and each exercise needs an id of its own",
                "exercise \"broken\" (entry 4) was skipped: \"max\" must be a whole number",
                "entry 5 was skipped: \"id\" must be text",
            ]
        );
    }

    #[test]
    fn the_progress_key_follows_the_question_not_the_title() {
        let a = exercise("w-owner", 77, "Who owns 77?");
        let key = a.progress_key();
        // The same question under a new title keeps its key; a new parameter or prompt does not.
        assert_eq!(Exercise { title: "Renamed".into(), ..a.clone() }.progress_key(), key);
        assert_ne!(exercise("w-owner", 78, "Who owns 77?").progress_key(), key);
        assert_ne!(exercise("w-owner", 77, "Who owns key group 77?").progress_key(), key);
        assert_ne!(exercise("w-other", 77, "Who owns 77?").progress_key(), key);
        // Fixed across builds (FNV-1a of the kind's Debug text, a unit separator and the
        // prompt, here worked out apart from this code): a stored key must match after an upgrade.
        assert_eq!(key, "w-owner#3048051f");
    }

    #[test]
    fn every_kind_has_its_own_slug() {
        let mut seen = std::collections::BTreeSet::new();
        for kind in super::super::workshop::tests::kinds() {
            assert!(KIND_SLUGS.contains(&kind.slug().as_str()), "{kind:?}");
            seen.insert(kind.slug());
        }
        assert_eq!(seen.len(), KIND_SLUGS.len(), "one example of each kind, each its own slug");
    }
}
