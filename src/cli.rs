//! The `keygroups` command line, as a pure function of arguments, input and output streams,
//! so that tests drive it without spawning a process. `src/bin/keygroups.rs` only wires it
//! to the real stdin, stdout and exit status (`savepoint` also reads the file it names). The
//! interface is fixed by `shared/CONTRACT.md`:
//! `assign`, `ranges`, `default-max-parallelism`, `operator-id` and `savepoint`.

use std::io::{BufRead, Write};

use crate::model::number::parse_whole;
use crate::model::savepoint::{self, SavepointError};
use crate::model::{default_max_parallelism, KeyType, MaxParallelism, ModelError, Parallelism};

/// Printed for `--help` and after a usage error.
pub const USAGE: &str = "\
usage:
  keygroups assign --max-parallelism M [--parallelism P] [--key-type string|int|long]
      reads keys from stdin, one per line; writes <key> TAB <key_group> [TAB <subtask>]
  keygroups ranges --max-parallelism M --parallelism P
      writes <subtask> TAB <first_key_group> TAB <last_key_group> TAB <key_groups>
  keygroups default-max-parallelism P
      writes the max parallelism Flink derives for a job first started at parallelism P
  keygroups operator-id UID
      writes the operator id (32 lowercase hex digits) Flink derives from uid UID
  keygroups savepoint PATH [--json]
      reads a checkpoint's or savepoint's _metadata file (PATH may be its folder);
      writes a table, or with --json one JSON object
";

/// Why the command failed; every variant exits with status 2.
#[derive(Debug)]
pub enum CliError {
    /// Wrong words on the command line.
    Usage(String),
    /// A value on the command line breaks a rule of the model.
    Argument { flag: &'static str, error: ModelError },
    /// A key on stdin is invalid for its type.
    Key { line: usize, error: ModelError },
    /// Reading stdin or writing stdout failed.
    Io(std::io::Error),
    /// A snapshot file could not be opened or read.
    File { path: String, error: std::io::Error },
    /// A snapshot file is not a readable `_metadata` (the error names the byte offset).
    Snapshot { path: String, error: SavepointError },
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Usage(message) => write!(f, "{message}\n{USAGE}"),
            CliError::Argument { flag, error } => write!(f, "{flag}: {error}"),
            CliError::Key { line, error } => write!(f, "line {line}: {error}"),
            CliError::Io(error) => write!(f, "i/o error: {error}"),
            CliError::File { path, error } => write!(f, "{path}: cannot read: {error}"),
            CliError::Snapshot { path, error } => write!(f, "{path}: {error}"),
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(error: std::io::Error) -> Self {
        CliError::Io(error)
    }
}

/// Runs one command. `args` excludes the program name.
pub fn run(args: &[String], input: &mut impl BufRead, output: &mut impl Write) -> Result<(), CliError> {
    let (command, rest) = args.split_first().ok_or_else(|| CliError::Usage("missing command".into()))?;
    match command.as_str() {
        "assign" => {
            let flags = Flags::parse(rest, &["--max-parallelism", "--parallelism", "--key-type"])?;
            let max = flags.max_parallelism()?;
            let parallelism = flags.parallelism(max)?;
            let key_type = match flags.get("--key-type") {
                None => KeyType::String,
                Some(text) => KeyType::parse(text).map_err(|error| CliError::Argument { flag: "--key-type", error })?,
            };
            assign(input, output, key_type, max, parallelism)
        }
        "ranges" => {
            let flags = Flags::parse(rest, &["--max-parallelism", "--parallelism"])?;
            let max = flags.max_parallelism()?;
            let parallelism =
                flags.parallelism(max)?.ok_or_else(|| CliError::Usage("ranges needs --parallelism".into()))?;
            for (op, range) in parallelism.ranges() {
                writeln!(output, "{}\t{}\t{}\t{}", op.index(), range.first(), range.last(), range.len())?;
            }
            Ok(())
        }
        "default-max-parallelism" => {
            let [p] = rest else {
                return Err(CliError::Usage("default-max-parallelism takes one number".into()));
            };
            let derived = parse_whole(p)
                .and_then(default_max_parallelism)
                .map_err(|error| CliError::Argument { flag: "P", error })?;
            writeln!(output, "{}", derived.get())?;
            Ok(())
        }
        "operator-id" => {
            let [uid] = rest else {
                return Err(CliError::Usage("operator-id takes one uid".into()));
            };
            writeln!(output, "{}", savepoint::operator_id_hex(uid))?;
            Ok(())
        }
        "savepoint" => snapshot(rest, output),
        "--help" | "-h" | "help" => Ok(output.write_all(USAGE.as_bytes())?),
        other => Err(CliError::Usage(format!("unknown command {other:?}"))),
    }
}

/// `savepoint PATH [--json]`: reads `PATH` (or `PATH/_metadata` for a folder) and reports it.
fn snapshot(args: &[String], output: &mut impl Write) -> Result<(), CliError> {
    let json = args.iter().any(|a| a == "--json");
    let paths: Vec<&String> = args.iter().filter(|a| *a != "--json").collect();
    let [path] = paths.as_slice() else {
        return Err(CliError::Usage("savepoint takes one PATH and optionally --json".into()));
    };
    if path.starts_with("--") {
        return Err(CliError::Usage(format!("unknown option {path:?}")));
    }
    let mut file = std::path::PathBuf::from(path.as_str());
    if file.is_dir() {
        file.push("_metadata");
    }
    let shown = file.display().to_string();
    let bytes = std::fs::read(&file).map_err(|error| CliError::File { path: shown.clone(), error })?;
    let parsed = savepoint::parse(&bytes).map_err(|error| CliError::Snapshot { path: shown, error })?;
    let text = if json { savepoint::json::to_json(&parsed) } else { savepoint::table::to_table(&parsed) };
    Ok(output.write_all(text.as_bytes())?)
}

fn assign(
    input: &mut impl BufRead,
    output: &mut impl Write,
    key_type: KeyType,
    max: MaxParallelism,
    parallelism: Option<Parallelism>,
) -> Result<(), CliError> {
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        number += 1;
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        let text =
            std::str::from_utf8(&line).map_err(|_| CliError::Key { line: number, error: ModelError::KeyNotUtf8 })?;
        let key = key_type.parse_key(text).map_err(|error| CliError::Key { line: number, error })?;
        let group = max.key_group_of(&key);
        match parallelism {
            Some(p) => writeln!(output, "{text}\t{}\t{}", group.index(), p.owner_of(group).index())?,
            None => writeln!(output, "{text}\t{}", group.index())?,
        }
    }
}

