//! The trace kit: **Download trace** (`trace.csv`, the page's trace) and **Download totals**
//! (`trace-totals.csv`, the truth), so a person can run the trace through their own job; then
//! **Job output (CSV)** (or a file) and **Check output**, which checks the job's final totals
//! against the truth (`output-verdict`). Output that cannot be read gets a message naming the
//! line; the typed text stays, and the last good check stays below it greyed and marked as of
//! the output read before (a big verdict left standing would read as the verdict of the refused
//! text). A paste over 256 KB is held out of the box. The last output checked (up to 256 KB) is
//! kept in the tab's session storage, so a reload shows it again in the box, checked; it is
//! never put in a link. Text typed but not yet checked is kept there too (a [`Draft`]): a reload
//! puts it back in the box, unchecked, and the check below it, of the output checked before, is
//! greyed and marked as such. The steps of a real run are spelled out as `tests/flink-trace-kit/` ran
//! them.

use yew::prelude::*;

use super::output_view::OutputView;
use super::state::TraceState;
use crate::browser;
use crate::components::big_text::SYNC_LIMIT;
use crate::components::{on_file_text, use_big_text, BigField, Draft, FileKind};
use crate::labs::frame::PartProps;
use crate::model::trace::output::{check, MAX_BYTES};

const EXAMPLE: &str = "key,total\ncustomer-0,49\ncustomer-1,63\nsource_offset,240";
/// The session-storage entry holding the last output checked.
const KEPT: &str = "rescale-lab.trace.output";
/// The session-storage entry holding what is typed in the box and not yet checked.
const TYPED: &str = "rescale-lab.trace.output-typed";

/// Keeps `text` for a reload of this tab (or forgets the kept one for a blank or too large text:
/// a reload then shows no check rather than an older one).
fn keep(text: &str) {
    if text.trim().is_empty() || text.len() > SYNC_LIMIT || !browser::session_set(KEPT, text) {
        browser::session_remove(KEPT);
    }
}

