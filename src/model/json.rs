//! A small, strict JSON reader (RFC 8259) for text a person pastes: Flink REST bodies. It keeps
//! every number as the text it was written with (no floating point anywhere), the byte offset
//! of every value, and members in their order.
//!
//! Guarantees: never panics; refuses more than [`MAX_BYTES`] of text and nesting deeper than
//! [`MAX_DEPTH`]; every error names the byte offset where reading stopped and what was
//! expected there, including text that ends too early (a truncated body).

use std::fmt;

/// The most text read, in bytes (a vertex-details body of about 8,000 subtasks).
pub const MAX_BYTES: usize = 8 * 1024 * 1024;
/// The deepest nesting of lists and objects.
pub const MAX_DEPTH: usize = 64;
/// The most top-level values in a sequence (one body per subtask, at most 32768 subtasks).
pub const MAX_VALUES: usize = 32768;

/// A value with the byte offset where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    pub at: usize,
    pub value: Value,
}

/// A JSON value. Numbers keep their text exactly as written (`1084.0`, `1.2E7`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(String),
    Text(String),
    List(Vec<Node>),
    /// Members in the order written.
    Object(Vec<(String, Node)>),
}

impl Node {
    /// The member `key` of an object (the last one, as JavaScript's parser keeps it).
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[Node]> {
        match &self.value {
            Value::List(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_text(&self) -> Option<&str> {
        match &self.value {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    /// A number as JavaScript's parser reads it (`128`, `128.0` and `1.28e2` alike); `None` for
    /// anything but a number. Exact decimals: [`Decimal`].
    pub fn as_number(&self) -> Option<f64> {
        match &self.value {
            Value::Number(text) => text.parse().ok(),
            _ => None,
        }
    }

    /// The member names of an object, in order (empty for anything else).
    pub fn keys(&self) -> Vec<&str> {
        match &self.value {
            Value::Object(members) => members.iter().map(|(k, _)| k.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    /// What kind of value this is, for messages: "a list", "the text \"<rate>\"", …
    pub fn describe(&self) -> String {
        match &self.value {
            Value::Null => "null".to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => format!("the number {n}"),
            Value::Text(t) if t.chars().count() <= 40 => format!("the text {t:?}"),
            Value::Text(_) => "a long text".to_string(),
            Value::List(_) => "a list".to_string(),
            Value::Object(_) => "an object".to_string(),
        }
    }
}

/// Why text is not JSON: the byte offset and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonError {
    /// More than [`MAX_BYTES`] of text.
    TooLarge { bytes: usize },
    /// Nothing but white space.
    Empty,
    /// The text ends before the value that started at `open` is complete.
    Truncated { at: usize, inside: &'static str, open: usize },
    /// Something else was found where `expected` was needed.
    Unexpected { at: usize, expected: &'static str, found: String },
    /// Lists and objects nested deeper than [`MAX_DEPTH`].
    TooDeep { at: usize },
    /// More than [`MAX_VALUES`] top-level values.
    TooManyValues { at: usize },
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonError::TooLarge { bytes } => {
                write!(f, "the text has {bytes} bytes, more than the {MAX_BYTES} this reads")
            }
            JsonError::Empty => write!(f, "there is no text to read"),
            JsonError::Truncated { at, inside, open } => {
                write!(f, "the text ends at byte {at} inside {inside} that starts at byte {open}: it looks cut off")
            }
            JsonError::Unexpected { at, expected, found } => {
                write!(f, "at byte {at}: expected {expected}, found {found}")
            }
            JsonError::TooDeep { at } => write!(f, "at byte {at}: nested deeper than {MAX_DEPTH} levels"),
            JsonError::TooManyValues { at } => {
                write!(f, "at byte {at}: more than {MAX_VALUES} JSON values one after another")
            }
        }
    }
}

/// Reads exactly one JSON value (white space around it allowed).
pub fn parse(text: &str) -> Result<Node, JsonError> {
    let mut values = parse_sequence(text)?;
    if values.len() > 1 {
        let at = values[1].at;
        return Err(JsonError::Unexpected { at, expected: "the end of the text", found: "another JSON value".into() });
    }
    values.pop().ok_or(JsonError::Empty)
}

/// Reads one or more JSON values one after another, separated by white space (several bodies
/// pasted together). A byte-order mark at the start is skipped.
pub fn parse_sequence(text: &str) -> Result<Vec<Node>, JsonError> {
    if text.len() > MAX_BYTES {
        return Err(JsonError::TooLarge { bytes: text.len() });
    }
    let mut r = Reader { bytes: text.as_bytes(), pos: 0 };
    if text.starts_with('\u{feff}') {
        r.pos = 3;
    }
    let mut values = Vec::new();
    loop {
        r.skip_space();
        if r.pos >= r.bytes.len() {
            break;
        }
        if values.len() == MAX_VALUES {
            return Err(JsonError::TooManyValues { at: r.pos });
        }
        values.push(r.value(0)?);
        let end = r.pos;
        r.skip_space();
        if r.pos < r.bytes.len() && r.pos == end && !matches!(r.peek(), Some(b'[' | b'{')) {
            return Err(r.unexpected("white space or the end of the text after a value"));
        }
    }
    if values.is_empty() {
        return Err(JsonError::Empty);
    }
    Ok(values)
}

mod reader;
use reader::Reader;

mod write;
pub use write::{quote, to_text};

mod decimal;
pub use decimal::{Decimal, DecimalError, MAX_DIGITS};

#[cfg(test)]
mod tests;
