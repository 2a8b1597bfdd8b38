//! The `keygroups` binary, run as a process: every committed Flink vector through `assign`,
//! `ranges` and `default-max-parallelism`, plus the error contract (exit 2, bound named); how
//! it is invoked (keys as arguments, `--help`, the derived max parallelism, notes, `--csv`) is
//! in `cli/invocation.rs`.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use support::{key_group_columns, owner_columns, utf16_units, Table};

#[path = "cli/invocation.rs"]
mod invocation;

fn keygroups(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_keygroups"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn keygroups");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout_lines(output: &Output) -> Vec<String> {
    assert!(output.status.success(), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).unwrap().lines().map(String::from).collect()
}

/// Keys of one type from the vectors that stdin can carry (valid UTF-8, no newline).
fn vector_keys(kind: &str) -> (Vec<String>, Vec<std::collections::HashMap<String, String>>) {
    let table = Table::load("keys.tsv");
    let mut keys = Vec::new();
    let mut rows = Vec::new();
    for row in table.records() {
        if row["type"] != kind {
            continue;
        }
        let text = if kind == "string" {
            match String::from_utf16(&utf16_units(row["key"])) {
                Ok(t) if !t.contains('\n') => t,
                _ => continue,
            }
        } else {
            row["key"].to_string()
        };
        keys.push(text);
        rows.push(row.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
    }
    (keys, rows)
}

#[test]
fn assign_matches_flink_for_every_vector_key() {
    let header = Table::load("keys.tsv").header;
    for kind in ["string", "int", "long"] {
        let (keys, rows) = vector_keys(kind);
        assert!(keys.len() > 1000, "{kind}");
        let mut input = keys.join("\n").into_bytes();
        input.push(b'\n');
        for (m, column) in key_group_columns(&header) {
            let m = m.to_string();
            let out = stdout_lines(&keygroups(&["assign", "--max-parallelism", &m, "--key-type", kind], &input));
            assert_eq!(out.len(), keys.len(), "{kind} {column}");
            for ((line, key), row) in out.iter().zip(&keys).zip(&rows) {
                assert_eq!(line, &format!("{key}\t{}", row[&column]), "{kind} {column}");
            }
        }
        for ((m, p), column) in owner_columns(&header) {
            let (m, p) = (m.to_string(), p.to_string());
            let args = ["assign", "--max-parallelism", &m, "--parallelism", &p, "--key-type", kind];
            let out = stdout_lines(&keygroups(&args, &input));
            for (line, row) in out.iter().zip(&rows) {
                assert_eq!(line.rsplit('\t').next().unwrap(), row[&column], "{kind} {column} {line}");
            }
        }
    }
}

#[test]
fn ranges_match_flink() {
    let table = Table::load("ranges.tsv");
    let pairs: BTreeSet<(String, String)> = table.rows.iter().map(|r| (r[0].clone(), r[1].clone())).collect();
    for (m, p) in pairs {
        let out = stdout_lines(&keygroups(&["ranges", "--max-parallelism", &m, "--parallelism", &p], b""));
        let expected: Vec<String> = table
            .rows
            .iter()
            .filter(|r| r[0] == m && r[1] == p)
            .map(|r| {
                let count = r[4].parse::<u32>().unwrap() - r[3].parse::<u32>().unwrap() + 1;
                format!("{}\t{}\t{}\t{count}", r[2], r[3], r[4])
            })
            .collect();
        assert_eq!(out, expected, "max {m} p {p}");
    }
}

#[test]
fn default_max_parallelism_matches_flink() {
    for row in Table::load("default_max_parallelism.tsv").rows {
        let output = keygroups(&["default-max-parallelism", &row[0]], b"");
        if row[1] == "error" {
            assert_eq!(output.status.code(), Some(2), "p = {}", row[0]);
            assert!(String::from_utf8_lossy(&output.stderr).contains("32768"));
        } else {
            assert_eq!(stdout_lines(&output), vec![row[1].clone()], "p = {}", row[0]);
        }
    }
}

#[test]
fn line_splitting_keeps_empty_and_unterminated_keys() {
    let group = |key: &str| {
        let max = rescale_lab::model::MaxParallelism::new(128).unwrap();
        max.key_group_of(&rescale_lab::model::Key::Str(key.into())).index()
    };
    let out = stdout_lines(&keygroups(&["assign", "--max-parallelism", "128"], b"a\n\nb"));
    assert_eq!(out, vec![format!("a\t{}", group("a")), format!("\t{}", group("")), format!("b\t{}", group("b"))]);
    assert_eq!(stdout_lines(&keygroups(&["assign", "--max-parallelism", "128"], b"")), Vec::<String>::new());
    // Only "\n" splits: a "\r" before it belongs to the key and changes its hash.
    let out = stdout_lines(&keygroups(&["assign", "--max-parallelism=128"], b"a\r\n"));
    assert_eq!(out, vec![format!("a\r\t{}", group("a\r"))]);
    assert_ne!(group("a\r"), group("a"));
}

fn check_error(args: &[&str], stdin: &[u8], fragments: &[&str]) {
    let output = keygroups(args, stdin);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    for fragment in fragments {
        assert!(stderr.contains(fragment), "{args:?}: {stderr:?} lacks {fragment:?}");
    }
}

#[test]
fn invalid_arguments_and_keys_exit_2_naming_the_bound() {
    check_error(&["assign", "--max-parallelism", "0"], b"", &["between 1 and 32768", "got 0"]);
    check_error(&["assign", "--max-parallelism", "40000"], b"", &["32768", "40000"]);
    check_error(
        &["assign", "--max-parallelism", "abc"],
        b"",
        &["--max-parallelism", "\"abc\" is not a whole number; it takes 1 to 32768"],
    );
    check_error(
        &["assign", "--parallelism", "abc"],
        b"",
        &["--parallelism", "\"abc\" is not a whole number; it takes 1 to 32768"],
    );
    check_error(
        &["ranges", "--max-parallelism", "12x", "--parallelism", "3"],
        b"",
        &["\"12x\" is not a whole number; it takes 1 to 32768"],
    );
    check_error(
        &["default-max-parallelism", "abc"],
        b"",
        &["P:", "\"abc\" is not a whole number; it takes 1 to 32768"],
    );
    check_error(&["ranges", "--max-parallelism", "128", "--parallelism", "200"], b"", &["200", "128"]);
    check_error(&["ranges", "--max-parallelism", "128", "--parallelism", "0"], b"", &["at least 1"]);
    check_error(&["assign", "--max-parallelism", "128", "--key-type", "double"], b"", &["string, int or long"]);
    check_error(
        &["assign", "--max-parallelism", "128", "--key-type", "int"],
        b"1\n2\nx\n",
        &["line 3", "not a whole number"],
    );
    check_error(
        &["assign", "--max-parallelism", "128", "--key-type", "int"],
        b"2147483648\n",
        &["line 1", "-2147483648 to 2147483647"],
    );
    check_error(
        &["assign", "--max-parallelism", "128", "--key-type", "long"],
        b"0\n9223372036854775808",
        &["line 2", "long range"],
    );
    check_error(&["assign", "--max-parallelism", "128"], b"ok\n\xff\xfe\n", &["line 2", "UTF-8"]);
    check_error(&["default-max-parallelism", "0"], b"", &["1 to 32768"]);
    check_error(&["frobnicate"], b"", &["unknown command", "usage"]);
    check_error(&[], b"", &["missing command"]);
    check_error(&["assign"], b"", &["--max-parallelism is required"]);
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_keygroups"))
        .args(["ranges", "--max-parallelism", "32768", "--parallelism", "32768"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 8];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stderr.is_empty());
    assert_eq!(&first, b"0\t0\t0\t1\n");
}
