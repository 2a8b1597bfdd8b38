//! Embeds in the page: inside an iframe (`embed=1`) the lab reports its height to the host
//! (H5P's resize message and our own, again on a host's `measure` request and after every
//! state it writes; its title too, to the origin the link names only), answers a ping from the allowed origin only, and links to
//! the full lab in its current state; on the full site, an **Embed** button builds the
//! `<iframe>` snippet for the current state ([`panel`]). Results go to the host through the
//! app's `components::ResultSink`. Both follow the lab's state through `components::HashWatch`,
//! which the URL sync hook tells after every write.

pub mod panel;

pub use panel::EmbedPanel;

use yew::prelude::*;

use crate::browser::{self, ResizeWatch};
use crate::embed::open_hash;
use crate::url::CommonQuery;

/// The suffix the shell puts after every page's title.
const SITE_SUFFIX: &str = " · Rescale Lab";

/// Posts the content's height to any page, as H5P's resize message and as ours. The lab's
/// current title (the shell's, without the site's name: it names the state, a key the reader
/// typed included) goes only to the origin the link names, in a resize message of its own;
/// the host script gives the `<iframe>` that title, so a screen reader's name for the frame
/// stays current. Without `origin=` the frame keeps the snippet's title, and no page hears
/// what the reader typed.
fn post_height(page: &'static str, origin: Option<&str>) {
    let height = browser::content_height();
    browser::post_to_parent("*", |m| {
        browser::set(m, "context", "h5p");
        browser::set(m, "action", "resize");
        browser::set(m, "scrollHeight", height);
    });
    browser::post_to_parent("*", |m| {
        browser::set(m, "type", "rescale-lab:resize");
        browser::set(m, "lab", page);
        browser::set(m, "height", height);
    });
    if let Some(origin) = origin {
        let page_title = browser::page_title();
        let title = page_title.strip_suffix(SITE_SUFFIX).unwrap_or(&page_title).to_string();
        browser::post_to_parent(origin, |m| {
            browser::set(m, "type", "rescale-lab:resize");
            browser::set(m, "lab", page);
            browser::set(m, "height", height);
            browser::set(m, "title", title);
        });
    }
}

#[derive(Properties, PartialEq, Clone)]
pub struct EmbedFrameProps {
    /// What the messages name as `lab`: a lab's slug, or `home` or `class` for the home page
    /// and the class view, which report their height too.
    pub page: &'static str,
    pub common: CommonQuery,
    /// The hash as the lab last wrote it.
    pub hash: AttrValue,
}

/// Inside an iframe: height reports, the ping answer, and the link to the full lab.
#[function_component]
pub fn EmbedFrame(props: &EmbedFrameProps) -> Html {
    let lab = props.page;
    use_effect_with((lab, props.common.origin.clone()), move |(lab, origin)| {
        let (lab, origin) = (*lab, origin.clone());
        post_height(lab, origin.as_deref());
        let watch = ResizeWatch::new({
            let origin = origin.clone();
            move || post_height(lab, origin.as_deref())
        });
        // Chromium pauses the resize observer of a frame from another site while it is off
        // screen; the page still settles as its parts arrive, and says so: report then too,
        // so a frame below the fold is sized before the reader scrolls to it.
        let settled = browser::page::listen_on_window(browser::SETTLED_EVENT, move |_: web_sys::Event| {
            post_height(lab, origin.as_deref())
        });
        move || drop((watch, settled))
    });
    // Each state the lab writes gives the frame a new title: report it once the shell has
    // set it (the shell's effect runs after this one, so in a task of its own).
    use_effect_with((lab, props.hash.clone(), props.common.origin.clone()), |(lab, _, origin)| {
        let (lab, origin) = (*lab, origin.clone());
        browser::later(0, move || post_height(lab, origin.as_deref()));
    });
    {
        let origin = props.common.origin.clone();
        use_effect_with((origin, lab), move |(origin, lab)| {
            let (origin, lab) = (origin.clone(), *lab);
            let listener = browser::MessageListener::new(move |event: web_sys::MessageEvent| {
                let kind = browser::message_type(&event);
                // Any page may ask for the height (the lab posts it to any page anyway): the
                // host script asks when it starts, in case the lab's first report came before.
                if kind.as_deref() == Some("rescale-lab:measure") {
                    post_height(lab, origin.as_deref());
                    return;
                }
                // Only the origin the link names may talk to the lab; anything else is ignored.
                let Some(allowed) = origin.as_deref() else { return };
                if event.origin() != allowed {
                    return;
                }
                if kind.as_deref() == Some("rescale-lab:ping") {
                    browser::post_to_parent(allowed, |m| {
                        browser::set(m, "type", "rescale-lab:pong");
                        browser::set(m, "lab", lab);
                        browser::set(m, "hash", browser::current_hash());
                        browser::set(m, "height", browser::content_height());
                    });
                }
            });
            move || drop(listener)
        });
    }
    let href = format!("{}{}", browser::page_url(), open_hash(&props.hash, browser::storage_shared_with_tabs()));
    let onclick = {
        let href = href.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            browser::open_new_tab(&href);
        })
    };
    html! {
        <p class="embed-footer"><a href={href} target="_blank" rel="noopener" {onclick}>{ "Open in Rescale Lab" }</a></p>
    }
}
