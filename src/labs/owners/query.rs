//! The owners lab's parameters and the state they fill: `maxp`, `p`, `first`, `from`, `largest`,
//! `group`, `type`, each one line of `slots!` bound to its field of [`OwnersState`], and `key`, read by hand
//! after them ([`read_key`]): a key's validity depends on its type, so the type's slot parses the
//! key's text again after every pick.

use crate::model::{Key, KeyType, MaxParallelism};
use crate::url::{notice, slots, Choice, Field, Notice, Param, Params, Pick, Section, Sections, MAX_P};

slots! {
    /// What the page holds: each field's typed text beside its last valid value.
    ///
    /// Invariant: a field's `value` is always the last valid value; bad text sets `error` and
    /// leaves `value` alone, so the page keeps answering for the last valid input while the
    /// person's text stays on screen.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct OwnersState {
        /// Empty text = not set: Flink derives it from the parallelism.
        MAXP: Param<Option<MaxParallelism>> = max_parallelism, None, Param::job_max_parallelism("owners-maxp");
        /// `1..=32768`; may exceed the max parallelism (then the job cannot start).
        P: Param<u32> = parallelism, 4, Param::whole("p", "parallelism", 1, MAX_P).control("Exact parallelism", "owners-p").lockable();
        /// The parallelism the job first ran with (empty = the earlier one, else the parallelism): the input of
        /// Flink's derivation when max parallelism is not set.
        FIRST: Param<Option<u32>> = first, None,
            Param::optional("first", "first parallelism", 1, MAX_P, "the earlier parallelism, else the parallelism")
                .control("First parallelism", "owners-first")
                .hint("The parallelism the job ran with when its state was first created.")
                .fallback("using the earlier parallelism, else p");
        /// An earlier parallelism to compare with (empty = none).
        FROM: Param<Option<u32>> = from, None,
            Param::optional("from", "earlier parallelism", 1, MAX_P, "none")
                .control("Earlier parallelism", "owners-from")
                .hint("The parallelism before a rescale: shows what moves, and what the autoscaler would pick.")
                .fallback("showing no rescale")
                .lockable();
        /// The largest parallelism foreseen, for the max-parallelism chooser (empty = p).
        LARGEST: Param<Option<u32>> = largest, None,
            Param::optional("largest", "largest parallelism", 1, MAX_P, "same as parallelism")
                .control("Largest foreseeable parallelism", "owners-largest")
                .fallback("using p");
        /// A key group to find in the ranges table (empty = none).
        GROUP: Param<Option<u32>> = group, None, Param::optional("group", "key group", 0, MAX_P - 1, "none").control("Find a key group", "owners-group").fallback("finding none").lockable();
        TYPE: Pick<KeyType> = key_type, KeyType::String,
            Pick::new("type", "Key type", "owners-key-type").noun("key type").lockable(), after reparse_key,
            carried when |_: &OwnersState| false;
    } and {
        /// `None` until some valid key has been entered.
        pub key: Field<Option<Key>>,
    } also KEY read by read_key written by write_key
}

pub static KEY: Choice = Choice::new("key", "Key").noun("key").lockable();

/// The key a link without one opens, for the default type (a string).
pub const DEFAULT_KEY: &str = "customer-42";

/// The key a link without one opens for `key_type`: the string default cannot be an int or a
/// long, so those open at 42.
pub fn default_key(key_type: KeyType) -> &'static str {
    match key_type {
        KeyType::String => DEFAULT_KEY,
        KeyType::Int | KeyType::Long => "42",
    }
}

/// The longest key the URL carries.
pub const MAX_KEY_CHARS: usize = 1000;

/// The sections `view=` shows alone, for a compact embed.
pub static SECTIONS: Sections = &[
    Section { name: "slider", label: "Parallelism slider and owner ranges" },
    Section { name: "imbalance", label: "Imbalance and its chart" },
    Section { name: "lookup", label: "Look up a key" },
];

/// Reads `key` after the slots (its type is read by then): no key opens the type's default; a
/// key too long, or one its type refuses (`key=abc&type=int`), falls back to that default with a
/// notice naming what was given and why, as every parameter a link gets wrong does.
pub fn read_key(s: &mut OwnersState, params: &Params, n: &mut Vec<Notice>) {
    let fallback = default_key(s.key_type);
    let Some(given) = params.get(KEY.name) else {
        s.set_key(fallback.to_string());
        return;
    };
    if given.chars().count() > MAX_KEY_CHARS {
        let why = format!("a key in the URL may be at most {MAX_KEY_CHARS} characters; using {fallback:?}");
        n.push(notice(KEY.name, given, &why));
        s.set_key(fallback.to_string());
        return;
    }
    s.set_key(given.to_string());
    if let Some(why) = s.key.error.take() {
        n.push(notice(KEY.name, given, &format!("{why}; using {fallback:?}")));
        s.set_key(fallback.to_string());
    }
}

/// Writes `key` and `type` unless they are the defaults: `type` is the key's own (its slot is
/// never carried by itself), so a key its type refuses leaves the link at the last valid pair.
pub fn write_key(s: &OwnersState, out: &mut Vec<(&'static str, String)>) {
    let key = match &s.key.value {
        Some(Key::Str(text)) => text.clone(),
        Some(Key::Int(v)) => v.to_string(),
        Some(Key::Long(v)) => v.to_string(),
        None => DEFAULT_KEY.to_string(),
    };
    let key_type = s.key.value.as_ref().map_or(s.key_type, Key::key_type);
    if key != default_key(key_type) {
        out.push((KEY.name, key));
    }
    TYPE.pair(&key_type, out);
}

/// After a new key type: the key's text read again as that type; the string default, which no
/// number type reads, becomes that type's default.
fn reparse_key(s: &mut OwnersState) {
    let text = if s.key.text == DEFAULT_KEY { default_key(s.key_type).to_string() } else { s.key.text.clone() };
    s.set_key(text);
}
