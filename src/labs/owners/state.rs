//! What the owners lab computes from its state (the state and its parameters are in
//! `query.rs`), and its pure reducer: typed text in, validated values out.

use std::rc::Rc;

use yew::Reducible;

pub use super::query::OwnersState;
use super::query::{MAX_KEY_CHARS, SLOTS};
use crate::lab::Lab;
use crate::labs::frame::LabState;
use crate::model::autoscaler::{align, AlignMode, Choice};
use crate::model::chooser::divisors_near;
use crate::model::imbalance::Imbalance;
use crate::model::rescale::RescaleDiff;
use crate::model::{DefaultMaxDerivation, KeyGroupRange, KeyLookup, MaxParallelism, ModelError, Parallelism};
use crate::url::{Edit, Field};

/// What a person did: edited a field or menu, or typed a key.
#[derive(Debug, Clone, PartialEq)]
pub enum OwnersAction {
    /// A number field or the key type menu (the slider sends `p` too).
    Edit(Edit),
    /// Typed into **Key**; `well_formed` is false when the browser's text held a lone surrogate.
    SetKey { text: String, well_formed: bool },
}

crate::url::edit_action!(OwnersAction::Edit);

impl OwnersState {
    /// Reads `text` as a key of the state's type: a valid key replaces the last one. A key
    /// longer than a link carries is refused as typed, as it would be from a link.
    pub(super) fn set_key(&mut self, text: String) {
        let chars = text.chars().count();
        let parsed = if chars > MAX_KEY_CHARS {
            Err(format!(
                "a key may be at most {MAX_KEY_CHARS} characters here (the link carries it), this one has {chars}"
            ))
        } else {
            self.key_type.parse_key(&text).map_err(|e| e.to_string())
        };
        match parsed {
            Ok(key) => self.key = Field::valid(text, Some(key)),
            Err(e) => {
                self.key.error = Some(e);
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
            OwnersAction::Edit(edit) => edit.apply(SLOTS, &mut next),
            OwnersAction::SetKey { text, well_formed: false } => {
                next.key.error = Some(
                    "this key holds a lone UTF-16 surrogate (half of a pair with no partner); Java would hash it as it is, \
                     but this lab cannot keep it exactly, so the last valid key is still shown"
                        .to_string(),
                );
                next.key.text = text;
            }
            OwnersAction::SetKey { text, .. } => next.set_key(text),
        }
        Rc::new(next)
    }
}

impl LabState for OwnersState {
    const LAB: Lab = Lab::Owners;
}

#[cfg(test)]
mod tests;