/// `--flag VALUE` or `--flag=VALUE` pairs, each allowed once.
struct Flags<'a> {
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Flags<'a> {
    fn parse(args: &'a [String], allowed: &[&str]) -> Result<Self, CliError> {
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            let (name, value) = match arg.split_once('=') {
                Some((name, value)) => (name, value),
                None => {
                    let value = iter.next().ok_or_else(|| CliError::Usage(format!("{arg} needs a value")))?;
                    (arg.as_str(), value.as_str())
                }
            };
            if !allowed.contains(&name) {
                return Err(CliError::Usage(format!("unknown option {name:?}")));
            }
            if pairs.iter().any(|(n, _)| *n == name) {
                return Err(CliError::Usage(format!("{name} given twice")));
            }
            pairs.push((name, value));
        }
        Ok(Flags { pairs })
    }

    fn get(&self, name: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    fn max_parallelism(&self) -> Result<MaxParallelism, CliError> {
        let text =
            self.get("--max-parallelism").ok_or_else(|| CliError::Usage("--max-parallelism is required".into()))?;
        parse_whole(text)
            .and_then(MaxParallelism::new)
            .map_err(|error| CliError::Argument { flag: "--max-parallelism", error })
    }

    fn parallelism(&self, max: MaxParallelism) -> Result<Option<Parallelism>, CliError> {
        self.get("--parallelism")
            .map(|text| {
                parse_whole(text)
                    .and_then(|p| Parallelism::new(p, max))
                    .map_err(|error| CliError::Argument { flag: "--parallelism", error })
            })
            .transpose()
    }
}
