//! **Reset all progress**: one button that clears every score this browser stores (the guided
//! path's answers and first attempts, the coverage exercise), after an in-page confirmation
//! (**Clear all progress** or **Cancel**, Escape cancels), and says in a live region what was
//! cleared.

use yew::prelude::*;

use crate::browser;
use crate::components::Confirm;

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

/// Removes every stored score; what a person calls each one that was there.
pub fn clear_stored_scores() -> Vec<&'static str> {
    SCORES.iter().filter(|(key, _)| browser::storage_remove(key)).map(|(_, what)| *what).collect()
}

#[derive(Properties, PartialEq)]
pub struct ResetAllProps {
    /// Told after the scores are cleared, so the page drops what it shows.
    pub on_cleared: Callback<()>,
}

#[function_component]
pub fn ResetAll(props: &ResetAllProps) -> Html {
    let on_confirm = {
        let on_cleared = props.on_cleared.clone();
        Callback::from(move |_: ()| {
            let cleared = clear_stored_scores();
            on_cleared.emit(());
            if cleared.is_empty() {
                "There was no stored progress to clear.".to_string()
            } else {
                format!("Cleared {}.", cleared.join(", "))
            }
        })
    };
    html! {
        <Confirm id="reset-all" label="Reset all progress" confirm="Clear all progress" {on_confirm}
            status_testid="reset-all-status"
            question="Clear every score stored in this browser: the guided path's answers and first attempts, and \
                      the coverage exercise? This cannot be undone." />
    }
}