#[function_component]
pub fn KitPanel(props: &PartProps<TraceState>) -> Html {
    let s = &props.state;
    let act = &props.on_action;
    let trace = s.trace();
    let big = use_big_text("Check output", true, Some(Draft { key: TYPED, base: String::new() }));
    let on_trace = Callback::from(move |_: MouseEvent| browser::download("trace.csv", "text/csv", &trace.csv()));
    let on_totals =
        Callback::from(move |_: MouseEvent| browser::download("trace-totals.csv", "text/csv", &trace.totals_csv()));
    let read = super::output_read::use_output_read(act.clone());
    let to_check = Callback::from(move |text: String| {
        keep(&text);
        read.emit(text);
    });
    // Opened again in this tab (a reload) with no output checked yet: the kept one, in the box
    // and checked again.
    let kept = use_memo((), |_| browser::session_get(KEPT));
    {
        let (kept, to_check, fresh) = (kept.clone(), to_check.clone(), s.output.is_none() && s.checking.is_none());
        use_effect_with((), move |_| {
            if let (Some(text), true) = ((*kept).clone(), fresh) {
                to_check.emit(text);
            }
        });
    }
    crate::components::use_busy(s.checking.is_some());
    // A large text read from the box (held out of it, or cleared by the read) and refused comes
    // back into the box once its read ends, to be mended where the message says.
    let large = use_mut_ref(|| None::<String>);
    let on_check = {
        let (big, to_check, large) = (big.clone(), to_check.clone(), large.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some((text, _)) = big.read() {
                *large.borrow_mut() = (text.len() > SYNC_LIMIT).then(|| text.clone());
                to_check.emit(text);
            }
        })
    };
    {
        let (big, large) = (big.clone(), large.clone());
        use_effect_with((s.output_error.clone(), s.checking.is_some()), move |(error, checking)| {
            if !*checking {
                if let (Some(text), Some(_)) = (large.borrow_mut().take(), error) {
                    big.refused(text);
                }
            }
        });
    }
    let on_file = on_file_text(to_check);
    let result = use_memo((trace, s.output.clone()), |(trace, output)| output.as_ref().map(|o| check(trace, o)));
    // The check below is not of the text in the box: that text was refused, or it is what was
    // typed before a reload and not yet checked.
    let stale = s.output_error.is_some() || big.draft_back_other_than(kept.as_deref());
    html! {
        <section class="trace-kit" aria-labelledby="trace-kit-title">
            <h2 id="trace-kit-title">{ "Your own job: run this trace and check its output" }</h2>
            <p>{ format!("The trace above ({} over {}; offset,key,value, in offset order) and its totals, for a \
                  rescale through your own job:", crate::model::number::count(u64::from(trace.events), "event", "events"),
                  crate::model::number::count(u64::from(trace.keys), "key", "keys")) }</p>
            <ol class="kit-steps">
                <li>{ "Download the trace and its totals." }</li>
                <li>{ "Run a job that reads trace.csv line by line in offset order (a source whose position is in its \
                       state, such as a DataGeneratorSource over the lines), keys by key and sums value per key in keyed \
                       state. Give the source and the sum fixed uids." }</li>
                <li>{ "Hold the source part-way (a rate limit, or a pause once some events are out) so the snapshot falls \
                       mid-stream, then stop the job with a savepoint: flink stop --savepointPath <dir> <job id>." }</li>
                <li>{ "Start it again from that savepoint at another parallelism: flink run -s <savepoint> -p <new> …" }</li>
                <li>{ "When the source has read the whole trace, write each key's final total (for example from a timer \
                       that fires when the bounded source ends): the header key,total, one row per key, and a row \
                       source_offset,<n> with the offset the source read to." }</li>
                <li>{ "Paste that output below, or read its file, and check it." }</li>
            </ol>
            <div class="buttons">
                <button type="button" onclick={on_trace}>{ "Download trace" }</button>
                <button type="button" onclick={on_totals}>{ "Download totals" }</button>
            </div>
            { big.field(BigField {
                id: "trace-output-csv",
                label: "Job output (CSV)",
                rows: 6,
                hint: format!("The header key,total, then one row per key with its final total; optionally a row source_offset,<n> with the offset \
                               the source read to. Up to {} MB.", MAX_BYTES / (1024 * 1024)),
                placeholder: EXAMPLE,
                initial: (*kept).clone(),
                button: ("Check output", on_check, s.checking.is_some()),
                file: (FileKind::Csv, on_file),
                problem: s.output_error.as_ref().map(|_| "trace-output-error"),
                note_testid: "output-pending",
            }) }
            // The bar and its figure outside the live region (a step every 40 ms would be read
            // out each time); the region below says once that the output is being read.
            if let Some(permille) = s.checking {
                <p><progress max="1000" value={permille.to_string()} aria-label="Reading the output"></progress>
                    { format!(" {}%", permille / 10) }</p>
            }
            if let Some(e) = &s.output_error {
                <div class="alert" role="alert" id="trace-output-error" data-testid="output-error">
                    <strong>{ "Not checked: " }</strong>{ e.clone() }{ "." }
                    { if s.output.is_some() { " The greyed check below is of the output read before, not of this text." } else { "" } }
                </div>
            }
            <div role="status" aria-live="polite">
                if s.checking.is_some() {
                    <p>{ "Reading the output…" }</p>
                }
                if let Some(c) = result.as_ref() {
                    if stale {
                        <div class="stale-check" data-testid="output-stale">
                            <p class="stale-note">{ "Checked before, not the text in the box now:" }</p>
                            <OutputView check={c.clone()} />
                        </div>
                    } else {
                        <OutputView check={c.clone()} />
                    }
                }
            </div>
        </section>
    }
}

crate::components::deferred::deferred!(
    /// [`KitPanel`], its code fetched when it is wanted.
    pub DeferredKitPanel(PartProps<TraceState>) => KitPanel, chunk trace_kit, "the trace kit"
);
