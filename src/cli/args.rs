//! A command's words: `--name VALUE` or `--name=VALUE` options (each allowed once), bare
//! switches (`--csv`, `--json`), and plain words (keys, a path). A word that starts with `-`
//! is an option until `--`; every word after `--` is a plain word.

use super::error::CliError;

/// One command's words, read against the options and switches it takes.
pub struct Args<'a> {
    values: Vec<(&'a str, &'a str)>,
    switches: Vec<&'a str>,
    /// The plain words, in order.
    pub words: Vec<&'a str>,
}

impl<'a> Args<'a> {
    /// Reads `args` for `command`, which takes the options `values` and the switches `switches`.
    pub fn parse(
        command: &'static str,
        args: &'a [String],
        values: &[&str],
        switches: &[&str],
    ) -> Result<Self, CliError> {
        let mut parsed = Args { values: Vec::new(), switches: Vec::new(), words: Vec::new() };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if arg == "--" {
                parsed.words.extend(iter.map(String::as_str));
                break;
            }
            if !arg.starts_with('-') {
                parsed.words.push(arg);
                continue;
            }
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (arg.as_str(), None),
            };
            let mut given = parsed.values.iter().map(|(n, _)| *n).chain(parsed.switches.iter().copied());
            if given.any(|n| n == name) {
                return Err(CliError::usage(command, format!("{name} given twice")));
            }
            if switches.contains(&name) && inline.is_none() {
                parsed.switches.push(name);
            } else if values.contains(&name) {
                let value = match inline {
                    Some(value) => value,
                    None => iter.next().ok_or_else(|| CliError::usage(command, format!("{arg} needs a value")))?,
                };
                parsed.values.push((name, value));
            } else {
                let hint = if command == "assign" { " (a key that starts with - goes after --)" } else { "" };
                return Err(CliError::usage(command, format!("unknown option {name:?}{hint}")));
            }
        }
        Ok(parsed)
    }

    /// The value of option `name`, if given.
    pub fn get(&self, name: &str) -> Option<&'a str> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    /// Whether switch `name` was given.
    pub fn has(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }
}
