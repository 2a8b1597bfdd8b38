//! Reading an exercise set for the guided path: the JSON file (`static/exercises.json`, or a
//! same-site `exercises=PATH`), each exercise checked with the model's own constructors; an
//! exercise that does not read, or whose id an earlier one holds, is skipped with the reason
//! (naming its id and its place in the file), the rest still load.

use crate::browser::fetch::fetch_text;
use crate::model::choice::ChoiceValue;
use crate::model::error::quote;
use crate::model::json::{self, Node, Value};
use crate::model::planner::snapshot_kinds::SnapshotKind;
use crate::model::trace::schema::Backend;
use crate::model::training::{Exercise, ExerciseKind, Sample, SetReading};

fn text(value: &Node, key: &str) -> Result<String, String> {
    value.get(key).and_then(Node::as_text).map(String::from).ok_or_else(|| format!("\"{key}\" must be text"))
}

fn number(value: &Node, key: &str) -> Result<u32, String> {
    match value.get(key).and_then(Node::as_number) {
        Some(n) if n.fract() == 0.0 && (0.0..=4_294_967_295.0).contains(&n) => Ok(n as u32),
        Some(n) if n.fract() == 0.0 && n < 0.0 => Err(format!("\"{key}\" must be 0 or more, got {n}")),
        Some(n) if n.fract() == 0.0 => Err(format!("\"{key}\" must be at most 4294967295, got {n}")),
        _ => Err(format!("\"{key}\" must be a whole number")),
    }
}

fn sample(value: &Node) -> Result<Sample, String> {
    let slug = text(value, "sample")?;
    Sample::from_slug(&slug).ok_or_else(|| {
        format!("unknown sample {}; the bundled samples are {}", quote(&slug), Sample::ALL.map(Sample::slug).join(", "))
    })
}

/// Reads one exercise object; problems are named so a trainer can fix the file.
fn exercise(value: &Node) -> Result<Exercise, String> {
    if !matches!(value.value, Value::Object(_)) {
        return Err("an exercise must be an object ({ \"id\": …, \"kind\": …, … })".into());
    }
    let id = text(value, "id")?;
    if id.trim().is_empty() {
        return Err("\"id\" is empty, and each exercise needs an id of its own".into());
    }
    let kind = match text(value, "kind")?.as_str() {
        "coverage_reach" => ExerciseKind::CoverageReach { m: number(value, "m")?, a: u64::from(number(value, "a")?) },
        "owner_of_group" => ExerciseKind::OwnerOfGroup {
            max: number(value, "max")?,
            p: number(value, "p")?,
            group: number(value, "group")?,
        },
        "busiest_groups" => ExerciseKind::BusiestGroups { max: number(value, "max")?, p: number(value, "p")? },
        "restore_starts" => {
            ExerciseKind::RestoreStarts { saved_max: number(value, "saved_max")?, p: number(value, "p")? }
        }
        "rescale_fixes_hot_key" => ExerciseKind::RescaleFixesHotKey {
            n: number(value, "n")?,
            hot: number(value, "hot")?,
            p: number(value, "p")?,
            q: number(value, "q")?,
        },
        "point_of_no_return" => ExerciseKind::PointOfNoReturn {
            current: number(value, "current")?,
            target: number(value, "target")?,
            first: number(value, "first")?,
        },
        "snapshot_max_parallelism" => ExerciseKind::SnapshotMaxParallelism { sample: sample(value)? },
        "uid_change_blocks_restore" => {
            ExerciseKind::UidChangeBlocksRestore { sample: sample(value)?, uid: text(value, "uid")? }
        }
        "cutover_downtime" => ExerciseKind::CutoverDowntime {
            state_gib: number(value, "state_gib")?,
            rate_mib: number(value, "rate_mib")?,
        },
        "in_place_lifts_ceiling" => ExerciseKind::InPlaceLiftsCeiling {
            current: number(value, "current")?,
            target: number(value, "target")?,
            max: number(value, "max")?,
        },
        "running_means_safe" => {
            let slug = text(value, "backend")?;
            let backend = Backend::from_slug(&slug)
                .ok_or_else(|| format!("unknown backend {}; it takes hashmap or rocksdb", quote(&slug)))?;
            ExerciseKind::RunningMeansSafe { backend }
        }
        "snapshot_switches_backend" => {
            let slug = text(value, "snapshot")?;
            let kind = SnapshotKind::from_slug(&slug).ok_or_else(|| {
                format!("unknown snapshot {}; it takes canonical, native, checkpoint or unaligned", quote(&slug))
            })?;
            ExerciseKind::SnapshotSwitchesBackend { kind }
        }
        other => return Err(format!("unknown kind {}", quote(other))),
    };
    let kind = kind.validate().map_err(|e| e.to_string())?;
    Ok(Exercise { id, title: text(value, "title")?, prompt: text(value, "prompt")?, kind })
}

