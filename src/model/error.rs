//! The one error type of the model. Every variant documents its rule; `Display` names the
//! bound and the value, so the text can be shown to a person as it is.

use std::fmt;

use super::key_type::KeyType;

/// Everything the model can refuse. Built only by validating constructors and parsers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelError {
    /// Max parallelism (the number of key groups) must lie in `1..=32768`.
    MaxParallelismOutOfRange { value: i64 },
    /// Parallelism must be at least 1.
    ParallelismTooSmall { value: i64 },
    /// Parallelism above max parallelism: Flink refuses to start such a job, because some
    /// subtask would own no key group.
    ParallelismAboveMax { parallelism: i64, max: u32 },
    /// Flink derives a default max parallelism only for parallelisms in `1..=32768`.
    DerivationParallelismOutOfRange { value: i64 },
    /// A key group number at or above the max parallelism: no such group exists.
    KeyGroupBeyondMax { group: u32, max: u32 },
    /// A number field held something that is not a whole decimal number.
    NotAWholeNumber { text: String },
    /// A number field held a whole number too long to be any valid value.
    NumberTooLarge { text: String },
    /// No max parallelism up to 32768 is a multiple of every planned parallelism: their least
    /// common multiple is larger.
    NoCommonMultiple { planned: Vec<u32>, lcm: u64 },
    /// A number was outside the inclusive range a field accepts.
    OutOfRange { what: &'static str, value: i64, min: i64, max: i64 },
    /// A count typed below 0 (an answer to "how many").
    Negative { what: &'static str, value: i64 },
    /// An amount (a rate, a size) written with a minus sign: a number, but below 0.
    NegativeAmount { what: &'static str, text: String },
    /// A number too long for 64 bits, typed into a field with bounds: named with them.
    FarOutOfRange { what: &'static str, text: String, min: i64, max: i64 },
    /// A time that is not a plain decimal number of seconds (such as `1.5`).
    NotSeconds { text: String },
    /// A time outside the accepted range of seconds.
    SecondsOutOfRange { text: String, max: u32 },
    /// An amount (rate or size) that is not a plain non-negative decimal.
    NotAnAmount { what: &'static str, text: String },
    /// An amount above its bound.
    AmountTooLarge { what: &'static str, text: String, max: u64 },
    /// A quantity that must be above zero.
    NotPositive { what: &'static str },
    /// A size above its bound, in bytes (written with its binary unit: 1 PiB).
    SizeTooLarge { what: &'static str, text: String, max: u64 },
    /// A throughput typed as a bare number: it would be read as bytes per second.
    RateWithoutUnit { what: &'static str, text: String },
    /// A size that is not a number with an optional unit B, KB, MB, GB or TB.
    NotASize { what: &'static str, text: String },
    /// A duration that is not a whole number with a unit s, min, h or d (or `none`).
    NotADuration { what: &'static str, text: String },
    /// A numeric key (`int` or `long`) that is not a whole decimal number.
    KeyNotANumber { key_type: KeyType, text: String },
    /// A numeric key outside the range of its Java type.
    KeyOutOfRange { key_type: KeyType, text: String },
    /// A key type other than `string`, `int` or `long`.
    UnknownKeyType { text: String },
    /// A string key that is not valid UTF-8 (only reachable from raw bytes, such as stdin).
    KeyNotUtf8,
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MaxParallelismOutOfRange { value } => {
                write!(f, "max parallelism must be between 1 and 32768, got {value}")
            }
            Self::ParallelismTooSmall { value } => {
                write!(f, "parallelism must be at least 1, got {value}")
            }
            Self::ParallelismAboveMax { parallelism, max } => write!(
                f,
                "parallelism {parallelism} is above max parallelism {max}: the job cannot start, \
                 because only {max} key groups exist to share among {parallelism} subtasks"
            ),
            Self::KeyGroupBeyondMax { group, max } => write!(
                f,
                "there is no key group {group}: max parallelism {max} makes key groups 0 to {}",
                max - 1
            ),
            Self::DerivationParallelismOutOfRange { value } => {
                write!(f, "Flink derives a default max parallelism only for parallelism 1 to 32768, got {value}")
            }
            // Empty: said in words, not as `""` (a screen reader reads it "quote quote").
            Self::NotAWholeNumber { text } if text.trim().is_empty() => write!(f, "it is empty, and a whole number is needed"),
            Self::NotAWholeNumber { text } => {
                write!(f, "{:?} is not a whole number", Quoted(text))
            }
            Self::NumberTooLarge { text } => {
                write!(f, "{:?} is beyond the whole numbers read here, which run from {} to {}", Quoted(text), i64::MIN, i64::MAX)
            }
            Self::NoCommonMultiple { planned, lcm } => {
                let list = planned.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                write!(f, "no max parallelism up to 32768 is divisible by every one of {list}: their least common multiple is {lcm}")
            }
            Self::OutOfRange { what, value, min, max } => {
                write!(f, "{what} must be between {min} and {max}, got {value}")
            }
            Self::Negative { what, value } => write!(f, "{what} must be 0 or more, got {value}"),
            Self::NegativeAmount { what, text } => write!(f, "{what} must be 0 or more, got {:?}", Quoted(text)),
            Self::FarOutOfRange { what, text, min, max } => {
                write!(f, "{what} must be between {min} and {max}, got {:?}", Quoted(text))
            }
            Self::NotSeconds { text } => {
                write!(f, "{:?} is not a number of seconds such as 1.5", Quoted(text))
            }
            Self::SecondsOutOfRange { text, max } => {
                write!(f, "time must be between 0 and {max} seconds, got {}", shorten(text))
            }
            Self::NotAnAmount { what, text } => {
                write!(f, "{what} {:?} is not a number: use digits, with at most three decimals", Quoted(text))
            }
            Self::AmountTooLarge { what, text, max } => {
                write!(f, "{what} {:?} is above the limit of {max}", Quoted(text))
            }
            Self::SizeTooLarge { what, text, max } => {
                let units = [(50, "PiB"), (40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")];
                let unit = units.iter().find(|(shift, _)| max >> shift > 0 && max % (1u64 << shift) == 0);
                match unit {
                    Some((shift, name)) => {
                        write!(
                            f,
                            "{what} {:?} is above the limit of {} {name} ({max} bytes)",
                            Quoted(text),
                            max >> shift
                        )
                    }
                    None => write!(f, "{what} {:?} is above the limit of {max} bytes", Quoted(text)),
                }
            }
            Self::NotPositive { what } => write!(f, "{what} must be above 0"),
            Self::RateWithoutUnit { what, text } => write!(
                f,
                "{what} {:?} has no unit: write the bytes per second with one, such as 300 MiB (a bare number would be bytes)",
                Quoted(text)
            ),
            Self::NotASize { what, text } if text.trim().is_empty() => write!(
                f,
                "{what} is empty: use a number with B, KB or KiB, MB or MiB, GB or GiB, TB or TiB (1 KB = 1 KiB = 1024 B)"
            ),
            Self::NotASize { what, text } => {
                write!(f, "{what} {:?} is not a size: use a number with B, KB or KiB, MB or MiB, GB or GiB, TB or TiB (1 KB = 1 KiB = 1024 B; whole bytes, or at most three decimals with a larger unit)", Quoted(text))
            }
            Self::NotADuration { what, text } => write!(
                f,
                "{what} {:?} is not a duration: use a whole number with s, min, h or d, or none",
                Quoted(text)
            ),
            Self::KeyNotANumber { key_type, text } => write!(
                f,
                "{:?} is not a whole number, so it is not a valid {} key ({})",
                Quoted(text),
                key_type.as_str(),
                key_type.range_text()
            ),
            Self::KeyOutOfRange { key_type, text } => {
                write!(f, "{:?} is outside the {} range {}", Quoted(text), key_type.as_str(), key_type.range_text())
            }
            Self::UnknownKeyType { text } => write!(f, "key type must be string, int or long, got {:?}", Quoted(text)),
            Self::KeyNotUtf8 => write!(f, "a string key must be valid UTF-8"),
        }
    }
}

impl std::error::Error for ModelError {}

/// A text as a quoted literal in a message (`{:?}`), with a Java literal's escapes (`\u00A0`,
/// as a Flink user writes it) for what would not show, cut after 40 characters of the
/// literal's body: a pasted novel, or a text whose every character must be escaped (twelve
/// characters each), stays one readable line.
struct Quoted<'a>(&'a str);

/// `text` as a message quotes it (see [`Quoted`]): `"abc"`, or its first 40 characters and `…`.
pub fn quote(text: &str) -> String {
    format!("{:?}", Quoted(text))
}

impl std::fmt::Debug for Quoted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const LIMIT: usize = 40;
        let mut body = String::new();
        let mut shown = 0;
        for c in self.0.chars() {
            let mut escaped = String::new();
            crate::literal::push_escaped(&mut escaped, c, crate::literal::invisible);
            let width = escaped.chars().count();
            if shown + width > LIMIT {
                body.push('…');
                break;
            }
            shown += width;
            body.push_str(&escaped);
        }
        write!(f, "\"{body}\"")
    }
}

/// Keeps messages readable when someone pastes a novel into a number field.
fn shorten(text: &str) -> String {
    const LIMIT: usize = 40;
    if text.chars().count() <= LIMIT {
        text.to_string()
    } else {
        let head: String = text.chars().take(LIMIT).collect();
        format!("{head}…")
    }
}

#[cfg(test)]
mod tests {
    use super::ModelError;

    /// A text quoted in a message is cut after 40 characters of the literal, escapes counted:
    /// text that must be escaped throughout (here a tag character, two UTF-16 units of six
    /// characters each) stays a short line (a fuzz case once made a 420-byte message of 40 of
    /// them). The escapes are a Java literal's, as a Flink user writes a key (issue 12), and
    /// the same as the page's keys: what prints as nothing, never a combining mark of a script.
    #[test]
    fn quoted_text_is_cut_after_forty_characters_of_the_literal() {
        let message = |text: &str| ModelError::NotAnAmount { what: "total", text: text.to_string() }.to_string();
        let plain = message(&"7".repeat(41));
        assert_eq!(
            plain,
            format!("total \"{}…\" is not a number: use digits, with at most three decimals", "7".repeat(40))
        );
        assert_eq!(message("a\"b"), "total \"a\\\"b\" is not a number: use digits, with at most three decimals");
        assert_eq!(
            message("1\u{a0}2\u{7}"),
            "total \"1\\u00A02\\u0007\" is not a number: use digits, with at most three decimals"
        );
        assert_eq!(
            message("e\u{301}क्ष"),
            "total \"e\u{301}क्ष\" is not a number: use digits, with at most three decimals"
        );
        let escaped = message(&"\u{e0041}".repeat(100));
        assert_eq!(
            escaped,
            format!(
                "total \"{}…\" is not a number: use digits, with at most three decimals",
                "\\uDB40\\uDC41".repeat(3)
            )
        );
    }
}
