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

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// What stands at the current position, for a message.
    fn found(&self) -> String {
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        let Some(&first) = rest.first() else { return "the end of the text".to_string() };
        if first == b'<' {
            return "'<' (this looks like an HTML page, not a REST body)".to_string();
        }
        let text = String::from_utf8_lossy(&rest[..rest.len().min(4)]);
        match text.chars().next() {
            Some(c) if c.is_control() => format!("the control character {:?}", c),
            Some(c) => format!("'{c}'"),
            None => "the end of the text".to_string(),
        }
    }

    fn unexpected(&self, expected: &'static str) -> JsonError {
        JsonError::Unexpected { at: self.pos, expected, found: self.found() }
    }

    fn end_or(&self, inside: &'static str, open: usize, expected: &'static str) -> JsonError {
        if self.pos >= self.bytes.len() {
            JsonError::Truncated { at: self.bytes.len(), inside, open }
        } else {
            self.unexpected(expected)
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node, JsonError> {
        self.skip_space();
        let at = self.pos;
        let value = match self.peek() {
            None => return Err(JsonError::Truncated { at, inside: "a value", open: at }),
            Some(b'{') => self.object(depth)?,
            Some(b'[') => self.list(depth)?,
            Some(b'"') => Value::Text(self.string()?),
            Some(b'-' | b'0'..=b'9') => Value::Number(self.number()?),
            Some(b't') => self.word("true", Value::Bool(true))?,
            Some(b'f') => self.word("false", Value::Bool(false))?,
            Some(b'n') => self.word("null", Value::Null)?,
            Some(_) => {
                return Err(self.unexpected("a JSON value (an object, a list, a string, a number, true, false or null)"))
            }
        };
        Ok(Node { at, value })
    }

    fn word(&mut self, word: &'static str, value: Value) -> Result<Value, JsonError> {
        let at = self.pos;
        for &b in word.as_bytes() {
            match self.peek() {
                Some(c) if c == b => self.pos += 1,
                None => return Err(JsonError::Truncated { at: self.bytes.len(), inside: "a word", open: at }),
                Some(_) => {
                    self.pos = at;
                    return Err(self.unexpected("a JSON value (true, false and null are the only words)"));
                }
            }
        }
        Ok(value)
    }

    fn list(&mut self, depth: usize) -> Result<Value, JsonError> {
        let open = self.pos;
        if depth >= MAX_DEPTH {
            return Err(JsonError::TooDeep { at: open });
        }
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_space();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::List(items));
        }
        loop {
            self.skip_space();
            if self.pos >= self.bytes.len() {
                return Err(JsonError::Truncated { at: self.pos, inside: "a list", open });
            }
            items.push(self.value(depth + 1)?);
            self.skip_space();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::List(items));
                }
                _ => return Err(self.end_or("a list", open, "',' or ']' after a list item")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, JsonError> {
        let open = self.pos;
        if depth >= MAX_DEPTH {
            return Err(JsonError::TooDeep { at: open });
        }
        self.pos += 1;
        let mut members = Vec::new();
        self.skip_space();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.skip_space();
            if self.peek() != Some(b'"') {
                return Err(self.end_or("an object", open, "a member name in double quotes"));
            }
            let key = self.string()?;
            self.skip_space();
            if self.peek() != Some(b':') {
                return Err(self.end_or("an object", open, "':' after a member name"));
            }
            self.pos += 1;
            self.skip_space();
            if self.pos >= self.bytes.len() {
                return Err(JsonError::Truncated { at: self.pos, inside: "an object", open });
            }
            let value = self.value(depth + 1)?;
            members.push((key, value));
            self.skip_space();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.end_or("an object", open, "',' or '}' after a member")),
            }
        }
    }

    fn number(&mut self) -> Result<String, JsonError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let digits = |r: &mut Reader| {
            let from = r.pos;
            while matches!(r.peek(), Some(b'0'..=b'9')) {
                r.pos += 1;
            }
            r.pos - from
        };
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return Err(self.end_or("a number", start, "a digit")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.end_or("a number", start, "a digit after the decimal point"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.end_or("a number", start, "a digit in the exponent"));
            }
        }
        if matches!(self.peek(), Some(b'0'..=b'9' | b'.' | b'a'..=b'z' | b'A'..=b'Z')) {
            return Err(self.unexpected("the end of the number"));
        }
        Ok(String::from_utf8_lossy(&self.bytes[start..self.pos]).into_owned())
    }

    fn hex4(&mut self, open: usize) -> Result<u32, JsonError> {
        let mut v = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                None => return Err(JsonError::Truncated { at: self.pos, inside: "a string", open }),
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                Some(_) => return Err(self.unexpected("four hexadecimal digits after \\u")),
            };
            v = v * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(v)
    }

    fn string(&mut self) -> Result<String, JsonError> {
        let open = self.pos;
        self.pos += 1;
        // Fast path: no escape before the closing quote, so the text is a slice of the input
        // (quotes are ASCII, so both ends are character boundaries).
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        if let Some(len) = rest.iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20) {
            if rest[len] == b'"' {
                let text = String::from_utf8_lossy(&rest[..len]).into_owned();
                self.pos += len + 1;
                return Ok(text);
            }
        }
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(JsonError::Truncated { at: self.pos, inside: "a string", open });
            };
            match c {
                b'"' => {
                    self.pos += 1;
                    // The input was a &str and escapes add whole characters: always UTF-8.
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                b'\\' => {
                    self.pos += 1;
                    let Some(e) = self.peek() else {
                        return Err(JsonError::Truncated { at: self.pos, inside: "a string", open });
                    };
                    self.pos += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let high = self.hex4(open)?;
                            let code = if (0xd800..0xdc00).contains(&high)
                                && self.bytes.get(self.pos..self.pos + 2) == Some(b"\\u")
                            {
                                let back = self.pos;
                                self.pos += 2;
                                let low = self.hex4(open)?;
                                if (0xdc00..0xe000).contains(&low) {
                                    0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)
                                } else {
                                    self.pos = back;
                                    0xfffd
                                }
                            } else {
                                high
                            };
                            char::from_u32(code).unwrap_or('\u{fffd}')
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.unexpected("an escape: one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"));
                        }
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1f => return Err(self.unexpected("a character of a string (control characters must be escaped)")),
                _ => {
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
    }
}

