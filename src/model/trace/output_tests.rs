//! Job outputs read and checked: the trace files' exact shape, a table of outputs with their
//! verdicts and of malformed outputs with their messages, properties (the truth always checks
//! preserved; dropping or lowering any key gives lost; raising one or adding one gives wrong),
//! and the outputs of the real Flink 2.3.0 runs in `tests/flink-trace-kit/`.

use proptest::prelude::*;

use super::*;
use crate::trace::output_reader::OutputReader;

const PLAIN: Trace = Trace { keys: 12, events: 240, hot: false };

fn verdict(trace: &Trace, text: &str) -> OutputVerdict {
    check(trace, &JobOutput::parse(text).unwrap()).verdict
}

fn error(text: &str) -> String {
    JobOutput::parse(text).unwrap_err().to_string()
}

#[test]
fn the_trace_files_open_as_documented() {
    let csv = PLAIN.csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 241);
    assert_eq!(lines[0], "offset,key,value");
    for (i, line) in lines[1..].iter().enumerate() {
        let (k, v) = super::super::event(i as u32, 12, false);
        assert_eq!(*line, format!("{i},{k},{v}"));
    }
    let totals = PLAIN.totals_csv();
    assert!(totals.starts_with("key,total\ncustomer-0,"), "{totals}");
    assert!(totals.ends_with("\nsource_offset,240\n"));
    let sum: i64 = PLAIN.totals().values().sum();
    let by_hand: i64 = (0..240).map(|o| i64::from(o % 7) + 1).sum();
    assert_eq!(sum, by_hand);
}

#[test]
fn outputs_and_their_verdicts() {
    let truth = PLAIN.totals();
    let (k0, t0) = truth.iter().next().map(|(k, &t)| (k.clone(), t)).unwrap();
    let good = PLAIN.totals_csv();
    let without_offset = good.replace("source_offset,240\n", "");
    let crlf_quoted_bom =
        format!("\u{feff}{}", good.replace(&format!("{k0},"), &format!("\"{k0}\","))).replace('\n', "\r\n");
    let low = good.replace(&format!("{k0},{t0}\n"), &format!("{k0},{}\n", t0 - 1));
    let high = good.replace(&format!("{k0},{t0}\n"), &format!("{k0},{}\n", t0 + 1));
    let gone = good.replace(&format!("{k0},{t0}\n"), "");
    for (name, text, expected) in [
        ("the truth", good.clone(), OutputVerdict::Preserved),
        ("without the offset row", without_offset, OutputVerdict::Preserved),
        ("CRLF, a BOM, a quoted key, blank lines", format!("{crlf_quoted_bom}\r\n\r\n"), OutputVerdict::Preserved),
        ("a total below the truth", low, OutputVerdict::Lost),
        ("a key missing", gone, OutputVerdict::Lost),
        ("the source short of the end", good.replace("source_offset,240", "source_offset,160"), OutputVerdict::Lost),
        ("a total above the truth", high.clone(), OutputVerdict::Wrong),
        ("an extra key", format!("{good}customer-99,5\n"), OutputVerdict::Wrong),
        ("the source past the end", good.replace("source_offset,240", "source_offset,400"), OutputVerdict::Wrong),
        (
            "lost wins over wrong",
            format!("{}customer-99,5\n", high.replace("source_offset,240", "source_offset,1")),
            OutputVerdict::Lost,
        ),
    ] {
        assert_eq!(verdict(&PLAIN, &text), expected, "{name}");
    }
    let c = check(&PLAIN, &JobOutput::parse(&format!("{good}customer-99,5\n")).unwrap());
    assert_eq!((c.keys, c.matched, c.extra.clone()), (12, 12, vec![("customer-99".to_string(), 5)]));
}

