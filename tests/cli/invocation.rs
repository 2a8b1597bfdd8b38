//! How `keygroups` is invoked, as a Flink operator would try it: keys as arguments (stdin then
//! unread), `--help` on every command, Flink's default max parallelism derived from
//! `--parallelism` (said on stderr), a note for a line that looks like CSV or ends in `\r`,
//! `--csv` with the skew lab's rules, and the bytes existing invocations write, unchanged.

use super::{keygroups, stdout_lines};

/// Runs `args` on `stdin`: the exit status, stdout byte for byte, and stderr holding each of
/// `stderr` (empty: nothing on stderr). A run that succeeds writes at most one note line.
fn check(args: &[&str], stdin: &[u8], status: i32, stdout: &str, stderr: &[&str]) {
    let output = keygroups(args, stdin);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "{args:?}: {err}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), stdout, "{args:?} on {stdin:?}");
    assert_eq!(err.is_empty(), stderr.is_empty(), "{args:?}: {err:?}");
    if status == 0 {
        assert!(err.lines().count() <= 1, "{args:?}: one note at most: {err:?}");
    }
    for fragment in stderr {
        assert!(err.contains(fragment), "{args:?}: {err:?} lacks {fragment:?}");
    }
}

#[test]
fn existing_invocations_write_the_same_bytes_and_no_note() {
    let two = b"customer-42\ncustomer-43\n";
    let ranges = "0\t0\t10\t11\n1\t11\t21\t11\n2\t22\t31\t10\n3\t32\t42\t11\n4\t43\t53\t11\n5\t54\t63\t10\n\
                  6\t64\t74\t11\n7\t75\t85\t11\n8\t86\t95\t10\n9\t96\t106\t11\n10\t107\t117\t11\n11\t118\t127\t10\n";
    let cases: &[(&[&str], &[u8], &str)] = &[
        (
            &["assign", "--max-parallelism", "128", "--parallelism", "100"],
            two,
            "customer-42\t95\t74\ncustomer-43\t98\t76\n",
        ),
        (&["assign", "--max-parallelism=256", "--parallelism=100"], b"customer-42\n", "customer-42\t95\t37\n"),
        (&["assign", "--max-parallelism", "4096", "--key-type", "int"], b"7\n-3\n", "7\t241\n-3\t2220\n"),
        (&["assign", "--key-type", "long", "--max-parallelism", "128"], b"7", "7\t113\n"),
        (&["ranges", "--max-parallelism", "128", "--parallelism", "12"], b"", ranges),
        (&["ranges", "--parallelism", "12", "--max-parallelism", "128"], b"", ranges),
        (&["default-max-parallelism", "100"], b"", "256\n"),
        (&["operator-id", "my-uid"], b"", "8409efe6adc6d20787611f16017c808f\n"),
        (&["operator-id", "-x"], b"", "5a72d9c1fd2068bd7585c8e2455aac04\n"),
    ];
    for (args, stdin, stdout) in cases {
        check(args, stdin, 0, stdout, &[]);
    }
}

#[test]
fn keys_given_as_arguments_are_assigned_and_stdin_is_not_read() {
    let m128 = ["assign", "--max-parallelism", "128"];
    check(&[&m128[..], &["--parallelism", "100", "customer-42"]].concat(), b"x\n", 0, "customer-42\t95\t74\n", &[]);
    check(
        &["assign", "customer-42", "customer-43", "--max-parallelism=128"],
        b"",
        0,
        "customer-42\t95\ncustomer-43\t98\n",
        &[],
    );
    check(&[&m128[..], &["a,b", ""]].concat(), b"", 0, "a,b\t79\n\t94\n", &[]);
    check(
        &["assign", "--max-parallelism", "4096", "--key-type", "int", "--", "-3", "7"],
        b"",
        0,
        "-3\t2220\n7\t241\n",
        &[],
    );
    let int = [&m128[..], &["--key-type", "int"]].concat();
    check(
        &[&int[..], &["-5"]].concat(),
        b"",
        2,
        "",
        &["unknown option \"-5\"", "a key that starts with - goes after --"],
    );
    check(&[&int[..], &["x"]].concat(), b"", 2, "", &["key \"x\"", "not a whole number", "-2147483648 to 2147483647"]);
    check(&[&m128[..], &["--csv", "k"]].concat(), b"", 2, "", &["--csv reads keys from stdin"]);
    check(
        &["ranges", "--max-parallelism", "128", "--parallelism", "2", "x"],
        b"",
        2,
        "",
        &["ranges takes options only"],
    );
}

