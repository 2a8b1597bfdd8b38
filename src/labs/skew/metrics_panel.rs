//! **Flink REST metrics (JSON)** + **Import metrics** (or a JSON file): a running job's own
//! numbers for one keyed vertex, read by the model into per-subtask load and the data skew %.
//! A failed import says why (byte and field) and changes nothing else: the key set, the link
//! and the last good import stay, and a paste over 256 KB (kept out of the box until imported)
//! comes back into the box, to be mended; what is typed or pasted in the box comes back after a
//! reload of the tab, not yet imported.

use yew::prelude::*;

use super::metrics_view::MetricsView;
use super::state::{SkewAction, SkewState};
use crate::components::{on_file_text, use_big_text, BigField, Draft, FileKind};
use crate::labs::frame::PartProps;
use crate::model::json::MAX_BYTES;

const EXAMPLE: &str =
    r#"[{"id":"numRecordsIn","min":1084.0,"max":8293.0,"avg":3000.0,"sum":12000.0,"skew":88.21666666666667}]"#;

#[function_component]
pub fn MetricsPanel(props: &PartProps<SkewState>) -> Html {
    let s = &props.state;
    let act = &props.on_action;
    let big =
        use_big_text("Import metrics", false, Some(Draft { key: "rescale-lab.skew.metrics", base: String::new() }));
    // A refused paste goes back into the box, to be mended at the byte the message names.
    let on_import = {
        let (big, act) = (big.clone(), act.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some((text, _)) = big.read() {
                let action = SkewAction::import_metrics(&text);
                if matches!(&action, SkewAction::MetricsRead { read: Err(_) }) {
                    big.refused(text);
                }
                act.emit(action);
            }
        })
    };
    let on_file = on_file_text(act.reform(|text: String| SkewAction::import_metrics(&text)));
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
            { big.field(BigField {
                id: "skew-metrics-json",
                label: "Flink REST metrics (JSON)",
                rows: 5,
                hint: format!("Up to {} MB of JSON. Import metrics reads it; the key set below is not changed.", MAX_BYTES / (1024 * 1024)),
                placeholder: EXAMPLE,
                initial: None,
                button: ("Import metrics", on_import, false),
                file: (FileKind::Json, on_file),
                problem: s.metrics_error.as_ref().map(|_| "skew-metrics-error"),
                note_testid: "metrics-pending",
            }) }
            if let Some(e) = &s.metrics_error {
                <div class="alert" role="alert" id="skew-metrics-error" data-testid="metrics-error">
                    <strong>{ "Not imported. " }</strong>{ e.clone() }
                    { if s.metrics.is_some() { " The metrics imported before are still shown, and the key set is unchanged." } else { " The key set is unchanged." } }
                </div>
            }
            if let Some(m) = &s.metrics {
                <MetricsView metrics={m.clone()} parallelism={s.parallelism.value} on_action={act.clone()} />
            }
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`MetricsPanel`], its code fetched when it is wanted.
    pub DeferredMetrics(PartProps<SkewState>) => MetricsPanel, chunk skew_metrics, "the metrics import"
);