#[test]
fn malformed_outputs_name_the_line_and_the_problem() {
    for (text, message) in [
        ("", "the output is empty"),
        ("\n \r\n", "the output is empty"),
        ("offset,key,value\n0,customer-1,1\n", "line 1: the header must be key,total, found \"offset,key,value\""),
        ("key,total\ncustomer-1,12,3\n", "line 2: a row is key,total (2 fields), found 3 fields"),
        ("key,total\n\ncustomer-1\n", "line 3: a row is key,total (2 fields), found 1 field"),
        ("key,total\ncustomer-1,twelve\n", "line 2: the total \"twelve\" is not a whole number"),
        ("key,total\ncustomer-1,1.5\n", "line 2: the total \"1.5\" is not a whole number"),
        (
            "key,total\ncustomer-1,99999999999999999999\n",
            "line 2: the total \"99999999999999999999\" is outside the 64-bit range of a Java long (-9223372036854775808 to 9223372036854775807)",
        ),
        ("key,total\ncustomer-1,9223372036854775807\ncustomer-2,9223372036854775808\n", "line 3: the total \"9223372036854775808\" is outside"),
        ("key,total\ncustomer-1,-9223372036854775809\n", "line 2: the total \"-9223372036854775809\" is outside"),
        ("key,total\ncustomer-1,-\n", "line 2: the total \"-\" is not a whole number"),
        ("key,total\ncustomer-1,1\ncustomer-1,2\n", "line 3: \"customer-1\" appears twice (first on line 2)"),
        // A byte-order mark, then a blank line: lines count as the reader counts them.
        ("\u{feff}\nkey,total\ncustomer-1,1\ncustomer-1,2\n", "line 4: \"customer-1\" appears twice (first on line 3)"),
        ("key,total\nsource_offset,-1\n", "line 2: source_offset \"-1\" is not a whole number of 0 or more"),
        ("key,total\nsource_offset,1\nsource_offset,2\n", "line 3: \"source_offset\" appears twice (first on line 2)"),
        ("key,total\n,4\n", "line 2: the key is empty"),
        ("key,total\n\"customer-1,4\n", "line 2: a quoted key has no closing double quote"),
        ("key,total\n\"customer\"-1,4\n", "line 2: text follows a closing double quote"),
        ("key,total\ncustomer\"1,4\n", "line 2: a double quote inside an unquoted field; quote the whole key"),
        ("<script>alert(1)</script>\u{7}", "found \"<script>alert(1)</script>\\u0007\""),
    ] {
        let e = error(text);
        assert!(e.contains(message), "{text:?}: {e}");
    }
    let long = format!("{}\n", "x".repeat(500));
    assert!(error(&long).ends_with(&format!("\"{}…\"", "x".repeat(40))));
    let huge = format!("key,total\n{}", "customer-1,1\n".repeat(MAX_BYTES / 13 + 1));
    assert!(error(&huge).contains("more than the 4194304 bytes (4096 KB)"), "{}", error(&huge));
    // One byte over the bound says so, not "4096 KB, more than the 4096 KB".
    let one_over = format!("{TOTALS_HEADER}\n{}", "k".repeat(MAX_BYTES - TOTALS_HEADER.len()));
    assert!(
        error(&one_over).starts_with("the output is 4194305 bytes, more than the 4194304 bytes"),
        "{}",
        error(&one_over)
    );
    let many: String = (0..=MAX_ROWS).map(|i| format!("k{i},1\n")).collect();
    assert_eq!(JobOutput::parse(&format!("key,total\n{many}")), Err(OutputError::TooManyRows));
    // The bound itself reads, in steps too, and a problem on the last row is found there.
    let bound = format!("key,total\n{}", &many[..many.rfind("k100000").unwrap()]);
    let mut reader = OutputReader::new(&bound).unwrap();
    let mut steps = 0;
    while !reader.done() {
        reader.step(&bound, 2000).unwrap();
        steps += 1;
    }
    assert_eq!((steps, reader.finish().totals.len()), (50, MAX_ROWS));
    let dup_last = bound.replace("\nk99999,1\n", "\nk0,2\n");
    assert_eq!(error(&dup_last), "line 100001: \"k0\" appears twice (first on line 2)");
}

/// A reader handed another text than its own reads what it can and never panics.
#[test]
fn a_reader_given_another_text_does_not_panic() {
    let own = "key,total\ncustomer-1,1\ncustomer-2,2\n";
    for other in ["", "k", "é", "key,total\n"] {
        let mut reader = OutputReader::new(own).unwrap();
        reader.step(own, 1).unwrap();
        let _ = reader.step(other, 10);
        assert!(reader.permille(other) <= 1000);
    }
}

