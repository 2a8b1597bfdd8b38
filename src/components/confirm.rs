//! A button whose action cannot be undone, so it asks first: pressed, it becomes an in-page
//! question with a confirming button and **Cancel** (Escape cancels too); focus moves to the
//! confirming button when the question opens and back to the button when it closes (never on
//! mount), and a live region says what happened.

use yew::prelude::*;

use crate::browser;

#[derive(Properties, PartialEq)]
pub struct ConfirmProps {
    /// The button's id; the question's ids derive from it.
    pub id: AttrValue,
    /// The button, as first shown.
    pub label: AttrValue,
    /// What will be lost, asked as a question.
    pub question: AttrValue,
    /// The confirming button.
    pub confirm: AttrValue,
    /// Does the action, and returns the sentence the live region then says.
    pub on_confirm: Callback<(), String>,
    /// The live region's test id.
    #[prop_or_default]
    pub status_testid: Option<AttrValue>,
}

#[function_component]
pub fn Confirm(props: &ConfirmProps) -> Html {
    let confirming = use_state(|| false);
    let status = use_state(String::new);
    let confirm_id = format!("{}-confirm", props.id);
    let question_id = format!("{}-question", props.id);
    // Focus moves only after the person opened or closed the question, never on mount.
    let moved = use_mut_ref(|| false);
    {
        let (moved, ids) = (moved.clone(), (props.id.to_string(), confirm_id.clone()));
        use_effect_with(*confirming, move |open| {
            if moved.replace(false) {
                browser::focus_by_id(if *open { &ids.1 } else { &ids.0 });
            }
        });
    }
    let close = {
        let (confirming, status, moved) = (confirming.clone(), status.clone(), moved.clone());
        move |said: String| {
            *moved.borrow_mut() = true;
            confirming.set(false);
            status.set(said);
        }
    };
    let on_open = {
        let (confirming, status, moved) = (confirming.clone(), status.clone(), moved.clone());
        Callback::from(move |_: MouseEvent| {
            *moved.borrow_mut() = true;
            status.set(String::new());
            confirming.set(true);
        })
    };
    let on_cancel = {
        let close = close.clone();
        Callback::from(move |_: MouseEvent| close("Nothing was cleared.".to_string()))
    };
    let on_key = {
        let close = close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                close("Nothing was cleared.".to_string());
            }
        })
    };
    let on_clear = {
        let on_confirm = props.on_confirm.clone();
        Callback::from(move |_: MouseEvent| close(on_confirm.emit(())))
    };
    html! {
        <div class="confirm-action">
            if *confirming {
                <div class="confirm" role="group" aria-labelledby={question_id.clone()} onkeydown={on_key}>
                    <p id={question_id}>{ props.question.clone() }</p>
                    <button type="button" id={confirm_id} class="danger" onclick={on_clear}>{ props.confirm.clone() }</button>
                    <button type="button" onclick={on_cancel}>{ "Cancel" }</button>
                </div>
            } else {
                <button type="button" id={props.id.clone()} onclick={on_open}>{ props.label.clone() }</button>
            }
            <p class="confirm-status" role="status" data-testid={props.status_testid.clone()}>{ (*status).clone() }</p>
        </div>
    }
}