/// A loaded set: its title, its exercises, and what was wrong with the file.
#[derive(Debug, Clone, PartialEq)]
pub struct ExerciseSet {
    pub title: String,
    pub exercises: Vec<Exercise>,
    pub problems: Vec<String>,
}

pub async fn load(path: String) -> Result<ExerciseSet, String> {
    let text = fetch_text(&path).await?;
    let json = json::parse(&text).map_err(|e| format!("{path} is not valid JSON: {e}"))?;
    read_set(&json, &path)
}

/// Reads a fetched set (`path` names it in a message): each entry checked, an entry whose id
/// an earlier one holds refused by name (two exercises under one id would grade each other).
pub fn read_set(json: &Node, path: &str) -> Result<ExerciseSet, String> {
    let format = json.get("format").and_then(Node::as_text);
    if format != Some("rescale-lab-exercises") {
        return Err(format!(
            "{path} is not a Rescale Lab exercise set (its \"format\" must be \"rescale-lab-exercises\")"
        ));
    }
    if json.get("version").and_then(Node::as_number) != Some(1.0) {
        return Err(format!("{path} is not a version-1 Rescale Lab exercise set (its \"version\" must be 1)"));
    }
    let list =
        json.get("exercises").and_then(Node::as_list).ok_or_else(|| "\"exercises\" must be a list".to_string())?;
    let mut reading = SetReading::default();
    for (i, item) in list.iter().enumerate() {
        reading.add(i + 1, item.get("id").and_then(Node::as_text), exercise(item));
    }
    Ok(ExerciseSet {
        title: text(json, "title").unwrap_or_else(|_| "Exercises".into()),
        exercises: reading.exercises,
        problems: reading.problems,
    })
}

