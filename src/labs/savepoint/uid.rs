//! **Uid → operator id**: the id Flink derives from a typed uid (`operator-id`: MurmurHash3
//! 128 of its UTF-8 bytes, as `StreamGraphHasherV2` does), which operator of the file has it,
//! and what a restore would do with that operator's state if its uid changed (Flink skips an
//! operator without state, and refuses one with state unless `--allowNonRestoredState`).

use std::rc::Rc;

use yew::prelude::*;

use super::facts::{OperatorRow, UidMatch};
use super::query::UID;
use crate::components::{FieldInput, TextField};
use crate::model::savepoint::operator_id::EMPTY_UID_REFUSAL;
use crate::model::savepoint::unmatched::{skipping_empty_log, Unmatched};
use crate::model::skew::units::format_bytes;

#[derive(Properties, PartialEq)]
pub struct UidProps {
    pub text: AttrValue,
    pub error: Option<AttrValue>,
    /// The uid in force (the last valid text), with its lookup; `None` when empty.
    pub found: Option<(AttrValue, UidMatch)>,
    /// The file's operators, if a file is shown.
    pub rows: Option<Rc<Vec<OperatorRow>>>,
    /// Flink's message when the matched operator would block a restore.
    pub refusal: Option<AttrValue>,
    pub on_input: Callback<FieldInput>,
}

#[function_component]
pub fn UidLookup(props: &UidProps) -> Html {
    let outcome = props.found.as_ref().map(|(uid, m)| {
        let matched = m.operator.and_then(|i| props.rows.as_ref().and_then(|rows| rows.get(i)));
        let what = match (&props.rows, matched) {
            (None, _) => html! { <p>{ "Open a snapshot to see which of its operators has this id." }</p> },
            (Some(rows), None) => html! {
                <p data-testid="uid-match" data-matched="none">
                    { "No operator of this file has this id: a job whose operator carries this uid would find no state here for it." }
                    if let Some((bare, row)) = m.trimmed.as_ref().and_then(|(bare, i)| rows.get(*i).map(|r| (bare, r))) {
                        { format!(" The uid typed has white space at its start or end, and its id is of every character typed; without it, \u{201c}{bare}\u{201d} matches ") }
                        <strong>{ row.label() }</strong>{ "." }
                    }
                </p>
            },
            (Some(_), Some(r)) => html! {
                <p data-testid="uid-match" data-matched={r.id.clone()}>
                    { "Matches " }<strong>{ r.label() }</strong>{ format!(" (parallelism {}, max parallelism {}, state {}).", r.parallelism, r.max_parallelism, format_bytes(r.state_bytes)) }
                </p>
            },
        };
        let more = matched.filter(|_| props.rows.is_some()).map(|r| consequence(uid, r, props.refusal.clone()));
        let said = html! {
            <>
                <p class="sp-id">{ "Operator id: " }<code data-testid="operator-id">{ m.id.clone() }</code></p>
                { what }
            </>
        };
        (said, more.unwrap_or_default())
    });
    let (said, more) = outcome.unwrap_or_default();
    let (live, key) = crate::components::use_spoken(&said);
    html! {
        <section class="sp-uid" aria-labelledby="sp-uid-title">
            <h2 id="sp-uid-title">{ "Uid → operator id" }</h2>
            <p>{ "Flink names an operator's state by its operator id, derived from the uid set with .uid(…). Type a uid to see its id and the operator of this file it matches: the quickest way to find an operator that lost its uid, or the state --allowNonRestoredState would drop." }</p>
            <TextField id="sp-uid" label={UID.label} value={props.text.clone()} error={props.error.clone()}
                param={AttrValue::Static(UID.name)} hint={AttrValue::from(format!("Any text, as in .uid(\"…\"), but not the empty one: Flink refuses it (\u{201c}{EMPTY_UID_REFUSAL}\u{201d}), so an empty field looks nothing up."))}
                on_input={props.on_input.clone()} />
            // The same nodes either way: `{ for outcome }` added a child beside the field, and
            // yew's unkeyed diff then rebuilt the field itself, dropping its focus after one key.
            // A live region, there before the first key, says the id and its match once the
            // typing ends (the field left, or Enter); the paragraphs under them are read when
            // reached.
            <div aria-live={live}><div class="region-content" key={key}>{ said }</div></div>
            { more }
        </section>
    }
}

fn consequence(uid: &str, r: &OperatorRow, refusal: Option<AttrValue>) -> Html {
    match r.unmatched {
        Unmatched::Skipped => html! {
            <p>{ format!("If this operator's uid changed from {uid:?}, nothing would be lost: it holds no state, and Flink skips it, even without --allowNonRestoredState (\u{201c}{}\u{201d}).", skipping_empty_log(&r.id)) }</p>
        },
        Unmatched::Refused { bytes } => html! {
            <>
                <p>{ format!("If this operator's uid changed from {uid:?}, the restore would fail: its {} of state would match no operator. With --allowNonRestoredState the job starts and that state is dropped. Flink says:", format_bytes(bytes)) }</p>
                if let Some(m) = refusal { <blockquote class="flink-message"><code>{ m }</code></blockquote> }
            </>
        },
    }
}
