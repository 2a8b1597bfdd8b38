//! The class view's two tables, large enough for a projector: per step (how many answered, the
//! share right at the first attempt, the commonest wrong answers) and per learner (answered,
//! right, finished). Every value is text from the LRS, rendered as text.

use std::rc::Rc;

use yew::prelude::*;

use crate::model::training::class::{ClassReport, ExerciseRow};

#[derive(Properties, PartialEq)]
pub struct ClassTablesProps {
    pub report: Rc<ClassReport>,
    /// The exercise set's (id, title), for the step names.
    pub titles: Rc<Vec<(String, String)>>,
}

/// A response as a learner gave it: the AU reports yes / no as true / false.
fn response_word(response: &str) -> &str {
    match response {
        "true" => "yes",
        "false" => "no",
        other => other,
    }
}

fn step_row(row: &ExerciseRow, titles: &[(String, String)]) -> Html {
    let title = titles.iter().find(|(id, _)| *id == row.id).map_or(row.id.as_str(), |(_, t)| t.as_str());
    let wrong = row.wrong.iter().map(|(r, n)| format!("{} (×{n})", response_word(r))).collect::<Vec<_>>().join(", ");
    html! {
        <tr data-exercise={row.id.clone()}>
            <th scope="row">{ title.to_string() }</th>
            <td>{ row.learners }</td>
            <td>{ if row.learners == 0 { "–".to_string() } else { format!("{}% ({} of {})", row.first_right_percent(), row.first_right, row.learners) } }</td>
            <td>{ if wrong.is_empty() { "–".to_string() } else { wrong } }</td>
        </tr>
    }
}

/// One of the two tables: `name` gives its test id (`class-<name>`) and its caption's id.
fn class_table(name: &str, caption: &str, columns: [&str; 4], rows: Html) -> Html {
    let caption_id = format!("class-{name}-caption");
    html! {
        <div class="table-scroll" role="region" aria-labelledby={caption_id.clone()} tabindex="0">
            <table class="class-table" data-testid={format!("class-{name}")}>
                <caption id={caption_id}>{ caption.to_string() }</caption>
                <thead><tr>{ for columns.iter().map(|c| html! { <th scope="col">{ c.to_string() }</th> }) }</tr></thead>
                <tbody>{ rows }</tbody>
            </table>
        </div>
    }
}

#[function_component]
pub fn ClassTables(props: &ClassTablesProps) -> Html {
    let r = &props.report;
    let steps = r.exercises.iter().map(|row| step_row(row, &props.titles)).collect::<Html>();
    let learners = r
        .learners
        .iter()
        .map(|l| {
            html! {
                <tr>
                    <th scope="row">{ l.shown.clone() }</th>
                    <td>{ l.answered }</td>
                    <td>{ l.right }</td>
                    <td>{ l.finished.clone().unwrap_or_else(|| "not yet".to_string()) }</td>
                </tr>
            }
        })
        .collect::<Html>();
    html! {
        <>
            { class_table("steps", "Per step", ["Step", "Answered", "Right at the first attempt", "Commonest wrong answers"], steps) }
            { class_table("learners", "Per learner", ["Learner", "Answered", "Right", "Finished"], learners) }
        </>
    }
}
