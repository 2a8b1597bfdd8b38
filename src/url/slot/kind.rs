//! What a slot holds ([`Kind`]): a [`Param`] keeps typed text beside its last valid value (a
//! [`Field`]), a [`Pick`] keeps the picked value; both read a link, write one, and take an edit.

use crate::model::choice::ChoiceValue;
use crate::url::field::Field;
use crate::url::param_info::ParamInfo;
use crate::url::{Notice, Param, Params, Pick};

/// What a slot holds: a [`Param`] keeps typed text beside its last valid value (a [`Field`]), a
/// [`Pick`] keeps the picked value.
pub trait Kind: ParamInfo + 'static {
    type Value: Clone + PartialEq + Sync + 'static;
    /// What the state holds for it.
    type Stored: 'static;
    fn store(&self, value: Self::Value) -> Self::Stored;
    fn value(stored: &Self::Stored) -> &Self::Value;
    /// The link's value, else `default` (a bad value adds a notice naming the fallback).
    fn read_or(&self, params: &Params, notices: &mut Vec<Notice>, default: Self::Value) -> Self::Value;
    /// The text a link carries for `value`.
    fn write(&self, value: &Self::Value) -> String;
    /// Applies text typed or picked; bad text keeps the value the edit began with beside its
    /// error.
    fn set(&self, stored: &mut Self::Stored, text: String, bad_input: bool);
    /// The edit under way ends (see [`Field::settle`]); a pick has none.
    fn settle(_stored: &mut Self::Stored) {}
    /// An edit is under way (typed into, not yet left); a pick never is.
    fn editing(_stored: &Self::Stored) -> bool {
        false
    }
    fn error(stored: &Self::Stored) -> Option<&str>;
}

impl<T: Clone + PartialEq + Sync + 'static> Kind for Param<T> {
    type Value = T;
    type Stored = Field<T>;
    fn store(&self, value: T) -> Field<T> {
        self.field(value)
    }
    fn value(stored: &Field<T>) -> &T {
        &stored.value
    }
    fn read_or(&self, params: &Params, notices: &mut Vec<Notice>, default: T) -> T {
        Param::read_or(self, params, notices, default)
    }
    fn write(&self, value: &T) -> String {
        self.format(value)
    }
    fn set(&self, stored: &mut Field<T>, text: String, bad_input: bool) {
        self.apply(stored, text, bad_input);
    }
    fn settle(stored: &mut Field<T>) {
        stored.settle();
    }
    fn editing(stored: &Field<T>) -> bool {
        stored.before.is_some()
    }
    fn error(stored: &Field<T>) -> Option<&str> {
        stored.error.as_deref()
    }
}

impl<T: ChoiceValue + Sync> Kind for Pick<T> {
    type Value = T;
    type Stored = T;
    fn store(&self, value: T) -> T {
        value
    }
    fn value(stored: &T) -> &T {
        stored
    }
    fn read_or(&self, params: &Params, notices: &mut Vec<Notice>, default: T) -> T {
        Pick::read_or(self, params, notices, default)
    }
    fn write(&self, value: &T) -> String {
        value.slug().to_string()
    }
    /// A menu offers only its values: other text (never sent by the page) changes nothing.
    fn set(&self, stored: &mut T, text: String, _: bool) {
        if let Ok(value) = self.parse(&text) {
            *stored = value;
        }
    }
    fn error(_: &T) -> Option<&str> {
        None
    }
}
