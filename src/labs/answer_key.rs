//! The answer key of the guided path (`#/?key=1`): every step's answer with the model's
//! reason, the page a trainer prints apart from the handout.

use yew::prelude::*;

use crate::browser;
use crate::model::training::Exercise;

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
