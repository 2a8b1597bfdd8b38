//! Markdown that survives rendering: a placeholder such as `<job-id>` written as plain text is an
//! HTML tag to a CommonMark renderer, and a wiki or an issue tracker drops it, leaving
//! "PUT /jobs//resource-requirements". Outside code blocks and code spans, each placeholder (a
//! lowercase word or words in angle brackets) is put in a code span; code is left as it is.

/// `markdown` with every placeholder outside code made a code span. Applying it twice gives the
/// same text.
pub fn placeholders_as_code(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len() + 64);
    let mut fenced = false;
    for line in markdown.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push_str(line);
        } else if fenced {
            out.push_str(line);
        } else {
            spans_outside_code(line, &mut out);
        }
    }
    out
}

/// The length of the placeholder `<…>` that `text` starts with: a lowercase letter, then
/// lowercase letters, digits, spaces and hyphens, then `>`.
fn placeholder_len(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('<')?;
    let end = rest.find('>')?;
    let inner = &rest[..end];
    let first_ok = inner.chars().next().is_some_and(|c| c.is_ascii_lowercase());
    let all_ok = inner.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == ' ' || c == '-');
    (first_ok && all_ok).then_some(end + 2)
}

/// One line, its placeholders outside code spans made code spans.
fn spans_outside_code(line: &str, out: &mut String) {
    let mut in_code = false;
    let mut at = 0;
    while let Some(c) = line[at..].chars().next() {
        match c {
            '`' => in_code = !in_code,
            '<' if !in_code => {
                if let Some(len) = placeholder_len(&line[at..]) {
                    out.push('`');
                    out.push_str(&line[at..at + len]);
                    out.push('`');
                    at += len;
                    continue;
                }
            }
            _ => {}
        }
        out.push(c);
        at += c.len_utf8();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_outside_code_become_code_spans() {
        let cases = [
            ("PUT /jobs/<job-id>/resource-requirements", "PUT /jobs/`<job-id>`/resource-requirements"),
            (
                "- spec.job.initialSavepointPath: <rewritten-path>\n",
                "- spec.job.initialSavepointPath: `<rewritten-path>`\n",
            ),
            ("set it to <a new number> first", "set it to `<a new number>` first"),
            // Already code, or not a placeholder: left alone.
            ("`flink cancel <job-id>`", "`flink cancel <job-id>`"),
            ("> `missing job vertex [<vertex id>]`", "> `missing job vertex [<vertex id>]`"),
            ("a < b and b > c; <B> stays; <> too", "a < b and b > c; <B> stays; <> too"),
            (
                "```sh\nflink cancel <job-id>\n```\nthen <job-id>\n",
                "```sh\nflink cancel <job-id>\n```\nthen `<job-id>`\n",
            ),
            ("≤ <n> ≥", "≤ `<n>` ≥"),
        ];
        for (text, expected) in cases {
            assert_eq!(placeholders_as_code(text), expected, "{text:?}");
            assert_eq!(placeholders_as_code(expected), expected, "twice: {expected:?}");
        }
    }
}
