//! One bound, one message: for every parameter of every lab's table, a bad value carried by a
//! link and the same text typed into the field give the same message, naming the parameter's
//! bound; and every field of every lab is described by its table.

use std::rc::Rc;

use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::labs::{with_state, EachLab};
use crate::url::{Edit, EditHow, Location, Notice, ParamInfo, Params};

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

/// The notices a link with `name=text` opens `lab` with.
fn notices_for(lab: Lab, name: &str, text: &str) -> Vec<Notice> {
    struct Linked<'a>(&'a str, &'a str);
    impl EachLab for Linked<'_> {
        type Out = Vec<Notice>;
        fn with<S: LabState>(self) -> Vec<Notice> {
            let hash = format!("#/{}?{}={}", S::LAB.slug(), self.0, crate::url::encode_component(self.1));
            S::parse(&Location::parse(&hash).params).1
        }
    }
    with_state(lab, Linked(name, text))
}

/// The error the field named `name` shows after typing `text`: one edit through the lab's
/// reducer, from the state a bare link opens.
fn typed_error(lab: Lab, name: &str, text: &str) -> Option<String> {
    struct Typed<'a>(&'a str, &'a str);
    impl EachLab for Typed<'_> {
        type Out = Option<String>;
        fn with<S: LabState>(self) -> Option<String> {
            let slot = S::SLOTS.iter().find(|slot| slot.name() == self.0).expect("a field");
            let s = Rc::new(S::parse(&Params::default()).0);
            let s = s.reduce(S::Action::from(Edit {
                param: slot.name(),
                text: self.1.to_string(),
                bad_input: false,
                how: EditHow::Typing,
            }));
            slot.error(&s).map(String::from)
        }
    }
    with_state(lab, Typed(name, text))
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
                    // Empty text is said in words, not shown as `""`.
                    let named = message.contains(&format!("{text:?}"))
                        || message.contains(&quoted)
                        || message.contains(" must be ")
                        || (text.trim().is_empty() && message.contains("empty"));
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

/// The kinds of bad text the bad-input spec types, each with its text: into a text field, and
/// into a number input (which takes only number-like text: a decimal instead of letters, and no
/// NaN-like words).
const CATEGORIES: &[(&str, &str, Option<&str>)] = &[
    ("zero", "0", Some("0")),
    ("negative", "-1", Some("-1")),
    ("non-numeric", "abc", Some("2.5")),
    ("huge", "99999999999999999999999", Some("99999999999999999999999")),
    ("NaN-like", "NaN", None),
    ("empty", "", Some("")),
];

/// Where the bad-input spec finds its field cases; written by the test below.
const FIELD_CASES: &str = "www/e2e/generated/bad-input-fields.json";

/// The field cases of `www/e2e/bad-input.spec.js`, from every lab's table with no list per lab:
/// for each field parameter, the first kind of bad text it refuses (taken in turn, so every kind
/// is typed somewhere), the link that shows the field, and the message typing it gives through
/// the lab's reducer. The spec reads the file; this test writes it and fails while the
/// committed one differs (run the native tests, then commit the file).
#[test]
fn the_bad_input_spec_types_into_every_field_of_every_lab() {
    use crate::model::json::{to_text, Node, Value};
    let mut labs = Vec::new();
    let mut turn = 0;
    for &lab in Lab::ALL {
        let mut cases = Vec::new();
        for param in simple_fields(lab) {
            let refused = (0..CATEGORIES.len())
                .map(|i| CATEGORIES[(turn + i) % CATEGORIES.len()])
                .filter_map(
                    |(kind, text, number)| {
                        if param.number_input() {
                            number.map(|t| (kind, t))
                        } else {
                            Some((kind, text))
                        }
                    },
                )
                .find_map(|(kind, text)| typed_error(lab, param.name(), text).map(|message| (kind, text, message)));
            let Some((kind, text, message)) = refused else { continue };
            turn += 1;
            let hash = format!("#/{}{}", lab.slug(), param.shown_at().map_or(String::new(), |q| format!("?{q}")));
            cases.push(Node::object(vec![
                ("category", Node::text(kind)),
                ("param", Node::text(param.name())),
                ("label", Node::text(param.label())),
                ("hash", Node::text(hash)),
                ("text", Node::text(text)),
                ("message", Node::text(message)),
            ]));
        }
        assert!(!cases.is_empty(), "{}: no field case", lab.slug());
        labs.push((lab.slug(), Node::new(Value::List(cases))));
    }
    let text = to_text(&Node::object(labs)).replace("},{", "},\n{").replace("],\"", "],\n\"") + "\n";
    write_generated(FIELD_CASES, &text);
    for (kind, _, _) in CATEGORIES {
        assert!(text.contains(&format!("\"category\":\"{kind}\"")), "{kind} is typed nowhere");
    }
}

/// Writes a file the specs read (`www/e2e/generated/`) and fails while the committed one
/// differs: run the native tests, then commit it.
fn write_generated(relative: &str, text: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text) {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is writable");
        std::fs::write(&path, text).expect("the file is writable");
        panic!("{relative} was out of date and is written anew: commit it");
    }
}

/// The registry as the specs read it (`www/e2e/generated/labs.json`: each lab's slug and title,
/// in order), so that no spec keeps a list of labs of its own.
#[test]
fn the_specs_read_the_registry() {
    use crate::model::json::{to_text, Node};
    let labs = Lab::ALL.iter().map(|lab| (lab.slug(), Node::text(lab.title()))).collect();
    write_generated("www/e2e/generated/labs.json", &(to_text(&Node::object(labs)) + "\n"));
}
