//! The **Embed** button and its snippet builder, on the full site: the `<iframe>` for the
//! lab's *current* state (it follows every edit, through the `hash` prop), the controls to
//! lock, the theme, the height, the one origin allowed to receive results, and the host
//! script's `<script>` tag (with its integrity hash when the build recorded one). While the
//! origin field holds no address the snippet names no origin (never the last valid one) and
//! the field's error says so. **Copy snippet** says "Copied" in a live region; Esc closes the
//! panel.

use yew::prelude::*;

use crate::browser;
use crate::components::{CopyButton, FieldInput, SelectField, TextField};
use crate::embed::{embed_hash, frame_title, iframe_snippet, with_view, HostScript};
use crate::lab::Lab;
use crate::url::{origin_of_address, LabTables, Theme};

#[derive(Properties, PartialEq)]
pub struct EmbedPanelProps {
    pub lab: Lab,
    /// The lab's parameters and sections.
    pub tables: LabTables,
    /// The hash as the lab last wrote it.
    pub hash: AttrValue,
}

/// The host script shipped beside the lab (`embed-host.js`), with the integrity hash
/// `tools/build.sh` writes into the page's `rescale-lab-embed-host` meta element.
fn host_script() -> HostScript {
    HostScript {
        url: crate::url::link::beside(&browser::page_url(), "embed-host.js"),
        integrity: browser::meta_content("rescale-lab-embed-host").filter(|i| i.starts_with("sha384-")),
    }
}

/// A field's text, its last valid value and its error.
type Typed<T> = (String, T, Option<String>);

#[function_component]
pub fn EmbedPanel(props: &EmbedPanelProps) -> Html {
    let lab = props.lab;
    let open = use_state(|| false);
    let locks = use_state(Vec::<String>::new);
    let theme = use_state(|| Theme::System);
    let section = use_state(String::new);
    let height = use_state(|| -> Typed<u32> { (String::from("900"), 900, None) });
    let origin = use_state(|| -> Typed<Option<String>> { (String::new(), None, None) });
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    html! {
        <div class="embed-tools">
            <button type="button" id="embed-toggle" aria-expanded={open.to_string()} aria-controls="embed-panel" onclick={toggle}>{ "Embed" }</button>
            if *open {
                <DeferredEmbedBody lab={lab} tables={props.tables} hash={props.hash.clone()} open={open.clone()} locks={locks}
                    theme={theme} section={section} height={height} origin={origin} />
            }
        </div>
    }
}

/// The open panel's state, kept by [`EmbedPanel`] so that closing and opening it again keeps
/// what was chosen.
#[derive(Properties, PartialEq, Clone)]
pub struct EmbedBodyProps {
    pub lab: Lab,
    pub tables: LabTables,
    pub hash: AttrValue,
    pub open: UseStateHandle<bool>,
    pub locks: UseStateHandle<Vec<String>>,
    pub theme: UseStateHandle<Theme>,
    pub section: UseStateHandle<String>,
    pub height: UseStateHandle<Typed<u32>>,
    pub origin: UseStateHandle<Typed<Option<String>>>,
}

crate::components::deferred::deferred!(
    /// The open panel, its code fetched the first time the panel opens.
    DeferredEmbedBody(EmbedBodyProps) => EmbedBody, chunk lab_embed_panel, "the snippet builder"
);

/// The origin field's error while its text is no address: the snippet then names no origin.
const ORIGIN_REFUSED: &str =
    "type the documentation site's address, such as https://docs.example.com; until then the snippet sends no results";

/// The origin field's hint: what it is for, or, when an address was typed, the origin taken
/// from it (the path and the rest are not part of an origin).
fn origin_hint(typed: &str, origin: Option<&str>) -> AttrValue {
    match origin {
        Some(o) if typed.trim() != o => AttrValue::from(format!(
            "Results go to {o} only: an origin is scheme and host, so the rest of the address is left out."
        )),
        _ => AttrValue::Static(
            "The documentation site's origin, such as https://docs.example.com: it alone receives each graded answer.",
        ),
    }
}

