//! The owners reducer: what a person types, and what the page then answers.

use super::*;
use crate::labs::frame::testing::{link, run as act};
use crate::labs::owners::query::{FROM, MAXP, P, TYPE};
use crate::model::{Key, KeyType};
use crate::url::EditHow;

/// The state a link's query opens.
fn start(query: &str) -> Rc<OwnersState> {
    crate::labs::frame::testing::open(query)
}

fn set_p(text: &str) -> OwnersAction {
    P.typed(text).into()
}

fn set_max(text: &str) -> OwnersAction {
    MAXP.typed(text).into()
}

fn type_key(text: &str) -> OwnersAction {
    OwnersAction::SetKey { text: text.into(), well_formed: true }
}

#[test]
fn defaults_derive_max_parallelism_from_p() {
    let view = start("").view();
    assert_eq!(view.max.get(), 128);
    let d = view.derivation.unwrap();
    assert_eq!((d.parallelism, d.with_headroom, d.rounded), (4, 6, 8));
    assert!(view.parallelism.is_ok());
    assert!(view.lookup.unwrap().subtask.is_some());
}

#[test]
fn parallelism_above_max_blocks_the_subtask_but_keeps_the_group() {
    let state = act(start(""), vec![set_max("128"), set_p("200")]);
    let view = state.view();
    let err = view.parallelism.unwrap_err().to_string();
    assert!(err.contains("200") && err.contains("128"), "{err}");
    let lookup = view.lookup.unwrap();
    assert_eq!(lookup.subtask, None);
    assert!(lookup.key_group.index() < 128);
    assert_eq!(view.owner_range, None);
}

#[test]
fn bad_text_keeps_the_last_valid_value_and_the_text() {
    // 1000 typed and the field left, then 0 refused: 1000 stays.
    let state = act(start(""), vec![set_max("1000"), MAXP.left().into(), set_max("0"), set_p("-3")]);
    assert_eq!(state.max_parallelism.text, "0");
    assert_eq!(state.max_parallelism.value.map(MaxParallelism::get), Some(1000));
    assert!(state.max_parallelism.error.as_deref().unwrap().contains("between 1 and 32768"));
    assert_eq!(state.parallelism.value, 4);
    assert!(state.parallelism.error.is_some());
    let state =
        act(state, vec![Edit { param: "p", text: String::new(), bad_input: true, how: EditHow::Typing }.into()]);
    // The field reports "" for non-numbers; mirroring it leaves the typed text on screen.
    assert_eq!(state.parallelism.text, "", "bad input mirrors the field's empty value");
    assert_eq!(state.parallelism.value, 4);
    assert_eq!(link(&state), "maxp=1000");
}

/// Found by review: the slider's moves were keystrokes of one edit that never ended, so a `0`
/// typed into **Exact parallelism** after five moves went back to the value before the first.
#[test]
fn a_bad_value_typed_after_the_slider_keeps_the_sliders_value() {
    let moves: Vec<OwnersAction> = (101..=105).map(|p| P.set_text(&p.to_string()).into()).collect();
    let state = act(start("maxp=256&p=100"), moves);
    assert_eq!(state.parallelism.value, 105);
    let state = act(state, vec![set_p("0")]);
    assert_eq!(state.parallelism.value, 105, "{:?}", state.parallelism.error);
    assert!(state.parallelism.error.as_deref().is_some_and(|e| e.contains("between 1 and 32768")));
    assert_eq!(link(&state), "maxp=256&p=105");
}

#[test]
fn clearing_max_parallelism_goes_back_to_derived() {
    let state = act(start(""), vec![set_max("7"), set_max(""), set_p("100")]);
    assert_eq!(state.view().max.get(), 256);
    assert_eq!(link(&state), "p=100");
}

#[test]
fn key_type_change_reparses_the_typed_key() {
    let state = act(start(""), vec![type_key("42"), TYPE.edit(&KeyType::Int).into()]);
    assert_eq!(state.key.value, Some(Key::Int(42)));
    assert_eq!(state.view().lookup.unwrap().java_hash, 42);
    let state = act(state, vec![type_key("forty-two")]);
    assert!(state.key.error.as_deref().unwrap().contains("not a valid int key"));
    assert_eq!(state.key.value, Some(Key::Int(42)));
    // 42 is the int default: the link leaves it out.
    assert_eq!(link(&state), "type=int");
    let state = act(state, vec![type_key("7")]);
    assert_eq!(link(&state), "key=7&type=int");
}

