//! Every body captured from Flink 2.3.0's REST endpoint (`tests/flink-rest-metrics/
//! bodies-flink-2.3.0/`, see its README) reads to the job's own counts, and the skew computed
//! from the per-subtask values is Flink's own `skew` field; malformed, truncated and foreign
//! text is refused with the byte and the field.

use super::*;
use proptest::prelude::*;

macro_rules! body {
    ($name:literal) => {
        ($name, include_str!(concat!("../../../../tests/flink-rest-metrics/bodies-flink-2.3.0/", $name)))
    };
}

const AGGREGATED: (&str, &str) = body!("subtasks-metrics-numRecordsIn.json");
const RATE_SETTLED: (&str, &str) = body!("subtasks-metrics-numRecordsInPerSecond.settled.json");
const RATE_FLOWING: (&str, &str) = body!("subtasks-metrics-numRecordsInPerSecond.while-flowing.json");
const SUBTASKS: [(&str, &str); 4] = [
    body!("subtask-0-metrics-numRecordsIn.json"),
    body!("subtask-1-metrics-numRecordsIn.json"),
    body!("subtask-2-metrics-numRecordsIn.json"),
    body!("subtask-3-metrics-numRecordsIn.json"),
];
const VERTEX: (&str, &str) = body!("vertex.json");
const EXPECTED_COUNTS: (&str, &str) = body!("expected-counts.txt");
const METRIC_IDS: (&str, &str) = body!("subtasks-metrics-ids.sorted.txt");

/// The job's own count per subtask, from `expected-counts.txt` (`subtask <i> <records>`).
fn job_counts() -> Vec<u64> {
    EXPECTED_COUNTS
        .1
        .lines()
        .filter_map(|l| l.strip_prefix("subtask "))
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect()
}

fn per_subtask(text: &str) -> SubtaskMetrics {
    match read(text) {
        Ok(Imported::PerSubtask(m)) => m,
        other => panic!("{other:?}"),
    }
}

fn error(text: &str) -> String {
    read(text).expect_err(text).to_string()
}

#[test]
fn every_committed_body_reads_to_the_jobs_own_counts() {
    let counts = job_counts();
    assert_eq!(counts, vec![1290, 1084, 8293, 1333]);
    let all_four: String = SUBTASKS.iter().map(|(_, t)| *t).collect();
    // (file, body, metric, values) for every body with per-subtask values.
    for (file, text, body, metric, values) in [
        (VERTEX.0, VERTEX.1.to_string(), Body::VertexDetails, Metric::ReadRecords, counts.clone()),
        ("subtask-{0,1,2,3}-…", all_four.clone(), Body::SubtaskLists, Metric::NumRecordsIn, counts.clone()),
        (SUBTASKS[2].0, SUBTASKS[2].1.to_string(), Body::SubtaskLists, Metric::NumRecordsIn, vec![8293]),
    ] {
        let m = per_subtask(&text);
        assert_eq!((m.body, m.metric, &m.values, m.scale), (body, metric, &values, 0), "{file}");
    }
    let v = per_subtask(VERTEX.1);
    assert_eq!(v.bytes, Some(vec![27094, 22768, 174157, 27997]));
    let vertex = v.vertex.clone().unwrap();
    assert_eq!((vertex.parallelism, vertex.max_parallelism), (Some(4), Some(128)));
    assert_eq!(vertex.id.as_deref(), Some("b2856b4d021e3d9347447624f34b9a39"));
    assert_eq!(vertex.name.as_deref(), Some("keyed-op -> sink: Writer"));
    assert!(v.notes.is_empty(), "{:?}", v.notes);
    let groups = v.key_groups().unwrap();
    assert_eq!((groups.most, groups.fewest), (32, 32));
    assert_eq!((v.busiest(), v.share_permille(2), v.max_over_mean_milli()), (2, 691, 2764));
    assert!(per_subtask(SUBTASKS[2].1).notes[0].contains("paste one body per subtask"));
    // As one list of lists.
    let nested = format!("[{}]", SUBTASKS.iter().map(|(_, t)| t.trim()).collect::<Vec<_>>().join(","));
    assert_eq!(per_subtask(&nested).values, counts);
}

