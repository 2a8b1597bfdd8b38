//! Paging a long table: [`use_page`] keeps the page number (clamped when the table shrinks,
//! back to the first page when another set of rows arrives) and [`PagerButtons`] draws the
//! rows shown ("Subtasks 0 to 31 of 100") and **Previous …** and **Next …** for it. The rows
//! shown are a status region that speaks for a press of its buttons (or while one has the
//! focus): a press says the page it brings, and a change elsewhere (a slider, a preset) that
//! changes the rows does not say it again beside that change's own result. A page is a pure
//! [`Page`], so its arithmetic is tested natively.

use std::rc::Rc;

use yew::prelude::*;

/// One page of `total` rows, `per_page` at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// Page number from 0, clamped to the last page.
    pub current: usize,
    /// At least 1, even for an empty table.
    pub pages: usize,
    /// The rows shown: `first..end`.
    pub first: usize,
    pub end: usize,
}

impl Page {
    pub fn of(total: usize, per_page: usize, requested: usize) -> Page {
        let per_page = per_page.max(1);
        let pages = total.div_ceil(per_page).max(1);
        let current = requested.min(pages - 1);
        let first = current * per_page;
        Page { current, pages, first, end: (first + per_page).min(total) }
    }
}

/// The page of a table of `total` rows, and a callback that goes to another page. `set` says
/// which rows these are: a page asked for belongs to its set, so another file or import opens
/// at its first page, while a table whose rows change in place (the same subtasks at another
/// parallelism: pass `()`) keeps the page it was on.
#[hook]
pub fn use_page<D: PartialEq + 'static>(total: usize, per_page: usize, set: D) -> (Page, Callback<PageStep>) {
    use_page_from(total, per_page, set, 0)
}

/// A press of a pager button, one page back or one on; or a page to show (the one holding a
/// row just added).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageStep {
    Back,
    On,
    To(usize),
}

/// The page last asked for, with the number of the set it belongs to. A step is taken from it,
/// not from the page a render showed: two presses before the next render are two pages (found
/// under load: eight quick presses of Next went four pages).
#[derive(Debug, Default, PartialEq)]
struct Asked(Option<(u32, usize)>);

/// A step asked for: the set it belongs to, the page shown when it was pressed (where the set's
/// steps start), how many pages there are, and which way.
type StepAsked = (u32, usize, usize, PageStep);

impl Reducible for Asked {
    type Action = StepAsked;
    fn reduce(self: Rc<Self>, (set, shown, pages, step): StepAsked) -> Rc<Self> {
        let from = match self.0 {
            Some((asked_set, page)) if asked_set == set => page,
            _ => shown,
        };
        let to = match step {
            PageStep::Back => from.saturating_sub(1),
            PageStep::On => (from + 1).min(pages.saturating_sub(1)),
            PageStep::To(page) => page.min(pages.saturating_sub(1)),
        };
        Rc::new(Asked(Some((set, to))))
    }
}

/// [`use_page`] for a set that opens at the page holding row `start` (a row looked for), not
/// at its first page.
#[hook]
pub fn use_page_from<D: PartialEq + 'static>(
    total: usize,
    per_page: usize,
    set: D,
    start: usize,
) -> (Page, Callback<PageStep>) {
    // Only the set in force is kept (a file replaced is let go), with its number.
    let seen = use_mut_ref(|| None::<(D, u32)>);
    let number = set_number(&mut seen.borrow_mut(), set);
    let asked = use_reducer_eq(Asked::default);
    let wanted = match asked.0 {
        Some((set, page)) if set == number => page,
        _ => start / per_page.max(1),
    };
    let page = Page::of(total, per_page, wanted);
    let (shown, pages) = (page.current, page.pages);
    (page, Callback::from(move |step| asked.dispatch((number, shown, pages, step))))
}

