//! The trace kit: **Download trace** (`trace.csv`, the page's trace) and **Download totals**
//! (`trace-totals.csv`, the truth), so a person can run the trace through their own job; then
//! **Job output (CSV)** (or a file) and **Check output**, which checks the job's final totals
//! against the truth (`output-verdict`). Output that cannot be read gets a message naming the
//! line; the typed text and the last good check stay. A paste over 256 KB is held out of the box.

use yew::prelude::*;

use super::output_view::OutputView;
use super::state::{TraceAction, TraceState};
use crate::browser;
use crate::components::{on_file_text, use_big_text};
use crate::labs::frame::PartProps;
use crate::model::trace::output::{check, MAX_BYTES};

const EXAMPLE: &str = "key,total\ncustomer-0,49\ncustomer-1,63\nsource_offset,240";

#[function_component]
pub fn KitPanel(props: &PartProps<TraceState>) -> Html {
    let s = &props.state;
    let act = &props.on_action;
    let trace = s.trace();
    let big = use_big_text("Check output", true);
    let on_trace = Callback::from(move |_: MouseEvent| browser::download("trace.csv", "text/csv", &trace.csv()));
    let on_totals = Callback::from(move |_: MouseEvent| browser::download("trace-totals.csv", "text/csv", &trace.totals_csv()));
    let to_check = act.reform(|text| TraceAction::CheckOutput { text });
    let on_check = big.on_read(to_check.clone());
    let on_file = on_file_text(to_check);
    let result = use_memo((trace, s.output.clone()), |(trace, output)| output.as_ref().map(|o| check(trace, o)));
    html! {
        <section class="trace-kit" aria-labelledby="trace-kit-title">
            <h2 id="trace-kit-title">{ "Your own job: run this trace and check its output" }</h2>
            <p>{ format!("Download the trace above ({} events over {} keys; offset,key,value, in offset order) and feed it to your job: \
                  sum value per key, snapshot, rescale, finish. Its final totals must equal the ones in the totals file.", trace.events, trace.keys) }</p>
            <div class="buttons">
                <button type="button" onclick={on_trace}>{ "Download trace" }</button>
                <button type="button" onclick={on_totals}>{ "Download totals" }</button>
            </div>
            <div class="field csv-field">
                <label for="trace-output-csv">{ "Job output (CSV)" }</label>
                <textarea key={big.generation} id="trace-output-csv" ref={big.area.clone()} onpaste={big.on_paste.clone()} oninput={big.on_type.clone()}
                    rows="6" spellcheck="false" aria-describedby="trace-output-hint" placeholder={EXAMPLE} />
                <p class="field-hint" id="trace-output-hint">
                    { format!("The header key,total, then one row per key with its final total; optionally a row source_offset,<n> with the offset \
                               the source read to. Up to {} MB.", MAX_BYTES / (1024 * 1024)) }
                </p>
                <div class="buttons">
                    <button type="button" class="primary" onclick={on_check}>{ "Check output" }</button>
                    <label class="file-label">{ "Or read a CSV file: " }<input type="file" accept=".csv,.txt,text/csv,text/plain" onchange={on_file} /></label>
                </div>
            </div>
            if let Some(note) = big.note.as_ref() {
                <p role="status">{ note.clone() }</p>
            }
            if let Some(e) = &s.output_error {
                <div class="alert" role="alert" data-testid="output-error">
                    <strong>{ "Not checked. " }</strong>{ e.clone() }{ "." }
                    { if s.output.is_some() { " The check below is of the output read before." } else { "" } }
                </div>
            }
            <div role="status" aria-live="polite">
                if let Some(c) = result.as_ref() {
                    <OutputView check={c.clone()} />
                }
            </div>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`KitPanel`], its code fetched when it is wanted.
    pub DeferredKitPanel(PartProps<TraceState>) => KitPanel, chunk trace_kit in feature = "lab-trace", "the trace kit"
);
