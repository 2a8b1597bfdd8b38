//! A menu parameter ([`Pick`]): a value of a [`ChoiceValue`] type, read from a link and written
//! back by its slug. Its name, label, control id and lock come from one `static`, its values and
//! their labels from the type, and a bad link value gets a message made from the list ("it takes
//! default or adaptive") and the default it falls back to ("using default"): no hand-written
//! reading or message per menu.

use std::marker::PhantomData;

use super::{notice, Notice, ParamInfo, Params};
use crate::model::choice::ChoiceValue;

/// A lab parameter picked from the values of `T`.
pub struct Pick<T: 'static> {
    /// The URL name, as in `release=2.3`.
    pub name: &'static str,
    /// The menu's visible label.
    pub label: &'static str,
    /// The `id` of the `<select>`.
    pub id: &'static str,
    /// The noun a sentence uses for it (its label unless [`Pick::noun`] says otherwise).
    pub what: &'static str,
    pub lockable: bool,
    of: PhantomData<fn() -> T>,
}

impl<T: ChoiceValue> Pick<T> {
    pub const fn new(name: &'static str, label: &'static str, id: &'static str) -> Self {
        Pick { name, label, id, what: label, lockable: false, of: PhantomData }
    }

    pub const fn lockable(self) -> Self {
        Pick { lockable: true, ..self }
    }

    /// Names it in sentences ("key type" for the menu **Key type**).
    pub const fn noun(self, what: &'static str) -> Self {
        Pick { what, ..self }
    }

    /// The value named by `text`, or the message naming every value the link takes.
    pub fn parse(&self, text: &str) -> Result<T, String> {
        T::from_slug(text).ok_or_else(|| format!("it takes {}", T::slug_list()))
    }

    /// The value a link gives, else `default`; a bad value adds a notice ending "using <default>".
    pub fn read_or(&self, params: &Params, notices: &mut Vec<Notice>, default: T) -> T {
        let Some(text) = params.get(self.name) else { return default };
        self.parse(text).unwrap_or_else(|why| {
            notices.push(notice(self.name, text, &format!("{why}; using {}", default.slug())));
            default
        })
    }

    /// Adds `name=slug` to a link when the value is not the default.
    pub fn pair(&self, value: T, default: T, out: &mut Vec<(&'static str, String)>) {
        if value != default {
            out.push((self.name, value.slug().to_string()));
        }
    }

    /// `(slug, label)` of every value, in menu order.
    pub fn options(&self) -> Vec<(&'static str, String)> {
        T::values().iter().map(|v| (v.slug(), v.label())).collect()
    }
}

impl<T: ChoiceValue> ParamInfo for Pick<T> {
    super::param_info::names_from_fields!();
    #[cfg(not(target_arch = "wasm32"))]
    fn problem(&self, text: &str) -> Option<String> {
        self.parse(text).err()
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn fallback(&self) -> &'static str {
        "; using "
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn normalise(&self, text: &str) -> Option<String> {
        self.parse(text).ok().map(|v| v.slug().to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn slugs(&self) -> Vec<&'static str> {
        T::values().iter().map(|v| v.slug()).collect()
    }
}

// Native only: `problem`, `normalise` and `slugs` are left out of the wasm bundle.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::Pick;
    use crate::url::{Location, ParamInfo};

    static YES: Pick<bool> = Pick::new("txn", "Transactional", "t-id");

    fn read(hash: &str) -> (bool, Vec<String>) {
        let mut n = Vec::new();
        let v = YES.read_or(&Location::parse(hash).params, &mut n, true);
        (v, n.into_iter().map(|n| n.message).collect())
    }

    #[test]
    fn reads_writes_and_refuses_with_the_list_and_the_default() {
        assert_eq!(read("#/planner"), (true, vec![]));
        assert_eq!(read("#/planner?txn=0"), (false, vec![]));
        let (v, n) = read("#/planner?txn=yes");
        assert!(v);
        assert_eq!(n, vec![r#"txn="yes" was not used: it takes 1 or 0; using 1."#.to_string()]);
        let mut out = Vec::new();
        YES.pair(true, true, &mut out);
        YES.pair(false, true, &mut out);
        assert_eq!(out, vec![("txn", "0".to_string())]);
        assert_eq!(YES.problem("2").as_deref(), Some("it takes 1 or 0"));
        assert_eq!(YES.normalise("1").as_deref(), Some("1"));
        assert_eq!(YES.slugs(), vec!["1", "0"]);
    }
}