/// A non-negative decimal number read exactly: `digits` × 10^`exponent`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    pub digits: u128,
    pub exponent: i32,
}

/// The most significant digits a [`Decimal`] keeps (a Java `long` has 19, a `double` 17).
pub const MAX_DIGITS: usize = 30;

/// Why a text is not a non-negative decimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecimalError {
    NotANumber,
    Negative,
    TooManyDigits,
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DecimalError::NotANumber => "not a number",
            DecimalError::Negative => "negative",
            DecimalError::TooManyDigits => "written with more digits than this reads (30)",
        })
    }
}

impl Decimal {
    /// Reads a JSON number, or the same grammar inside a string (Java's `String.valueOf` of a
    /// long or double: `1290`, `1084.0`, `1.2E7`, `3.3E-4`). `-0` and `-0.0` read as zero.
    pub fn parse(text: &str) -> Result<Decimal, DecimalError> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exp) = match body.find(['e', 'E']) {
            Some(i) => (&body[..i], Some(&body[i + 1..])),
            None => (body, None),
        };
        let (int, frac) = match mantissa.find('.') {
            Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
            None => (mantissa, ""),
        };
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(int) || (mantissa.contains('.') && !all_digits(frac)) {
            return Err(DecimalError::NotANumber);
        }
        let mut exponent: i64 = match exp {
            None => 0,
            Some(e) => {
                let (sign, d) = match e.as_bytes().first() {
                    Some(b'-') => (-1, &e[1..]),
                    Some(b'+') => (1, &e[1..]),
                    _ => (1, e),
                };
                if !all_digits(d) {
                    return Err(DecimalError::NotANumber);
                }
                if d.len() > 6 {
                    return Err(DecimalError::TooManyDigits);
                }
                sign * d.parse::<i64>().map_err(|_| DecimalError::NotANumber)?
            }
        };
        let joined = format!("{int}{frac}");
        let significant = joined.trim_start_matches('0');
        // Trailing zeros only scale the value.
        let trimmed = significant.trim_end_matches('0');
        exponent = exponent - frac.len() as i64 + (significant.len() - trimmed.len()) as i64;
        if trimmed.len() > MAX_DIGITS {
            return Err(DecimalError::TooManyDigits);
        }
        let digits = trimmed.bytes().fold(0u128, |acc, b| acc * 10 + u128::from(b - b'0'));
        if digits == 0 {
            return Ok(Decimal { digits: 0, exponent: 0 });
        }
        if negative {
            return Err(DecimalError::Negative);
        }
        Ok(Decimal { digits, exponent: exponent.clamp(-1000, 1000) as i32 })
    }

    /// The value in units of 10^-`scale`, rounded half up; `None` above `u64::MAX`.
    pub fn units(&self, scale: u32) -> Option<u64> {
        let shift = i64::from(self.exponent) + i64::from(scale);
        if self.digits == 0 {
            return Some(0);
        }
        if shift >= 0 {
            let factor = 10u128.checked_pow(u32::try_from(shift).ok()?)?;
            u64::try_from(self.digits.checked_mul(factor)?).ok()
        } else {
            let down = u32::try_from(-shift).ok()?;
            let Some(divisor) = 10u128.checked_pow(down) else { return Some(0) };
            u64::try_from((self.digits + divisor / 2) / divisor).ok()
        }
    }

    /// Decimal places after the point needed to write the value exactly.
    pub fn places(&self) -> u32 {
        if self.exponent < 0 {
            self.exponent.unsigned_abs()
        } else {
            0
        }
    }

    /// Rounded to a whole number half up, as JavaScript's `Math.round` rounds a non-negative
    /// number (exact on the decimal text, which for Java's shortest `double` output agrees
    /// with rounding the `double` itself).
    pub fn round(&self) -> Option<u64> {
        self.units(0)
    }
}

#[cfg(test)]
mod tests;
