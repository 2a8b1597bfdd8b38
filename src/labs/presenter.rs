//! Presenter mode of the guided path (`#/?present=1`): one step at a time in large type, with
//! **Previous** and **Next**, the answer behind **Reveal answer**, and the model's time
//! estimate for the step and for the whole path. Also the answer key (`#/?key=1`), the page a
//! trainer prints apart from the handout.

use std::collections::BTreeSet;

use yew::prelude::*;

use crate::browser;
use crate::model::training::{total_minutes, Exercise};

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
    /// Where **Leave presenter mode** goes.
    pub leave: AttrValue,
}

#[function_component]
pub fn Presenter(props: &PresenterProps) -> Html {
    let index = use_state(|| 0usize);
    let revealed = use_state(BTreeSet::<usize>::new);
    let count = props.exercises.len();
    let Some(e) = props.exercises.get(*index) else {
        return html! { <p role="status">{ "This exercise set has no steps." }</p> };
    };
    let i = *index;
    let go = |to: usize| {
        let index = index.clone();
        Callback::from(move |_: MouseEvent| {
            index.set(to);
            browser::focus_by_id("presenter-title");
        })
    };
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
            <div class="presenter-answer" aria-live="polite">
                if revealed.contains(&i) {
                    <p data-testid="presenter-answer"><strong>{ format!("Answer: {}. ", answer.text()) }</strong>{ why }</p>
                } else {
                    <button type="button" onclick={on_reveal}>{ "Reveal answer" }</button>
                }
            </div>
            <div class="presenter-nav">
                <button type="button" onclick={go(i.saturating_sub(1))} disabled={i == 0}>{ "Previous step" }</button>
                <button type="button" onclick={go(i + 1)} disabled={i + 1 >= count}>{ "Next step" }</button>
            </div>
            <p><a href={e.kind.lab_link()}>{ "Open the lab for this step" }</a>{ " · " }<a href={props.leave.clone()}>{ "Leave presenter mode" }</a></p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct AnswerKeyProps {
    pub title: AttrValue,
    pub exercises: Vec<Exercise>,
    pub leave: AttrValue,
}

/// Every step's answer with the model's reason, for printing apart from the handout.
#[function_component]
pub fn AnswerKey(props: &AnswerKeyProps) -> Html {
    let on_print = Callback::from(|_: MouseEvent| browser::print_page());
    html! {
        <section class="answer-key" aria-labelledby="answer-key-title">
            <h3 id="answer-key-title">{ format!("Answer key: {}", props.title) }</h3>
            <p class="screen-only">
                <button type="button" onclick={on_print}>{ "Print answer key" }</button>
                { " · " }<a href={props.leave.clone()}>{ "Back to the guided path" }</a>
            </p>
            <ol>
                { for props.exercises.iter().map(|e| {
                    let (answer, why) = e.kind.solve();
                    html! {
                        <li key={e.id.clone()} data-testid="answer-key-item" data-exercise={e.id.clone()}>
                            <strong>{ format!("{}: {}. ", e.title, answer.text()) }</strong>{ why }
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}
