//! Copy and download of a text the model built: a **Copy** button whose live region says
//! "Copied" (cleared when the text changes), and a download of the same text as a Markdown
//! file. The widget only moves the text; it never builds it.

use yew::prelude::*;

use crate::browser;

#[derive(Properties, PartialEq)]
pub struct CopyExportProps {
    /// The text to copy and download (built by the model).
    pub text: AttrValue,
    /// The download's file name, such as `runbook.md`.
    pub filename: AttrValue,
    /// The copy button's label, such as "Copy commands".
    pub copy_label: AttrValue,
    /// The download button's label, such as "Download runbook (Markdown)".
    pub download_label: AttrValue,
}

#[function_component]
pub fn CopyExport(props: &CopyExportProps) -> Html {
    let copied = use_state(|| false);
    {
        let copied = copied.clone();
        use_effect_with(props.text.clone(), move |_| copied.set(false));
    }
    let copy = {
        let (text, copied) = (props.text.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            browser::copy_text(&text);
            copied.set(true);
        })
    };
    let download = {
        let (text, filename) = (props.text.clone(), props.filename.clone());
        Callback::from(move |_: MouseEvent| browser::download(&filename, "text/markdown", &text))
    };
    html! {
        <div class="copy-export">
            <button type="button" onclick={copy}>{ props.copy_label.clone() }</button>
            <button type="button" onclick={download}>{ props.download_label.clone() }</button>
            <span class="copied" role="status" aria-live="polite">{ if *copied { "Copied" } else { "" } }</span>
        </div>
    }
}
