//! The `keygroups` command line, as a pure function of arguments, input and output streams,
//! so that tests drive it without spawning a process. `src/bin/keygroups.rs` only wires it
//! to the real stdin, stdout, stderr and exit status (`savepoint` also reads the file it
//! names). The interface is fixed by `shared/CONTRACT.md`:
//! `assign`, `ranges`, `default-max-parallelism`, `operator-id` and `savepoint`, each with
//! `--help`. Notes that explain a choice made for the user go to the notes stream (stderr).

mod args;
mod assign;
mod error;
mod usage;

use std::io::{BufRead, Write};

use crate::model::number::parse_whole;
use crate::model::savepoint;
use crate::model::{default_max_parallelism, DefaultMaxDerivation, KeyType, MaxParallelism, ModelError, Parallelism};

use args::Args;
use assign::{note, Assign, Source};
pub use error::CliError;
pub use usage::usage;

/// Runs one command. `args` excludes the program name; `notes` is for lines that are neither
/// output nor an error (stderr).
pub fn run(
    args: &[String],
    input: &mut impl BufRead,
    output: &mut impl Write,
    notes: &mut impl Write,
) -> Result<(), CliError> {
    let (command, rest) =
        args.split_first().ok_or(CliError::Usage { command: None, message: "missing command".into() })?;
    if let Some((name, _)) = usage::COMMANDS.iter().find(|(name, _)| name == command) {
        if usage::wants_help(rest) {
            return Ok(output.write_all(usage(Some(name)).as_bytes())?);
        }
    }
    match command.as_str() {
        "assign" => {
            let args = Args::parse("assign", rest, &["--max-parallelism", "--parallelism", "--key-type"], &["--csv"])?;
            let (max, parallelism) = max_and_parallelism("assign", &args, notes)?;
            let key_type = match args.get("--key-type") {
                None => KeyType::String,
                Some(text) => KeyType::parse(text).map_err(|error| CliError::Argument { flag: "--key-type", error })?,
            };
            let assign = Assign { key_type, max, parallelism };
            let source = if args.has("--csv") { Source::Csv } else { Source::Lines };
            match (args.words.is_empty(), source) {
                (true, source) => assign.stdin(source, input, output, notes),
                (false, Source::Lines) => assign.words(&args.words, output),
                (false, Source::Csv) => Err(CliError::usage(
                    "assign",
                    "--csv reads keys from stdin: give keys either as arguments or on stdin with --csv",
                )),
            }
        }
        "ranges" => {
            let args = Args::parse("ranges", rest, &["--max-parallelism", "--parallelism"], &[])?;
            if let Some(word) = args.words.first() {
                return Err(CliError::usage("ranges", format!("ranges takes options only, got {word:?}")));
            }
            let needs = || CliError::usage("ranges", "ranges needs --parallelism");
            args.get("--parallelism").ok_or_else(needs)?;
            let (_, parallelism) = max_and_parallelism("ranges", &args, notes)?;
            let parallelism = parallelism.ok_or_else(needs)?;
            for (op, range) in parallelism.ranges() {
                writeln!(output, "{}\t{}\t{}\t{}", op.index(), range.first(), range.last(), range.len())?;
            }
            Ok(())
        }
        "default-max-parallelism" => {
            let [p] = one_word(rest) else {
                return Err(CliError::usage("default-max-parallelism", "default-max-parallelism takes one number"));
            };
            let derived = whole_arg("P", p, "parallelism")?;
            let derived = default_max_parallelism(derived).map_err(|error| CliError::Argument { flag: "P", error })?;
            writeln!(output, "{}", derived.get())?;
            Ok(())
        }
        "operator-id" => {
            let [uid] = one_word(rest) else {
                return Err(CliError::usage("operator-id", "operator-id takes one uid"));
            };
            if uid.is_empty() {
                // Flink's hasher gives the empty uid an id (operator-ids.json, every release),
                // but Flink 2.3.0 builds no job that sets it (tests/flink-empty-uid/): said.
                let refusal = savepoint::operator_id::EMPTY_UID_REFUSAL;
                note(notes, &format!("Flink 2.3.0 refuses this uid in a job (\"{refusal}\"), so no operator of a 2.3.0 job has this id"));
            }
            writeln!(output, "{}", savepoint::operator_id_hex(uid))?;
            Ok(())
        }
        "savepoint" => snapshot(rest, output),
        "--help" | "-h" | "help" => match rest {
            [name] if usage::COMMANDS.iter().any(|(n, _)| n == name) => {
                Ok(output.write_all(usage(Some(name)).as_bytes())?)
            }
            _ => Ok(output.write_all(usage(None).as_bytes())?),
        },
        other => Err(CliError::Usage { command: None, message: format!("unknown command {other:?}") }),
    }
}

