//! The restore predictor against Flink: every case of `tests/flink-restore/`'s report, and the
//! mixed max parallelisms of `tests/flink-mixed-maxp/`, read from the files themselves.

use super::*;

fn m(v: i64) -> MaxParallelism {
    MaxParallelism::new(v).unwrap()
}

/// What Flink 2.3.0 printed for every case (`tests/flink-restore/run.sh`).
const OBSERVED: &str = crate::observed::RESTORE;

/// The number after `key` in `line` (`p=200` → 200), if any.
fn number_after(line: &str, key: &str) -> Option<i64> {
    let rest = &line[line.find(key)? + key.len()..];
    rest[..rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len())].parse().ok()
}

/// Flink's root message is the model's, its "…" placeholders aside: the first piece starts
/// Flink's message and the last ends it, so a quote cut short, or one with words Flink did
/// not write, fails.
fn assert_flink_says(name: &str, check: &FailedCheck, root: &str) {
    let message = check.flink_message();
    let mut rest = root;
    for (k, piece) in message.split('…').enumerate() {
        let at = rest.find(piece).unwrap_or_else(|| panic!("case {name}: {piece:?} not in Flink's {root:?}"));
        assert!(k > 0 || at == 0, "case {name}: Flink's message starts {root:?}");
        rest = &rest[at + piece.len()..];
    }
    assert!(rest.is_empty(), "case {name}: Flink's message goes on after the quote: {rest:?}");
}

/// A snapshot whose operators record different max parallelisms
/// (`tests/flink-mixed-maxp/`: 2u's stop savepoint, its source at 128 and the rest at 60,
/// read from the file), restored with one parallelism and at most one job-wide max
/// parallelism (cases 3a, 3e, 3f): whichever operator the question is asked from, the
/// others' least max parallelism beside it, the model gives Flink's outcome and message.
/// Cases 3b, 3c and 3d set an operator's own max parallelism, which the model does not take.
#[test]
fn mixed_snapshot_cases_observed_in_flink() {
    let lines: Vec<&str> = crate::observed::MIXED_MAXP.lines().collect();
    let recorded: Vec<i64> = lines
        .iter()
        .filter(|l| l.starts_with("2u stop savepoint operator "))
        .map(|l| number_after(l, "maxParallelism=").expect(l))
        .collect();
    assert_eq!(recorded.len(), 3, "2u's stop savepoint: three operators");
    let mut cases = 0;
    for tag in ["3a", "3e", "3f"] {
        let header = lines.iter().find(|l| l.starts_with(&format!("== {tag}. "))).expect(tag);
        let outcome =
            lines.iter().position(|l| l.starts_with(&format!("{tag} FAIL")) || l.starts_with(&format!("{tag} OK")));
        let outcome = lines[outcome.unwrap_or_else(|| panic!("{tag}: no outcome line"))];
        let p = number_after(header, "-p ").expect(header);
        let max = number_after(header, "env.setMaxParallelism(").map(m);
        let running: Vec<i64> = lines
            .iter()
            .filter(|l| l.starts_with(&format!("{tag} rest vertex ")))
            .map(|l| number_after(l, "maxParallelism=").expect(l))
            .collect();
        for &chosen in &recorded {
            let others = recorded.iter().filter(|&&v| v != chosen).min().map(|&v| m(v));
            let input =
                RestoreInput { others, ..RestoreInput::new(Some((m(chosen), SavedHow::Derived)), p, max).unwrap() };
            match (input.predict(), outcome.split_once(" root: ")) {
                (RestoreOutcome::Fails(check), Some((_, root))) => assert_flink_says(tag, &check, root),
                (RestoreOutcome::Ok { max_parallelism, .. }, None) => {
                    assert!(outcome.starts_with(&format!("{tag} OK")), "{tag}: {outcome}");
                    assert!(running.contains(&i64::from(max_parallelism)), "{tag}: {chosen} runs at {running:?}");
                }
                (predicted, _) => panic!("{tag} from {chosen}: Flink said {outcome:?}, the model {predicted:?}"),
            }
            cases += 1;
        }
    }
    assert_eq!(cases, 9);
}

/// Every case of the observation file, read from the file itself (not a copy of it): the
/// case's snapshot, parallelism and max parallelism in, Flink's outcome out. A failure must
/// be the check the model names, with Flink's message (the model's text with its "…"
/// placeholders, each piece found in order in Flink's); a start must run at the max
/// parallelism the model gives, and an unset one is adopted from the snapshot exactly when
/// Flink's own derivation would have given another value.
#[test]
fn every_case_observed_in_flink() {
    let lines: Vec<&str> = OBSERVED.lines().skip_while(|l| !l.contains("SUMMARY")).collect();
    let mut cases = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(name) =
            line.split_whitespace().next().filter(|n| n.len() <= 3 && n.starts_with(|c: char| c.is_ascii_lowercase()))
        else {
            continue;
        };
        let (case, outcome) = line.split_at(line.find("FAIL").or_else(|| line.find("OK ")).expect(line));
        let saved = if case.contains("SP_DERIVED(128)") {
            Some((m(128), SavedHow::Derived))
        } else if case.contains("SP_EXPLICIT(128)") {
            Some((m(128), SavedHow::Explicit))
        } else {
            assert!(case.contains("no savepoint"), "case {name}: which snapshot? {case}");
            None
        };
        let p = number_after(case, "p=").expect(case);
        let max = number_after(case, "maxp=").map(m);
        assert!(max.is_some() || case.contains("maxp unset"), "case {name}: which max parallelism? {case}");
        let predicted = RestoreInput::new(saved, p, max).unwrap().predict();
        if outcome.starts_with("FAIL") {
            let root = lines[i + 1].trim().strip_prefix("root: ").expect("a root line after a failure");
            let RestoreOutcome::Fails(check) = predicted else {
                panic!("case {name}: Flink failed ({root}), the model predicts {predicted:?}");
            };
            assert_flink_says(name, &check, root);
        } else {
            let observed = number_after(outcome, "maxp=").expect(outcome) as u32;
            let derived = default_max_parallelism(p).unwrap().get();
            let adopted = (max.is_none() && derived != observed).then_some(derived);
            assert_eq!(
                predicted,
                RestoreOutcome::Ok { max_parallelism: observed, adopted_from: adopted },
                "case {name}"
            );
        }
        cases += 1;
    }
    assert_eq!(cases, 18, "every case of the observation file, a2 and h (two checks at once) included");
}

#[test]
fn messages_carry_flinks_numbers() {
    let f = FailedCheck::SavedMaxBelowParallelism { saved: 128, parallelism: 200 };
    assert!(f
        .flink_message()
        .contains("maximum parallelism (128) of the restored state is lower than the configured parallelism (200)"));
    assert!(RestoreInput::new(None, 0, None).is_err());
}
