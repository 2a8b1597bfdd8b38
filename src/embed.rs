//! Embedding, as pure functions: the link that reopens an embedded lab in full, the hash an
//! `<iframe>` should load (with `embed=1`, locks and theme), the snippet itself (HTML-escaped),
//! and the frame's title (naming its state and the section it shows). (The statement a graded prediction sends is `model::training::Statement`.)

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
/// full site follows the viewer's own setting), and without `view=`: the reader who leaves
/// the embed gets the whole lab at the embed's state, not one section with no way to the rest.
pub fn strip_embed(hash: &str) -> String {
    let (path, pairs) = split(hash);
    let kept: Vec<String> = pairs
        .into_iter()
        .filter(|p| !EMBED_ONLY.contains(&name_of(p)) && name_of(p) != "view")
        .map(String::from)
        .collect();
    join(path, &kept)
}

/// [`strip_embed`], for the **Open in Rescale Lab** link of a frame whose storage is apart from
/// the tab it opens (a frame of another site: the browser refuses it storage, or keeps a store of
/// its own for it): `stored=1` there would read the tab's own key set, not the frame's, so it is
/// left out too, and the link opens the lab's default, as the Embed panel says of a set kept in
/// storage.
pub fn open_hash(hash: &str, storage_shared: bool) -> String {
    let open = strip_embed(hash);
    if storage_shared {
        return open;
    }
    let (path, pairs) = split(&open);
    let kept: Vec<String> = pairs.into_iter().filter(|p| name_of(p) != "stored").map(String::from).collect();
    join(path, &kept)
}

/// The hash an embed loads: the lab's own state plus `embed=1`, the locks, the theme and
/// the origin allowed to receive results.
pub fn embed_hash(hash: &str, lock: &[String], theme: Theme, origin: Option<&str>) -> String {
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
    if let Some(origin) = origin {
        kept.push(format!("origin={}", crate::url::encode_component(origin)));
    }
    join(path, &kept)
}

/// What a snippet of `hash` cannot carry, said before it is copied: a key set kept in this
/// browser's storage (`stored=1`, too large for a link), or a snapshot file read in the
/// savepoint lab (never in a link). `None` when the link carries the whole state.
pub fn not_carried(hash: &str) -> Option<&'static str> {
    let (path, pairs) = split(hash);
    if pairs.contains(&"stored=1") {
        return Some("This key set is kept in this browser's storage, because it is too large for a link: the snippet, and Open in Rescale Lab from an embed on a page of another origin, open the default preset instead. To share a set, embed a preset, or a list of keys (Keys (CSV)) whose text, as the lab writes it, is at most 2,000 characters: a link carries that.");
    }
    let sample = pairs.iter().any(|p| p.starts_with("sample="));
    (path == "/savepoint" && !sample).then_some("A snapshot file read here stays in this browser and is in no link: the snippet opens the inspector without it (a bundled sample, sample=, is carried). A reader drops their own file.")
}

/// `hash` showing one section (`view=<name>`) instead of any it named, or the whole lab.
pub fn with_view(hash: &str, view: Option<&str>) -> String {
    let (path, pairs) = split(hash);
    let mut kept: Vec<String> = pairs.into_iter().filter(|p| name_of(p) != "view").map(String::from).collect();
    if let Some(view) = view {
        kept.push(format!("view={}", crate::url::encode_component(view)));
    }
    join(path, &kept)
}

/// Escapes text for an HTML attribute value in double quotes.
pub fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The host script a snippet includes: its URL and, when the build recorded it, its
/// subresource-integrity hash (`sha384-…`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostScript {
    pub url: String,
    pub integrity: Option<String>,
}

/// The `<iframe>` snippet for a lab at `page_url` (the page without its hash) and `hash`,
/// titled `title`, allowed to write the clipboard (the labs' Copy buttons: a frame may not
/// without it), followed by the host script's tag (include it once per page).
pub fn iframe_snippet(page_url: &str, hash: &str, title: &str, height: u32, host: Option<&HostScript>) -> String {
    let frame = format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"{height}\" style=\"border:0\" loading=\"lazy\" allow=\"clipboard-write\"></iframe>",
        escape_attribute(&format!("{page_url}{hash}")),
        escape_attribute(&format!("Rescale Lab: {title}"))
    );
    match host {
        None => frame,
        Some(HostScript { url, integrity }) => {
            let integrity = integrity
                .as_deref()
                .map(|i| format!(" integrity=\"{}\" crossorigin=\"anonymous\"", escape_attribute(i)))
                .unwrap_or_default();
            format!("{frame}\n<script src=\"{}\"{integrity} defer></script>", escape_attribute(url))
        }
    }
}

