//! One description per lab parameter ([`Param`]): its URL name, the noun its messages use, the
//! label and id of its control, its bounds, what empty text means, its hint, and whether an
//! embedding page may lock it. Reading it from a link ([`Param::read`]), writing it back
//! ([`Param::pair`]), applying typed text to its [`Field`] ([`Param::apply`]) and the field
//! widget's wiring all come from this one value, so a link and typing enforce the same bound
//! with the same message by construction. Each lab declares its table as `static`s beside its
//! query; `param_info::ParamInfo` is the object-safe view that lock lists and tests
//! iterate.
//!
//! Invariant: for every parameter, the notice a bad link value gives contains exactly the
//! message typing the same text gives (a test over every lab's table checks it).

use super::field::{Field, FieldSpec};
use super::{notice, Notice, Params};
use crate::model::{MaxParallelism, ModelError, UPPER_BOUND_MAX_PARALLELISM};

mod convert;
use convert::{
    decimal, format_bytes_iec_ref, format_bytes_ref, format_milli_ref, max_parallelism, max_text, milli,
    optional_decimal, optional_whole, positive_rate, positive_size, ttl, ttl_text, whole, zero_when_empty,
};

/// The largest parallelism (and max parallelism) Flink accepts, as the tables bound it.
pub const MAX_P: i64 = UPPER_BOUND_MAX_PARALLELISM as i64;

/// A lab parameter with values of type `T`. Built by the `const` constructors below, so
/// every table is a list of `static`s.
pub struct Param<T: 'static> {
    /// The URL name, as in `p=4`.
    pub name: &'static str,
    /// The noun the model's messages use ("parallelism before").
    pub what: &'static str,
    /// The accessible name of the control.
    pub label: &'static str,
    /// The control's DOM id (its hint and error ids derive from it).
    pub id: &'static str,
    /// Inclusive bounds of whole-number parameters (shown as the input's min and max).
    pub min: i64,
    pub max: i64,
    /// Drawn as `<input type="number">`.
    pub number: bool,
    /// What empty text means, shown as the placeholder; `None`: empty text is refused.
    pub empty: Option<&'static str>,
    pub hint: Option<&'static str>,
    /// What a link's bad value falls back to, after the error, when the default alone does not
    /// say it ("using Flink's default derived from p"); `None`: made from the default
    /// ([`Param::default_text`]: "using p = 4").
    pub fallback: Option<&'static str>,
    pub lockable: bool,
    /// The link's query under which the control is on screen, where a bare link does not show
    /// it (`preset=hot` for the hot-key share); what the bad-input spec opens to type into it.
    pub shown_at: Option<&'static str>,
    parse: fn(&Param<T>, &str) -> Result<T, ModelError>,
    format: fn(&T) -> String,
}

const fn base<T>(
    name: &'static str,
    what: &'static str,
    parse: fn(&Param<T>, &str) -> Result<T, ModelError>,
    format: fn(&T) -> String,
) -> Param<T> {
    Param {
        name,
        what,
        label: what,
        id: name,
        min: 0,
        max: 0,
        number: false,
        empty: None,
        hint: None,
        fallback: None,
        lockable: false,
        shown_at: None,
        parse,
        format,
    }
}

impl Param<u32> {
    /// A whole number in `min..=max`.
    pub const fn whole(name: &'static str, what: &'static str, min: i64, max: i64) -> Self {
        Param { min, max, number: true, ..base(name, what, whole::<u32>, decimal::<u32>) }
    }

    /// A whole number in `min..=max`; empty text means 0.
    pub const fn whole_or_zero(
        name: &'static str,
        what: &'static str,
        min: i64,
        max: i64,
        empty: &'static str,
    ) -> Self {
        Param { min, max, number: true, empty: Some(empty), ..base(name, what, zero_when_empty, decimal::<u32>) }
    }
}

impl Param<u64> {
    /// A whole number in `min..=max`, as `u64`.
    pub const fn whole64(name: &'static str, what: &'static str, min: i64, max: i64) -> Self {
        Param { min, max, number: true, ..base(name, what, whole::<u64>, decimal::<u64>) }
    }

    /// A size with a unit (binary: 1 KB = 1024 B); `positive` refuses 0.
    pub const fn size(name: &'static str, what: &'static str, positive: bool) -> Self {
        Param { min: positive as i64, ..base(name, what, positive_size, format_bytes_ref) }
    }

    /// [`Param::size`] written with binary unit names (`4 TiB`); reads KB … TB as the same.
    pub const fn size_iec(name: &'static str, what: &'static str, positive: bool) -> Self {
        Param { min: positive as i64, ..base(name, what, positive_size, format_bytes_iec_ref) }
    }

    /// A throughput: [`Param::size_iec`] per second, which must carry its unit (`300 MiB`, or
    /// `300 MiB/s`); above 0.
    pub const fn rate(name: &'static str, what: &'static str) -> Self {
        Param { min: 1, ..base(name, what, positive_rate, format_bytes_iec_ref) }
    }

    /// An amount with up to three decimals, kept in thousandths, at most `max_whole`;
    /// `positive` refuses 0.
    pub const fn milli(name: &'static str, what: &'static str, max_whole: i64, positive: bool) -> Self {
        Param { min: positive as i64, max: max_whole, ..base(name, what, milli, format_milli_ref) }
    }
}

