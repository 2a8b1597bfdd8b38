//! The lab frame: what every lab page does the same way, written once. [`LabState`] is the
//! small trait a lab's state implements (its lab, its slots with what it reads and writes by
//! hand beside them, and what it opens from elsewhere); [`use_lab`] opens the link, merges the notices, runs the reducer and
//! keeps the URL in sync; [`LabFrame`] draws the heading, the lede and the notices around the
//! lab's own sections.

use std::rc::Rc;

use yew::prelude::*;

use super::url_sync::use_url_sync;
use crate::components::{use_announce, Announce, Notices};
use crate::lab::Lab;
use crate::url::slot::{self, Slotted};
use crate::url::{Edit, Location, Notice, Params};

/// A lab's state as the frame drives it. Its parameters live in slots (`url::slots!`): the
/// frame opens it from a link, writes it back and applies every edit through its table; the
/// lab adds only what the table cannot say (old names, a value read by hand), named in its
/// `slots!`. The reducer is the
/// lab's own, and hands each [`Edit`] to its table.
pub trait LabState: Slotted + Reducible<Action: From<Edit>> + Default + Clone + PartialEq {
    const LAB: Lab;
    /// The names it reads by hand that its table does not list (old names, where its keys come
    /// from): with the table's, the names a link to it may give.
    const READ_BY_HAND: &'static [&'static str] = &[];

    /// After the link is read (slots, then by hand): what the lab opens from elsewhere, such as
    /// progress stored in this browser (may add notices).
    fn opened(&mut self, _notices: &mut Vec<Notice>) {}

    /// The state a link opens; bad values fall back with notices (never fails).
    fn parse(params: &Params) -> (Self, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut state: Self = slot::open(Self::SLOTS, params, &mut notices);
        state.read_by_hand(params, &mut notices);
        state.opened(&mut notices);
        let known: Vec<&str> =
            Self::PARAMS.iter().map(|p| p.name()).chain(Self::READ_BY_HAND.iter().copied()).collect();
        let place = format!("the {} lab", Self::LAB.title());
        crate::url::unknown::note_unknown(params, &known, &place, &mut notices);
        (state, notices)
    }

    /// The lab's parameters for the URL, defaults left out.
    fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = slot::pairs(Self::SLOTS, self);
        self.write_by_hand(&mut out);
        out
    }
}

/// The props of every lab page: the location it opens from.
#[derive(Properties, PartialEq)]
pub struct LabProps {
    pub location: Location,
}

/// The props of a lab's part that reads the whole state and sends actions (its controls, a
/// panel): `PartProps<CoverageState>`.
#[derive(Properties)]
pub struct PartProps<S: LabState> {
    pub state: S,
    pub on_action: Callback<S::Action>,
}

impl<S: LabState> Clone for PartProps<S> {
    fn clone(&self) -> Self {
        PartProps { state: self.state.clone(), on_action: self.on_action.clone() }
    }
}

impl<S: LabState> PartialEq for PartProps<S> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state && self.on_action == other.on_action
    }
}

/// What [`use_lab`] gives a lab: its state (with dispatcher), the state the link opened, and
/// the notices to show.
pub struct OpenedLab<S: LabState> {
    pub state: UseReducerHandle<S>,
    pub opened: Rc<S>,
    pub notices: Vec<Notice>,
    /// Whether its result regions speak: quiet while a field's edit is under way.
    pub announce: Announce,
}

/// Opens the lab from the location, runs its reducer, and writes its state back into the URL
/// after each change.
#[hook]
pub fn use_lab<S: LabState>(location: &Location) -> OpenedLab<S> {
    let opened = use_memo(location.clone(), |location| {
        let (state, notices) = S::parse(&location.params);
        let notices: Vec<Notice> = location.notices.iter().cloned().chain(notices).collect();
        (Rc::new(state), notices)
    });
    let state = use_reducer_eq({
        let opened = Rc::clone(&opened);
        move || (*opened.0).clone()
    });
    use_url_sync(S::LAB, &location.common, state.pairs());
    let announce = use_announce(slot::editing(S::SLOTS, &*state));
    OpenedLab { state, opened: Rc::clone(&opened.0), notices: opened.1.clone(), announce }
}

/// A dispatching callback for a lab's actions.
pub fn dispatch<S: LabState>(state: &UseReducerHandle<S>) -> Callback<S::Action> {
    let dispatcher = state.dispatcher();
    Callback::from(move |action| dispatcher.dispatch(action))
}

#[derive(Properties, PartialEq)]
pub struct LabFrameProps {
    pub lab: Lab,
    /// One paragraph under the heading: what the lab is about.
    pub lede: AttrValue,
    pub notices: Vec<Notice>,
    /// Given to the lab's result regions and fields ([`crate::components::ResultRegion`]).
    pub announce: Announce,
    #[prop_or_default]
    pub children: Html,
}

/// The lab's section: heading (its registry title), lede, notices, then the lab's own parts.
#[function_component]
pub fn LabFrame(props: &LabFrameProps) -> Html {
    let slug = props.lab.slug();
    let title_id = format!("{slug}-title");
    // One section shown alone (`view=`): the heading stays, the lede goes.
    let whole = crate::components::use_view().is_none();
    html! {
        <section class={classes!("lab", format!("lab-{slug}"), (!whole).then_some("lab-view"))} aria-labelledby={title_id.clone()}>
            <h1 id={title_id}>{ props.lab.title() }</h1>
            if whole { <p class="lede">{ props.lede.clone() }</p> }
            <Notices notices={props.notices.clone()} />
            <ContextProvider<Announce> context={props.announce.clone()}>{ props.children.clone() }</ContextProvider<Announce>>
        </section>
    }
}

/// What every lab's reducer tests do the same way: open a link, write it back, run actions.
#[cfg(test)]
pub mod testing {
    use std::rc::Rc;

    use yew::Reducible;

    use super::LabState;
    use crate::url::Location;

    /// The state a link's query opens (`m=8&a=3`, for the lab of `S`).
    pub fn open<S: LabState>(query: &str) -> Rc<S> {
        Rc::new(S::parse(&Location::parse(&format!("#/{}?{query}", S::LAB.slug())).params).0)
    }

    /// The link's parameters the state writes back, as a query.
    pub fn link<S: LabState>(state: &Rc<S>) -> String {
        state.pairs().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
    }

    /// The state after `actions`, one after the other.
    pub fn run<S: Reducible>(state: Rc<S>, actions: Vec<S::Action>) -> Rc<S> {
        actions.into_iter().fold(state, Reducible::reduce)
    }
}
