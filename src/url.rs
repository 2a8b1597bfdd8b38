//! Hash routes and typed, tolerant query state, for every lab alike.
//!
//! A location is `#/<slug>?<query>`. Parsing never fails: an unknown route becomes
//! [`Route::NotFound`], and a parameter that is malformed or out of range falls back to its
//! default with a [`Notice`] naming it. Formatting leaves defaults out, and
//! `parse(format(q)) == q` holds for every valid query (a property test checks it).
//!
//! - [`param`]: [`Param`], one description per lab parameter; each lab's table and query live
//!   in its folder (`labs/<lab>/query.rs`).
//! - [`param_info`]: [`ParamInfo`] (its object-safe view, and [`Choice`] for selects and keys),
//!   [`FieldSpec`] and [`FieldView`] (what a field widget draws), [`ParamTable`].
//! - [`pick`]: [`Pick`], a menu parameter over a `ChoiceValue` type (its values, slugs and
//!   labels from the type; its notice made from the list and the default).
//! - [`section`]: [`Section`] (what `view=` may show alone), [`resolve_view`], and
//!   [`LabTables`], what the frame around a lab's page reads of its `query.rs`.
//! - [`slot`]: [`Slot`], a parameter bound to its place in a lab's state (a lens), the
//!   `slots!` list each lab declares its parameters with, and [`Edit`], the one edit action.
//! - [`encoding`]: [`encode_component`] and [`decode_component`], percent-encoding.
//! - [`field`]: [`Field`], a form field's text, last valid value and error.
//! - [`link`]: [`format_hash`], the one builder of every `#/…` link.
//! - `origin`: [`valid_origin`] (an embedding page's `origin=`) and [`origin_of_address`].
//! - [`workshop`]: the trainer's parameters (`answers=hidden`, `present=1`, `key=1`, `step=`).
//! - [`visit`]: [`Visit`], what a trainer's link sets for the rest of the visit (the site's
//!   own links carry it).
//!
//! This module knows the lab identities ([`crate::lab`]) but no views.

pub mod encoding;
pub mod field;
pub mod link;
mod origin;
pub mod param;
pub mod param_info;
pub mod pick;
pub mod section;
pub mod slot;
pub mod unknown;
pub mod visit;
pub mod workshop;

pub use encoding::{decode_component, encode_component};
pub use field::{Field, FieldSpec};
pub use link::{format_hash, lab_href};
pub use origin::{origin_of_address, valid_origin};
pub use param::{Param, MAX_P};
pub use param_info::{Choice, FieldView, ParamInfo, ParamTable};
pub use pick::Pick;
pub use section::{check_locks, resolve_view, LabTables, Section, Sections};
pub(crate) use slot::{edit_action, slots};
pub use slot::{Bound, Edit, EditHow, Slot, Table};
pub use visit::{Visit, VISIT_KEY};

use crate::lab::Lab;
use crate::model::error::quote;

/// Where the hash points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// `#/` (or no hash at all).
    Home,
    /// `#/<slug>` of a registered lab.
    Lab(Lab),
    /// `#/class`: the trainer's class view (answers read back from a Learning Record Store).
    Class,
    /// Anything else; holds the path as typed, shown as text.
    NotFound(String),
}

/// A message about a URL parameter that was ignored, shown on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The parameter's name, e.g. `maxp`.
    pub param: String,
    /// What was wrong and what is used instead.
    pub message: String,
}

/// The most notices about repeated parameters one link gets.
pub const MAX_REPEAT_NOTICES: usize = 4;

/// Decoded query parameters, in order; a parameter that cannot be decoded becomes a notice.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// The first value given for `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// A notice for a value after its name's first (`m=8&m=9`): only the first is read. At most
    /// [`MAX_REPEAT_NOTICES`] such notices, so a hostile link cannot flood the page.
    fn note_repeats(&self, notices: &mut Vec<Notice>) {
        let mut first: std::collections::HashMap<&str, &str> = std::collections::HashMap::new();
        let mut noted = 0;
        for (name, value) in &self.pairs {
            match first.get(name.as_str()) {
                None => {
                    first.insert(name, value);
                }
                Some(kept) if noted < MAX_REPEAT_NOTICES => {
                    noted += 1;
                    let name: String = name.chars().take(60).collect();
                    let consequence =
                        format!("{name} is given more than once and only the first is read, {name}={}", quote(kept));
                    notices.push(notice(&name, value, &consequence));
                }
                Some(_) => {}
            }
        }
    }
}

/// A parsed `location.hash`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub route: Route,
    pub params: Params,
    pub common: CommonQuery,
    /// Problems met while decoding the query and the common parameters.
    pub notices: Vec<Notice>,
}

