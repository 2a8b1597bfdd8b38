//! Why a `keygroups` command failed. Every variant exits with status 2; `Display` is the line
//! printed after `keygroups: `, naming the flag, line or key and the bound it broke.

use crate::model::csv::FieldError;
use crate::model::savepoint::SavepointError;
use crate::model::ModelError;

use super::usage::usage;

/// Why the command failed; every variant exits with status 2.
#[derive(Debug)]
pub enum CliError {
    /// Wrong words on the command line; the usage printed after it is `command`'s, or every
    /// command's when it is `None`.
    Usage { command: Option<&'static str>, message: String },
    /// A value on the command line breaks a rule of the model.
    Argument { flag: &'static str, error: ModelError },
    /// A number argument that is no whole number, with the bound it takes.
    NotWhole { flag: &'static str, text: String, max: i64 },
    /// A key on stdin is invalid for its type.
    Key { line: usize, error: ModelError },
    /// A key given as an argument is invalid for its type.
    KeyArgument { key: String, error: ModelError },
    /// A stdin line read with `--csv` has quotes that RFC 4180 does not allow.
    CsvLine { line: usize, error: FieldError },
    /// Reading stdin or writing stdout failed.
    Io(std::io::Error),
    /// A snapshot file could not be opened or read.
    File { path: String, error: std::io::Error },
    /// A snapshot file is not a readable `_metadata` (the error names the byte offset).
    Snapshot { path: String, error: SavepointError },
}

impl CliError {
    /// A usage error of one command (its usage is printed after the message).
    pub fn usage(command: &'static str, message: impl Into<String>) -> Self {
        CliError::Usage { command: Some(command), message: message.into() }
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Usage { command, message } => write!(f, "{message}\n{}", usage(*command)),
            CliError::Argument { flag, error } => write!(f, "{flag}: {error}"),
            CliError::NotWhole { flag, text, max } => {
                write!(f, "{flag}: {} is not a whole number; it takes 1 to {max}", crate::model::error::quote(text))
            }
            CliError::Key { line, error } => write!(f, "line {line}: {error}"),
            CliError::KeyArgument { key, error } => write!(f, "key {key:?}: {error}"),
            CliError::CsvLine { line, error } => write!(f, "line {line}: {}", error.reason("key")),
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