/// The outputs of the real runs (`tests/flink-trace-kit/`): the trace the model generates for
/// the lab's default link, run by Flink 2.3.0 through a keyed sum, stopped with a savepoint at
/// offset 160 at parallelism 4 and restored at 6 (as it was, with a uid changed, or keyed by
/// another key function).
#[test]
fn the_real_flink_runs_check_as_observed() {
    macro_rules! read {
        ($name:literal) => {
            include_str!(concat!("../../../tests/flink-trace-kit/", $name)).to_string()
        };
    }
    assert_eq!(read!("trace.csv"), PLAIN.csv(), "the committed trace is the lab's");
    assert_eq!(read!("trace-totals.csv"), PLAIN.totals_csv());
    let good = check(&PLAIN, &JobOutput::parse(&read!("output-restored-p6.csv")).unwrap());
    assert_eq!((good.verdict, good.matched, good.offset), (OutputVerdict::Preserved, 12, Some(240)));
    let lost = check(&PLAIN, &JobOutput::parse(&read!("output-uid-changed-p6.csv")).unwrap());
    assert_eq!(lost.verdict, OutputVerdict::Lost);
    assert!(lost.matched < 12 && lost.above.is_empty() && lost.extra.is_empty(), "{lost:?}");
    let twice = check(&PLAIN, &JobOutput::parse(&read!("output-source-uid-changed-p6.csv")).unwrap());
    assert_eq!(twice.verdict, OutputVerdict::Wrong);
    assert!(twice.missing.is_empty() && twice.below.is_empty() && !twice.above.is_empty(), "{twice:?}");
    // What Flink printed agrees with the lab's model of the same run: the keys' owners before
    // and after, and the operator ids whose state was skipped.
    let observed = crate::observed::TRACE_KIT;
    let max = crate::MaxParallelism::new(128).unwrap();
    let input = |scenario| super::super::TraceInput {
        scenario,
        p1: crate::Parallelism::new(4, max).unwrap(),
        p2: 6,
        keys: 12,
        events: 240,
        snapshot_at: 160,
        backend: super::super::Backend::HashMap,
    };
    let run = input(super::super::Scenario::PlainRescale).run();
    let owners = |after: bool| {
        run.rows
            .iter()
            .map(|r| if after { r.owner_after.unwrap() } else { r.owner_before })
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    };
    assert!(observed.contains(&format!("events summed before the savepoint: 160, by {} of 4 subtasks", owners(false))));
    assert!(observed.contains(&format!(
        "events summed after the restore: 80, the first at offset 160, by {} of 6 subtasks",
        owners(true)
    )));
    for scenario in
        [super::super::Scenario::UidChangedAllowNonRestored, super::super::Scenario::SourceUidChangedAllowNonRestored]
    {
        let log = &input(scenario).run().log[0];
        assert!(observed.contains(&format!("log: {log}")), "{log}");
    }
    // The key function changed (keyed by key.toUpperCase()): the job finishes, the old keys
    // keep what was restored and the new keys hold the events after the snapshot, as the lab's
    // run says (a customer's row holds its restored total, its new key is listed beside it, in
    // the key group and at the owner Flink's output shows); the output is lost.
    assert!(observed.contains(
        "the key function changed to key.toUpperCase()\n  job ended FINISHED; events summed after the restore: 80, the first at offset 160"
    ));
    let upper = JobOutput::parse(&read!("output-key-upper-p6.csv")).unwrap();
    let restored = JobOutput::parse(&read!("output-restored-p6.csv")).unwrap();
    let run = input(super::super::Scenario::KeyFunctionChanged).run();
    assert_eq!((run.rows.len(), run.new_keys.len(), upper.totals.len()), (12, 12, 24));
    for (row, new) in run.rows.iter().zip(&run.new_keys) {
        assert_eq!((row.actual, new.from.as_str()), (Some(upper.totals[&row.key]), row.key.as_str()));
        assert_eq!((new.key.as_str(), Some(&new.total)), (row.key.to_uppercase().as_str(), upper.totals.get(&new.key)));
        assert_eq!(
            upper.totals[&row.key] + new.total,
            row.expected,
            "{}: the two histories add up to the truth",
            row.key
        );
        assert_eq!(restored.totals[&row.key], row.expected);
    }
    // CUSTOMER-0 is in a key group of its own, owned at p=6 by another subtask than customer-0.
    let zero = &run.new_keys[0];
    assert_eq!((zero.key.as_str(), zero.key_group, zero.owner), ("CUSTOMER-0", 73, 3));
    assert_eq!((run.rows[0].key_group, run.rows[0].owner_after), (16, Some(0)));
    assert_eq!(check(&PLAIN, &upper).verdict, OutputVerdict::Lost);
    assert_eq!(run.verdict, super::super::TraceVerdict::Lost);
}

