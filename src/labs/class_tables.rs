//! The class view's two tables, large enough for a projector: per step (how many answered, the
//! share right at the first attempt, the commonest wrong answers) and per learner (answered,
//! right at the first attempt and at the last, finished). Every value is text from the LRS,
//! rendered as text; a row's name is bidi-isolated and takes three lines at most. On a phone each row is a card of its values, each under its column's name.

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

/// One row: the row's header (a step's title, a learner's name) and its values, as text.
struct Row {
    exercise: Option<String>,
    cells: Vec<String>,
}

fn step_row(row: &ExerciseRow, titles: &[(String, String)]) -> Row {
    let title = titles.iter().find(|(id, _)| *id == row.id).map_or(row.id.as_str(), |(_, t)| t.as_str());
    let wrong = row.wrong.iter().map(|(r, n)| format!("{} (×{n})", response_word(r))).collect::<Vec<_>>().join(", ");
    let first = if row.learners == 0 {
        "–".to_string()
    } else {
        format!("{}% ({} of {})", row.first_right_percent(), row.first_right, row.learners)
    };
    let wrong = if wrong.is_empty() { "–".to_string() } else { wrong };
    Row { exercise: Some(row.id.clone()), cells: vec![title.to_string(), row.learners.to_string(), first, wrong] }
}

/// One of the two tables: `name` gives its test id (`class-<name>`) and its caption's id. On a
/// narrow screen (CSS) each row stands as a card, each value under its column's name
/// (`data-label`); the roles are explicit so the cards are still read as a table's rows.
fn class_table(name: &str, caption: &str, columns: &[&str], rows: Vec<Row>) -> Html {
    let caption_id = format!("class-{name}-caption");
    let row = |r: Row| {
        let mut cells = r.cells.into_iter();
        html! {
            <tr role="row" data-exercise={r.exercise}>
                // Bidi-isolated (a name with U+202E turns nothing after it), and wrapped or cut
                // to a few lines (CSS): a name as long as the LRS holds cannot fill the room's view.
                <th scope="row" role="rowheader"><bdi class="row-name">{ cells.next().unwrap_or_default() }</bdi></th>
                { for cells.zip(&columns[1..]).map(|(v, c)| html! { <td role="cell" data-label={c.to_string()}>{ v }</td> }) }
            </tr>
        }
    };
    html! {
        <div class="table-scroll" role="region" aria-labelledby={caption_id.clone()} tabindex="0">
            <table class="class-table" role="table" data-testid={format!("class-{name}")}>
                <caption id={caption_id}>{ caption.to_string() }</caption>
                <thead role="rowgroup"><tr role="row">{ for columns.iter().map(|c| html! { <th scope="col" role="columnheader">{ c.to_string() }</th> }) }</tr></thead>
                <tbody role="rowgroup">{ for rows.into_iter().map(row) }</tbody>
            </table>
        </div>
    }
}

#[function_component]
pub fn ClassTables(props: &ClassTablesProps) -> Html {
    let r = &props.report;
    let steps = r.exercises.iter().map(|row| step_row(row, &props.titles)).collect();
    let learners = r
        .learners
        .iter()
        .map(|l| Row {
            exercise: None,
            cells: vec![
                l.shown.clone(),
                l.answered.to_string(),
                l.first_right.to_string(),
                l.right.to_string(),
                l.finished.clone().unwrap_or_else(|| "not yet".to_string()),
            ],
        })
        .collect();
    html! {
        <>
            { class_table("steps", "Per step", &["Step", "Answered", "Right at the first attempt", "Commonest wrong answers"], steps) }
            // The score, and so passed or failed, counts first attempts; the last shows who got
            // there in the end (found by a walk-through: "4 right, failed" read as a contradiction).
            { class_table("learners", "Per learner", &["Learner", "Answered", "Right at the first attempt (the score)", "Right at the last attempt", "Finished"], learners) }
        </>
    }
}