#[test]
fn every_command_prints_its_usage_for_help() {
    for command in ["assign", "ranges", "default-max-parallelism", "operator-id", "savepoint"] {
        for help in ["--help", "-h"] {
            let output = keygroups(&[command, help], b"");
            assert_eq!(output.status.code(), Some(0), "{command} {help}");
            assert!(output.stderr.is_empty(), "{command} {help}");
            let text = String::from_utf8(output.stdout).unwrap();
            assert!(text.starts_with(&format!("usage:\n  keygroups {command} ")), "{command} {help}: {text}");
            assert_eq!(text.matches("keygroups ").count(), 1, "{command} {help}: its usage alone");
            assert_eq!(stdout_lines(&keygroups(&["help", command], b"")).join("\n") + "\n", text);
        }
    }
    let all = stdout_lines(&keygroups(&["assign", "--max-parallelism", "128", "--help"], b"customer-42\n"));
    assert!(all[1].starts_with("  keygroups assign [--max-parallelism M]"), "{all:?}");
    let everything = stdout_lines(&keygroups(&["--help"], b"")).join("\n");
    assert_eq!(everything.matches("  keygroups ").count(), 5, "{everything}");
    // A uid that is exactly --help goes after --.
    check(&["operator-id", "--", "--help"], b"", 0, "165b86e1d7103b627d5818315b4be9cd\n", &[]);
}

#[test]
fn without_max_parallelism_flinks_default_for_the_parallelism_is_used() {
    let why = ["no --max-parallelism: using 256", "first started at parallelism 100", "150", "pass that with --max"];
    check(&["assign", "--parallelism", "100"], b"customer-42\n", 0, "customer-42\t95\t37\n", &why);
    check(&["assign", "--parallelism=100", "customer-42"], b"", 0, "customer-42\t95\t37\n", &why);
    check(&["assign", "--parallelism", "24"], b"customer-42\n", 0, "customer-42\t95\t17\n", &["using 128"]);
    let derived = keygroups(&["ranges", "--parallelism", "100"], b"");
    assert!(String::from_utf8_lossy(&derived.stderr).contains("using 256"));
    assert_eq!(derived.stdout, keygroups(&["ranges", "--max-parallelism", "256", "--parallelism", "100"], b"").stdout);
    check(&["assign", "--parallelism", "0"], b"", 2, "", &["--parallelism", "1 to 32768", "got 0"]);
    check(&["assign", "--parallelism", "40000"], b"", 2, "", &["--parallelism", "1 to 32768", "got 40000"]);
    check(&["assign"], b"", 2, "", &["--max-parallelism is required when --parallelism is not given"]);
    check(&["ranges", "--max-parallelism", "128"], b"", 2, "", &["ranges needs --parallelism"]);
}

#[test]
fn a_comma_or_carriage_return_in_a_whole_line_key_gets_one_note() {
    let csv = b"key,events_per_s\ncustomer-42,100\n\"customer,7\",3\n";
    let whole = "key,events_per_s\t46\ncustomer-42,100\t10\n\"customer,7\",3\t89\n";
    let comma = ["line 1 holds a comma", "each whole line is one key", "--csv", "cut -d, -f1"];
    check(&["assign", "--max-parallelism", "128"], csv, 0, whole, &comma);
    let cr = ["line 1 ends in a carriage return (\\r)", "hashed as part of the key", "tr -d '\\r'"];
    check(&["assign", "--max-parallelism", "128"], b"a\r\nb\r\n", 0, "a\r\t94\nb\r\t81\n", &cr);
    check(&["assign", "--max-parallelism", "128"], b"a\nb\r\n", 0, "a\t81\nb\r\t81\n", &["line 2 ends in a carriage"]);
    check(&["assign", "--max-parallelism", "128"], b"a\nb,c\n", 0, "a\t81\nb,c\t100\n", &[]);
}

#[test]
fn csv_reads_the_first_field_as_the_skew_lab_does() {
    let csv = ["assign", "--max-parallelism", "128", "--csv"];
    let file = b"key,events_per_s\ncustomer-42,100\n\"customer,7\",3\n";
    check(&csv, file, 0, "customer-42\t95\ncustomer,7\t88\n", &["--csv: line 1 is a header"]);
    let crlf = "\u{feff}customer-42,1\r\n\r\n\"say \"\"hi\"\"\"\r\n".as_bytes();
    check(&csv, crlf, 0, "customer-42\t95\nsay \"hi\"\t98\n", &[]);
    let int = ["assign", "--max-parallelism", "4096", "--key-type", "int", "--csv"];
    check(&int, b"key\n7\n-3,x\n", 0, "7\t241\n-3\t2220\n", &["line 1 is a header"]);
    check(&int, b"7\nx,1\n", 2, "7\t241\n", &["line 2", "not a whole number"]);
    check(&csv, b"a\n\"open,1\n", 2, "a\t81\n", &["line 2", "a quoted key has no closing double quote"]);
}
