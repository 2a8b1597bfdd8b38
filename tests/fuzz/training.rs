//! What a class brings in: an exercise set's JSON (`exercises=`, a trainer's file), the guided
//! path's and the workshop's progress as local storage gives them back, and an LMS's cmi5
//! launch data.

use crate::prelude::*;
use crate::strategies::*;
use rescale_lab::labs::training_set::read_set;
use rescale_lab::model::json;
use rescale_lab::model::training::cmi5::LaunchData;
use rescale_lab::model::training::{Attempts, TrainingProgress, KIND_SLUGS};

/// A JSON value as a trainer's file might hold it where a field is wanted: whole numbers at the
/// edges, fractions, negatives, exponents, text (hostile or a real word), null, lists.
fn field_value() -> BoxedStrategy<String> {
    let words = vec!["hashmap", "rocksdb", "canonical", "native", "checkpoint", "unaligned", "throttle", "x"];
    prop_oneof![
        4 => select(vec![0i64, 1, 2, 3, 4, 8, 24, 100, 128, 200, 32768, 32769, 4_294_967_295, 4_294_967_296, -1])
            .prop_map(|n| n.to_string()),
        1 => select(vec!["1.5", "1e3", "-0", "1E400", "0.0", "12.0"]).prop_map(str::to_string),
        2 => select(words).prop_map(|w| format!("\"{w}\"")),
        2 => hostile_text().prop_map(|t| json_string(&t)),
        1 => select(vec!["null", "true", "[]", "{}", "[1,2]"]).prop_map(str::to_string),
    ]
    .boxed()
}

/// `text` as a JSON string literal, as the app's own JSON writer quotes it.
fn json_string(text: &str) -> String {
    let mut out = String::new();
    json::quote(&mut out, text);
    out
}

/// One exercise object: a kind (a real one mostly), an id (often one another entry holds), and
/// fields under every name any kind reads, each with any value or left out.
fn exercise_object() -> BoxedStrategy<String> {
    let names = vec![
        "m",
        "a",
        "max",
        "p",
        "group",
        "saved_max",
        "n",
        "hot",
        "q",
        "current",
        "target",
        "first",
        "sample",
        "uid",
        "state_gib",
        "rate_mib",
        "backend",
        "snapshot",
    ];
    let kind = prop_oneof![5 => select(KIND_SLUGS.to_vec()).prop_map(json_string), 1 => field_value()];
    let id = prop_oneof![3 => select(vec!["e1", "e2", "e3"]).prop_map(json_string), 1 => field_value()];
    let samples = vec!["hashmap-savepoint", "rocksdb-checkpoint", "uid-throttle", "none"];
    let fields =
        vec((select(names), prop_oneof![4 => field_value(), 1 => select(samples).prop_map(json_string)]), 0..8);
    (kind, id, hostile_text(), fields)
        .prop_map(|(kind, id, title, fields)| {
            let mut members =
                vec![format!("\"kind\":{kind}"), format!("\"id\":{id}"), format!("\"title\":{}", json_string(&title))];
            members.push("\"prompt\":\"?\"".to_string());
            members.extend(fields.into_iter().map(|(name, value)| format!("\"{name}\":{value}")));
            format!("{{{}}}", members.join(","))
        })
        .boxed()
}

/// A whole set: mostly a well-formed head around any exercises, sometimes a wrong head or text.
fn exercise_set() -> BoxedStrategy<String> {
    let head = prop_oneof![
        6 => Just("\"format\":\"rescale-lab-exercises\",\"version\":1".to_string()),
        1 => select(vec!["\"format\":\"rescale-lab-exercises\",\"version\":2", "\"version\":1", ""]).prop_map(str::to_string),
    ];
    prop_oneof![
        8 => (head, hostile_text(), vec(exercise_object(), 0..6)).prop_map(|(head, title, list)| {
            let comma = if head.is_empty() { "" } else { "," };
            format!("{{{head}{comma}\"title\":{},\"exercises\":[{}]}}", json_string(&title), list.join(","))
        }),
        1 => hostile_text(),
    ]
    .boxed()
}