impl Param<Option<u32>> {
    /// A whole number in `min..=max`, or empty text meaning `empty` (none, not set).
    pub const fn optional(name: &'static str, what: &'static str, min: i64, max: i64, empty: &'static str) -> Self {
        Param {
            min,
            max,
            number: true,
            empty: Some(empty),
            ..base(name, what, optional_whole, optional_decimal::<u32>)
        }
    }
}

impl Param<Option<MaxParallelism>> {
    /// A max parallelism, or empty text meaning "not set" (Flink derives it).
    pub const fn max_parallelism(name: &'static str, what: &'static str) -> Self {
        Param {
            min: 1,
            max: MAX_P,
            number: true,
            empty: Some("not set"),
            ..base(name, what, max_parallelism, max_text)
        }
    }

    /// A job's `maxp`, labelled **Max parallelism**, lockable: empty, Flink derives it from `p`.
    pub const fn job_max_parallelism(id: &'static str) -> Self {
        Param::max_parallelism("maxp", "max parallelism")
            .control("Max parallelism", id)
            .fallback("using Flink's default derived from p")
            .lockable()
    }
}

impl Param<Option<u64>> {
    /// A time-to-live such as `30min`, `6h`, `2d`, or `none`, in seconds.
    pub const fn ttl(name: &'static str, what: &'static str) -> Self {
        base(name, what, ttl, ttl_text)
    }
}

impl<T: Clone + PartialEq + 'static> Param<T> {
    /// Names the control: its accessible label and DOM id.
    pub const fn control(self, label: &'static str, id: &'static str) -> Self {
        Param { label, id, ..self }
    }

    pub const fn hint(self, hint: &'static str) -> Self {
        Param { hint: Some(hint), ..self }
    }

    /// What a bad link value falls back to, after the error, where the default's own text
    /// would not say it.
    pub const fn fallback(self, fallback: &'static str) -> Self {
        Param { fallback: Some(fallback), ..self }
    }

    /// An embedding page may lock this control.
    pub const fn lockable(self) -> Self {
        Param { lockable: true, ..self }
    }

    /// The control is on screen only under this link's query (a bare link does not show it).
    pub const fn shown_at(self, query: &'static str) -> Self {
        Param { shown_at: Some(query), ..self }
    }

    /// What the field widget draws.
    pub fn spec(&self) -> FieldSpec {
        FieldSpec {
            name: self.name,
            label: self.label,
            id: self.id,
            number: self.number,
            min: self.number.then_some(self.min),
            max: self.number.then_some(self.max),
            empty: self.empty,
            hint: self.hint,
        }
    }

    /// Parses text as typed or as carried by a link.
    pub fn parse(&self, text: &str) -> Result<T, ModelError> {
        (self.parse)(self, text)
    }

    /// The text a value is written as (in the URL and in a fresh field).
    pub fn format(&self, value: &T) -> String {
        (self.format)(value)
    }

    /// Reads the parameter from a link: `None` when absent or bad (a bad value adds a notice
    /// holding the same message typing it would give, then the fallback phrase).
    pub fn read(&self, params: &Params, notices: &mut Vec<Notice>) -> Option<T> {
        self.read_falling_back(params, notices, || self.fallback.unwrap_or("using the default").to_string())
    }

    /// [`Param::read`], else `default`; the notice names the default ([`Param::default_text`]).
    pub fn read_or(&self, params: &Params, notices: &mut Vec<Notice>, default: T) -> T {
        let fallback = || self.fallback.map_or_else(|| self.default_text(&default), String::from);
        self.read_falling_back(params, notices, fallback).unwrap_or(default)
    }

    fn read_falling_back(
        &self,
        params: &Params,
        notices: &mut Vec<Notice>,
        fallback: impl FnOnce() -> String,
    ) -> Option<T> {
        let text = params.get(self.name)?;
        match self.parse(text) {
            Ok(v) => Some(v),
            Err(e) => {
                notices.push(notice(self.name, text, &format!("{e}; {}", fallback())));
                None
            }
        }
    }

    /// The fallback phrase made from the default: "using p = 4" for a plain number, "using
    /// 4 TiB" for a value with its unit, "using none" (the empty text's meaning) for no value.
    pub fn default_text(&self, default: &T) -> String {
        let text = self.format(default);
        match (text.is_empty(), self.number) {
            (true, _) => format!("using {}", self.empty.unwrap_or("the default")),
            (false, true) => format!("using {} = {text}", self.name),
            (false, false) => format!("using {text}"),
        }
    }

    /// Adds `name=value` to a link when the value is not the default.
    pub fn pair(&self, value: &T, default: &T, out: &mut Vec<(&'static str, String)>) {
        if value != default {
            out.push((self.name, self.format(value)));
        }
    }

    /// A field holding a valid value, written as the URL writes it.
    pub fn field(&self, value: T) -> Field<T> {
        Field::valid(self.format(&value), value)
    }

    /// Applies typed text to the field: valid text replaces the value, bad text keeps the
    /// last valid value beside the error (see [`Field::apply`]).
    pub fn apply(&self, field: &mut Field<T>, text: String, bad_input: bool) {
        let parsed = self.parse(&text);
        field.apply(text, bad_input, parsed);
        // The browser could not read the number (letters, or digits past any number it holds):
        // the message names the bound, as an out-of-range number's does.
        if bad_input && self.number && self.min < self.max {
            field.error = Some(super::field::unreadable_number(self.min, self.max, self.empty));
        }
    }
}

#[cfg(test)]
mod tests;
