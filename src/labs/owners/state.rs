//! The owners lab's state and its pure reducer: typed text in, validated values out.
//!
//! Invariant: a field's `value` is always the last valid value; bad text sets `error` and
//! leaves `value` alone, so the page keeps answering for the last valid input while the
//! person's text stays on screen.

use std::rc::Rc;

use yew::Reducible;

use super::query::{OwnersQuery, FIRST, FROM, LARGEST, MAXP, P};
use crate::model::autoscaler::{align, AlignMode, Choice};
use crate::model::chooser::divisors_near;
use crate::model::imbalance::Imbalance;
use crate::model::rescale::RescaleDiff;
use crate::model::{
    DefaultMaxDerivation, Key, KeyGroupRange, KeyLookup, KeyType, MaxParallelism, ModelError, Parallelism,
};
use crate::url::{Field, FieldView};

#[derive(Debug, Clone, PartialEq)]
pub struct OwnersState {
    /// Empty text = not set: Flink derives it from the parallelism.
    pub max_parallelism: Field<Option<MaxParallelism>>,
    /// `1..=32768`; may exceed the max parallelism (then the job cannot start).
    pub parallelism: Field<u32>,
    /// The parallelism the job first ran with (empty = the earlier one, else the parallelism): the input of
    /// Flink's derivation when max parallelism is not set.
    pub first: Field<Option<u32>>,
    /// An earlier parallelism to compare with (empty = none).
    pub from: Field<Option<u32>>,
    /// The largest parallelism foreseen, for the max-parallelism chooser (empty = p).
    pub largest: Field<Option<u32>>,
    /// `None` until some valid key has been entered.
    pub key: Field<Option<Key>>,
    pub key_type: KeyType,
}

/// The number fields, one per number parameter of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnersField {
    MaxParallelism,
    Parallelism,
    First,
    From,
    Largest,
}

impl OwnersField {
    pub const ALL: [OwnersField; 5] = [
        OwnersField::MaxParallelism,
        OwnersField::Parallelism,
        OwnersField::First,
        OwnersField::From,
        OwnersField::Largest,
    ];
}

/// What a person did.
#[derive(Debug, Clone, PartialEq)]
pub enum OwnersAction {
    /// Typed into a number field (the slider sends `Parallelism` too). `bad_input`: the
    /// browser could not read a number.
    Set { field: OwnersField, text: String, bad_input: bool },
    /// Typed into **Key**; `well_formed` is false when the browser's text held a lone surrogate.
    SetKey { text: String, well_formed: bool },
    /// Chose in **Key type**.
    SetKeyType { key_type: KeyType },
}

impl OwnersState {
    /// The state a URL opens.
    pub fn from_query(q: &OwnersQuery) -> Self {
        let mut state = OwnersState {
            max_parallelism: MAXP.field(q.maxp),
            parallelism: P.field(q.p),
            first: FIRST.field(q.first),
            from: FROM.field(q.from),
            largest: LARGEST.field(q.largest),
            key: Field::valid(String::new(), None),
            key_type: q.key_type,
        };
        state.set_key(q.key.clone());
        state
    }

    /// The URL query for the current valid state.
    pub fn to_query(&self) -> OwnersQuery {
        let key = match &self.key.value {
            Some(Key::Str(s)) => s.clone(),
            Some(Key::Int(v)) => v.to_string(),
            Some(Key::Long(v)) => v.to_string(),
            None => OwnersQuery::default().key,
        };
        let key_type = self.key.value.as_ref().map_or(self.key_type, Key::key_type);
        OwnersQuery {
            maxp: self.max_parallelism.value,
            p: self.parallelism.value,
            first: self.first.value,
            from: self.from.value,
            largest: self.largest.value,
            key,
            key_type,
        }
    }

