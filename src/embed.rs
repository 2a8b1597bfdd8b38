//! Embedding, as pure functions: the link that reopens an embedded lab in full, the hash an
//! `<iframe>` should load (with `embed=1`, locks and theme), the snippet itself (HTML-escaped),
//! and the xAPI-shaped statement a graded prediction sends to the host page.

use crate::url::Theme;

/// Parameters that only make sense inside an embed.
const EMBED_ONLY: [&str; 4] = ["embed", "lock", "origin", "theme"];

fn split(hash: &str) -> (&str, Vec<&str>) {
    let body = hash.strip_prefix('#').unwrap_or(hash);
    let (path, query) = body.split_once('?').unwrap_or((body, ""));
    (path, query.split('&').filter(|p| !p.is_empty()).collect())
}

fn join(path: &str, pairs: &[String]) -> String {
    if pairs.is_empty() {
        format!("#{path}")
    } else {
        format!("#{path}?{}", pairs.join("&"))
    }
}

fn name_of(pair: &str) -> &str {
    pair.split_once('=').map_or(pair, |(n, _)| n)
}

/// The same lab and state without embed-only parameters (keeps `theme` out too, so the
/// full site follows the viewer's own setting).
pub fn strip_embed(hash: &str) -> String {
    let (path, pairs) = split(hash);
    let kept: Vec<String> = pairs.into_iter().filter(|p| !EMBED_ONLY.contains(&name_of(p))).map(String::from).collect();
    join(path, &kept)
}

/// The hash an embed loads: the lab's own state plus `embed=1`, the locks and the theme.
pub fn embed_hash(hash: &str, lock: &[String], theme: Theme) -> String {
    let (path, pairs) = split(hash);
    let mut kept: Vec<String> =
        pairs.into_iter().filter(|p| !EMBED_ONLY.contains(&name_of(p))).map(String::from).collect();
    kept.push("embed=1".to_string());
    if !lock.is_empty() {
        kept.push(format!("lock={}", crate::url::encode_component(&lock.join(","))));
    }
    if theme != Theme::System {
        kept.push(format!("theme={}", theme.as_str()));
    }
    join(path, &kept)
}

/// Escapes text for an HTML attribute value in double quotes.
pub fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The `<iframe>` snippet for a lab at `page_url` (the page without its hash) and `hash`.
pub fn iframe_snippet(page_url: &str, hash: &str, title: &str, height: u32) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"{height}\" style=\"border:0\" loading=\"lazy\"></iframe>",
        escape_attribute(&format!("{page_url}{hash}")),
        escape_attribute(&format!("Rescale Lab: {title}"))
    )
}

/// A graded answer, shaped like an xAPI statement's verb, object and result.
#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    /// `answered` for one prediction, `completed` for a finished exercise set.
    pub verb: &'static str,
    /// The activity's id: the page URL with the lab's state.
    pub object_id: String,
    pub object_name: String,
    pub raw: u32,
    pub max: u32,
    pub success: bool,
    pub response: String,
}

impl Statement {
    /// The xAPI verb IRI.
    pub fn verb_id(&self) -> String {
        format!("http://adlnet.gov/expapi/verbs/{}", self.verb)
    }

    /// `raw / max`, in thousandths (xAPI's `scaled` is this ÷ 1000).
    pub fn scaled_milli(&self) -> u32 {
        (self.raw * 1000).checked_div(self.max).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embed_parameters_come_and_go() {
        assert_eq!(
            strip_embed("#/coverage?m=8&embed=1&a=3&lock=m&origin=https%3A%2F%2Fx.com&theme=dark"),
            "#/coverage?m=8&a=3"
        );
        assert_eq!(strip_embed("#/owners?embed=1"), "#/owners");
        assert_eq!(
            embed_hash("#/coverage?m=8&a=3&embed=1", &["m".into(), "a".into()], Theme::Dark),
            "#/coverage?m=8&a=3&embed=1&lock=m%2Ca&theme=dark"
        );
        assert_eq!(embed_hash("#/owners", &[], Theme::System), "#/owners?embed=1");
    }

    #[test]
    fn snippet_escapes_everything_it_quotes() {
        let s = iframe_snippet("https://lab.example/docs/", "#/skew?keys=%22a%22", "Skew \"editor\" <b>", 640);
        assert_eq!(
            s,
            "<iframe src=\"https://lab.example/docs/#/skew?keys=%22a%22\" title=\"Rescale Lab: Skew &quot;editor&quot; &lt;b&gt;\" width=\"100%\" height=\"640\" style=\"border:0\" loading=\"lazy\"></iframe>"
        );
    }

    #[test]
    fn scaled_score() {
        let s = Statement {
            verb: "answered",
            object_id: String::new(),
            object_name: String::new(),
            raw: 1,
            max: 2,
            success: false,
            response: String::new(),
        };
        assert_eq!(s.scaled_milli(), 500);
        assert_eq!(Statement { max: 0, ..s }.scaled_milli(), 0);
    }
}
