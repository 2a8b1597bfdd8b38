//! A lab's form as a list of its slots: each slot draws its own control (a field for a
//! `Param`, a menu for a `Pick`), so a form of several is one line naming them in order.

use yew::prelude::*;

use super::{slot_field, slot_pick};
use crate::model::choice::ChoiceValue;
use crate::url::{Edit, Param, Pick, Slot};

/// A slot drawn as its control, edits sent to the lab's reducer.
pub trait SlotWidget<S, A> {
    fn widget(&'static self, state: &S, on_action: &Callback<A>) -> Html;
}

impl<S, T, A> SlotWidget<S, A> for Slot<S, Param<T>>
where
    T: Clone + PartialEq + Sync + 'static,
    A: From<Edit> + 'static,
{
    fn widget(&'static self, state: &S, on_action: &Callback<A>) -> Html {
        slot_field(self, state, on_action)
    }
}

impl<S, T, A> SlotWidget<S, A> for Slot<S, Pick<T>>
where
    T: ChoiceValue + Sync,
    A: From<Edit> + 'static,
{
    fn widget(&'static self, state: &S, on_action: &Callback<A>) -> Html {
        slot_pick(self, state, on_action)
    }
}

/// The controls of `slots`, in order.
pub fn slot_widgets<S, A>(state: &S, on_action: &Callback<A>, slots: &[&'static dyn SlotWidget<S, A>]) -> Html {
    slots.iter().map(|slot| slot.widget(state, on_action)).collect()
}