/// The number of the set `set` among those seen: the same while it is equal to the last one,
/// one more when it changes. A page asked for is kept with the number of its set.
fn set_number<D: PartialEq>(seen: &mut Option<(D, u32)>, set: D) -> u32 {
    match seen {
        Some((last, number)) if *last == set => *number,
        Some((last, number)) => {
            *last = set;
            *number += 1;
            *number
        }
        None => {
            *seen = Some((set, 0));
            0
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct PagerButtonsProps {
    pub page: Page,
    /// What the rows are, as the buttons name them: "subtasks", "keys".
    pub noun: AttrValue,
    /// The rows shown, as said: "Subtasks 0 to 31 of 100".
    pub status: AttrValue,
    pub on_go: Callback<PageStep>,
}

#[function_component]
pub fn PagerButtons(props: &PagerButtonsProps) -> Html {
    let Page { current, pages, .. } = props.page;
    // Not `disabled` at the first or last page: a button disabled under the focus (Next, pressed
    // on the way to the last page) drops the focus to the page's body. It says it is
    // unavailable, and does nothing.
    // Presses so far, and how many of them the status has been drawn for: a render that follows
    // a press speaks (a screen reader that activates a button without focusing it, as
    // VoiceOver on iOS does, is told the page too).
    let presses = use_state_eq(|| 0u32);
    let drawn_for = use_mut_ref(|| 0u32);
    let pressed = drawn_for.replace(*presses) != *presses;
    let go = |step: PageStep, can: bool| {
        can.then(|| {
            let (on_go, presses) = (props.on_go.clone(), presses.clone());
            Callback::from(move |_: MouseEvent| {
                presses.set(*presses + 1);
                on_go.emit(step);
            })
        })
    };
    let (back, on) = (current > 0, current + 1 < pages);
    let focused = use_state_eq(|| false);
    let on_focus = |now: bool| {
        let focused = focused.setter();
        Callback::from(move |_: FocusEvent| focused.set(now))
    };
    let (onfocus, onblur) = (on_focus(true), on_focus(false));
    html! {
        <>
            <span role="status" aria-live={if *focused || pressed { "polite" } else { "off" }}>{ props.status.clone() }</span>
            <button type="button" aria-disabled={(!back).to_string()} onclick={go(PageStep::Back, back)}
                onfocus={onfocus.clone()} onblur={onblur.clone()}>{ format!("Previous {}", props.noun) }</button>
            <button type="button" aria-disabled={(!on).to_string()} onclick={go(PageStep::On, on)}
                {onfocus} {onblur}>{ format!("Next {}", props.noun) }</button>
        </>
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use yew::Reducible;

    use super::{set_number, Asked, Page, PageStep};

    /// Steps are taken from the page last asked for: two presses before a render (both saw page
    /// 1 shown) go two pages; a step of another set starts from the page shown; the ends hold.
    #[test]
    fn steps_go_from_the_page_last_asked_for() {
        let step = |asked: Asked, action| Rc::try_unwrap(Rc::new(asked).reduce(action)).unwrap();
        let a = step(Asked::default(), (0, 1, 10, PageStep::On));
        let a = step(a, (0, 1, 10, PageStep::On));
        assert_eq!(a, Asked(Some((0, 3))));
        let a = step(a, (1, 5, 10, PageStep::Back));
        assert_eq!(a, Asked(Some((1, 4))));
        let a = (0..20).fold(a, |a, _| step(a, (1, 4, 10, PageStep::On)));
        assert_eq!(a, Asked(Some((1, 9))));
        let a = (0..20).fold(a, |a, _| step(a, (1, 9, 10, PageStep::Back)));
        assert_eq!(a, Asked(Some((1, 0))));
        assert_eq!(step(a, (1, 0, 10, PageStep::To(12))), Asked(Some((1, 9))));
    }

    #[test]
    fn a_set_keeps_its_number_until_another_comes() {
        let mut seen = None;
        let numbers: Vec<u32> = ["a", "a", "b", "b", "a", "c"].into_iter().map(|s| set_number(&mut seen, s)).collect();
        assert_eq!(numbers, [0, 0, 1, 1, 2, 3]);
        assert_eq!(seen, Some(("c", 3)), "only the set in force is kept");
        let mut unit = None;
        assert_eq!([(), (), ()].map(|u| set_number(&mut unit, u)), [0, 0, 0], "a table whose rows change in place");
    }

    #[test]
    fn pages_clamp_and_cover_every_row() {
        assert_eq!(Page::of(0, 20, 3), Page { current: 0, pages: 1, first: 0, end: 0 });
        assert_eq!(Page::of(45, 20, 1), Page { current: 1, pages: 3, first: 20, end: 40 });
        assert_eq!(Page::of(45, 20, 9), Page { current: 2, pages: 3, first: 40, end: 45 });
        for total in 0..100 {
            let rows: usize =
                (0..Page::of(total, 7, 0).pages).map(|p| Page::of(total, 7, p)).map(|p| p.end - p.first).sum();
            assert_eq!(rows, total);
        }
    }
}
