//! **Flink REST metrics (JSON)** + **Import metrics** (or a JSON file): a running job's own
//! numbers for one keyed vertex, read by the model into per-subtask load and the data skew %.
//! A failed import says why (byte and field) and changes nothing else: the key set, the link
//! and the last good import stay. A paste over 256 KB is kept out of the box until imported.

use yew::prelude::*;

use super::import::SYNC_LIMIT;
use super::metrics_view::MetricsView;
use super::state::{SkewAction, SkewState};
use crate::browser;
use crate::labs::frame::PartProps;
use crate::model::json::MAX_BYTES;

const EXAMPLE: &str =
    r#"[{"id":"numRecordsIn","min":1084.0,"max":8293.0,"avg":3000.0,"sum":12000.0,"skew":88.21666666666667}]"#;

#[function_component]
pub fn MetricsPanel(props: &PartProps<SkewState>) -> Html {
    let s = &props.state;
    let act = &props.on_action;
    let area = use_node_ref();
    let generation = use_state(|| 0u32);
    let pending = use_mut_ref(|| None::<String>);
    let pending_note = use_state(|| None::<String>);
    let on_paste = {
        let (pending, pending_note) = (pending.clone(), pending_note.clone());
        Callback::from(move |e: Event| {
            let Some((text, _)) = browser::events::pasted_text(&e) else { return };
            if text.len() > SYNC_LIMIT {
                e.prevent_default();
                pending_note.set(Some(format!(
                    "Pasted {} KB. They are kept out of the box to keep the page fast; press Import metrics to read them.",
                    text.len() / 1024
                )));
                *pending.borrow_mut() = Some(text);
            }
        })
    };
    let on_type = {
        let (pending, pending_note) = (pending.clone(), pending_note.clone());
        Callback::from(move |_: InputEvent| {
            if pending.borrow_mut().take().is_some() {
                pending_note.set(None);
            }
        })
    };
    let on_import = {
        let (area, act, generation) = (area.clone(), act.clone(), generation.clone());
        let pending_note = pending_note.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = pending.borrow_mut().take() {
                pending_note.set(None);
                act.emit(SkewAction::ImportMetrics { text });
                return;
            }
            let Some((text, _)) = browser::events::node_text(&area) else { return };
            if text.len() > SYNC_LIMIT {
                generation.set(*generation + 1);
            }
            act.emit(SkewAction::ImportMetrics { text });
        })
    };
    let on_file = {
        let act = act.clone();
        Callback::from(move |e: Event| {
            let Some(file) = browser::events::chosen_file(&e) else { return };
            let act = act.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if let Some((text, _)) = browser::events::file_text(file).await {
                    act.emit(SkewAction::ImportMetrics { text });
                }
            });
        })
    };
    html! {
        <section class="skew-metrics" aria-labelledby="skew-metrics-title">
            <h2 id="skew-metrics-title">{ "Your running job's metrics" }</h2>
            <p>{ "Paste what Flink's REST API answers for one keyed vertex and see its load per subtask and its data skew \
                  as the web UI's Data Skew tab computes it. Any of these bodies works:" }</p>
            <ul class="metrics-requests">
                <li><code>{ "GET /jobs/<job>/vertices/<vertex>" }</code>{ ": the vertex details, with each subtask's records received (read-records) and bytes" }</li>
                <li><code>{ "GET /jobs/<job>/vertices/<vertex>/subtasks/<i>/metrics?get=numRecordsIn" }</code>{ ": one body per subtask, pasted one after another in subtask order" }</li>
                <li><code>{ "GET /jobs/<job>/vertices/<vertex>/subtasks/metrics?get=numRecordsIn" }</code>{ ": Flink's own skew over the subtasks (no subtask's value); " }<code>{ "numRecordsInPerSecond" }</code>{ " works too" }</li>
            </ul>
            <div class="field csv-field metrics-field">
                <label for="skew-metrics-json">{ "Flink REST metrics (JSON)" }</label>
                <textarea key={*generation} id="skew-metrics-json" ref={area} onpaste={on_paste} oninput={on_type} rows="5" spellcheck="false"
                    aria-describedby="skew-metrics-hint" placeholder={EXAMPLE} />
                <p class="field-hint" id="skew-metrics-hint">
                    { format!("Up to {} MB of JSON. Import metrics reads it; the key set below is not changed.", MAX_BYTES / (1024 * 1024)) }
                </p>
                <div class="buttons">
                    <button type="button" class="primary" onclick={on_import}>{ "Import metrics" }</button>
                    <label class="file-label">{ "Or read a JSON file: " }<input type="file" accept=".json,.txt,application/json,text/plain" onchange={on_file} /></label>
                </div>
            </div>
            if let Some(note) = pending_note.as_ref() {
                <p role="status" data-testid="metrics-pending">{ note.clone() }</p>
            }
            if let Some(e) = &s.metrics_error {
                <div class="alert" role="alert" data-testid="metrics-error">
                    <strong>{ "Not imported. " }</strong>{ e.clone() }
                    { if s.metrics.is_some() { " The metrics imported before are still shown, and the key set is unchanged." } else { " The key set is unchanged." } }
                </div>
            }
            if let Some(m) = &s.metrics {
                <MetricsView metrics={m.clone()} on_action={act.clone()} />
            }
        </section>
    }
}
