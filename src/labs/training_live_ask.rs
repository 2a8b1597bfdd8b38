//! The question a live workshop asks a learner who joins where this browser holds answers given
//! under other names (two people taking turns at one computer): are they yours (send them under
//! your name), or not (this browser's answers are cleared and the path starts afresh)? What
//! reached the LRS stays there under the name it was sent as, whatever the answer.

use yew::prelude::*;

use crate::model::training::sent_as::OthersAnswers;

/// The question's words: whose answers, how many, and what each answer does.
pub fn question_text(others: &OthersAnswers, name: &str) -> String {
    let count = others.count();
    // Each name quoted and bidi-isolated (first strong isolate … pop): a name holding U+202E
    // turns nothing after it in the sentence.
    let quoted = |n: &str| format!("\u{201c}\u{2068}{n}\u{2069}\u{201d}");
    let whose = match others.names.as_slice() {
        [(one, _)] => format!("under the name {}", quoted(one)),
        many => format!(
            "under other names ({})",
            many.iter().map(|(n, c)| format!("{c} as {}", quoted(n))).collect::<Vec<_>>().join(", ")
        ),
    };
    let (answers, were, they) = match count {
        1 => ("1 answer".to_string(), "was", ("Is it", "it")),
        n => (format!("{n} answers"), "were", ("Are they", "them")),
    };
    format!(
        "{answers} on this page {were} given {whose}. {} yours, {}? If not, clear {} with the rest of this browser's answers and start afresh; what reached the LRS stays there under the name it was sent as.",
        they.0,
        quoted(name),
        they.1
    )
}

#[derive(Properties, PartialEq)]
pub struct LiveQuestionProps {
    pub others: OthersAnswers,
    /// The name joining.
    pub name: AttrValue,
    /// Yes (`true`: send them under this name) or no (`false`: clear, then join with none).
    pub on_answer: Callback<bool>,
}

/// The question, said as an alert, with its two answers as buttons.
#[function_component]
pub fn LiveQuestion(props: &LiveQuestionProps) -> Html {
    let answer = |mine: bool| props.on_answer.reform(move |_: MouseEvent| mine);
    html! {
        <div class="live-question" role="group" aria-labelledby="live-question" data-testid="live-question">
            <p id="live-question" role="alert">{ question_text(&props.others, &props.name) }</p>
            <div class="buttons">
                <button type="button" onclick={answer(true)}>{ "Yes, send as mine" }</button>
                <button type="button" onclick={answer(false)}>{ "No, clear and start afresh" }</button>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One name or several, one answer or several: the words agree with the count.
    #[test]
    fn the_question_names_whose_answers_and_agrees_with_their_count() {
        let others =
            |names: &[(&str, usize)]| OthersAnswers { names: names.iter().map(|(n, c)| (n.to_string(), *c)).collect() };
        assert_eq!(
            question_text(&others(&[("Ann", 2)]), "Bob"),
            "2 answers on this page were given under the name \u{201c}\u{2068}Ann\u{2069}\u{201d}. Are they yours, \u{201c}\u{2068}Bob\u{2069}\u{201d}? If not, clear them with the rest of this browser's answers and start afresh; what reached the LRS stays there under the name it was sent as."
        );
        assert_eq!(
            question_text(&others(&[("Ann", 1)]), "Bob"),
            "1 answer on this page was given under the name \u{201c}\u{2068}Ann\u{2069}\u{201d}. Is it yours, \u{201c}\u{2068}Bob\u{2069}\u{201d}? If not, clear it with the rest of this browser's answers and start afresh; what reached the LRS stays there under the name it was sent as."
        );
        assert!(question_text(&others(&[("Eve", 2), ("Fred", 1)]), "Gil").starts_with(
            "3 answers on this page were given under other names (2 as \u{201c}\u{2068}Eve\u{2069}\u{201d}, 1 as \u{201c}\u{2068}Fred\u{2069}\u{201d}). Are they yours"
        ));
    }
}
