//! The usage text of each `keygroups` command: printed by `keygroups --help`, by
//! `keygroups COMMAND --help` (that command's alone) and after a usage error.

/// Each command and its usage lines, in the order `--help` lists them.
pub const COMMANDS: &[(&str, &str)] = &[
    (
        "assign",
        "  keygroups assign [--max-parallelism M] [--parallelism P] [--key-type string|int|long] [--csv] [KEY...]
      writes <key> TAB <key_group> [TAB <subtask>] for each KEY given, or else for each line of stdin
      (split on \\n only: a \\r before it is part of the key); with --csv, for the first field of each
      stdin line instead (double quotes as RFC 4180 writes them; a first line whose first field is
      \"key\" is a header, as in the skew lab); a KEY that starts with - goes after --.
      With --parallelism and no --max-parallelism: Flink's default for a job first started at P
",
    ),
    (
        "ranges",
        "  keygroups ranges [--max-parallelism M] --parallelism P
      writes <subtask> TAB <first_key_group> TAB <last_key_group> TAB <key_groups>
      (no --max-parallelism: Flink's default for a job first started at P)
",
    ),
    (
        "default-max-parallelism",
        "  keygroups default-max-parallelism P
      writes the max parallelism Flink derives for a job first started at parallelism P
",
    ),
    (
        "operator-id",
        "  keygroups operator-id UID
      writes the operator id (32 lowercase hex digits) Flink derives from uid UID
      (a uid that is exactly --help or -h goes after --)
",
    ),
    (
        "savepoint",
        "  keygroups savepoint PATH [--json]
      reads a checkpoint's or savepoint's _metadata file (PATH may be its folder);
      writes a table, or with --json one JSON object
",
    ),
];

/// `usage:` and the lines of `command`, or of every command for `None` (or a name not known).
pub fn usage(command: Option<&str>) -> String {
    let known: Vec<&str> = match COMMANDS.iter().find(|(name, _)| Some(*name) == command) {
        Some((_, text)) => vec![text],
        None => COMMANDS.iter().map(|(_, text)| *text).collect(),
    };
    format!("usage:\n{}", known.concat())
}

/// Whether `args` (a command's words) ask for its help: `--help` or `-h` before any `--`.
pub fn wants_help(args: &[String]) -> bool {
    args.iter().take_while(|a| *a != "--").any(|a| a == "--help" || a == "-h")
}