/// The noun a number flag's messages use.
fn flag_noun(flag: &str) -> &'static str {
    match flag {
        "--max-parallelism" => "max parallelism",
        _ => "parallelism",
    }
}

/// A whole-number argument (a max parallelism or a parallelism, both 1 to 32768); a text that
/// is no whole number (`1.5`, `abc`), or one far too large, is refused naming that bound.
fn whole_arg(flag: &'static str, text: &str, what: &'static str) -> Result<i64, CliError> {
    let max = i64::from(crate::model::key_group::UPPER_BOUND_MAX_PARALLELISM);
    match parse_whole(text) {
        Ok(value) => Ok(value),
        Err(ModelError::NotAWholeNumber { .. }) => Err(CliError::NotWhole { flag, text: text.to_string(), max }),
        Err(ModelError::NumberTooLarge { .. }) => Err(CliError::Argument {
            flag,
            error: ModelError::FarOutOfRange { what, text: text.to_string(), min: 1, max },
        }),
        Err(error) => Err(CliError::Argument { flag, error }),
    }
}

/// The one word of a command that takes one (a number, a uid), taken verbatim even when it
/// starts with `-`; `-- WORD` is that word too.
fn one_word(rest: &[String]) -> &[String] {
    match rest {
        [dashes, word] if dashes == "--" => std::slice::from_ref(word),
        _ => rest,
    }
}

/// `--max-parallelism` and `--parallelism`, validated. Without `--max-parallelism`, the max is
/// Flink's default for a job first started at `--parallelism` (said on `notes`); without
/// either, it is a usage error.
fn max_and_parallelism(
    command: &'static str,
    args: &Args,
    notes: &mut impl Write,
) -> Result<(MaxParallelism, Option<Parallelism>), CliError> {
    let whole = |flag: &'static str, text: &str| whole_arg(flag, text, flag_noun(flag));
    let max = match (args.get("--max-parallelism"), args.get("--parallelism")) {
        (Some(text), _) => whole("--max-parallelism", text).and_then(|m| {
            MaxParallelism::new(m).map_err(|error| CliError::Argument { flag: "--max-parallelism", error })
        })?,
        (None, Some(text)) => {
            let p = whole("--parallelism", text)?;
            let derived =
                DefaultMaxDerivation::new(p).map_err(|error| CliError::Argument { flag: "--parallelism", error })?;
            note(notes, &default_note(&derived));
            derived.result
        }
        (None, None) => {
            return Err(CliError::usage(
                command,
                "--max-parallelism is required when --parallelism is not given \
                 (with --parallelism P alone, Flink's default for a job first started at P is used)",
            ))
        }
    };
    let parallelism = args
        .get("--parallelism")
        .map(|text| {
            whole("--parallelism", text).and_then(|p| {
                Parallelism::new(p, max).map_err(|error| CliError::Argument { flag: "--parallelism", error })
            })
        })
        .transpose()?;
    Ok((max, parallelism))
}

/// The note that says which max parallelism was derived, and why.
fn default_note(d: &DefaultMaxDerivation) -> String {
    use crate::model::key_group::{DEFAULT_LOWER_BOUND_MAX_PARALLELISM as LOWER, UPPER_BOUND_MAX_PARALLELISM as UPPER};
    let p = d.parallelism;
    format!(
        "no --max-parallelism: using {}, Flink's default for a job first started at parallelism {p} \
         ({p} + {p}/2 = {}, rounded up to a power of two: {}, kept within {LOWER} to {UPPER}); a job keeps \
         the max parallelism of its first start (or the one it set): pass that with --max-parallelism",
        d.result.get(),
        d.with_headroom,
        d.rounded,
    )
}

/// `savepoint PATH [--json]`: reads `PATH` (or `PATH/_metadata` for a folder) and reports it.
fn snapshot(args: &[String], output: &mut impl Write) -> Result<(), CliError> {
    let json = args.iter().any(|a| a == "--json");
    let paths: Vec<&String> = args.iter().filter(|a| *a != "--json").collect();
    let [path] = paths.as_slice() else {
        return Err(CliError::usage("savepoint", "savepoint takes one PATH and optionally --json"));
    };
    if path.starts_with("--") {
        return Err(CliError::usage("savepoint", format!("unknown option {path:?}")));
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
