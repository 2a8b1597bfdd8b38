//! Embeds in the page: inside an iframe (`embed=1`) the lab reports its height to the host
//! (H5P's resize message and our own), answers a ping from the allowed origin only, and links
//! to the full lab; on the full site, an **Embed** button builds the `<iframe>` snippet with
//! locks, theme and height. Results go to the host through the app's [`ResultSink`].

use yew::prelude::*;

use crate::browser::{self, ResizeWatch};
use crate::components::{FieldInput, SelectField, TextField};
use crate::embed::{embed_hash, iframe_snippet, strip_embed, Statement};
use crate::lab::Lab;
use crate::url::{CommonQuery, Theme};

/// Where a lab sends each graded answer: the app provides it as a context, built from the
/// link's `embed` and `origin`, so labs never talk to the host page themselves.
#[derive(Clone, PartialEq)]
pub struct ResultSink(pub Callback<Statement>);

impl ResultSink {
    /// Posts statements to the host page, if the link names the host's origin.
    pub fn for_link(common: &CommonQuery) -> ResultSink {
        let common = common.clone();
        ResultSink(Callback::from(move |statement: Statement| {
            let Some(origin) = common.origin.as_deref() else { return };
            if common.embed && browser::in_frame() {
                browser::post_statement(origin, &statement);
            }
        }))
    }

    pub fn send(&self, statement: Statement) {
        self.0.emit(statement);
    }
}

/// The result sink of the page (one that drops everything outside the app shell).
#[hook]
pub fn use_result_sink() -> ResultSink {
    use_context::<ResultSink>().unwrap_or_else(|| ResultSink(Callback::noop()))
}

fn post_height(lab: Lab) {
    let height = browser::content_height();
    browser::post_to_parent("*", |m| {
        browser::set(m, "context", "h5p");
        browser::set(m, "action", "resize");
        browser::set(m, "scrollHeight", height);
    });
    browser::post_to_parent("*", |m| {
        browser::set(m, "type", "rescale-lab:resize");
        browser::set(m, "lab", lab.slug());
        browser::set(m, "height", height);
    });
}

#[derive(Properties, PartialEq)]
pub struct EmbedFrameProps {
    pub lab: Lab,
    pub common: CommonQuery,
}

/// Inside an iframe: height reports, the ping answer, and the link to the full lab.
#[function_component]
pub fn EmbedFrame(props: &EmbedFrameProps) -> Html {
    let lab = props.lab;
    use_effect_with(lab, move |&lab| {
        post_height(lab);
        let watch = ResizeWatch::new(move || post_height(lab));
        move || drop(watch)
    });
    {
        let origin = props.common.origin.clone();
        use_effect_with(origin, move |origin| {
            let origin = origin.clone();
            let listener = browser::MessageListener::new(move |event: web_sys::MessageEvent| {
                // Only the origin the link names may talk to the lab; anything else is ignored.
                let Some(allowed) = origin.as_deref() else { return };
                if event.origin() != allowed {
                    return;
                }
                if browser::message_type(&event).as_deref() == Some("rescale-lab:ping") {
                    browser::post_to_parent(allowed, |m| {
                        browser::set(m, "type", "rescale-lab:pong");
                        browser::set(m, "lab", lab.slug());
                        browser::set(m, "hash", browser::current_hash());
                        browser::set(m, "height", browser::content_height());
                    });
                }
            });
            move || drop(listener)
        });
    }
    let href = format!("{}{}", browser::page_url(), strip_embed(&browser::current_hash()));
    let onclick = Callback::from(|e: MouseEvent| {
        e.prevent_default();
        browser::open_new_tab(&format!("{}{}", browser::page_url(), strip_embed(&browser::current_hash())));
    });
    html! {
        <p class="embed-footer"><a href={href} target="_blank" rel="noopener" {onclick}>{ "Open in Rescale Lab" }</a></p>
    }
}

#[derive(Properties, PartialEq)]
pub struct EmbedPanelProps {
    pub lab: Lab,
}

/// On the full site: the **Embed** button and the snippet builder.
#[function_component]
pub fn EmbedPanel(props: &EmbedPanelProps) -> Html {
    let lab = props.lab;
    let open = use_state(|| false);
    let locks = use_state(Vec::<String>::new);
    let theme = use_state(|| Theme::System);
    let height = use_state(|| (String::from("900"), 900u32, None::<String>));
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let body = if *open {
        let snippet = iframe_snippet(
            &browser::page_url(),
            &embed_hash(&browser::current_hash(), &locks, *theme),
            lab.title(),
            height.1,
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
                    Ok(v) => (i.text, v as u32, None),
                    Err(e) => (i.text, height.1, Some(e.to_string())),
                });
            })
        };
        let copy = {
            let snippet = snippet.clone();
            Callback::from(move |_: MouseEvent| browser::copy_text(&snippet))
        };
        let themes = Theme::ALL
            .map(|t| {
                let label = if t == Theme::System { "follow the reader's system" } else { t.as_str() };
                (AttrValue::Static(t.as_str()), AttrValue::Static(label))
            })
            .to_vec();
        let theme_value = theme.as_str();
        html! {
            <div class="embed-panel" id="embed-panel">
                <fieldset class="embed-locks">
                    <legend>{ "Lock these controls" }</legend>
                    { for crate::labs::lockable(lab).map(|(param, label)| {
                        let locks = locks.clone();
                        let checked = locks.iter().any(|l| l == param);
                        let onchange = Callback::from(move |e: Event| {
                            let on = browser::events::checked(&e);
                            let mut next: Vec<String> = locks.iter().filter(|l| *l != param).cloned().collect();
                            if on { next.push(param.to_string()); }
                            locks.set(next);
                        });
                        html! { <label key={param}><input type="checkbox" {checked} {onchange} />{ format!(" {label} ({param})") }</label> }
                    }) }
                </fieldset>
                <div class="controls">
                    <SelectField id="embed-theme" label="Theme" options={themes} selected={AttrValue::Static(theme_value)} on_change={on_theme} />
                    <TextField id="embed-height" label="Height in pixels" kind="number" min="200" max="5000" value={height.0.clone()}
                        error={height.2.clone().map(AttrValue::from)} hint="The frame also resizes itself with the host script." on_input={on_height} />
                </div>
                <div class="field">
                    <label for="embed-snippet">{ "Embed snippet" }</label>
                    <textarea id="embed-snippet" readonly=true rows="4" value={snippet} />
                </div>
                <button type="button" onclick={copy}>{ "Copy snippet" }</button>
                <p class="field-hint">{ "Add origin=https://your.docs.host to the src to receive each graded answer as a message (an xAPI statement); with www/embed-host.js the frame sizes itself." }</p>
            </div>
        }
    } else {
        html! {}
    };
    html! {
        <div class="embed-tools">
            <button type="button" aria-expanded={open.to_string()} aria-controls="embed-panel" onclick={toggle}>{ "Embed" }</button>
            { body }
        </div>
    }
}