/// Stored progress: a version line, then tab-separated lines of ids, verdicts and responses.
fn stored_lines(versions: Vec<&'static str>) -> BoxedStrategy<String> {
    let cell = prop_oneof![
        3 => select(vec!["correct", "incorrect", "-", "id-1", "id-2", "0", "3", "4294967296"]).prop_map(str::to_string),
        1 => hostile_text(),
    ];
    let line = vec(cell, 0..6).prop_map(|cells| cells.join("\t"));
    prop_oneof![
        6 => (select(versions), vec(line, 0..5)).prop_map(|(v, lines)| format!("{v}\n{}", lines.join("\n"))),
        1 => hostile_text(),
    ]
    .boxed()
}

/// What `parse` reads from `text`, `format` writes in a form `parse` reads back, to a fixed point.
fn reads_back<T: PartialEq + std::fmt::Debug>(
    text: &str,
    parse: fn(&str) -> Option<T>,
    format: fn(&T) -> String,
) -> Result<(), TestCaseError> {
    if let Some(read) = parse(text) {
        let again = parse(&format(&read));
        prop_assert!(again.is_some(), "{:?}", text);
        let again = again.unwrap();
        prop_assert_eq!(parse(&format(&again)), Some(again));
    }
    Ok(())
}

proptest! {
    #![proptest_config(fuzz_config())]

    /// An exercise set read from any JSON: never a panic; a refused file says why in a short
    /// line; every exercise it keeps has an id no other kept one holds and can be solved (its
    /// numbers went through the model's constructors); every skipped one is named.
    #[test]
    fn exercise_set_from_any_json(text in exercise_set()) {
        let Ok(node) = json::parse(&text) else { return Ok(()) };
        match read_set(&node, "exercises.json") {
            Err(why) => prop_assert!(!why.is_empty() && why.len() < 200, "{why:?}"),
            Ok(set) => {
                let ids: HashSet<&str> = set.exercises.iter().map(|e| e.id.as_str()).collect();
                prop_assert_eq!(ids.len(), set.exercises.len(), "{}", text);
                for e in &set.exercises {
                    let (_, explanation) = e.kind.solve();
                    prop_assert!(!explanation.is_empty());
                    prop_assert!(e.kind.lab_link().starts_with("#/"));
                }
                for problem in &set.problems {
                    prop_assert!(problem.len() < 400, "{problem:?}");
                    prop_assert!(problem.starts_with("exercise \"") || problem.starts_with("entry "), "{problem:?}");
                }
            }
        }
    }

    /// The guided path's stored progress and the workshop's stored attempts: any text reads or
    /// is refused, never a panic; what one reads, its own format writes in a form that reads
    /// back to a fixed point.
    #[test]
    fn storage_training_progress(text in stored_lines(vec!["v1", "v2", "v3", "v4", ""])) {
        reads_back(&text, TrainingProgress::parse, TrainingProgress::format)?;
    }

    #[test]
    fn storage_workshop_attempts(text in stored_lines(vec!["a1", "a2", ""])) {
        reads_back(&text, Attempts::parse, Attempts::format)?;
    }

    /// An LMS's launch data (cmi5's `LMS.LaunchData`), any text: read or refused with a reason.
    #[test]
    fn cmi5_launch_data(
        mode in select(vec!["Normal", "Browse", "Review", "normal", ""]),
        mastery in field_value(),
        url in prop_oneof![select(vec!["https://lms.example/x", "javascript:alert(1)", "//x", "http://h"]).prop_map(str::to_string), hostile_text()],
        raw in hostile_text(),
        whole in any::<bool>(),
    ) {
        let text = if whole {
            format!(
                "{{\"contextTemplate\":{{}},\"launchMode\":\"{mode}\",\"masteryScore\":{mastery},\"returnURL\":{}}}",
                json_string(&url)
            )
        } else {
            raw
        };
        match LaunchData::parse(&text) {
            Err(why) => prop_assert!(!why.is_empty() && why.len() < 300, "{why:?}"),
            Ok(data) => {
                if let Some(back) = &data.return_url {
                    prop_assert!(back.starts_with("https://") || back.starts_with("http://"), "{back:?}");
                }
            }
        }
    }
}
