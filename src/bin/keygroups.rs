//! `keygroups`: Flink's key-group assignment, operator ids and snapshot metadata on the command
//! line (see `shared/CONTRACT.md`).
//! All logic is in `rescale_lab::cli`; this file wires it to stdin, stdout, stderr (notes and
//! errors) and the exit code.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = Vec::new();
    for (index, arg) in std::env::args_os().skip(1).enumerate() {
        match arg.into_string() {
            Ok(arg) => args.push(arg),
            Err(arg) => {
                eprintln!("keygroups: argument {} is not valid UTF-8: {}", index + 1, arg.to_string_lossy());
                return ExitCode::from(2);
            }
        }
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = BufWriter::new(stdout.lock());
    let mut notes = std::io::stderr();
    let result = rescale_lab::cli::run(&args, &mut input, &mut output, &mut notes);
    let flushed = output.flush();
    match (result, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        // A reader that stops early (`| head`) is not an error of ours.
        (Err(rescale_lab::cli::CliError::Io(e)), _) | (Ok(()), Err(e))
            if e.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            ExitCode::SUCCESS
        }
        (Err(error), _) => {
            eprintln!("keygroups: {error}");
            ExitCode::from(2)
        }
        (Ok(()), Err(error)) => {
            eprintln!("keygroups: i/o error: {error}");
            ExitCode::from(2)
        }
    }
}
