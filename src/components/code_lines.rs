//! A command block's text, one block `<span class="line">` per line: at phone widths a long
//! line wraps under a hanging indent four columns deeper than the line's own start (`hang-N`,
//! N its leading spaces, up to 8), so a wrapped part never lines up with a line of its own: a
//! shell continuation (two spaces in) or a YAML key (four). The leading spaces stay with the
//! line's first word (`lead`, never broken; only its first character where the word is longer
//! than [`WHOLE`]), so no row holds spaces alone. A word of a hyphen and at most [`WHOLE`]
//! characters is kept whole (`word`): `--fromSavepoint` never splits into `--` and a row below
//! that reads as a word of its own; nor is a comment's `#` or a closing `\` left alone on a
//! row. Rows break at spaces, and a longer word anywhere inside it.
//! The lines are blocks, so a selection copies them as lines, their spaces kept.

use yew::prelude::*;

/// `<code>` holding `text` line by line.
pub fn code_lines(text: &str) -> Html {
    html! {
        <code>{ for text.split('\n').map(line) }</code>
    }
}

/// The longest word kept whole: it fits a row of a phone's command block (about 39 columns at
/// 390 px) with eight leading spaces before it.
pub const WHOLE: usize = 24;

fn line(text: &str) -> Html {
    let spaces = text.len() - text.trim_start_matches(' ').len();
    let units = units(&text[spaces..]);
    // The spaces and the first word after them, kept together (or its first character).
    let (lead, first) = match units.first() {
        Some(first) if first.chars().count() <= WHOLE => {
            (spaces + first.len(), html! { <span class="word">{ &text[spaces..spaces + first.len()] }</span> })
        }
        _ => {
            let lead = text[spaces..].chars().next().map_or(text.len(), |c| spaces + c.len_utf8());
            (lead, html! { { &text[spaces..lead] } })
        }
    };
    html! {
        <span class={classes!("line", format!("hang-{}", spaces.min(8)))}>
            <span class="lead">{ &text[..spaces] }{ first }</span>{ words(&text[lead..]) }
        </span>
    }
}

/// A line's words, split at single spaces (so joined again with one they give the line back),
/// a comment's `#` joined to the word after it and a shell's closing `\` to the word before.
fn units(text: &str) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    let mut hash = false;
    for word in text.split(' ') {
        match units.last_mut() {
            Some(last) if hash || (word == "\\" && !last.is_empty()) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
        hash = word == "#";
    }
    units
}

/// The rest of a line: plain text, but each short word with a hyphen, and each `#` or `\`
/// with its word, kept whole.
fn words(text: &str) -> Html {
    let whole = |w: &str| (w.contains('-') || w.contains(' ')) && w.chars().count() <= WHOLE;
    let mut parts = Vec::new();
    let mut plain = String::new();
    for (i, word) in units(text).into_iter().enumerate() {
        if i > 0 {
            plain.push(' ');
        }
        match whole(&word) {
            true => {
                parts.push(html! { { std::mem::take(&mut plain) } });
                parts.push(html! { <span class="word">{ word }</span> });
            }
            false => plain.push_str(&word),
        }
    }
    parts.push(html! { { plain } });
    parts.into_iter().collect::<Html>()
}

#[cfg(test)]
mod tests {
    use super::units;

    /// Joined again with single spaces the units give the line back; `#` and `\` hold to
    /// their words.
    #[test]
    fn units_keep_the_text_and_hold_marks_to_their_words() {
        for (text, expected) in [
            ("curl -s http://x \\", vec!["curl", "-s", "http://x \\"]),
            (" | jq '.' \\", vec!["", "|", "jq", "'.' \\"]),
            ("# keep it", vec!["# keep", "it"]),
            ("a  b", vec!["a", "", "b"]),
            ("\\", vec!["\\"]),
            ("x: 1 # two words", vec!["x:", "1", "# two", "words"]),
            ("", vec![""]),
        ] {
            let units = units(text);
            assert_eq!(units, expected, "{text:?}");
            assert_eq!(units.join(" "), text);
        }
    }
}
