//! The lab frame: what every lab page does the same way, written once. [`LabState`] is the
//! small trait a lab's state implements (its lab, its parameter table, how a link opens it and
//! how it is written back); [`use_lab`] parses the link, merges the notices, runs the reducer
//! and keeps the URL in sync; [`LabFrame`] draws the heading, the lede and the notices around
//! the lab's own sections.

use std::rc::Rc;

use yew::prelude::*;

use super::url_sync::use_url_sync;
use crate::components::Notices;
use crate::lab::Lab;
use crate::url::{slot, Edit, Location, Notice, ParamTable, Params, Table};

/// A lab's state as the frame drives it. The reducer is the lab's own.
pub trait LabState: Reducible + Clone + PartialEq + 'static {
    /// The typed URL state.
    type Query: Clone + PartialEq + 'static;
    const LAB: Lab;
    /// Every parameter of the lab: simple fields and, named for locks, its choices.
    fn params() -> ParamTable;
    /// Reads the link; bad values fall back with notices (never fails).
    fn parse(params: &Params) -> (Self::Query, Vec<Notice>);
    /// The state a link opens; may add notices (for example about stored progress).
    fn open(query: &Self::Query, notices: &mut Vec<Notice>) -> Self;
    /// The lab's parameters for the URL, defaults left out.
    fn pairs(&self) -> Vec<(&'static str, String)>;
}

/// A lab whose parameters live in slots (`url::slots!`): the frame opens it from a link,
/// writes it back and applies every edit through its table; the lab adds only what the table
/// cannot say (old names, a value read by hand). Its state is then its own query.
pub trait SlottedLab: Reducible<Action: From<Edit>> + Default + Clone + PartialEq + 'static {
    const LAB: Lab;
    /// The slots, in the order of the lab's forms.
    fn slots() -> Table<Self>;
    /// Every parameter, the slots and any read by hand.
    fn params() -> ParamTable;
    /// After the slots have read the link: what the lab reads by hand.
    fn opened(&mut self, _params: &Params, _notices: &mut Vec<Notice>) {}
    /// After the slots have written their pairs: what the lab writes by hand.
    fn more_pairs(&self, _out: &mut Vec<(&'static str, String)>) {}
}

impl<S: SlottedLab> LabState for S {
    type Query = S;
    const LAB: Lab = <S as SlottedLab>::LAB;
    fn params() -> ParamTable {
        <S as SlottedLab>::params()
    }
    fn parse(params: &Params) -> (S, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut state: S = slot::open(S::slots(), params, &mut notices);
        state.opened(params, &mut notices);
        (state, notices)
    }
    fn open(query: &S, _: &mut Vec<Notice>) -> S {
        query.clone()
    }
    fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = slot::pairs(S::slots(), self);
        self.more_pairs(&mut out);
        out
    }
}

/// Implements [`LabState`] for a lab whose state opens with `from_query` and writes itself
/// back with `to_query`, its table being `query::PARAMS`: `lab_state!(State, Query, Variant);`.
macro_rules! lab_state {
    ($state:ty, $query:ty, $variant:ident) => {
        impl $crate::labs::frame::LabState for $state {
            type Query = $query;
            const LAB: $crate::lab::Lab = $crate::lab::Lab::$variant;

            fn params() -> $crate::url::ParamTable {
                query::PARAMS
            }
            fn parse(params: &$crate::url::Params) -> ($query, Vec<$crate::url::Notice>) {
                <$query>::parse(params)
            }
            fn open(query: &$query, _: &mut Vec<$crate::url::Notice>) -> Self {
                <$state>::from_query(query)
            }
            fn pairs(&self) -> Vec<(&'static str, String)> {
                self.to_query().pairs()
            }
        }
    };
}
pub(crate) use lab_state;

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

/// What [`use_lab`] gives a lab: its state (with dispatcher) and the notices to show.
pub struct OpenedLab<S: LabState> {
    pub state: UseReducerHandle<S>,
    pub query: S::Query,
    pub notices: Vec<Notice>,
}

/// Opens the lab from the location, runs its reducer, and writes its state back into the URL
/// after each change.
#[hook]
pub fn use_lab<S: LabState>(location: &Location) -> OpenedLab<S> {
    let opened = use_memo(location.clone(), |location| {
        let (query, notices) = S::parse(&location.params);
        let mut notices: Vec<Notice> = location.notices.iter().cloned().chain(notices).collect();
        let state = S::open(&query, &mut notices);
        (query, state, notices)
    });
    let state = use_reducer_eq({
        let opened = Rc::clone(&opened);
        move || opened.1.clone()
    });
    use_url_sync(S::LAB, &location.common, state.pairs());
    OpenedLab { state, query: opened.0.clone(), notices: opened.2.clone() }
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
            { props.children.clone() }
        </section>
    }
}