/// The string default, which no number type reads, becomes 42 when the type changes to one; a
/// key typed is kept as typed.
#[test]
fn the_default_key_follows_the_type() {
    let state = act(start(""), vec![TYPE.edit(&KeyType::Long).into()]);
    assert_eq!(
        (state.key.text.as_str(), state.key.value.clone(), state.key.error.clone()),
        ("42", Some(Key::Long(42)), None)
    );
    let state = act(start(""), vec![type_key("customer-7"), TYPE.edit(&KeyType::Int).into()]);
    assert_eq!(state.key.text, "customer-7");
    assert!(state.key.error.is_some());
}

/// A typed key is bounded as a link's is: 1000 characters go in (and into the link), one more
/// is refused with its length, the last valid key kept and what was typed left in the field.
#[test]
fn a_typed_key_longer_than_a_link_carries_is_refused() {
    let longest = "k".repeat(1000);
    let state = act(start(""), vec![type_key(&longest)]);
    assert_eq!((state.key.error.as_deref(), link(&state)), (None, format!("key={longest}")));
    let longer = format!("{longest}é");
    let state = act(state, vec![type_key(&longer)]);
    assert_eq!(
        state.key.error.as_deref(),
        Some("a key may be at most 1000 characters here (the link carries it), this one has 1001")
    );
    assert_eq!((state.key.text.as_str(), state.key.value.clone()), (longer.as_str(), Some(Key::Str(longest.clone()))));
    assert_eq!(link(&state), format!("key={longest}"));
}

#[test]
fn url_state_round_trips_through_the_reducer() {
    let query = "maxp=129&p=7&first=3&from=5&largest=1000&key=東京";
    assert_eq!(link(&start(query)), query);
    // A key its type refuses falls back to the type's default (the notice names what was given).
    let state = start("key=abc&type=long");
    assert_eq!(
        (state.key.text.as_str(), state.key.value.clone(), state.key.error.clone()),
        ("42", Some(Key::Long(42)), None)
    );
    assert_eq!(state.view().lookup.unwrap().java_hash, 42);
    // A link with a number type and no key opens its default, valid.
    assert_eq!(start("type=int").key.value, Some(Key::Int(42)));
}

#[test]
fn first_parallelism_decides_the_derived_max_and_p_can_exceed_it() {
    let state = act(start(""), vec![super::super::query::FIRST.typed("24").into(), set_p("200")]);
    let view = state.view();
    assert_eq!(view.max.get(), 128);
    assert_eq!(view.derivation.unwrap().parallelism, 24);
    let err = view.parallelism.unwrap_err().to_string();
    assert!(err.contains("200") && err.contains("128"), "{err}");
    assert_eq!(link(&state), "p=200&first=24");
}

#[test]
fn earlier_parallelism_gives_the_diff_and_the_autoscaler_choice() {
    let state = act(start(""), vec![set_max("128"), set_p("32"), FROM.typed("24").into()]);
    let view = state.view();
    let diff = view.diff.unwrap().unwrap();
    assert_eq!((diff.from, diff.to, diff.max_parallelism), (24, 32, 128));
    let [(_, even), (_, maximize)] = view.autoscaler.unwrap();
    assert_eq!((even.parallelism, maximize.parallelism), (32, 32));
    assert_eq!(view.divisors_near, vec![4, 8, 16, 32, 64, 128]);
    let state = act(state, vec![FROM.typed("300").into()]);
    assert!(state.view().diff.unwrap().is_err());
    let state = act(state, vec![FROM.typed("").into()]);
    assert!(state.view().diff.is_none());
}

/// An unset max parallelism is derived from the job's first parallelism: the one typed, else
/// the earliest given (the earlier parallelism), else the one shown. A job first run at 24
/// carries 128 (Flink's derivation, `tests/vectors/default_max_parallelism.tsv`), so 24 → 200
/// does not start.
#[test]
fn derivation_comes_from_the_first_parallelism() {
    let cases = [
        // p, from, first, derived from, max, starts, source
        (200, Some(24), None, 24, 128, false, FirstSource::Earlier),
        (200, None, None, 200, 512, true, FirstSource::Shown),
        (200, Some(24), Some(200), 200, 512, true, FirstSource::Given),
        (100, Some(24), None, 24, 128, true, FirstSource::Earlier),
        (24, Some(200), None, 200, 512, true, FirstSource::Earlier),
        (4, None, Some(1000), 1000, 2048, true, FirstSource::Given),
    ];
    for (p, from, first, derived_from, max, starts, source) in cases {
        let text = |name: &str, v: Option<u32>| v.map_or(String::new(), |v| format!("&{name}={v}"));
        let state = start(&format!("p={p}{}{}", text("from", from), text("first", first)));
        let view = state.view();
        let d = view.derivation.unwrap();
        assert_eq!((d.parallelism, d.result.get(), view.max.get()), (derived_from, max, max), "{p} {from:?} {first:?}");
        assert_eq!(view.parallelism.is_ok(), starts, "{p} {from:?} {first:?}");
        assert_eq!(view.first_source, source);
    }
}
