//! What widgets, lock lists, embed titles and tests need of a lab's parameters, whatever their
//! value type: [`FieldView`] (what a field widget draws, with the `FieldSpec` of `field.rs`), [`ParamInfo`] (the
//! object-safe view of a [`Param`] or a [`Choice`]), and [`ParamTable`] (a lab's list of them).

use super::field::{Field, FieldSpec};
use super::param::Param;

/// A field as a widget draws it: the parameter's spec, the text and the error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldView<'a> {
    pub spec: FieldSpec,
    pub text: &'a str,
    /// The problem with the text, then what the lab still uses: the value the field's edit
    /// began with (128, when 32769 was typed over it), which the page shows meanwhile.
    pub error: Option<String>,
}

impl<'a> FieldView<'a> {
    pub fn of<T: Clone + PartialEq + 'static>(param: &Param<T>, field: &'a Field<T>) -> FieldView<'a> {
        // Beside its field, the value alone: "still using 128" (the link's notice names the
        // parameter, "using maxp = 128"; here the field's label does, and a keyboard review
        // found "p1 = 4" under a field labelled "Parallelism before").
        let text = param.format(&field.value);
        let still = match (text.is_empty(), param.spec().empty) {
            // No value (an optional field left as it was): "still not set".
            (true, Some(empty)) => empty.to_string(),
            (true, None) => param.default_text(&field.value),
            (false, _) => format!("using {text}"),
        };
        let error = field.error.as_ref().map(|e| format!("{e}; still {still}"));
        FieldView { spec: param.spec(), text: &field.text, error }
    }
}

/// What lock lists, field widgets and tests need of any parameter, whatever its type.
pub trait ParamInfo: Sync {
    fn name(&self) -> &'static str;
    fn label(&self) -> &'static str;
    /// The noun a sentence uses for it ("max parallelism", "key type").
    fn noun(&self) -> &'static str;
    fn lockable(&self) -> bool;
    /// The message typed (or linked) `text` is refused with, if any. (Native builds only, as
    /// the next two: the tests and fuzz targets use them; the bundle leaves them out.)
    #[cfg(not(target_arch = "wasm32"))]
    fn problem(&self, text: &str) -> Option<String>;
    /// The fallback phrase of a link's notice, or `using` where the phrase is made from the
    /// default (empty for a choice).
    #[cfg(not(target_arch = "wasm32"))]
    fn fallback(&self) -> &'static str;
    /// The accepted text written as a link writes it back; `None` when refused (or a choice).
    #[cfg(not(target_arch = "wasm32"))]
    fn normalise(&self, text: &str) -> Option<String>;
    /// Every value a menu parameter takes, as a link writes them; empty for a field.
    #[cfg(not(target_arch = "wasm32"))]
    fn slugs(&self) -> Vec<&'static str> {
        Vec::new()
    }
    /// The link's query under which its control is on screen, where a bare link hides it.
    #[cfg(not(target_arch = "wasm32"))]
    fn shown_at(&self) -> Option<&'static str> {
        None
    }
    /// Drawn as `<input type="number">` (the browser then takes only number-like text).
    #[cfg(not(target_arch = "wasm32"))]
    fn number_input(&self) -> bool {
        false
    }
}

/// The four names of [`ParamInfo`] from a parameter's fields of the same names (`what` is the
/// noun): for [`Param`], [`Choice`] and `Pick`, which all keep them so.
macro_rules! names_from_fields {
    () => {
        fn name(&self) -> &'static str {
            self.name
        }
        fn label(&self) -> &'static str {
            self.label
        }
        fn noun(&self) -> &'static str {
            self.what
        }
        fn lockable(&self) -> bool {
            self.lockable
        }
    };
}
pub(crate) use names_from_fields;

impl<T: Clone + PartialEq + 'static> ParamInfo for Param<T> {
    names_from_fields!();
    #[cfg(not(target_arch = "wasm32"))]
    fn problem(&self, text: &str) -> Option<String> {
        self.parse(text).err().map(|e| e.to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn fallback(&self) -> &'static str {
        self.fallback.unwrap_or("using")
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn normalise(&self, text: &str) -> Option<String> {
        self.parse(text).ok().map(|v| self.format(&v))
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn shown_at(&self) -> Option<&'static str> {
        self.shown_at
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn number_input(&self) -> bool {
        self.number
    }
}

/// A parameter that is not a simple field (a select, a key, a key set): named here so that lock
/// lists and the embed builder know it; its values are read by hand-written code beside the
/// table, with the same parser for a link and for the control.
pub struct Choice {
    pub name: &'static str,
    pub label: &'static str,
    /// The noun a sentence uses for it.
    pub what: &'static str,
    pub lockable: bool,
}

impl Choice {
    /// A choice whose noun is its label.
    pub const fn new(name: &'static str, label: &'static str) -> Self {
        Choice { name, label, what: label, lockable: false }
    }

    /// Names it in sentences ("key type" for the control **Key type**).
    pub const fn noun(self, what: &'static str) -> Self {
        Choice { what, ..self }
    }

    pub const fn lockable(self) -> Self {
        Choice { lockable: true, ..self }
    }
}

impl ParamInfo for Choice {
    names_from_fields!();
    #[cfg(not(target_arch = "wasm32"))]
    fn problem(&self, _: &str) -> Option<String> {
        None
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn fallback(&self) -> &'static str {
        ""
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn normalise(&self, _: &str) -> Option<String> {
        None
    }
}

/// A lab's table: every simple parameter it reads from a link and edits in a field.
pub type ParamTable = &'static [&'static dyn ParamInfo];
