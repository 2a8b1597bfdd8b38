//! Presenter mode of the guided path (`#/?present=1`): one step at a time in large type, with
//! **Previous** and **Next** (and a clicker's keys), the step in the link (`step=ID`, so a
//! reload or Back from a lab returns to it), the answer behind **Reveal answer**, and the
//! model's time estimate for the step and for the whole path.

use std::collections::BTreeSet;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser;
use crate::components::Settle;
use crate::model::training::{total_minutes, Exercise};
use crate::url::workshop::with_step;

fn minutes(n: u32) -> String {
    if n == 1 {
        "1 minute".to_string()
    } else {
        format!("{n} minutes")
    }
}

#[derive(Properties, PartialEq)]
pub struct PresenterProps {
    pub exercises: Vec<Exercise>,
    /// `step=` from the link: the id of the step to show (the first when absent or unknown).
    #[prop_or_default]
    pub step: Option<String>,
    /// The workshop hides answers: the step's lab link keeps them hidden.
    #[prop_or_default]
    pub answers_hidden: bool,
    /// Where **Leave presenter mode** goes.
    pub leave: AttrValue,
}

/// The step shown, moved by the buttons and by a presentation clicker's keys.
#[derive(Clone, Copy, PartialEq)]
struct At {
    index: usize,
    count: usize,
    /// Moved by the presenter (a button or a key), not by the link: a new history entry, so
    /// that Back goes to the step before (found by review: Back left the presentation).
    by_presenter: bool,
}

enum Move {
    Next,
    Previous,
    To(usize),
}

impl Reducible for At {
    type Action = Move;

    fn reduce(self: Rc<Self>, action: Move) -> Rc<Self> {
        let last = self.count.saturating_sub(1);
        let (index, by_presenter) = match action {
            Move::Next => ((self.index + 1).min(last), true),
            Move::Previous => (self.index.saturating_sub(1), true),
            Move::To(i) => (i.min(last), false),
        };
        Rc::new(At { index, by_presenter, ..*self })
    }
}

/// A clicker's keys (and a keyboard's): ArrowRight and PageDown move on, ArrowLeft and PageUp
/// back, unless a modifier is held (Alt+ArrowLeft is the browser's Back) or focus is in a field.
fn clicker_move(event: &KeyboardEvent) -> Option<Move> {
    if event.alt_key()
        || event.ctrl_key()
        || event.meta_key()
        || event.shift_key()
        || browser::focus_in_text_entry(event)
    {
        return None;
    }
    match event.key().as_str() {
        "ArrowRight" | "PageDown" => Some(Move::Next),
        "ArrowLeft" | "PageUp" => Some(Move::Previous),
        _ => None,
    }
}

#[function_component]
pub fn Presenter(props: &PresenterProps) -> Html {
    let count = props.exercises.len();
    let start = props.step.as_deref().and_then(|id| props.exercises.iter().position(|e| e.id == id)).unwrap_or(0);
    let at = use_reducer_eq(|| At { index: start, count, by_presenter: false });
    let revealed = use_state(BTreeSet::<usize>::new);
    {
        // A new link (another step=) moves the presenter there.
        let at = at.dispatcher();
        use_effect_with(start, move |start| at.dispatch(Move::To(*start)));
    }
    {
        let at = at.dispatcher();
        use_effect_with((), move |_| {
            let listener = browser::KeyListener::new(move |event| {
                if let Some(step) = clicker_move(&event) {
                    event.prevent_default();
                    at.dispatch(step);
                }
            });
            move || drop(listener)
        });
    }
    {
        // The step shown is in the link (a reload or Back from a lab returns to it; the first
        // step is the default, left out), and the mark follows the new link.
        // Only the shown step's id is taken along (the first step's is left out of the link).
        let id = props.exercises.get(at.index).filter(|_| at.index > 0).map(|e| e.id.clone());
        let settle = use_context::<Settle>();
        let moved = use_mut_ref(|| false);
        let by_presenter = at.by_presenter;
        use_effect_with(at.index, move |_| {
            let hash = with_step(&browser::current_hash(), id.as_deref());
            match by_presenter {
                true => browser::push_hash(&hash),
                false => browser::replace_hash(&hash),
            }
            if let Some(settle) = settle {
                settle.mark();
            }
            // Focus follows a move, not the first showing.
            if std::mem::replace(&mut *moved.borrow_mut(), true) {
                browser::focus_by_id("presenter-title");
            }
        });
    }
    // (Before any return: a hook is called on every render.) The button a keyboard pressed is gone once the answer shows: the focus goes to the answer.
    use_effect_with(revealed.len(), |&count| {
        if count > 0 {
            crate::browser::focus_by_id("presenter-answer");
        }
    });
    let Some(e) = props.exercises.get(at.index) else {
        return html! { <p role="status">{ "This exercise set has no steps." }</p> };
    };
    let i = at.index;
    let go = |step: fn() -> Move| at.dispatcher().to_callback().reform(move |_: MouseEvent| step());
    let on_reveal = {
        let revealed = revealed.clone();
        Callback::from(move |_: MouseEvent| {
            let mut r = (*revealed).clone();
            r.insert(i);
            revealed.set(r);
        })
    };
    let total = total_minutes(&props.exercises);
    let left = total_minutes(&props.exercises[i..]);
    let (answer, why) = e.kind.solve();
    html! {
        <section class="presenter" aria-labelledby="presenter-title">
            <p class="presenter-meta" data-testid="presenter-time">
                { format!("Step {} of {count} · about {} for this step · about {} for the whole path, {} left from here",
                    i + 1, minutes(e.kind.minutes()), minutes(total), minutes(left)) }
            </p>
            <h3 id="presenter-title" tabindex="-1">{ e.title.clone() }</h3>
            <p class="presenter-prompt">{ e.prompt.clone() }</p>
            // Not a live region: Reveal moves the focus to the answer, which says it (a region said
            // it a second time, and said "Reveal answer" as news on the next step).
            <div class="presenter-answer">
                if props.answers_hidden {
                    <p class="field-hint">{ "Answers are hidden in this link: the trainer's link without answers=hidden reveals them." }</p>
                } else if revealed.contains(&i) {
                    <p id="presenter-answer" tabindex="-1" data-testid="presenter-answer"><strong>{ format!("Answer: {}. ", answer.text()) }</strong>{ why }</p>
                } else {
                    <button type="button" onclick={on_reveal}>{ "Reveal answer" }</button>
                }
            </div>
            <div class="presenter-nav">
                <button type="button" onclick={go(|| Move::Previous)} disabled={i == 0}>{ "Previous step" }</button>
                <button type="button" onclick={go(|| Move::Next)} disabled={i + 1 >= count}>{ "Next step" }</button>
            </div>
            <p class="field-hint">{ "A presentation clicker works too: → or Page Down for the next step, ← or Page Up for the previous one." }</p>
            <p><a href={e.kind.lab_link_for(props.answers_hidden)}>{ "Open the lab for this step" }</a>{ " · " }<a href={props.leave.clone()}>{ "Leave presenter mode" }</a></p>
        </section>
    }
}
