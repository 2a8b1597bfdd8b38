//! The one builder of `#/…` links: a lab, its parameters (defaults left out by the caller)
//! and the common parameters, every value percent-encoded; and [`beside`], the address of a
//! file shipped beside the page (the embed snippet's host script).

use super::{encode_component, CommonQuery};
use crate::lab::Lab;

/// Builds `#/<slug>?<lab pairs>&<common pairs>`.
pub fn format_hash(lab: Lab, common: &CommonQuery, lab_pairs: &[(&'static str, String)]) -> String {
    let all: Vec<String> = lab_pairs
        .iter()
        .chain(common.pairs().iter())
        .map(|(name, value)| format!("{name}={}", encode_component(value)))
        .collect();
    if all.is_empty() {
        format!("#/{}", lab.slug())
    } else {
        format!("#/{}?{}", lab.slug(), all.join("&"))
    }
}

/// A plain link to a lab with these parameters (no common ones), as navigation and
/// cross-lab actions write it.
pub fn lab_href(lab: Lab, pairs: &[(&'static str, String)]) -> String {
    format_hash(lab, &CommonQuery::default(), pairs)
}

/// The address of `file` in the folder of the page at `page` (its query, fragment and own file
/// name left out): `https://x/docs/index.html?a#/owners` → `https://x/docs/embed-host.js`.
pub fn beside(page: &str, file: &str) -> String {
    let page = page.split(['#', '?']).next().unwrap_or_default();
    let folder = page.rfind('/').map_or(page, |i| &page[..=i]);
    format!("{folder}{file}")
}

#[cfg(test)]
mod tests {
    use super::beside;

    #[test]
    fn a_file_beside_the_page_whatever_address_opened_it() {
        for (page, want) in [
            ("https://lab.example/", "https://lab.example/embed-host.js"),
            ("https://lab.example/index.html", "https://lab.example/embed-host.js"),
            ("http://127.0.0.1:4190/?ref=docs", "http://127.0.0.1:4190/embed-host.js"),
            ("https://x.example/docs/lab/index.html?ref=a/b#/owners?p=4", "https://x.example/docs/lab/embed-host.js"),
            ("https://x.example/docs/lab", "https://x.example/docs/embed-host.js"),
        ] {
            assert_eq!(beside(page, "embed-host.js"), want, "{page}");
        }
    }
}