#[test]
fn skew_from_subtask_values_is_flinks_own_skew_field() {
    // (source of the per-subtask values, Flink's aggregated body for the same moment)
    let all_four: String = SUBTASKS.iter().map(|(_, t)| *t).collect();
    for (file, values) in
        [(VERTEX.0, per_subtask(VERTEX.1).values), ("subtask-{0..3}-…", per_subtask(&all_four).values)]
    {
        let m = SubtaskMetrics {
            body: Body::SubtaskLists,
            metric: Metric::NumRecordsIn,
            vertex: None,
            values,
            scale: 0,
            bytes: None,
            notes: vec![],
        };
        let Ok(Imported::AggregatedOnly(flink)) = read(AGGREGATED.1) else { panic!("{}", AGGREGATED.0) };
        assert_eq!(flink.skew_text, "88.21666666666667", "{}", AGGREGATED.0);
        // Exact: 100 · Σ|n·v − S| / (n·S) = 100 · 42344 / 48000 = 88.2166…
        let n = m.values.len() as u128;
        let sum = m.total();
        let deviation: u128 = m.values.iter().map(|&v| (u128::from(v) * n).abs_diff(sum)).sum();
        assert_eq!((deviation, n * sum), (42344, 48000), "{file}");
        // Flink's decimal text F·10^e against 100·deviation/(n·S): equal to within 10^-12.
        let (f, e) = (flink.skew.digits, flink.skew.exponent);
        assert_eq!(e, -14);
        let ours_scaled = 100 * deviation * 10u128.pow(14);
        let diff = (f * n * sum).abs_diff(ours_scaled);
        assert!(diff * 1_000_000_000_000 < n * sum * 10u128.pow(14), "{file}: {f}e{e} vs {ours_scaled}/{}", n * sum);
        assert_eq!((m.skew_percent(), Imported::AggregatedOnly(flink.clone()).skew_percent()), (88, 88), "{file}");
        assert_eq!(m.skew_ten_thousandths(), 882_167, "{file}");
        assert_eq!(
            (flink.min, flink.max, flink.avg, flink.sum),
            (
                Decimal::parse("1084").ok(),
                Decimal::parse("8293").ok(),
                Decimal::parse("3000").ok(),
                Decimal::parse("12000").ok()
            )
        );
    }
}

