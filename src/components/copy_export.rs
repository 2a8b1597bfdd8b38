//! Copy and download of a text the model built: [`CopyButton`], a **Copy** button whose live
//! region says "Copied" (cleared when the text changes), and [`CopyExport`], the same beside a
//! download of the text as a file. The widgets only move the text; they never build it.

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
    /// What the download holds, where it differs from the text copied (a script's first lines).
    #[prop_or_default]
    pub download_text: Option<AttrValue>,
}

/// What the last Copy did: `None` before one (or since the text changed), `Some(copied)` after.
pub type CopyOutcome = Option<bool>;

/// Copies `text`, then records whether the browser took it. The status is emptied first, so a
/// second press is said again ("Copied" set over "Copied" changed nothing a reader heard).
pub fn copy_into_clipboard(text: AttrValue, outcome: UseStateHandle<CopyOutcome>) {
    outcome.set(None);
    yew::platform::spawn_local(async move {
        let copied = browser::copy_text(&text).await;
        outcome.set(Some(copied));
    });
}

/// The status line after a Copy: said when it failed too, so nothing is claimed that did not happen.
pub fn copy_status(outcome: CopyOutcome) -> &'static str {
    match outcome {
        None => "",
        Some(true) => "Copied",
        Some(false) => {
            "Not copied: this browser does not let the page use the clipboard here; select the text and copy it."
        }
    }
}

/// The props of [`CopyButton`].
#[derive(Properties, PartialEq)]
pub struct CopyButtonProps {
    /// The text to copy (built by the model).
    pub text: AttrValue,
    /// The button's label, such as "Copy the edit".
    pub label: AttrValue,
    /// Drawn between the button and its status line (a download button beside it).
    #[prop_or_default]
    pub children: Html,
}

/// A **Copy** button and its status line, which says whether the browser took the text and is
/// cleared when the text changes.
#[function_component]
pub fn CopyButton(props: &CopyButtonProps) -> Html {
    let outcome = use_state(|| None);
    {
        let outcome = outcome.clone();
        use_effect_with(props.text.clone(), move |_| outcome.set(None));
    }
    let copy = {
        let (text, outcome) = (props.text.clone(), outcome.clone());
        Callback::from(move |_: MouseEvent| copy_into_clipboard(text.clone(), outcome.clone()))
    };
    html! {
        <>
            <button type="button" onclick={copy}>{ props.label.clone() }</button>
            { props.children.clone() }
            <span class="copied" role="status" aria-live="polite">{ copy_status(*outcome) }</span>
        </>
    }
}

#[function_component]
pub fn CopyExport(props: &CopyExportProps) -> Html {
    let download = {
        let text = props.download_text.clone().unwrap_or_else(|| props.text.clone());
        let filename = props.filename.clone();
        Callback::from(move |_: MouseEvent| browser::download(&filename, "text/markdown", &text))
    };
    html! {
        <div class="copy-export">
            <CopyButton text={props.text.clone()} label={props.copy_label.clone()}>
                <button type="button" onclick={download}>{ props.download_label.clone() }</button>
            </CopyButton>
        </div>
    }
}
