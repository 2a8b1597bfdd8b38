//! What a trainer's link sets for the rest of a visit (this tab): answers hidden, the
//! trainer's exercise set, and the theme. The site's own links (the title, the labs'
//! navigation, home's list of labs) carry them, so a learner who follows them does not land on
//! a lab that shows the answers, on a home page with the built-in set instead of the class's,
//! or on a light page after a dark link (the page has no theme control of its own).
//!
//! A home link sets the whole visit (a home link without them ends it); a coverage link with
//! `answers=hidden` hides answers for the visit too, and any link with `theme=` sets the theme.
//! Stored in session storage as a query (`answers=hidden&exercises=…&theme=dark`), read back
//! tolerantly (anything unknown is dropped).

use super::workshop::ANSWERS;
use super::{encode_component, Location, Params, Route, Theme};
use crate::lab::Lab;

/// The session storage key of the visit.
pub const VISIT_KEY: &str = "rescale-lab.visit.v1";

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Visit {
    pub answers_hidden: bool,
    /// `exercises=`: the trainer's set, as the home link gave it.
    pub exercises: Option<String>,
    /// `theme=light|dark` of the last link that gave one (a home link without it: the system's).
    pub theme: Theme,
}

impl Visit {
    /// The visit after opening `route` with `params`, given the visit before it.
    pub fn after(before: Visit, route: &Route, params: &Params) -> Visit {
        let hidden = params.get(ANSWERS.name) == Some("hidden");
        let theme = params.get("theme").and_then(Theme::parse);
        match route {
            Route::Home => Visit {
                answers_hidden: hidden,
                exercises: params.get("exercises").map(String::from),
                theme: theme.unwrap_or_default(),
            },
            Route::Lab(Lab::Coverage) if hidden => {
                Visit { answers_hidden: true, theme: theme.unwrap_or(before.theme), ..before }
            }
            _ => Visit { theme: theme.unwrap_or(before.theme), ..before },
        }
    }

    /// As stored: the query of [`Visit::home_href`].
    pub fn format(&self) -> String {
        self.home_pairs().iter().map(|(k, v)| format!("{k}={}", encode_component(v))).collect::<Vec<_>>().join("&")
    }

    /// Reads [`Visit::format`]'s text; what it does not know is dropped.
    pub fn parse(text: &str) -> Visit {
        Visit::after(Visit::default(), &Route::Home, &Location::parse(&format!("#/?{text}")).params)
    }

    fn home_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.answers_hidden {
            pairs.push((ANSWERS.name, "hidden".to_string()));
        }
        if let Some(path) = &self.exercises {
            pairs.push(("exercises", path.clone()));
        }
        pairs.extend(self.theme_pair());
        pairs
    }

    fn theme_pair(&self) -> Option<(&'static str, String)> {
        (self.theme != Theme::System).then(|| ("theme", self.theme.as_str().to_string()))
    }

    /// The home page of this visit (the site title's link).
    pub fn home_href(&self) -> String {
        match self.format() {
            q if q.is_empty() => "#/".to_string(),
            q => format!("#/?{q}"),
        }
    }

    /// The parameters a link to `lab` carries in this visit: answers hidden where the lab can
    /// hide them (the coverage toy), and the theme.
    pub fn lab_pairs(&self, lab: Lab) -> Vec<(&'static str, String)> {
        let mut pairs = match lab {
            Lab::Coverage if self.answers_hidden => vec![(ANSWERS.name, "hidden".to_string())],
            _ => Vec::new(),
        };
        pairs.extend(self.theme_pair());
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(before: Visit, hash_query: &str, route: Route) -> Visit {
        Visit::after(before, &route, &Location::parse(&format!("#/?{hash_query}")).params)
    }

    #[test]
    fn a_home_link_sets_the_visit_and_labs_keep_it() {
        let hidden = Visit { answers_hidden: true, exercises: Some("sets/class 1.json".into()), theme: Theme::System };
        let dark = Visit { theme: Theme::Dark, ..Visit::default() };
        // (before, the query opened, its route, the visit after)
        let cases = [
            (Visit::default(), "answers=hidden&exercises=sets%2Fclass%201.json", Route::Home, hidden.clone()),
            (hidden.clone(), "", Route::Lab(Lab::Owners), hidden.clone()),
            (hidden.clone(), "m=8&a=2", Route::Lab(Lab::Coverage), hidden.clone()),
            (hidden.clone(), "", Route::Home, Visit::default()),
            (
                Visit::default(),
                "m=8&answers=hidden",
                Route::Lab(Lab::Coverage),
                Visit { answers_hidden: true, exercises: None, theme: Theme::System },
            ),
            (Visit::default(), "answers=hidden", Route::Lab(Lab::Owners), Visit::default()),
            (hidden.clone(), "", Route::NotFound("x".into()), hidden.clone()),
            // The theme: any link that gives one sets it, a lab link without one keeps it, a
            // home link without one ends it.
            (Visit::default(), "theme=dark", Route::Lab(Lab::Coverage), dark.clone()),
            (dark.clone(), "m=8", Route::Lab(Lab::Owners), dark.clone()),
            (dark.clone(), "answers=hidden", Route::Lab(Lab::Coverage), Visit { answers_hidden: true, ..dark.clone() }),
            (dark.clone(), "theme=light", Route::Lab(Lab::Skew), Visit { theme: Theme::Light, ..Visit::default() }),
            (dark.clone(), "theme=purple", Route::Lab(Lab::Skew), dark.clone()),
            (dark.clone(), "", Route::Home, Visit::default()),
            (Visit::default(), "theme=dark", Route::Home, dark.clone()),
        ];
        for (before, query, route, after) in cases {
            assert_eq!(open(before, query, route.clone()), after, "{query} on {route:?}");
        }
    }

    #[test]
    fn the_site_links_carry_the_visit() {
        let v = Visit { answers_hidden: true, exercises: Some("sets/class 1.json".into()), theme: Theme::System };
        assert_eq!(v.home_href(), "#/?answers=hidden&exercises=sets%2Fclass%201.json");
        assert_eq!(Visit::parse(&v.format()), v);
        assert_eq!(v.lab_pairs(Lab::Coverage), [("answers", "hidden".to_string())]);
        assert!(v.lab_pairs(Lab::Planner).is_empty());
        assert_eq!(Visit::default().home_href(), "#/");
        assert_eq!(Visit::parse("garbage&answers=shown&x=1"), Visit::default());
        let dark = Visit { theme: Theme::Dark, ..v.clone() };
        assert_eq!(dark.home_href(), "#/?answers=hidden&exercises=sets%2Fclass%201.json&theme=dark");
        assert_eq!(Visit::parse(&dark.format()), dark);
        assert_eq!(dark.lab_pairs(Lab::Planner), [("theme", "dark".to_string())]);
        assert_eq!(dark.lab_pairs(Lab::Coverage), [("answers", "hidden".to_string()), ("theme", "dark".to_string())]);
    }
}