/// Where `exercises=` may point: a relative path on this site, an `https` address of another
/// site (read if that site allows it by CORS), or `http` on loopback (a trainer's own machine),
/// the same reach as the page's `connect-src`; `None` for anything else.
pub fn safe_path(path: &str) -> Option<String> {
    let relative = !path.is_empty()
        && !path.contains("://")
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.starts_with("data:")
        && !path.starts_with("javascript:");
    let loopback = ["http://127.0.0.1:", "http://127.0.0.1/", "http://localhost:", "http://localhost/"];
    let address = (path.starts_with("https://") && path.len() > 8 || loopback.iter().any(|l| path.starts_with(l)))
        && !path.contains(char::is_whitespace)
        && !path.contains('\\');
    (relative || address).then(|| path.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::training::KIND_SLUGS;

    #[test]
    fn exercises_come_from_this_site_an_https_address_or_loopback() {
        for (path, ok) in [
            ("static/exercises.json", true),
            ("sets/class 1.json", true),
            ("https://trainer.example/sets/day-1.json", true),
            ("http://127.0.0.1:8000/set.json", true),
            ("http://localhost/set.json", true),
            ("http://trainer.example/set.json", false),
            ("http://127.0.0.1.evil.example/set.json", false),
            ("//evil.example/x.json", false),
            ("javascript:alert(1)", false),
            ("data:application/json,{}", false),
            ("https://", false),
            ("https://a.example/a b.json", false),
            ("", false),
        ] {
            assert_eq!(safe_path(path).is_some(), ok, "{path}");
        }
    }

    /// One exercise entry, as JSON text; `params` are members written as they stand.
    fn entry(id: &str, kind: &str, params: &[(&str, &str)]) -> String {
        let mut members = vec![
            format!("\"id\": \"{id}\""),
            format!("\"kind\": \"{kind}\""),
            format!("\"title\": \"Title {id}\""),
            format!("\"prompt\": \"Prompt {id}\""),
        ];
        members.extend(params.iter().map(|(k, v)| format!("\"{k}\": {v}")));
        format!("{{{}}}", members.join(", "))
    }

    fn set(entries: Vec<String>) -> Node {
        let text = format!(
            "{{\"format\": \"rescale-lab-exercises\", \"version\": 1, \"exercises\": [{}]}}",
            entries.join(", ")
        );
        json::parse(&text).unwrap()
    }

    #[test]
    fn a_second_exercise_with_a_taken_id_is_refused_by_name() {
        let owner =
            |id: &str, group: &str| entry(id, "owner_of_group", &[("max", "128"), ("p", "100.0"), ("group", group)]);
        let read =
            read_set(&set(vec![owner("w-owner", "77"), owner("w-owner", "5"), owner("bad", "500")]), "x.json").unwrap();
        assert_eq!(read.exercises.len(), 1);
        assert_eq!(read.exercises[0].kind, ExerciseKind::OwnerOfGroup { max: 128, p: 100, group: 77 });
        assert_eq!(read.problems.len(), 2);
        assert!(read.problems[0].starts_with("exercise \"w-owner\" (entry 2) was skipped: entry 1 already has the id"));
        assert!(read.problems[1].starts_with("exercise \"bad\" (entry 3) was skipped: "), "{}", read.problems[1]);
        let null = json::parse("null").unwrap();
        assert_eq!(
            read_set(&null, "x.json").unwrap_err(),
            "x.json is not a Rescale Lab exercise set (its \"format\" must be \"rescale-lab-exercises\")"
        );
        let version_2 = json::parse("{\"format\": \"rescale-lab-exercises\", \"version\": 2}").unwrap();
        assert_eq!(
            read_set(&version_2, "x.json").unwrap_err(),
            "x.json is not a version-1 Rescale Lab exercise set (its \"version\" must be 1)"
        );
    }

    /// An entry that is no object, an empty id and a negative number each name what is wrong.
    #[test]
    fn a_malformed_entry_is_named_for_what_it_is() {
        let coverage = |id: &str, m: &str| entry(id, "coverage_reach", &[("m", m), ("a", "3")]);
        let read = read_set(
            &set(vec!["\"just a string\"".into(), coverage("", "8"), coverage("neg", "-8"), coverage("ok", "8")]),
            "x.json",
        )
        .unwrap();
        assert_eq!(read.exercises.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["ok"]);
        let problems = read.problems.join("\n");
        for said in [
            "entry 1 was skipped: an exercise must be an object",
            "(entry 2) was skipped: \"id\" is empty, and each exercise needs an id of its own",
            "exercise \"neg\" (entry 3) was skipped: \"m\" must be 0 or more, got -8",
        ] {
            assert!(problems.contains(said), "{said:?} in {problems}");
        }
    }

    /// The shipped set reads whole through the reader the page uses: every exercise, no problem.
    #[test]
    fn the_shipped_set_reads_with_no_problem() {
        let shipped = json::parse(include_str!("../../static/exercises.json")).unwrap();
        let read = read_set(&shipped, "static/exercises.json").unwrap();
        assert_eq!(read.problems, Vec::<String>::new());
        assert_eq!(read.exercises.len(), 14);
        assert_eq!(read.title, shipped.get("title").and_then(Node::as_text).unwrap());
    }

    /// Every kind of the model reads from a file under its slug, and the shipped file uses them all.
    #[test]
    fn every_kind_the_model_knows_reads_from_the_shipped_file() {
        let shipped = include_str!("../../static/exercises.json");
        for slug in KIND_SLUGS {
            assert!(shipped.contains(&format!("\"kind\": \"{slug}\"")), "static/exercises.json has no {slug}");
            let read = exercise(&json::parse(&entry("x", slug, &[])).unwrap());
            assert!(!matches!(&read, Err(why) if why.starts_with("unknown kind")), "{slug}: {read:?}");
        }
    }

    /// The README's list of kinds (a line `- `slug` (…` each, under "The guided training
    /// path") is the model's list, in its order: a kind added to one and not the other fails.
    #[test]
    fn the_readme_lists_the_kinds_the_model_knows() {
        let readme = include_str!("../../README.md");
        let section = readme.split("### The guided training path").nth(1).expect("the README has the section");
        let section = section.split("\n### ").next().unwrap_or(section);
        let listed: Vec<&str> =
            section.lines().filter_map(|l| l.strip_prefix("- `")).filter_map(|l| l.split('`').next()).collect();
        assert_eq!(listed, KIND_SLUGS);
    }
}