/// A frame's title that names its state: the lab's title, the section it shows alone when
/// `view=` names one of the lab's, then each of its parameters the link sets, in table order,
/// as noun and value ("Key owners (Look up a key): parallelism 100, key order-7"). Values are
/// shortened; nothing of the link is lost, only the title.
pub fn frame_title(lab: crate::lab::Lab, params: crate::url::ParamTable, hash: &str) -> String {
    let location = crate::url::Location::parse(hash);
    let section = location
        .common
        .view
        .as_deref()
        .and_then(|view| crate::labs::sections(lab).iter().find(|s| s.name == view))
        .map_or_else(String::new, |s| format!(" ({})", s.label));
    let parts: Vec<String> = params
        .iter()
        .filter_map(|p| {
            let value = location.params.get(p.name())?;
            let shown: String = value.chars().take(40).collect();
            Some(format!("{} {shown}", p.noun()))
        })
        .collect();
    if parts.is_empty() {
        format!("{}{section}", lab.title())
    } else {
        format!("{}{section}: {}", lab.title(), parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    /// Table: what a snippet cannot carry is said, and nothing where the link carries it all.
    #[test]
    fn what_a_snippet_cannot_carry() {
        for (hash, said) in [
            ("#/skew?stored=1&p=4", Some("kept in this browser's storage")),
            ("#/skew?keys=a%2C1", None),
            ("#/skew?preset=hot&n=1000", None),
            ("#/savepoint?uid=counter", Some("stays in this browser")),
            ("#/savepoint?sample=hashmap-savepoint", None),
            ("#/owners?p=4", None),
        ] {
            assert_eq!(super::not_carried(hash).map(|t| t.contains(said.unwrap_or("-"))), said.map(|_| true), "{hash}");
        }
    }

    use super::*;

    #[test]
    fn embed_parameters_come_and_go() {
        assert_eq!(
            strip_embed("#/coverage?m=8&embed=1&a=3&lock=m&origin=https%3A%2F%2Fx.com&theme=dark"),
            "#/coverage?m=8&a=3"
        );
        assert_eq!(strip_embed("#/owners?embed=1"), "#/owners");
        assert_eq!(strip_embed("#/owners?p=64&embed=1&view=slider&maxp=128"), "#/owners?p=64&maxp=128");
        // A frame whose storage is apart from the tab's: its stored key set cannot go with it.
        let stored = "#/skew?p=4&stored=1&embed=1&maxp=128";
        assert_eq!(open_hash(stored, true), "#/skew?p=4&stored=1&maxp=128");
        assert_eq!(open_hash(stored, false), "#/skew?p=4&maxp=128");
        assert_eq!(open_hash("#/skew?stored=1&embed=1", false), "#/skew");
        assert_eq!(
            embed_hash("#/coverage?m=8&a=3&embed=1", &["m".into(), "a".into()], Theme::Dark, None),
            "#/coverage?m=8&a=3&embed=1&lock=m%2Ca&theme=dark"
        );
        assert_eq!(embed_hash("#/owners", &[], Theme::System, None), "#/owners?embed=1");
        assert_eq!(
            embed_hash("#/owners?origin=https%3A%2F%2Fold.example", &[], Theme::System, Some("https://docs.example")),
            "#/owners?embed=1&origin=https%3A%2F%2Fdocs.example"
        );
    }

    #[test]
    fn snippet_escapes_everything_it_quotes() {
        let s = iframe_snippet("https://lab.example/docs/", "#/skew?keys=%22a%22", "Skew \"editor\" <b>", 640, None);
        assert_eq!(
            s,
            "<iframe src=\"https://lab.example/docs/#/skew?keys=%22a%22\" title=\"Rescale Lab: Skew &quot;editor&quot; &lt;b&gt;\" width=\"100%\" height=\"640\" style=\"border:0\" loading=\"lazy\" allow=\"clipboard-write\"></iframe>"
        );
    }

    #[test]
    fn snippet_carries_the_host_script_and_titles_name_the_state() {
        let host = HostScript { url: "https://lab.example/embed-host.js".into(), integrity: Some("sha384-abc".into()) };
        let s = iframe_snippet("https://lab.example/", "#/owners", "Key owners", 500, Some(&host));
        assert!(s.ends_with(
            "\n<script src=\"https://lab.example/embed-host.js\" integrity=\"sha384-abc\" crossorigin=\"anonymous\" defer></script>"
        ));
        let lab = crate::lab::Lab::Owners;
        assert_eq!(
            frame_title(lab, crate::labs::params(lab), "#/owners?p=64&maxp=128&embed=1"),
            "Key owners: max parallelism 128, parallelism 64"
        );
        assert_eq!(frame_title(lab, crate::labs::params(lab), "#/owners"), "Key owners");
        assert_eq!(
            frame_title(
                crate::lab::Lab::Coverage,
                crate::labs::params(crate::lab::Lab::Coverage),
                "#/coverage?a=5&m=12"
            ),
            "Modular coverage: modulus m 12, stride a 5"
        );
        // Every lab's parameters are named by lower-case nouns in a title, menus and uids too.
        for lab in crate::lab::Lab::ALL {
            for p in crate::labs::params(*lab) {
                let first = p.noun().chars().next().unwrap_or('a');
                let proper = ["Flink", "Zipf"].iter().any(|n| p.noun().starts_with(n));
                assert!(!first.is_uppercase() || proper, "{}: {}", p.name(), p.noun());
            }
        }
    }

    /// A frame showing one section (`view=`) is titled with it, so a screen reader's name for
    /// the frame says which part of the lab it holds; a word that names no section adds nothing.
    #[test]
    fn an_embeds_title_names_its_section() {
        let lab = crate::lab::Lab::Owners;
        let title = |hash: &str| frame_title(lab, crate::labs::params(lab), hash);
        assert_eq!(
            title("#/owners?p=100&key=order-7&embed=1&view=lookup"),
            "Key owners (Look up a key): parallelism 100, key order-7"
        );
        assert_eq!(title("#/owners?embed=1&view=slider"), "Key owners (Parallelism slider and owner ranges)");
        assert_eq!(title("#/owners?p=100&embed=1&view=nothing"), "Key owners: parallelism 100");
        assert_eq!(title("#/owners?p=100&embed=1"), "Key owners: parallelism 100");
    }
}