/// A trace's keys are numbered below `keys` and below `MAX_KEYS`: asked for more, it names at
/// most that many, and its totals list each once, in number order.
#[test]
fn a_trace_names_at_most_max_keys() {
    use crate::trace::kit::MAX_KEYS;
    let wide = Trace { keys: 100_000, events: 20_000, hot: false };
    let totals = wide.totals_by_number();
    assert_eq!(totals.len(), MAX_KEYS as usize);
    assert!(totals.iter().enumerate().all(|(k, (name, _))| *name == crate::trace::key_name(k as u32)));
    assert_eq!(totals.iter().map(|(_, t)| t).sum::<i64>(), wide.events().map(|(_, _, v)| v).sum::<i64>());
    assert_eq!(wide.totals_csv(), Trace { keys: MAX_KEYS, ..wide }.totals_csv());
}

proptest! {
    #[test]
    fn the_truth_checks_preserved_and_any_loss_is_caught(keys in 1u32..40, events in 1u32..600, hot: bool, pick: usize, delta in 1i64..1000) {
        let trace = Trace { keys, events, hot };
        let good = trace.totals_csv();
        prop_assert_eq!(verdict(&trace, &good), OutputVerdict::Preserved);
        let truth = trace.totals();
        let (key, total) = truth.iter().nth(pick % truth.len()).map(|(k, &t)| (k.clone(), t)).unwrap();
        let row = format!("\n{key},{total}\n");
        prop_assert_eq!(verdict(&trace, &good.replace(&row, "\n")), OutputVerdict::Lost);
        prop_assert_eq!(verdict(&trace, &good.replace(&row, &format!("\n{key},{}\n", total - delta))), OutputVerdict::Lost);
        prop_assert_eq!(verdict(&trace, &good.replace(&row, &format!("\n{key},{}\n", total + delta))), OutputVerdict::Wrong);
        prop_assert_eq!(verdict(&trace, &format!("{good}not-{key},{delta}\n")), OutputVerdict::Wrong);
    }

    #[test]
    fn a_text_read_in_steps_reads_as_at_once(text in "[a-z0-9,\"\r\n \u{feff}]{0,120}", header: bool, rows in 1usize..5) {
        let text = if header { format!("\u{feff}key,total\r\n{text}") } else { text };
        let mut stepped = OutputReader::new(&text);
        let mut permille = 0;
        let stepped = loop {
            match stepped {
                Ok(ref mut r) if !r.done() => {
                    if let Err(e) = r.step(&text, rows) {
                        break Err(e);
                    }
                    prop_assert!(r.permille(&text) >= permille && r.permille(&text) <= 1000);
                    permille = r.permille(&text);
                }
                Ok(r) => break Ok(r.finish()),
                Err(e) => break Err(e),
            }
        };
        prop_assert_eq!(stepped, JobOutput::parse(&text));
    }

    #[test]
    fn the_totals_are_the_events_summed(keys in 1u32..300, events in 0u32..2000, hot: bool) {
        let trace = Trace { keys, events, hot };
        let mut by_event = std::collections::BTreeMap::<String, i64>::new();
        for (_, k, v) in trace.events() {
            *by_event.entry(k).or_default() += v;
        }
        prop_assert_eq!(trace.totals(), by_event);
    }

    #[test]
    fn any_text_reads_or_names_a_line(text in "[a-z0-9,\"\r\n ]{0,80}") {
        match JobOutput::parse(&format!("key,total\n{text}")) {
            Ok(out) => prop_assert!(out.totals.len() <= text.lines().count()),
            Err(e) => prop_assert!(e.to_string().starts_with("line "), "{}", e),
        }
    }
}
