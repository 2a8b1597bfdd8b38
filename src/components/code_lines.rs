//! A command block's text, one block `<span class="line">` per line: at phone widths a long
//! line wraps under a hanging indent deeper than the text's own (two spaces before a
//! continuation), so a wrapped part reads as the same line going on, never as a new line
//! starting with its `\` or `#`. The lines are blocks, so a selection copies them as lines.

use yew::prelude::*;

/// `<code>` holding `text` line by line.
pub fn code_lines(text: &str) -> Html {
    html! {
        <code>{ for text.split('\n').map(|line| html! { <span class="line">{ line.to_string() }</span> }) }</code>
    }
}
