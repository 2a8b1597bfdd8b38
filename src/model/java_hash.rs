//! Keys as Flink sees them, and Java's `hashCode` for each key type.
//!
//! - `string`: `String.hashCode`, `h = 31·h + c` over UTF-16 code units (so an emoji counts
//!   as its two surrogates, and NFC and NFD spellings hash differently).
//! - `int`: `Integer.hashCode`, the value itself.
//! - `long`: `Long.hashCode`, `(int)(v ^ (v >>> 32))`.

use std::fmt;

use super::error::ModelError;
use super::literal::{invisible, push_quoted};

pub use super::key_type::KeyType;

impl KeyType {
    /// Parses `string`, `int` or `long` (exactly, lower case).
    pub fn parse(text: &str) -> Result<KeyType, ModelError> {
        KeyType::ALL
            .into_iter()
            .find(|t| t.as_str() == text)
            .ok_or_else(|| ModelError::UnknownKeyType { text: text.to_string() })
    }

    /// Turns typed text into a key of this type. Numeric keys accept an optional sign and
    /// decimal digits, with surrounding whitespace ignored; string keys are taken verbatim.
    pub fn parse_key(self, text: &str) -> Result<Key, ModelError> {
        match self {
            KeyType::String => Ok(Key::Str(text.to_string())),
            KeyType::Int => parse_numeric(self, text)
                .and_then(|v| {
                    i32::try_from(v).map_err(|_| ModelError::KeyOutOfRange { key_type: self, text: text.to_string() })
                })
                .map(Key::Int),
            KeyType::Long => parse_numeric(self, text).map(Key::Long),
        }
    }
}

impl fmt::Display for KeyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One key of a keyed stream, already validated for its type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// A `String` key.
    Str(String),
    /// An `Integer` key.
    Int(i32),
    /// A `Long` key.
    Long(i64),
}

impl Key {
    /// The key's Java `hashCode()`, the input to Flink's key-group hash.
    #[inline(always)]
    pub fn java_hash(&self) -> i32 {
        match self {
            Key::Str(s) => string_hash(s),
            Key::Int(v) => int_hash(*v),
            Key::Long(v) => long_hash(*v),
        }
    }

    /// The Java type of this key.
    pub fn key_type(&self) -> KeyType {
        match self {
            Key::Str(_) => KeyType::String,
            Key::Int(_) => KeyType::Int,
            Key::Long(_) => KeyType::Long,
        }
    }
}

/// Java's `String.hashCode` of a Rust string, over its UTF-16 code units.
#[inline(always)]
pub fn string_hash(s: &str) -> i32 {
    if s.is_ascii() {
        // An ASCII byte is its own UTF-16 code unit: skip the decoding.
        s.bytes().fold(0i32, |h, b| h.wrapping_mul(31).wrapping_add(i32::from(b)))
    } else {
        utf16_hash(s.encode_utf16())
    }
}

/// Java's `String.hashCode` over raw UTF-16 code units (lone surrogates included), for text
/// that a browser holds and Rust's `str` cannot.
pub fn utf16_hash(units: impl IntoIterator<Item = u16>) -> i32 {
    units.into_iter().fold(0i32, |h, unit| h.wrapping_mul(31).wrapping_add(i32::from(unit)))
}

/// Java's `Integer.hashCode`.
pub fn int_hash(v: i32) -> i32 {
    v
}

/// Java's `Long.hashCode`.
pub fn long_hash(v: i64) -> i32 {
    (v ^ ((v as u64) >> 32) as i64) as i32
}

fn parse_numeric(key_type: KeyType, text: &str) -> Result<i64, ModelError> {
    let trimmed = text.trim();
    let digits = trimmed.strip_prefix(['+', '-']).unwrap_or(trimmed);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ModelError::KeyNotANumber { key_type, text: text.to_string() });
    }
    trimmed.parse::<i64>().map_err(|_| ModelError::KeyOutOfRange { key_type, text: text.to_string() })
}

/// The key as text: a string as it is, a number in decimal.
impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Str(s) => f.write_str(s),
            Key::Int(v) => write!(f, "{v}"),
            Key::Long(v) => write!(f, "{v}"),
        }
    }
}

impl Key {
    /// The key as a Java literal, the way a Flink user would write it in code: strings in
    /// double quotes with `\"`, `\\`, `\n`, `\t`, `\r` and `\uXXXX` escapes (UTF-16 units,
    /// upper-case hex) for invisible characters; `long`s with an `L`.
    pub fn java_literal(&self) -> String {
        match self {
            Key::Int(v) => v.to_string(),
            Key::Long(v) => format!("{v}L"),
            Key::Str(s) => {
                let mut out = String::with_capacity(s.len() + 2);
                push_quoted(&mut out, s, invisible);
                out
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(key_type: KeyType, text: &str, expected: Result<i32, &str>) {
        let got = key_type.parse_key(text).map(|k| k.java_hash()).map_err(|e| e.to_string());
        match expected {
            Ok(hash) => assert_eq!(got, Ok(hash), "{key_type} {text:?}"),
            Err(fragment) => {
                let message = got.expect_err(text);
                assert!(message.contains(fragment), "{message:?} lacks {fragment:?}");
            }
        }
    }

    #[test]
    fn hashes_and_parse_errors() {
        check(KeyType::String, "", Ok(0));
        check(KeyType::String, "a", Ok(97));
        check(KeyType::String, "customer-42", Ok(string_hash("customer-42")));
        check(KeyType::String, "😀", Ok(0xd83d * 31 + 0xde00));
        check(KeyType::Int, "-7", Ok(-7));
        check(KeyType::Int, " +2147483647 ", Ok(i32::MAX));
        check(KeyType::Int, "2147483648", Err("outside the int range -2147483648 to 2147483647"));
        check(KeyType::Int, "abc", Err("not a valid int key"));
        check(KeyType::Int, "", Err("not a whole number"));
        check(KeyType::Int, "-", Err("not a whole number"));
        check(KeyType::Long, "-1", Ok(0));
        check(KeyType::Long, "4294967296", Ok(1));
        check(KeyType::Long, "9223372036854775808", Err("outside the long range"));
        check(KeyType::Long, "1e3", Err("not a valid long key"));
    }

    #[test]
    fn key_type_names_round_trip() {
        for t in KeyType::ALL {
            assert_eq!(KeyType::parse(t.as_str()), Ok(t));
        }
        assert!(KeyType::parse("String").is_err());
    }

    #[test]
    fn keys_read_as_java_literals() {
        let cases = [
            (Key::Str("customer-42".into()), "\"customer-42\""),
            (Key::Str("a\u{0}b\u{7}".into()), "\"a\\u0000b\\u0007\""),
            (Key::Str("non\u{a0}breaking".into()), "\"non\\u00A0breaking\""),
            (Key::Str("q\"\\\n\t".into()), "\"q\\\"\\\\\\n\\t\""),
            (Key::Str("zero\u{200b}width\u{feff}".into()), "\"zero\\u200Bwidth\\uFEFF\""),
            (Key::Str("café 😀 ü".into()), "\"café 😀 ü\""),
            (Key::Int(-7), "-7"),
            (Key::Long(7), "7L"),
        ];
        for (key, want) in cases {
            assert_eq!(key.java_literal(), want);
        }
        assert_eq!(Key::Str("x y".into()).to_string(), "x y");
    }
}
