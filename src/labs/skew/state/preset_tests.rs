//! The skew reducer's presets at their bounds: a hot-key set of one key.

use super::*;

use crate::labs::frame::testing::{link, run};
use crate::labs::skew::query::{N, PRESET};
use crate::model::skew::presets::PresetKind;

fn open(query: &str) -> Rc<SkewState> {
    crate::labs::frame::testing::open(query)
}

/// A hot-key set is the hot key and the rest: one key is never silently two. A link asking for
/// one opens two with a notice naming `n`; typing 1 is refused and the set stays; choosing the
/// preset over one key shows the two it makes.
#[test]
fn a_hot_key_set_has_two_keys_at_least_and_says_so() {
    let (linked, notices) = <SkewState as crate::labs::frame::LabState>::parse(
        &crate::url::Location::parse("#/skew?preset=hot&n=1").params,
    );
    assert_eq!((linked.keys.len(), linked.preset_n.value), (2, 2));
    assert!(notices.iter().any(|n| n.param == "n" && n.message.contains("needs at least 2 keys")), "{notices:?}");
    let typed = run(open("preset=hot&n=50"), vec![N.typed("1").into()]);
    assert_eq!((typed.keys.len(), typed.preset_n.value, typed.preset_n.text.as_str()), (50, 50, "1"));
    assert!(typed.preset_n.error.as_deref().unwrap().contains("needs at least 2 keys"));
    assert_eq!(link(&typed), "preset=hot&n=50");
    let chosen = run(open("preset=uniform&n=1"), vec![PRESET.edit(&PresetKind::Hot).into()]);
    assert_eq!((chosen.keys.len(), chosen.preset_n.value), (2, 2));
}
