//! The Java type a key has in the job (`string`, `int`, `long`): its name in URLs, the CLI and
//! menus, and the values it accepts. Parsing text into a key type or a key, and hashing, are in
//! `java_hash` (which reports parse errors as `ModelError`, whose messages name a key type).

/// The Java type a key has in the job. Decides how text becomes a key and how it hashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KeyType {
    /// `java.lang.String`.
    #[default]
    String,
    /// `java.lang.Integer`.
    Int,
    /// `java.lang.Long`.
    Long,
}

impl KeyType {
    /// Every key type, in the order a menu shows them.
    pub const ALL: [KeyType; 3] = [KeyType::String, KeyType::Int, KeyType::Long];

    /// The name used in URLs, the CLI and menus.
    pub fn as_str(self) -> &'static str {
        match self {
            KeyType::String => "string",
            KeyType::Int => "int",
            KeyType::Long => "long",
        }
    }

    /// The accepted values, as a person reads them.
    pub fn range_text(self) -> &'static str {
        match self {
            KeyType::String => "any text",
            KeyType::Int => "-2147483648 to 2147483647",
            KeyType::Long => "-9223372036854775808 to 9223372036854775807",
        }
    }
}

// A menu of its values, written as links write them.
crate::choice::choice_value!(KeyType, as_str, as_str);
