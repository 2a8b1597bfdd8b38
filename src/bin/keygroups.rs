//! `keygroups`: Flink's key-group assignment, operator ids and snapshot metadata on the command
//! line (see `shared/CONTRACT.md`).
//! All logic is in `rescale_lab::cli`; this file wires it to stdin, stdout and the exit code.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = BufWriter::new(stdout.lock());
    let result = rescale_lab::cli::run(&args, &mut input, &mut output);
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
