//! Slots on a toy state: a link opens every slot (bad values fall back with the table's
//! notice), the state writes back only what differs from the defaults, an edit reaches its
//! field by name and runs the slot's hook, and a menu ignores text it does not offer.

use super::{open, pairs, slots, Edit, EditHow};
use crate::url::{Location, Param, Pick};

fn count(toy: &mut Toy) {
    toy.edits += 1;
}

slots! {
    #[derive(Debug, Default, Clone, PartialEq)]
    pub struct Toy {
        P: Param<u32> = p, 4, Param::whole("p", "parallelism", 1, 10).control("Parallelism", "toy-p"), after count;
        TXN: Pick<bool> = txn, true, Pick::new("txn", "Transactional", "toy-txn");
        RETRIES: Param<u32> = retries, 3, Param::whole("retries", "retries", 0, 9), carried when |t: &Toy| t.txn;
    } and {
        pub edits: u32,
    }
}

fn opened(hash: &str) -> (Toy, Vec<String>) {
    let mut notices = Vec::new();
    let toy: Toy = open(SLOTS, &Location::parse(hash).params, &mut notices);
    (toy, notices.into_iter().map(|n| n.message).collect())
}

#[test]
fn a_link_opens_every_slot_and_the_state_writes_back_what_differs() {
    let (toy, notices) = opened("#/owners");
    assert_eq!((toy.p.value, toy.p.text.as_str(), toy.txn), (4, "4", true));
    assert!(notices.is_empty());
    assert_eq!(pairs(SLOTS, &toy), vec![("retries", "3".to_string())]);

    let (toy, _) = opened("#/owners?txn=0&p=7&retries=5");
    assert_eq!(toy.retries.value, 5, "read whatever the state");
    assert_eq!(pairs(SLOTS, &toy), vec![("p", "7".to_string()), ("txn", "0".to_string())], "carried only when used");
    let (toy, _) = opened("#/owners?p=7");
    assert_eq!(
        pairs(SLOTS, &toy),
        vec![("p", "7".to_string()), ("retries", "3".to_string())],
        "then even at its default"
    );

    let (toy, notices) = opened("#/owners?p=11&txn=maybe");
    assert_eq!((toy.p.value, toy.txn), (4, true));
    assert_eq!(
        notices,
        vec![
            r#"p="11" was not used: parallelism must be between 1 and 10, got 11; using p = 4."#.to_string(),
            r#"txn="maybe" was not used: it takes 1 or 0; using 1."#.to_string(),
        ]
    );
    assert_eq!(toy.edits, 0, "opening a link is not an edit");
}

#[test]
fn an_edit_reaches_its_field_by_name_and_runs_the_hook() {
    let (mut toy, _) = opened("#/owners");
    Edit { param: "p", text: "12".into(), bad_input: false, how: EditHow::Typing }.apply(SLOTS, &mut toy);
    assert_eq!((toy.p.value, toy.p.text.as_str(), toy.edits), (4, "12", 1));
    assert_eq!(super::Bound::error(&P, &toy), Some("parallelism must be between 1 and 10, got 12"));
    P.edit(&9).apply(SLOTS, &mut toy);
    assert_eq!((toy.p.value, toy.p.error.as_deref(), toy.edits), (9, None, 2));

    TXN.edit(&false).apply(SLOTS, &mut toy);
    assert!(!toy.txn);
    Edit { param: "txn", text: "maybe".into(), bad_input: false, how: EditHow::Typing }.apply(SLOTS, &mut toy);
    assert!(!toy.txn, "a menu keeps its value for text it does not offer");
    let before = toy.clone();
    Edit { param: "nope", text: "1".into(), bad_input: false, how: EditHow::Typing }.apply(SLOTS, &mut toy);
    assert_eq!(toy, before);
    assert_eq!(PARAMS.iter().map(|p| p.name()).collect::<Vec<_>>(), vec!["p", "txn", "retries"]);
}

/// A field applies each keystroke, but a refused text leaves the value the edit began with, not
/// a prefix typed on the way (1 on the way to 12); leaving the field, or a value set at once,
/// ends the edit.
#[test]
fn a_refused_text_leaves_the_value_the_edit_began_with() {
    let typing = |text: &str| Edit { param: "p", text: text.into(), bad_input: false, how: EditHow::Typing };
    let left = Edit { param: "p", text: String::new(), bad_input: false, how: EditHow::Left };
    let bad_input = Edit { param: "p", text: String::new(), bad_input: true, how: EditHow::Typing };
    // (edits, then the value, the text, whether an error shows)
    let cases: Vec<(Vec<Edit>, u32, &str, bool)> = vec![
        (vec![typing("1"), typing("12")], 4, "12", true),
        (vec![typing("1"), typing("12"), typing("1")], 1, "1", false),
        (vec![typing("8"), left.clone(), typing("81")], 8, "81", true),
        (vec![typing("8"), left.clone(), left.clone(), typing("")], 8, "", true),
        (vec![typing("7"), bad_input.clone()], 4, "", true),
        (vec![typing("7"), left.clone(), bad_input], 7, "", true),
        (vec![P.edit(&9), typing("90")], 9, "90", true),
        (vec![typing("90"), P.edit(&6), typing("60")], 6, "60", true),
        // Leaving a field whose text is refused ends the edit there: the next one begins from
        // the value kept, and its text is not read again.
        (vec![typing("3"), typing("30"), left.clone(), typing("300")], 4, "300", true),
        (vec![typing("3"), typing("30"), left.clone()], 4, "30", true),
        (vec![typing("90"), P.edit(&6)], 6, "6", false),
    ];
    for (edits, value, text, error) in cases {
        let (mut toy, _) = opened("#/owners");
        let shown = format!("{edits:?}");
        // An edit is under way after a keystroke, until the field is left or a value set.
        let under_way = edits.last().is_some_and(|e| e.how == EditHow::Typing);
        for edit in edits {
            edit.apply(SLOTS, &mut toy);
        }
        assert_eq!((toy.p.value, toy.p.text.as_str(), toy.p.error.is_some()), (value, text, error), "{shown}");
        assert_eq!(super::editing(SLOTS, &toy), under_way, "{shown}");
    }
}
