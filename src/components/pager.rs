//! Paging a long table: [`use_page`] keeps the page number (clamped when the table shrinks,
//! back to the first page when another set of rows arrives) and [`PagerButtons`] draws
//! **Previous …** and **Next …** for it. A page is a pure
//! [`Page`], so its arithmetic is tested natively.

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
pub fn use_page<D: PartialEq + 'static>(total: usize, per_page: usize, set: D) -> (Page, Callback<usize>) {
    // Only the set in force is kept (a file replaced is let go), with its number.
    let seen = use_mut_ref(|| None::<(D, u32)>);
    let number = set_number(&mut seen.borrow_mut(), set);
    let requested = use_state(|| (number, 0usize));
    let asked = if requested.0 == number { requested.1 } else { 0 };
    let page = Page::of(total, per_page, asked);
    (page, Callback::from(move |to: usize| requested.set((number, to))))
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
    pub on_go: Callback<usize>,
}

#[function_component]
pub fn PagerButtons(props: &PagerButtonsProps) -> Html {
    let Page { current, pages, .. } = props.page;
    // Not `disabled` at the first or last page: a button disabled under the focus (Next, pressed
    // on the way to the last page) drops the focus to the page's body. It says it is
    // unavailable, and does nothing.
    let go = |to: usize, can: bool| can.then(|| props.on_go.reform(move |_: MouseEvent| to));
    let (back, on) = (current > 0, current + 1 < pages);
    html! {
        <>
            <button type="button" aria-disabled={(!back).to_string()} onclick={go(current.saturating_sub(1), back)}>{ format!("Previous {}", props.noun) }</button>
            <button type="button" aria-disabled={(!on).to_string()} onclick={go(current + 1, on)}>{ format!("Next {}", props.noun) }</button>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::{set_number, Page};

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
