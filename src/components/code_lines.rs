//! A command block's text, one block `<span class="line">` per line: at phone widths a long
//! line wraps under a hanging indent four columns deeper than the line's own start (`hang-N`,
//! N its leading spaces, up to 8), so a wrapped part never lines up with a line of its own: a
//! shell continuation (two spaces in) or a YAML key (four). The leading spaces stay with the
//! line's first character (`lead`, never broken), so no row holds spaces alone; rows break as
//! the browser breaks text (at spaces, and after a hyphen), and a word longer than the row
//! inside itself. The lines are blocks, so a selection copies them as lines, their spaces kept.

use yew::prelude::*;

/// `<code>` holding `text` line by line.
pub fn code_lines(text: &str) -> Html {
    html! {
        <code>{ for text.split('\n').map(line) }</code>
    }
}

fn line(text: &str) -> Html {
    let spaces = text.len() - text.trim_start_matches(' ').len();
    // The spaces and the first character after them, kept together.
    let lead = text[spaces..].chars().next().map_or(text.len(), |c| spaces + c.len_utf8());
    html! {
        <span class={classes!("line", format!("hang-{}", spaces.min(8)))}>
            <span class="lead">{ &text[..lead] }</span>{ &text[lead..] }
        </span>
    }
}