/// The snippet builder: the lock, section, theme, height and origin controls, the snippet
/// and **Copy snippet**.
#[function_component]
fn EmbedBody(props: &EmbedBodyProps) -> Html {
    let EmbedBodyProps { lab, tables, open, locks, theme, section, height, origin, .. } = props.clone();
    let on_key = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" {
            open.set(false);
            browser::focus_by_id("embed-toggle");
        }
    });
    let hash = with_view(
        &embed_hash(&props.hash, &locks, *theme, origin.1.as_deref()),
        Some(section.as_str()).filter(|s| !s.is_empty()),
    );
    let snippet = iframe_snippet(
        &browser::page_url(),
        &hash,
        &frame_title(lab, tables.params, &hash),
        height.1,
        Some(&host_script()),
    );
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |v: String| theme.set(Theme::parse(&v).unwrap_or_default()))
    };
    let on_height = {
        let height = height.clone();
        Callback::from(move |i: FieldInput| {
            let parsed = crate::model::number::parse_in_range(&i.text, "height", 200, 5000);
            height.set(match parsed {
                // A number input holding what is not a number reports "" as its text.
                _ if i.bad_input => {
                    (String::new(), height.1, Some("not a number: type digits only, between 200 and 5000".into()))
                }
                Ok(v) => (i.text, v as u32, None),
                Err(e) => (i.text, height.1, Some(e.to_string())),
            });
        })
    };
    let on_origin = {
        let origin = origin.clone();
        Callback::from(move |i: FieldInput| {
            origin.set(match (i.text.trim().is_empty(), origin_of_address(i.text.trim())) {
                (true, _) => (i.text, None, None),
                (false, Some(o)) => (i.text, Some(o), None),
                // Never the last valid origin: a snippet copied now sends nothing, and says so.
                (false, None) => (i.text, None, Some(ORIGIN_REFUSED.to_string())),
            });
        })
    };
    let sections: Vec<(AttrValue, AttrValue)> =
        std::iter::once((AttrValue::Static(""), AttrValue::Static("the whole lab")))
            .chain(tables.sections.iter().map(|s| (AttrValue::Static(s.name), AttrValue::Static(s.label))))
            .collect();
    let on_section = {
        let section = section.clone();
        Callback::from(move |v: String| section.set(v))
    };
    let themes = Theme::ALL
        .map(|t| {
            let label = if t == Theme::System { "follow the reader's system" } else { t.as_str() };
            (AttrValue::Static(t.as_str()), AttrValue::Static(label))
        })
        .to_vec();
    html! {
        <div class="embed-panel" id="embed-panel" role="region" aria-label="Embed this lab" onkeydown={on_key}>
            <fieldset class="embed-locks">
                <legend>{ "Lock these controls" }</legend>
                { for tables.lockable().map(|(param, label)| {
                    let locks = locks.clone();
                    let checked = locks.iter().any(|l| l == param);
                    let onchange = Callback::from(move |e: Event| {
                        let mut next: Vec<String> = locks.iter().filter(|l| *l != param).cloned().collect();
                        if browser::events::checked(&e) { next.push(param.to_string()); }
                        locks.set(next);
                    });
                    html! { <label key={param}><input type="checkbox" {checked} {onchange} />{ format!(" {label} ({param})") }</label> }
                }) }
            </fieldset>
            <div class="controls">
                if sections.len() > 1 {
                    <SelectField id="embed-section" label="Section" options={sections} selected={AttrValue::from((*section).clone())} on_change={on_section} />
                }
                <SelectField id="embed-theme" label="Theme" options={themes} selected={AttrValue::Static(theme.as_str())} on_change={on_theme} />
                <TextField id="embed-height" label="Height in pixels" kind="number" min="200" max="5000" value={height.0.clone()}
                    error={height.2.clone().map(AttrValue::from)} hint="The frame also resizes itself with the host script." on_input={on_height} />
                <TextField id="embed-origin" label="Send results to origin" value={origin.0.clone()} placeholder="none"
                    error={origin.2.clone().map(AttrValue::from)}
                    hint={origin_hint(&origin.0, origin.1.as_deref())} on_input={on_origin} />
            </div>
            if let Some(why) = crate::embed::not_carried(&props.hash) {
                <p class="notice" data-testid="embed-not-carried">{ why }</p>
            }
            <div class="field">
                <label for="embed-snippet">{ "Embed snippet" }</label>
                <textarea id="embed-snippet" readonly=true rows="5" value={snippet.clone()} />
            </div>
            <CopyButton text={AttrValue::from(snippet)} label="Copy snippet" />
            <p class="field-hint">{ "The snippet follows the lab: change the lab below and the snippet changes too. The script tag sizes the frame to its content; include it once per page." }</p>
        </div>
    }
}