    /// One number field's parameter, text and error.
    pub fn field(&self, which: OwnersField) -> FieldView<'_> {
        match which {
            OwnersField::MaxParallelism => FieldView::of(&MAXP, &self.max_parallelism),
            OwnersField::Parallelism => FieldView::of(&P, &self.parallelism),
            OwnersField::First => FieldView::of(&FIRST, &self.first),
            OwnersField::From => FieldView::of(&FROM, &self.from),
            OwnersField::Largest => FieldView::of(&LARGEST, &self.largest),
        }
    }

    fn set_key(&mut self, text: String) {
        match self.key_type.parse_key(&text) {
            Ok(key) => self.key = Field::valid(text, Some(key)),
            Err(e) => {
                self.key.error = Some(e.to_string());
                self.key.text = text;
            }
        }
    }

    /// Everything the page shows, computed from the valid values.
    pub fn view(&self) -> OwnersView {
        let p = self.parallelism.value;
        // A job's state is created at its first parallelism: when none is given, the earliest
        // one the lab knows (the earlier parallelism, else the one shown).
        let (first, first_source) = match (self.first.value, self.from.value) {
            (Some(f), _) => (f, FirstSource::Given),
            (None, Some(f)) => (f, FirstSource::Earlier),
            (None, None) => (p, FirstSource::Shown),
        };
        let derivation = match self.max_parallelism.value {
            Some(_) => None,
            None => DefaultMaxDerivation::new(i64::from(first)).ok(),
        };
        let max = self.max_parallelism.value.or(derivation.map(|d| d.result)).unwrap_or(MaxParallelism::LARGEST);
        let parallelism = Parallelism::new(i64::from(p), max);
        let valid_p = parallelism.as_ref().ok().copied();
        let lookup = self.key.value.as_ref().map(|key| KeyLookup::new(key, max, valid_p));
        let owner_range = match (&lookup, valid_p) {
            (Some(KeyLookup { subtask: Some(op), .. }), Some(p)) => Some(p.range_of(*op)),
            _ => None,
        };
        let from = self.from.value.map(|f| Parallelism::new(i64::from(f), max));
        let diff = match (&from, valid_p) {
            (Some(Ok(f)), Some(to)) => Some(Ok(RescaleDiff::new(*f, to))),
            (Some(Err(e)), _) => Some(Err(e.clone())),
            _ => None,
        };
        let autoscaler = self
            .from
            .value
            .map(|current| AlignMode::ALL.map(|mode| (mode, align(current, p, max.get(), 1, u32::MAX, mode))));
        OwnersView {
            max,
            derivation,
            first_source,
            imbalance: valid_p.map(Imbalance::of),
            divisors_near: divisors_near(max.get(), p, 3),
            parallelism,
            lookup,
            owner_range,
            diff,
            autoscaler,
        }
    }
}

/// Where the first parallelism (the input of Flink's derivation) came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstSource {
    /// Typed into **First parallelism**.
    Given,
    /// The earlier parallelism (`from`): the job ran at it before the rescale.
    Earlier,
    /// The parallelism shown, when no earlier one is given.
    Shown,
}

/// Derived values for the page; never stored.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnersView {
    /// The max parallelism in force (set, or derived).
    pub max: MaxParallelism,
    /// How it was derived, when not set.
    pub derivation: Option<DefaultMaxDerivation>,
    /// Where the derivation's first parallelism came from.
    pub first_source: FirstSource,
    /// The parallelism, or why the job cannot start with it.
    pub parallelism: Result<Parallelism, ModelError>,
    pub lookup: Option<KeyLookup>,
    /// The key groups of the subtask that owns the key.
    pub owner_range: Option<KeyGroupRange>,
    /// Groups per subtask, when the job can start.
    pub imbalance: Option<Imbalance>,
    /// Divisors of max parallelism around p (three each side).
    pub divisors_near: Vec<u32>,
    /// With an earlier parallelism: what changes owner, or why that parallelism is invalid.
    pub diff: Option<Result<RescaleDiff, ModelError>>,
    /// With an earlier parallelism: the autoscaler's choice for target p, in both modes.
    pub autoscaler: Option<[(AlignMode, Choice); 2]>,
}

impl Reducible for OwnersState {
    type Action = OwnersAction;

    fn reduce(self: Rc<Self>, action: OwnersAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            OwnersAction::Set { field, text, bad_input } => match field {
                OwnersField::MaxParallelism => MAXP.apply(&mut next.max_parallelism, text, bad_input),
                OwnersField::Parallelism => P.apply(&mut next.parallelism, text, bad_input),
                OwnersField::First => FIRST.apply(&mut next.first, text, bad_input),
                OwnersField::From => FROM.apply(&mut next.from, text, bad_input),
                OwnersField::Largest => LARGEST.apply(&mut next.largest, text, bad_input),
            },
            OwnersAction::SetKey { text, well_formed: false } => {
                next.key.error = Some(
                    "this key holds a lone UTF-16 surrogate (half of a pair with no partner); Java would hash it as it is, \
                     but this lab cannot keep it exactly, so the last valid key is still shown"
                        .to_string(),
                );
                next.key.text = text;
            }
            OwnersAction::SetKey { text, .. } => next.set_key(text),
            OwnersAction::SetKeyType { key_type } => {
                next.key_type = key_type;
                let text = next.key.text.clone();
                next.set_key(text);
            }
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests;
