//! One CSV line's fields, as RFC 4180 writes them: a field in double quotes may hold commas,
//! and `""` is a quote inside it. The one reader for every CSV the labs read (the skew lab's
//! key sets, the trace kit's job output); it is strict, so that a line it cannot read says why
//! instead of being read as something else.

use std::borrow::Cow;
use std::fmt;

/// Why a line's fields could not be read. `Display` names the field a `what` (a key, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldError {
    /// A quoted field with no closing quote.
    Unclosed,
    /// Text between a closing quote and the next comma.
    TextAfterQuote,
    /// A quote inside a field that is not quoted.
    QuoteInUnquoted,
}

impl FieldError {
    /// The reason, naming what a field holds (`"key"`).
    pub fn reason(self, what: &str) -> String {
        match self {
            FieldError::Unclosed => format!("a quoted {what} has no closing double quote"),
            FieldError::TextAfterQuote => {
                format!("text follows a closing double quote; a quote inside a {what} is written \"\"")
            }
            FieldError::QuoteInUnquoted => {
                format!("a double quote inside an unquoted field; quote the whole {what} and write \"\" for a quote")
            }
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason("field"))
    }
}

/// Splits one line into fields, honouring double quotes. Without quotes, every field borrows
/// the line.
pub fn fields(line: &str) -> Result<Vec<Cow<'_, str>>, FieldError> {
    if !line.contains('"') {
        return Ok(line.split(',').map(Cow::Borrowed).collect());
    }
    let mut fields: Vec<Cow<'_, str>> = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        let mut field = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next() {
                    None => return Err(FieldError::Unclosed),
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                }
            }
            match chars.next() {
                None => {
                    fields.push(Cow::Owned(field));
                    return Ok(fields);
                }
                Some(',') => fields.push(Cow::Owned(field)),
                Some(_) => return Err(FieldError::TextAfterQuote),
            }
        } else {
            let last = loop {
                match chars.next() {
                    None => break true,
                    Some(',') => break false,
                    Some(c) => field.push(c),
                }
            };
            if field.contains('"') {
                return Err(FieldError::QuoteInUnquoted);
            }
            fields.push(Cow::Owned(field));
            if last {
                return Ok(fields);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_of_lines_as_rfc_4180_writes_them() {
        let table: &[(&str, Result<&[&str], FieldError>)] = &[
            ("", Ok(&[""])),
            ("a,b", Ok(&["a", "b"])),
            ("a,,c,", Ok(&["a", "", "c", ""])),
            ("\"a,b\",1", Ok(&["a,b", "1"])),
            ("\"say \"\"hi\"\"\",2", Ok(&["say \"hi\"", "2"])),
            ("x,\"\"", Ok(&["x", ""])),
            ("\"\",\"q\"", Ok(&["", "q"])),
            ("1,\"tail\"", Ok(&["1", "tail"])),
            ("\"open,1", Err(FieldError::Unclosed)),
            ("\"a\"b,1", Err(FieldError::TextAfterQuote)),
            ("a\"b,1", Err(FieldError::QuoteInUnquoted)),
            ("1,a\"b", Err(FieldError::QuoteInUnquoted)),
        ];
        for (line, want) in table {
            let got = fields(line);
            let got = got.as_ref().map(|f| f.iter().map(|c| c.as_ref()).collect::<Vec<_>>()).map_err(|e| *e);
            assert_eq!(got, want.map(|w| w.to_vec()), "{line:?}");
        }
    }

    #[test]
    fn a_reason_names_what_the_field_holds() {
        assert_eq!(FieldError::Unclosed.reason("key"), "a quoted key has no closing double quote");
        assert_eq!(
            FieldError::QuoteInUnquoted.to_string(),
            "a double quote inside an unquoted field; quote the whole field and write \"\" for a quote"
        );
    }
}
