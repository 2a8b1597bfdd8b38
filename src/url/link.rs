//! The one builder of `#/…` links: a lab, its parameters (defaults left out by the caller)
//! and the common parameters, every value percent-encoded.

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
