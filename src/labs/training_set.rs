//! Reading an exercise set for the guided path: the JSON file (`static/exercises.json`, or a
//! same-site `exercises=PATH`), each exercise checked with the model's own constructors; an
//! exercise that does not read is skipped with the reason, the rest still load.

use crate::browser::json::{fetch_json, Json};
use crate::model::choice::ChoiceValue;
use crate::model::planner::snapshot_kinds::SnapshotKind;
use crate::model::trace::schema::Backend;
use crate::model::training::{Exercise, ExerciseKind, Sample};

fn text(value: &Json, key: &str) -> Result<String, String> {
    value.get(key).as_text().map(String::from).ok_or_else(|| format!("\"{key}\" must be text"))
}

fn number(value: &Json, key: &str) -> Result<u32, String> {
    match value.get(key).as_number() {
        Some(n) if n.fract() == 0.0 && (0.0..=4_294_967_295.0).contains(&n) => Ok(n as u32),
        _ => Err(format!("\"{key}\" must be a whole number")),
    }
}

fn sample(value: &Json) -> Result<Sample, String> {
    let slug = text(value, "sample")?;
    Sample::from_slug(&slug).ok_or_else(|| {
        format!("unknown sample {slug:?}; the bundled samples are {}", Sample::ALL.map(Sample::slug).join(", "))
    })
}

/// Reads one exercise object; problems are named so a trainer can fix the file.
fn exercise(value: &Json) -> Result<Exercise, String> {
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
                .ok_or_else(|| format!("unknown backend {slug:?}; it takes hashmap or rocksdb"))?;
            ExerciseKind::RunningMeansSafe { backend }
        }
        "snapshot_switches_backend" => {
            let slug = text(value, "snapshot")?;
            let kind = SnapshotKind::from_slug(&slug).ok_or_else(|| {
                format!("unknown snapshot {slug:?}; it takes canonical, native, checkpoint or unaligned")
            })?;
            ExerciseKind::SnapshotSwitchesBackend { kind }
        }
        other => return Err(format!("unknown kind {other:?}")),
    };
    let kind = kind.validate().map_err(|e| e.to_string())?;
    Ok(Exercise { id: text(value, "id")?, title: text(value, "title")?, prompt: text(value, "prompt")?, kind })
}

/// A loaded set: its title, its exercises, and what was wrong with the file.
#[derive(Debug, Clone, PartialEq)]
pub struct ExerciseSet {
    pub title: String,
    pub exercises: Vec<Exercise>,
    pub problems: Vec<String>,
}

pub async fn load(path: String) -> Result<ExerciseSet, String> {
    let json = fetch_json(&path).await?;
    if json.get("format").as_text() != Some("rescale-lab-exercises") || json.get("version").as_number() != Some(1.0) {
        return Err(format!("{path} is not a version-1 Rescale Lab exercise set"));
    }
    let list = json.get("exercises").as_list().ok_or_else(|| "\"exercises\" must be a list".to_string())?;
    let mut set = ExerciseSet {
        title: text(&json, "title").unwrap_or_else(|_| "Exercises".into()),
        exercises: Vec::new(),
        problems: Vec::new(),
    };
    for (i, item) in list.iter().enumerate() {
        match exercise(item) {
            Ok(e) => set.exercises.push(e),
            Err(why) => set.problems.push(format!("exercise {} was skipped: {why}", i + 1)),
        }
    }
    Ok(set)
}

/// A same-site relative path for `exercises=`, or `None`.
pub fn safe_path(path: &str) -> Option<String> {
    let ok = !path.is_empty()
        && !path.contains("://")
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.starts_with("data:")
        && !path.starts_with("javascript:");
    ok.then(|| path.to_string())
}
