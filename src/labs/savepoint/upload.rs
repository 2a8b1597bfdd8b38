//! Opening a snapshot: the file input **Snapshot metadata file** inside a drop zone (a drop
//! anywhere on the page works too), the local-only notice, the bundled sample buttons, the
//! progress bar of a stepped read, and the error of the last read (`savepoint-error`, with
//! `role="alert"`), shown above the report it did not replace.

use yew::prelude::*;

use super::state::{ReadError, Reading};
use crate::browser::files::{self, File};
use crate::model::skew::units::format_bytes;
use crate::model::training::Sample;

#[derive(Properties, PartialEq)]
pub struct UploadProps {
    pub reading: Option<Reading>,
    pub error: Option<ReadError>,
    /// The name of the file whose report is shown, if any.
    pub shown: Option<AttrValue>,
    /// A file is being dragged over the page.
    pub dragging: bool,
    pub on_file: Callback<File>,
    pub on_sample: Callback<Sample>,
}

#[function_component]
pub fn Upload(props: &UploadProps) -> Html {
    let on_change = {
        let on_file = props.on_file.clone();
        Callback::from(move |e: Event| {
            if let Some(file) = files::chosen_file(&e) {
                on_file.emit(file);
            }
        })
    };
    let busy = props.reading.is_some();
    // A frame of another site is often refused storage: then nothing is kept, and the hint
    // says so (found by a walk-through: it promised a reload would find the file).
    let kept_where = match crate::browser::session_available() {
        true => "A file up to 64 MiB is kept for this tab: a reload, or Back from another lab, finds it again.",
        false => "This browser keeps no data for this page (a lab embedded from another site is often refused storage), so a reload will not find the file again: open it anew.",
    };
    // One section shown alone (`view=`) holds only its part of the report (found by review:
    // the uid lookup alone was announced as "its report is below").
    let below = match crate::components::use_view() {
        None => "its report is below",
        Some(_) => "what this link shows of it is below",
    };
    html! {
        <section class="sp-upload" aria-labelledby="sp-upload-title">
            <h2 id="sp-upload-title">{ "Open a snapshot" }</h2>
            <p class="sp-local"><strong>{ "Read in this browser only. " }</strong>
                { "The file is parsed here, by the same code as the keygroups CLI; nothing is uploaded or sent anywhere." }</p>
            <div class={classes!("sp-drop", props.dragging.then_some("dragging"))}>
                <div class="field">
                    <label for="sp-file">{ "Snapshot metadata file" }</label>
                    <input id="sp-file" type="file" aria-describedby="sp-file-hint" onchange={on_change} />
                    <p class="field-hint" id="sp-file-hint">
                        { "The _metadata file of a savepoint folder (savepoint-…) or of a retained checkpoint (chk-N), \
                           from Flink 1.11 to 2.3, up to 1 GiB. Or drop it anywhere on this page. " }
                        { kept_where }
                    </p>
                </div>
            </div>
            <div class="sp-samples" role="group" aria-labelledby="sp-samples-title">
                <p id="sp-samples-title">{ "Open a sample snapshot (real files written by Flink 2.3.0):" }</p>
                <div class="buttons">
                    { for Sample::ALL.into_iter().map(|s| {
                        let on_sample = props.on_sample.clone();
                        // Not `disabled` while a file is read: a disabled button drops its
                        // focus to the page's body. It says it is unavailable, and does nothing.
                        let onclick = Callback::from(move |_: MouseEvent| if !busy { on_sample.emit(s) });
                        html! {
                            <button type="button" key={s.slug()} aria-disabled={busy.to_string()} {onclick}>
                                { s.title() }
                            </button>
                        }
                    }) }
                </div>
            </div>
            // One live region, there before the first read: its progress, then which report is
            // shown (said to a screen reader; the summary below shows it).
            <div class="sp-progress" role="status">
                if let Some(r) = &props.reading {
                    <progress max="1000" value={r.permille.to_string()} aria-label="Reading the snapshot"></progress>
                    { format!(" Reading {} ({})… {}%", r.name, format_bytes(r.bytes as u64), r.permille / 10) }
                } else if let (Some(shown), None) = (&props.shown, &props.error) {
                    // After a failed read the alert speaks (and names the report still shown).
                    <span class="visually-hidden">{ format!("Read {shown}: {below}.") }</span>
                }
            </div>
            if let Some(e) = &props.error {
                <div class="alert sp-error" role="alert" data-testid="savepoint-error">
                    <p><strong>{ format!("{} could not be read: ", e.name) }</strong>{ e.message.clone() }{ "." }</p>
                    if let Some(shown) = &props.shown {
                        <p>{ format!("The report below is still the one of {shown}.") }</p>
                    }
                </div>
            }
        </section>
    }
}