impl Location {
    /// Parses a hash such as `#/owners?maxp=128&p=4`. Never fails.
    pub fn parse(hash: &str) -> Location {
        let body = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = body.split_once('?').unwrap_or((body, ""));
        let path = decode_component(path).unwrap_or_else(|| path.to_string());
        let slug = path.trim_start_matches('/').trim_end_matches('/');
        let route = if slug.is_empty() {
            Route::Home
        } else if slug == "class" {
            Route::Class
        } else {
            Lab::from_slug(slug).map_or_else(|| Route::NotFound(path.clone()), Route::Lab)
        };
        let mut notices = Vec::new();
        let mut params = Params::default();
        for piece in query.split('&').filter(|p| !p.is_empty()) {
            let (raw_name, raw_value) = piece.split_once('=').unwrap_or((piece, ""));
            match (decode_component(raw_name), decode_component(raw_value)) {
                (Some(name), Some(value)) => params.pairs.push((name, value)),
                _ => {
                    let name = decode_component(raw_name).unwrap_or_else(|| raw_name.to_string());
                    notices.push(Notice {
                        param: if name.is_empty() { "(unnamed)".to_string() } else { name.chars().take(60).collect() },
                        message: format!(
                            "the URL piece {} is not valid percent-encoded UTF-8, so it was ignored",
                            quote(piece)
                        ),
                    })
                }
            }
        }
        params.note_repeats(&mut notices);
        let common = CommonQuery::parse(&params, &mut notices);
        Location { route, params, common, notices }
    }
}

/// Colour theme chosen by the URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    /// Follow the system setting.
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// The word for it: `theme=light|dark`; `system` is the absent parameter.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme this word names.
    pub fn parse(text: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.as_str() == text)
    }
}

/// Parameters every route accepts: `v`, `embed`, `theme`, and for embeds `lock`, `origin` and `view`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CommonQuery {
    /// `embed=1`: the lab alone, without site navigation.
    pub embed: bool,
    pub theme: Theme,
    /// `lock=m,a`: parameters whose controls the viewer cannot change.
    pub lock: Vec<String>,
    /// `origin=https://docs.example.com`: the one origin allowed to receive result messages.
    pub origin: Option<String>,
    /// `view=slider`: one section of the lab, for a compact embed. The word is only checked for
    /// its shape here; the lab's [`Section`] list decides whether it names a section.
    pub view: Option<String>,
}

impl CommonQuery {
    fn parse(params: &Params, notices: &mut Vec<Notice>) -> CommonQuery {
        let mut common = CommonQuery::default();
        if let Some(v) = params.get("v") {
            if v != "1" {
                notices.push(notice("v", v, "this build knows contract version 1 only; reading the link as version 1"));
            }
        }
        match params.get("embed") {
            None | Some("0") => {}
            Some("1") => common.embed = true,
            Some(other) => notices.push(notice("embed", other, "embed takes 1 or 0; showing the full site")),
        }
        common.theme = match params.get("theme").map(|t| (t, Theme::parse(t))) {
            None => Theme::System,
            Some((_, Some(theme))) if theme != Theme::System => theme,
            Some((other, _)) => {
                notices.push(notice("theme", other, "theme takes light or dark; following the system setting"));
                Theme::System
            }
        };
        if let Some(list) = params.get("lock") {
            let names: Vec<String> =
                list.split(',').map(str::trim).filter(|n| !n.is_empty()).map(String::from).collect();
            if names.iter().all(|n| n.len() <= 40 && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')) {
                common.lock = names;
            } else {
                notices.push(notice("lock", list, "lock takes parameter names separated by commas; nothing is locked"));
            }
        }
        if let Some(view) = params.get("view") {
            if !view.is_empty() && view.len() <= 24 && view.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
                common.view = Some(view.to_string());
            } else {
                notices.push(notice("view", view, "view takes one of the lab's section names, in lowercase letters and hyphens; showing the whole lab"));
            }
        }
        if let Some(origin) = params.get("origin") {
            match valid_origin(origin) {
                Some(o) => common.origin = Some(o),
                None => notices.push(notice(
                    "origin",
                    origin,
                    "origin takes one origin such as https://docs.example.com; no results are sent",
                )),
            }
        }
        common
    }

    /// Whether the control of parameter `name` is locked by the embedding page.
    pub fn locked(&self, name: &str) -> bool {
        self.lock.iter().any(|l| l == name)
    }

    /// The common parameters that differ from the defaults, as `name=value` pairs.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.embed {
            pairs.push(("embed", "1".to_string()));
        }
        if self.theme != Theme::System {
            pairs.push(("theme", self.theme.as_str().to_string()));
        }
        if !self.lock.is_empty() {
            pairs.push(("lock", self.lock.join(",")));
        }
        if let Some(origin) = &self.origin {
            pairs.push(("origin", origin.clone()));
        }
        if let Some(view) = &self.view {
            pairs.push(("view", view.clone()));
        }
        pairs
    }
}

/// Builds a notice for parameter `param` whose value `value` was not used.
pub fn notice(param: &str, value: &str, consequence: &str) -> Notice {
    Notice { param: param.to_string(), message: format!("{param}={} was not used: {consequence}.", quote(value)) }
}
