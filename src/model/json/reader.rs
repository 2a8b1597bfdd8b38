//! The byte-level reader behind [`super::parse_sequence`]: one value at a time, depth and size
//! bounded, every error at its byte offset.

use super::*;

pub(super) struct Reader<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
}

impl Reader<'_> {
    pub(super) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    pub(super) fn skip_space(&mut self) {
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

    pub(super) fn unexpected(&self, expected: &'static str) -> JsonError {
        JsonError::Unexpected { at: self.pos, expected, found: self.found() }
    }

    fn end_or(&self, inside: &'static str, open: usize, expected: &'static str) -> JsonError {
        if self.pos >= self.bytes.len() {
            JsonError::Truncated { at: self.bytes.len(), inside, open }
        } else {
            self.unexpected(expected)
        }
    }

    pub(super) fn value(&mut self, depth: usize) -> Result<Node, JsonError> {
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

    /// A list or an object from its opening byte at `self.pos` to `close`: items read by
    /// `item` (given the opening's offset), separated by commas. `inside` names it in errors,
    /// `after` says what may follow an item.
    fn items<T>(
        &mut self,
        depth: usize,
        (close, inside, after): (u8, &'static str, &'static str),
        mut item: impl FnMut(&mut Self, usize) -> Result<T, JsonError>,
    ) -> Result<Vec<T>, JsonError> {
        let open = self.pos;
        if depth >= MAX_DEPTH {
            return Err(JsonError::TooDeep { at: open });
        }
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_space();
        if self.peek() == Some(close) {
            self.pos += 1;
            return Ok(items);
        }
        loop {
            self.skip_space();
            items.push(item(self, open)?);
            self.skip_space();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(c) if c == close => {
                    self.pos += 1;
                    return Ok(items);
                }
                _ => return Err(self.end_or(inside, open, after)),
            }
        }
    }

    fn list(&mut self, depth: usize) -> Result<Value, JsonError> {
        let list = (b']', "a list", "',' or ']' after a list item");
        self.items(depth, list, |r, open| {
            if r.pos >= r.bytes.len() {
                return Err(JsonError::Truncated { at: r.pos, inside: "a list", open });
            }
            r.value(depth + 1)
        })
        .map(Value::List)
    }

    fn object(&mut self, depth: usize) -> Result<Value, JsonError> {
        let object = (b'}', "an object", "',' or '}' after a member");
        self.items(depth, object, |r, open| {
            if r.peek() != Some(b'"') {
                return Err(r.end_or("an object", open, "a member name in double quotes"));
            }
            let key = r.string()?;
            r.skip_space();
            if r.peek() != Some(b':') {
                return Err(r.end_or("an object", open, "':' after a member name"));
            }
            r.pos += 1;
            r.skip_space();
            if r.pos >= r.bytes.len() {
                return Err(JsonError::Truncated { at: r.pos, inside: "an object", open });
            }
            Ok((key, r.value(depth + 1)?))
        })
        .map(Value::Object)
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
