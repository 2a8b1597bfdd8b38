//! One bound, one message: for every parameter of every lab's table, a bad value carried by a
//! link and the same text typed into the field give the same message, naming the parameter's
//! bound; and every field of every lab is described by its table.

use std::rc::Rc;

use yew::Reducible;

use crate::lab::Lab;
use crate::labs::frame::{LabState, SlottedLab};
use crate::labs::{coverage, owners, planner, savepoint, skew, trace};
use crate::url::{Edit, Location, Notice, ParamInfo, Params};

/// Texts that some parameter refuses: out of range, not numbers, huge, empty, malformed units.
const BAD: &[&str] = &[
    "0",
    "-1",
    "-5",
    "x",
    "",
    " ",
    "1e3",
    "2.5",
    "NaN",
    "Infinity",
    "99999999999999999999",
    "32769",
    "361",
    "201",
    "100001",
    "1000001",
    "1000000000001",
    "65",
    "101",
    "-6h",
    "4000d",
    "lots",
    "2000 TB",
    "6 hours",
];

fn link_notices<S: LabState>(name: &str, text: &str) -> Vec<Notice> {
    let hash = format!("#/{}?{name}={}", S::LAB.slug(), crate::url::encode_component(text));
    S::parse(&Location::parse(&hash).params).1
}

/// The error the field named `name` shows after typing `text`, through the lab's reducer.
fn typed_error(lab: Lab, name: &str, text: &str) -> Option<String> {
    let text = text.to_string();
    match lab {
        Lab::Coverage => typed_in_slots::<coverage::state::CoverageState>(name, &text),
        Lab::Owners => typed_in_slots::<owners::state::OwnersState>(name, &text),
        Lab::Skew => typed_in_slots::<skew::state::SkewState>(name, &text),
        Lab::Planner => typed_in_slots::<planner::state::PlannerState>(name, &text),
        Lab::Trace => typed_in_slots::<trace::state::TraceState>(name, &text),
        Lab::Savepoint => {
            use savepoint::state::{SavepointAction, SavepointField, SavepointState};
            let s = Rc::new(SavepointState::from_query(&Default::default()));
            let field = SavepointField::ALL.into_iter().find(|f| s.field(*f).spec.name == name).expect("a field");
            s.reduce(SavepointAction::Set { field, text, bad_input: false }).field(field).error.map(String::from)
        }
    }
}

/// [`typed_error`] for a lab whose parameters live in slots: one edit through its reducer.
fn typed_in_slots<S: SlottedLab>(name: &str, text: &str) -> Option<String> {
    let slot = S::slots().iter().find(|slot| slot.name() == name).expect("a field");
    let s = Rc::new(<S as LabState>::parse(&Params::default()).0);
    let s = s.reduce(S::Action::from(Edit { param: slot.name(), text: text.to_string(), bad_input: false }));
    slot.error(&s).map(String::from)
}

fn notices_for(lab: Lab, name: &str, text: &str) -> Vec<Notice> {
    match lab {
        Lab::Coverage => link_notices::<coverage::state::CoverageState>(name, text),
        Lab::Owners => link_notices::<owners::state::OwnersState>(name, text),
        Lab::Skew => link_notices::<skew::state::SkewState>(name, text),
        Lab::Planner => link_notices::<planner::state::PlannerState>(name, text),
        Lab::Trace => link_notices::<trace::state::TraceState>(name, text),
        Lab::Savepoint => link_notices::<savepoint::state::SavepointState>(name, text),
    }
}

fn simple_fields(lab: Lab) -> impl Iterator<Item = &'static dyn ParamInfo> {
    // A hand-read choice refuses nothing through the table (its own parser does); a menu
    // (`Pick`) has no typed text (its test is below); fields do.
    crate::labs::params(lab)
        .iter()
        .copied()
        .filter(|p| p.slugs().is_empty() && BAD.iter().any(|t| p.problem(t).is_some()))
}

#[test]
fn every_menu_takes_each_of_its_values_and_names_them_all_when_refusing() {
    let mut menus = 0;
    for &lab in Lab::ALL {
        for param in crate::labs::params(lab).iter().filter(|p| !p.slugs().is_empty()) {
            menus += 1;
            for slug in param.slugs() {
                let notices = notices_for(lab, param.name(), slug);
                assert!(
                    notices.iter().all(|n| n.param != param.name()),
                    "{}: {}={slug} refused",
                    lab.slug(),
                    param.name()
                );
                assert_eq!(param.normalise(slug).as_deref(), Some(slug));
            }
            for text in BAD.iter().filter(|t| !param.slugs().contains(t)) {
                let message = param.problem(text).expect("a menu refuses every text but its values");
                assert!(param.slugs().iter().all(|s| message.contains(s)), "{}: {message:?}", lab.slug());
                let notice = notices_for(lab, param.name(), text).into_iter().find(|n| n.param == param.name());
                let notice =
                    notice.unwrap_or_else(|| panic!("{}: {}={text:?} gives no notice", lab.slug(), param.name()));
                assert!(notice.message.contains(&message) && notice.message.contains(param.fallback()), "{notice:?}");
            }
        }
    }
    assert!(menus >= 5, "only {menus} menus");
}

#[test]
fn a_bad_link_value_and_the_same_text_typed_give_one_message() {
    let mut checked = 0;
    for &lab in Lab::ALL {
        for param in simple_fields(lab) {
            for text in BAD {
                let typed = typed_error(lab, param.name(), text);
                assert_eq!(typed, param.problem(text), "{}: typing {text:?} into {}", lab.slug(), param.name());
                let Some(message) = typed else { continue };
                let notices = notices_for(lab, param.name(), text);
                let notice = notices
                    .iter()
                    .find(|n| n.param == param.name())
                    .unwrap_or_else(|| panic!("{}: {}={text:?} gives no notice", lab.slug(), param.name()));
                assert!(notice.message.contains(&message), "{}: {:?} lacks {message:?}", lab.slug(), notice.message);
                assert!(notice.message.contains(param.fallback()), "{}: {:?}", lab.slug(), notice.message);
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "only {checked} refusals checked");
}

#[test]
fn every_message_names_its_field_or_shows_the_text() {
    for &lab in Lab::ALL {
        for param in simple_fields(lab) {
            for text in BAD {
                if let Some(message) = param.problem(text) {
                    let quoted = format!("{:?}", text.trim());
                    let named = message.contains(&format!("{text:?}"))
                        || message.contains(&quoted)
                        || message.contains("far too large")
                        || message.contains(" must be ");
                    assert!(named, "{}: {} refuses {text:?} with {message:?}", lab.slug(), param.name());
                }
            }
        }
    }
}

#[test]
fn names_and_labels_are_unique_within_a_lab() {
    for &lab in Lab::ALL {
        let table = crate::labs::params(lab);
        for (i, p) in table.iter().enumerate() {
            assert!(table[i + 1..].iter().all(|q| q.name() != p.name()), "{}: {} twice", lab.slug(), p.name());
            assert!(table[i + 1..].iter().all(|q| q.label() != p.label()), "{}: {} twice", lab.slug(), p.label());
        }
    }
}
