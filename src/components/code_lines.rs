//! A command block's text, one block `<span class="line">` per line: at phone widths a long
//! line wraps under a hanging indent four columns deeper than the line's own start (`hang-N`,
//! N its leading spaces, up to 8), so a wrapped part never lines up with a line of its own: a
//! shell continuation (two spaces in) or a YAML key (four). The leading spaces stay with the
//! line's first word (`lead`, never broken; only its head, [`head`], where the word is longer
//! than [`WHOLE`]), so no row holds spaces alone. A word of a hyphen and at most [`WHOLE`]
//! characters is kept whole (`word`): `--fromSavepoint` never splits into `--` and a row below
//! that reads as a word of its own; nor is a comment's `#` or a closing `\` left alone on a
//! row. A longer word keeps its head whole (`-Dpipeline.`), so no row ends in a lone `-`. Rows
//! break at spaces, and a word wider than its row (a deep line at 320 px) inside itself.
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
    let first = units(&text[spaces..]).into_iter().next().unwrap_or_default();
    // The spaces and the first word after them, kept together: the word, or its head where it
    // is longer (`pipeline.`), or its first character. The rest of that word follows as text.
    let (kept, word) = match head(&first) {
        0 => {
            let kept = first.chars().next().map_or(0, char::len_utf8);
            (kept, html! { { &first[..kept] } })
        }
        h => (h, html! { <span class="word">{ &first[..h] }</span> }),
    };
    let rest = &first[kept..];
    html! {
        <span class={classes!("line", format!("hang-{}", spaces.min(8)))}>
            <span class="lead">{ &text[..spaces] }{ word }</span>{ breakable(rest) }{ words(&text[spaces + first.len()..]) }
        </span>
    }
}

/// How much of `word` is kept whole, in bytes: all of a word of at most [`WHOLE`] characters;
/// of a longer one its head, through the first `.`, `=` or inner `-` (so `-Dpipeline.` stays
/// one, never `-` alone at the end of a row), where that is short enough; else nothing.
fn head(word: &str) -> usize {
    if word.chars().count() <= WHOLE {
        return word.len();
    }
    let dashes = word.len() - word.trim_start_matches('-').len();
    let cut = word[dashes..].char_indices().skip(1).find(|(_, c)| matches!(c, '.' | '=' | '-'));
    match cut {
        Some((at, c)) if word[..dashes + at].chars().count() < WHOLE => dashes + at + c.len_utf8(),
        _ => 0,
    }
}

/// A line's words, split at single spaces (so joined again with one they give the line back),
/// a comment's `#` joined to the word after it, a shell's closing `\` to the word before, and
/// a unit to its number (`467 min`, `"467 min"`: never 467 alone at the end of a row).
fn units(text: &str) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    let mut hash = false;
    for word in text.split(' ') {
        let unit = word.trim_end_matches(['"', '\'', ',']);
        let of_number = (1..=3).contains(&unit.len()) && unit.bytes().all(|b| b.is_ascii_alphabetic());
        match units.last_mut() {
            Some(last)
                if hash
                    || (word == "\\" && !last.is_empty())
                    || (of_number && last.ends_with(|c: char| c.is_ascii_digit())) =>
            {
                last.push(' ');
                last.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
        hash = word == "#";
    }
    units
}

/// The rest of a line: plain text, but each short word with a hyphen, each `#` or `\` with its
/// word, and the head of each long word ([`head`]), kept whole.
fn words(text: &str) -> Html {
    let mut parts = Vec::new();
    let mut plain = String::new();
    for (i, word) in units(text).into_iter().enumerate() {
        if i > 0 {
            plain.push(' ');
        }
        let short = word.chars().count() <= WHOLE;
        let kept = match short {
            true if word.contains('-') || word.contains(' ') => word.len(),
            true => 0,
            false => head(&word),
        };
        if kept > 0 {
            parts.push(html! { { std::mem::take(&mut plain) } });
            parts.push(html! { <span class="word">{ &word[..kept] }</span> });
        }
        match short {
            true => plain.push_str(&word[kept..]),
            // A long word breaks where it reads on (after a `.`, `=` or `/`), not anywhere.
            false => {
                parts.push(html! { { std::mem::take(&mut plain) } });
                parts.push(breakable(&word[kept..]));
            }
        }
    }
    parts.push(html! { { plain } });
    parts.into_iter().collect::<Html>()
}

/// `text` with a place to break (`<wbr>`, which copies as nothing) after each `.`, `=` and `/`
/// but the first of `//`, so a long word breaks at a part of its own (`execution.` /
/// `checkpointing.timeout:`) before the browser splits it anywhere.
fn breakable(text: &str) -> Html {
    let mut parts = Vec::new();
    let mut from = 0;
    for (at, c) in text.char_indices() {
        let end = at + c.len_utf8();
        if matches!(c, '.' | '=' | '/') && end < text.len() && !text[end..].starts_with('/') {
            parts.push(html! { { &text[from..end] } });
            parts.push(html! { <wbr /> });
            from = end;
        }
    }
    parts.push(html! { { &text[from..] } });
    parts.into_iter().collect::<Html>()
}

#[cfg(test)]
#[path = "code_lines_tests.rs"]
mod tests;