#[test]
fn aggregated_bodies_give_flinks_skew_but_no_subtask() {
    let Ok(agg) = read(AGGREGATED.1) else { panic!() };
    assert_eq!(
        (agg.body(), agg.metric(), agg.skew_percent(), agg.max_over_mean_milli()),
        (Body::Aggregated, Metric::NumRecordsIn, 88, Some(2764))
    );
    let Ok(settled) = read(RATE_SETTLED.1) else { panic!() };
    assert_eq!(
        (settled.metric(), settled.skew_percent(), settled.max_over_mean_milli()),
        (Metric::NumRecordsInPerSecond, 0, None)
    );
    // Values replaced by "<rate>" in the capture: a clear refusal naming the field.
    assert_eq!(
        error(RATE_FLOWING.1),
        "At byte 37: \"min\" of numRecordsInPerSecond is the text \"<rate>\", not a number."
    );
    // Both metrics in one body: the Data Skew tab's numRecordsIn is used.
    let both = format!(
        "[{},{}]",
        RATE_SETTLED.1.trim().trim_matches(['[', ']']),
        AGGREGATED.1.trim().trim_matches(['[', ']'])
    );
    assert_eq!(read(&both).unwrap().metric(), Metric::NumRecordsIn);
    for (text, expected) in [
        (
            r#"[{"id":"numRecordsIn","min":1.0,"max":3.0}]"#,
            "At byte 1: the aggregated numRecordsIn has no \"skew\" field",
        ),
        (r#"[{"id":"numRecordsIn","skew":101.5}]"#, "\"skew\" of numRecordsIn is above 100"),
        (
            r#"[{"id":"busyTimeMsPerSecond","max":1000.0,"skew":3.0}]"#,
            "these metrics (busyTimeMsPerSecond) hold no numRecordsIn",
        ),
    ] {
        let message = error(text);
        assert!(message.contains(expected), "{text}: {message}");
    }
    let round = |s: &str| read(&format!(r#"[{{"id":"numRecordsIn","skew":{s}}}]"#)).unwrap().skew_percent();
    assert_eq!(
        (round("12.5"), round("12.499999999999998"), round("100.0"), round("0.0"), round("1.0E2")),
        (13, 12, 100, 0, 100)
    );
}

#[test]
fn other_list_forms_and_rates() {
    let indexed = r#"[{"id":"2.numRecordsIn","value":"8293"},{"id":"0.numRecordsIn","value":"1290"},
        {"id":"1.numRecordsIn","value":"1084"},{"id":"3.numRecordsIn","value":"1333"},{"id":"0.numRecordsOut","value":"7"}]"#;
    let m = per_subtask(indexed);
    assert_eq!((m.body, m.values.clone(), m.skew_percent()), (Body::IndexedList, job_counts(), 88));
    // Rates as Java writes doubles: one common scale, exact.
    let rates = ["33.333333333333336", "1.2E7", "0.0", "3.3E-4"]
        .map(|r| format!(r#"[{{"id":"numRecordsInPerSecond","value":"{r}"}}]"#))
        .join("\n");
    let m = per_subtask(&rates);
    assert_eq!(m.metric, Metric::NumRecordsInPerSecond);
    // 1.2E7 at 10^-15 would pass u64, so the common scale is the finest that fits: 10^-12.
    assert_eq!(m.scale, 12);
    assert_eq!(m.values, vec![33_333_333_333_333, 12_000_000_000_000_000_000, 0, 330_000_000]);
    assert_eq!(format_units(m.values[1], m.scale, 3), "12000000");
    assert_eq!(format_units(m.values[0], m.scale, 3), "33.333");
    assert_eq!(m.skew_percent(), 100);
}

#[test]
fn format_units_table() {
    for (units, scale, places, expected) in [
        (12345, 3, 2, "12.35"),
        (12345, 3, 3, "12.345"),
        (12000, 3, 3, "12"),
        (5, 0, 3, "5"),
        (1, 4, 3, "0"),
        (5, 4, 3, "0.001"),
        (u64::MAX, 18, 3, "18.447"),
    ] {
        assert_eq!(format_units(units, scale, places), expected, "{units} {scale} {places}");
    }
}

#[test]
fn malformed_truncated_and_foreign_text_is_refused_clearly() {
    for (text, expected) in [
        (EXPECTED_COUNTS.1, "This is not complete JSON: at byte 0: expected a JSON value"),
        (METRIC_IDS.1, "This is not complete JSON: at byte 0: expected a JSON value (an object, a list, a string, a number, true, false or null), found 'S'"),
        ("", "This is not complete JSON: there is no text to read."),
        (r#"{"errors":["Not found: /jobs/x/vertices/y"]}"#, "This is Flink's error answer, not metrics: \"Not found: /jobs/x/vertices/y\""),
        (r#"{"jid":"x","name":"job","vertices":[]}"#, "At byte 0: this is a job's details (GET /jobs/<job>)"),
        (r#"{"foo":1,"bar":2}"#, "At byte 0: an object with the fields foo, bar. Paste the vertex details"),
        ("[]", "an empty list (Flink answers [] when no metric has the requested name"),
        ("42", "At byte 0: the number 42, not a REST body"),
        ("[1,2]", "At byte 1: an entry of the metric list is the number 1, not {\"id\": …, \"value\": …}."),
        (r#"[{"id":"keyed-op.numRecordsIn","value":"5"}]"#, "(operator-scoped ids such as <operator>.numRecordsIn are not the task's numRecordsIn)"),
        (r#"[{"id":"numRecordsIn","value":"NaN"}]"#, "At byte 30: numRecordsIn of the metric list is the text \"NaN\", not a number."),
        (r#"[{"id":"numRecordsIn","value":"-4"}]"#, "is the text \"-4\" (negative)"),
        (r#"[{"id":"numRecordsIn"}]"#, "the metric numRecordsIn of the metric list has no \"value\" field"),
        ("[{\"id\":\"numRecordsIn\",\"value\":\"1\"}]\n[{\"id\":\"numRecordsOut\",\"value\":\"1\"}]", "body 2 (subtask 1) has no numRecordsIn (the first body has it)"),
        ("[{\"id\":\"numRecordsIn\",\"value\":\"1\"}]\n{\"a\":1}", "At byte 36: several JSON values pasted together"),
        (r#"[{"id":"0.numRecordsIn","value":"1"},{"id":"2.numRecordsIn","value":"1"}]"#, "Subtask 1 has no value (expected one for each of subtasks 0 to 1)."),
        (r#"[{"id":"0.numRecordsIn","value":"1"},{"id":"0.numRecordsIn","value":"1"}]"#, "subtask 0 is given a second time"),
        (r#"{"subtasks":[{"subtask":0,"metrics":{"read-records":1}},{"subtask":2,"metrics":{"read-records":1}}]}"#, "\"subtask\" is 2, but there are only 2 subtasks"),
        (r#"{"subtasks":[{"subtask":0,"metrics":{"read-records":"x"}}]}"#, "\"read-records\" of subtask 0 is the text \"x\", not a number"),
        (r#"{"subtasks":[{"subtask":0.5,"metrics":{}}]}"#, "\"subtask\" is the number 0.5, not a whole number"),
        (r#"{"subtasks":[{"subtask":0}]}"#, "subtask 0 has no \"metrics\" field"),
        (r#"{"subtasks":[]}"#, "\"subtasks\" is empty"),
        (r#"{"subtasks":{}}"#, "\"subtasks\" is an object, not a list"),
        (r#"[{"id":"numRecordsIn","value":"99999999999999999999"}]"#, "above 18446744073709551615"),
    ] {
        let message = error(text);
        assert!(message.contains(expected), "{text:.60}: {message}");
    }
    // Every cut of a committed single body is refused, with the byte where it ends.
    for (file, text) in [AGGREGATED, RATE_SETTLED, VERTEX, SUBTASKS[0]] {
        let whole = text.trim_end();
        for cut in 0..whole.len() {
            let message = error(&whole[..cut]);
            assert!(message.contains("byte") || message.contains("no text"), "{file} cut at {cut}: {message}");
        }
    }
    let truncated = error(&VERTEX.1[..2000]);
    assert_eq!(
        truncated,
        format!("This is not complete JSON: {}.", crate::json::parse(&VERTEX.1[..2000]).unwrap_err())
    );
}

#[test]
fn notes_for_incomplete_counts_and_other_states() {
    let text = r#"{"parallelism":3,"maxParallelism":128,"subtasks":[
        {"subtask":1,"status":"RUNNING","metrics":{"read-records":5,"read-records-complete":false,"read-bytes":9}},
        {"subtask":0,"status":"FAILED","metrics":{"read-records":7,"read-records-complete":true}}]}"#;
    let m = per_subtask(text);
    assert_eq!((m.values.clone(), m.bytes.clone()), (vec![7, 5], None));
    assert_eq!(m.notes.len(), 3, "{:?}", m.notes);
    assert!(m.notes[0].contains("parallelism 3 but lists 2"));
    assert!(m.notes[1].contains("not complete on subtask 1"));
    assert!(m.notes[2].contains("subtask 0 (FAILED)"));
    assert_eq!(m.key_groups(), None, "the subtask count does not match the parallelism");
}

proptest! {
    #[test]
    fn never_panics_on_mutated_bodies(
        which in 0usize..4, at in any::<prop::sample::Index>(), byte in any::<u8>(), cut in any::<prop::sample::Index>()
    ) {
        let text = [AGGREGATED.1, VERTEX.1, SUBTASKS[1].1, RATE_FLOWING.1][which];
        let mut bytes = text.as_bytes().to_vec();
        let i = at.index(bytes.len());
        bytes[i] = byte;
        let mutated = String::from_utf8_lossy(&bytes).into_owned();
        let end = cut.index(mutated.len() + 1);
        if let Some(prefix) = mutated.get(..end) {
            if let Ok(m) = read(prefix) {
                prop_assert!(m.skew_percent() <= 100);
            }
        }
        let _ = read(&mutated).map(|m| m.skew_percent());
    }
}

mod subtask_count;
mod the_job;
