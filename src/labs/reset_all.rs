//! **Reset all progress**: one button that clears every score this browser stores (the guided
//! path's answers and first attempts, the coverage exercise), after an in-page confirmation
//! (**Clear all progress** or **Cancel**, Escape cancels), and says in a live region what was
//! cleared.

use yew::prelude::*;

use crate::browser;

/// Where the guided path keeps its progress.
pub const TRAINING_KEY: &str = "rescale-lab.training.v1";

/// Where the guided path keeps first attempts (links with `answers=hidden`).
pub const TRAINING_FIRST_KEY: &str = "rescale-lab.training-first.v1";

/// Every stored score: its storage key and what a person calls it.
pub const SCORES: [(&str, &str); 3] = [
    (TRAINING_KEY, "the guided path's answers"),
    (TRAINING_FIRST_KEY, "the guided path's first attempts"),
    (super::coverage::progress::STORAGE_KEY, "the coverage exercise score"),
];

#[derive(Properties, PartialEq)]
pub struct ResetAllProps {
    /// Told after the scores are cleared, so the page drops what it shows.
    pub on_cleared: Callback<()>,
}

#[function_component]
pub fn ResetAll(props: &ResetAllProps) -> Html {
    let confirming = use_state(|| false);
    let status = use_state(String::new);
    // Focus moves only after the learner opened or closed the confirmation, never on mount.
    let moved = use_mut_ref(|| false);
    {
        let moved = moved.clone();
        use_effect_with(*confirming, move |open| {
            if moved.replace(false) {
                browser::focus_by_id(if *open { "reset-all-confirm" } else { "reset-all" });
            }
        });
    }
    let on_open = {
        let (confirming, status, moved) = (confirming.clone(), status.clone(), moved.clone());
        Callback::from(move |_: MouseEvent| {
            *moved.borrow_mut() = true;
            status.set(String::new());
            confirming.set(true);
        })
    };
    let cancel = {
        let (confirming, status, moved) = (confirming.clone(), status.clone(), moved.clone());
        move || {
            *moved.borrow_mut() = true;
            confirming.set(false);
            status.set("Nothing was cleared.".to_string());
        }
    };
    let on_cancel = {
        let cancel = cancel.clone();
        Callback::from(move |_: MouseEvent| cancel())
    };
    let on_key = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" {
            e.prevent_default();
            cancel();
        }
    });
    let on_clear = {
        let (confirming, status, on_cleared) = (confirming.clone(), status.clone(), props.on_cleared.clone());
        Callback::from(move |_: MouseEvent| {
            *moved.borrow_mut() = true;
            let cleared: Vec<&str> =
                SCORES.iter().filter(|(key, _)| browser::storage_remove(key)).map(|(_, what)| *what).collect();
            on_cleared.emit(());
            confirming.set(false);
            status.set(if cleared.is_empty() {
                "There was no stored progress to clear.".to_string()
            } else {
                format!("Cleared {}.", cleared.join(", "))
            });
        })
    };
    html! {
        <div class="reset-all">
            if *confirming {
                <div class="confirm" role="group" aria-labelledby="reset-all-question" onkeydown={on_key}>
                    <p id="reset-all-question">
                        { "Clear every score stored in this browser: the guided path's answers and first attempts, and \
                           the coverage exercise? This cannot be undone." }
                    </p>
                    <button type="button" id="reset-all-confirm" class="danger" onclick={on_clear}>{ "Clear all progress" }</button>
                    <button type="button" onclick={on_cancel}>{ "Cancel" }</button>
                </div>
            } else {
                <button type="button" id="reset-all" onclick={on_open}>{ "Reset all progress" }</button>
            }
            <p class="reset-all-status" role="status" data-testid="reset-all-status">{ (*status).clone() }</p>
        </div>
    }
}
