//! String literals as Java writes them (and JSON alike): double quotes, backslash escapes, and
//! `\uXXXX` in UTF-16 units for what would not show, so a key, a uid or any text a person typed
//! reads in a message or on the page the way a Flink user writes it in code.

/// Appends `text` in double quotes with `\"`, `\\`, `\n`, `\t` and `\r` escapes, and `\uXXXX`
/// (UTF-16 units, upper-case hex) for every character `escaped` picks: a Java literal and a
/// JSON string alike.
pub fn push_quoted(out: &mut String, text: &str, escaped: impl Fn(char) -> bool) {
    out.push('"');
    for c in text.chars() {
        push_escaped(out, c, &escaped);
    }
    out.push('"');
}

/// Appends one character of a Java or JSON string literal: as it is, or escaped as
/// [`push_quoted`] escapes it.
pub fn push_escaped(out: &mut String, c: char, escaped: impl Fn(char) -> bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        c if escaped(c) => {
            let mut units = [0u16; 2];
            for &unit in c.encode_utf16(&mut units).iter() {
                out.push_str("\\u");
                for shift in [12, 8, 4, 0] {
                    out.push(char::from(HEX[usize::from((unit >> shift) & 15)]));
                }
            }
        }
        c => out.push(c),
    }
}

/// Characters that print as nothing or as blank, escaped so a person sees them: controls,
/// non-ASCII spaces, zero-width and direction marks (the Arabic letter mark too), the
/// byte-order mark, the soft hyphen, the Hangul fillers and the tag characters.
pub fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c as u32,
            0xA0 | 0xAD
                | 0x061C
                | 0x115F
                | 0x1160
                | 0x1680
                | 0x180E
                | 0x2000..=0x200F
                | 0x2028..=0x202F
                | 0x205F..=0x206F
                | 0x3000
                | 0x3164
                | 0xFEFF
                | 0xFFA0
                | 0xFFF9..=0xFFFB
                | 0xE0000..=0xE007F
        )
}
