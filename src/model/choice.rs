//! A value picked from a fixed list (a menu, a yes/no): the list, each value's slug (what a
//! link writes) and its label (what a menu shows), in one place per type. The URL layer reads and
//! writes any such value with one generic parameter (`url::Pick`), so a bad link value is refused
//! with a message made from the list.

/// A type whose values are a fixed list, each with a slug and a label.
pub trait ChoiceValue: Copy + PartialEq + 'static {
    /// Every value, in the order a menu lists them.
    fn values() -> &'static [Self];
    /// What a link writes: short, stable, ASCII.
    fn slug(self) -> &'static str;
    /// What a menu shows.
    fn label(self) -> String;

    /// The value whose slug is `text`.
    fn from_slug(text: &str) -> Option<Self> {
        Self::values().iter().copied().find(|v| v.slug() == text)
    }

    /// "a, b or c": the slugs a link takes.
    fn slug_list() -> String {
        let slugs: Vec<&str> = Self::values().iter().map(|v| v.slug()).collect();
        match slugs.split_last() {
            None => String::new(),
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        }
    }
}

/// Implements [`ChoiceValue`] for an enum with an `ALL` array, an inherent `slug` (or another
/// method named second) and a `&'static str` label method: `choice_value!(Scheduler, title);`,
/// `choice_value!(KeyType, as_str, as_str);`.
macro_rules! choice_value {
    ($t:ty, $label:ident) => {
        $crate::choice::choice_value!($t, slug, $label);
    };
    ($t:ty, $slug:ident, $label:ident) => {
        impl $crate::choice::ChoiceValue for $t {
            fn values() -> &'static [$t] {
                &<$t>::ALL
            }
            fn slug(self) -> &'static str {
                <$t>::$slug(self)
            }
            fn label(self) -> String {
                self.$label().to_string()
            }
        }
    };
}
pub(crate) use choice_value;

/// Yes or no, written `1` and `0`.
impl ChoiceValue for bool {
    fn values() -> &'static [bool] {
        &[true, false]
    }
    fn slug(self) -> &'static str {
        if self {
            "1"
        } else {
            "0"
        }
    }
    fn label(self) -> String {
        (if self { "yes" } else { "no" }).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::ChoiceValue;

    #[test]
    fn slugs_round_trip_and_are_listed() {
        for &v in bool::values() {
            assert_eq!(bool::from_slug(v.slug()), Some(v));
        }
        assert_eq!(bool::from_slug("yes"), None);
        assert_eq!(bool::slug_list(), "1 or 0");
    }
}
