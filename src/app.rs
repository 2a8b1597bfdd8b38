//! The shell: follows the location hash, draws the site navigation from the lab registry
//! (hidden with `embed=1`; its links carry the trainer's [`Visit`]), applies the theme, and
//! shows the routed view.

pub mod pages;

use yew::prelude::*;

use crate::browser::{self, HashListener};
use crate::components::{DarkTheme, HashWatch, Reveal, Settle, ViewChoice};
use crate::embed::frame_title;
use crate::lab::Lab;
use crate::labs::not_found::NotFound;
use crate::url::{check_locks, lab_href, resolve_view, Location, Route, Theme, Visit, VISIT_KEY};
use pages::{LabOpening, Pages};

/// Installs the panic panel, then mounts the app of a wasm module (its `pages`) into the root
/// the boot loader made for the module (else `#app`, else `<body>`). Called by the module's
/// start export (below).
pub fn start(pages: &'static Pages) {
    crate::panic_panel::install();
    browser::wanted::watch_first_input();
    browser::page::set_module(pages.module);
    let props = AppProps { pages };
    match browser::page::mount_root() {
        Some(root) => yew::Renderer::<App>::with_root_and_props(root, props).render(),
        None => yew::Renderer::<App>::with_props(props).render(),
    };
}

#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// What this wasm module holds: a lab's page, or the home page and class view (or, in the
    /// component tests, every page).
    pub pages: &'static Pages,
}

#[function_component]
pub fn App(props: &AppProps) -> Html {
    let pages = props.pages;
    // The hash the shell navigated to, and how many times it has opened a lab afresh (a link
    // to the address a lab already shows opens it again: the count keys it apart).
    let hash = use_state(|| (browser::current_hash(), 0u32));
    // The hash as a lab last wrote it (its state): what embed links and snippets carry.
    let written = use_state(browser::current_hash);
    let last_written = use_mut_ref(browser::current_hash);
    let opened = use_mut_ref(|| 0u32);
    {
        let (hash, written, last_written) = (hash.clone(), written.clone(), last_written.clone());
        use_effect_with((), move |_| {
            let listener = HashListener::new(move |h: String| {
                // Back to the link the lab last wrote (from a lab of another module, whose
                // app this one was set aside for): the lab is still as it was, so it stays. A
                // link to the same address opens the lab afresh, as a page of its own would
                // (where the browser tells the two apart).
                let back = browser::page::arrived_by_traverse() != Some(false);
                if !back || *last_written.borrow() != h {
                    *opened.borrow_mut() += 1;
                    hash.set((h.clone(), *opened.borrow()));
                }
                last_written.replace(h.clone());
                written.set(h);
            });
            move || drop(listener)
        });
    }
    // The settled signal (`data-settled` on <main>): marked after every render of the shell,
    // since a new route may hold nothing busy.
    let settle = use_state(Settle::default);
    {
        let settle = (*settle).clone();
        use_effect(move || settle.mark());
    }
    // Within this module, a view opened afresh (a link, Back or Forward to another state of a
    // lab, the presenter) took the focused element with it: the focus goes to main, not the
    // page's start. Not at the first opening: the reader starts from the page's top.
    use_effect_with(hash.1, |opening| {
        if *opening > 0 {
            browser::page::focus_main_if_lost();
        }
    });
    let watch = {
        let written = written.clone();
        HashWatch(Callback::from(move |h: String| {
            last_written.replace(h.clone());
            written.set(h);
        }))
    };
    let mut location = Location::parse(&hash.0);
    // `view=`: one section of the lab, if the word names one (else the whole lab, with a notice);
    // `lock=` names the lab cannot lock, in a notice.
    let (view, view_label) = match location.route {
        // A lab of another module: its module reads `view=`.
        Route::Lab(lab) if (pages.has_page)(lab) => {
            let (word, tables) = (location.common.view.clone(), (pages.tables)(lab));
            check_locks(&location.common.lock.clone(), tables, &mut location.notices);
            let view = resolve_view(word.as_deref(), tables.sections, &mut location.notices);
            // A word that names no section is dropped from the link the lab writes, as any
            // other value not used is (it came back with its notice at every reload).
            location.common.view = view.map(str::to_string);
            let section = tables.sections.iter().find(|s| Some(s.name) == view);
            (ViewChoice(view), section.map(|s| (s.name, s.label)))
        }
        _ => (ViewChoice(None), None),
    };
    // **Show the whole lab** from a section: the whole lab, opened by that link (the next
    // opening), comes up at that section.
    let reveal = use_state(|| None::<((&'static str, &'static str), u32)>);
    let revealing = Reveal(reveal.filter(|&(_, at)| at == hash.1).map(|(section, _)| section));
    // Charts draw in the theme's palette: the link's theme, else the system's (followed live).
    let system_dark = use_state_eq(browser::watch::system_prefers_dark);
    {
        let system_dark = system_dark.clone();
        use_effect_with((), move |_| {
            let watch = browser::watch::SchemeWatch::new(move |dark| system_dark.set(dark));
            move || drop(watch)
        });
    }
    // A trainer's link (answers hidden, their exercise set, a theme) holds for the visit: the
    // title and the navigation below carry it.
    let stored = browser::session_get(VISIT_KEY).map_or_else(Visit::default, |text| Visit::parse(&text));
    let visit = Visit::after(stored, &location.route, &location.params);
    // The visit's theme also where a link without one arrives (a step's lab link); an embed
    // follows its own link alone (embeds of one page share the tab's visit).
    let theme = if location.common.embed { location.common.theme } else { visit.theme };
    let dark = DarkTheme(match theme {
        Theme::Dark => true,
        Theme::Light => false,
        Theme::System => *system_dark,
    });
    let title = match &location.route {
        Route::Home => "Rescale Lab".to_string(),
        // Inside a frame the title names the state, as the snippet's frame title does.
        Route::Lab(lab) if location.common.embed => {
            format!("{} · Rescale Lab", frame_title(*lab, (pages.tables)(*lab).params, &written))
        }
        Route::Lab(lab) => format!("{} · Rescale Lab", lab.title()),
        Route::Class => "Class view · Rescale Lab".to_string(),
        Route::NotFound(_) => "Not found · Rescale Lab".to_string(),
    };
    // Again each time the boot loader shows this app after another module's, which set its own
    // title and theme on the document (not on every render: a lab writes its link, and so
    // renders the shell, at every edit).
    let shows = use_mut_ref(|| 0u32);
    {
        let (shows, update) = (shows.clone(), use_force_update());
        use_effect_with((), move |_| {
            let watch = browser::page::ShownWatch::new(move || {
                *shows.borrow_mut() += 1;
                update.force_update();
            });
            move || drop(watch)
        });
    }
    use_effect_with((theme, title, *shows.borrow()), |(theme, title, _)| {
        browser::set_theme(*theme);
        browser::set_title(title);
    });
    use_effect_with(visit.clone(), |visit| match visit.format() {
        text if text.is_empty() => browser::session_remove(VISIT_KEY),
        text => _ = browser::session_set(VISIT_KEY, &text),
    });
    let current = match &location.route {
        Route::Lab(lab) => Some(*lab),
        _ => None,
    };
    let body = match &location.route {
        Route::Home => (pages.home)(&location),
        Route::Class => (pages.class)(&location),
        Route::NotFound(path) => html! { <NotFound path={path.clone()} /> },
        // Keyed by the whole hash and the count: a link or a typed URL re-opens the lab in that
        // state. A lab of another wasm module: the switch loads it.
        Route::Lab(lab) => (pages.lab)(LabOpening {
            lab: *lab,
            location: &location,
            key: format!("{}{}", hash.1, hash.0),
            watch,
            view,
            written: AttrValue::from((*written).clone()),
        }),
    };
    // Launched by an LMS: no site navigation either (leaving the page would end its session).
    let chrome = !location.common.embed && !browser::lms::launched();
    // One part of a lab on the full site (a guided step's link): the way to the rest, at the
    // state the lab last wrote (its edits, an old link's names written anew), not the link's.
    let whole = (chrome && view.0.is_some()).then(|| crate::embed::with_view(&written, None));
    html! {
        <div class={classes!("shell", (!chrome).then_some("embed"))}>
            if chrome {
                <a class="skip-link" href="#main" onclick={skip_to_main()}>{ "Skip to content" }</a>
                <header class="site-header">
                    <a class="brand" href={visit.home_href()}>{ "Rescale Lab" }</a>
                    <nav aria-label="Labs">
                        <ul>
                            { for Lab::ALL.iter().map(|lab| html! {
                                <li key={lab.slug()}>
                                    <a href={lab_href(*lab, &visit.lab_pairs(*lab))}
                                        aria-current={(current == Some(*lab)).then_some("page")}>
                                        { lab.title() }
                                    </a>
                                </li>
                            }) }
                        </ul>
                    </nav>
                </header>
            }
            <main id="main" tabindex="-1">
                if let Some(href) = whole {
                    <p class="view-note" data-testid="view-note">{ "This link shows one part of the lab. " }<a {href} onclick={reveal_after(&reveal, view_label, hash.1)}>{ "Show the whole lab" }</a></p>
                }
                <ContextProvider<Settle> context={(*settle).clone()}>
                    <ContextProvider<DarkTheme> context={dark}>
                        <ContextProvider<Reveal> context={revealing}>{ body }</ContextProvider<Reveal>>
                    </ContextProvider<DarkTheme>>
                </ContextProvider<Settle>>
            </main>
        </div>
    }
}

/// **Show the whole lab**: the opening its link makes (the next) comes up at `section`.
fn reveal_after(
    reveal: &UseStateHandle<Option<((&'static str, &'static str), u32)>>,
    section: Option<(&'static str, &'static str)>,
    opening: u32,
) -> Callback<MouseEvent> {
    let reveal = reveal.clone();
    Callback::from(move |e: MouseEvent| {
        // A click that opens another tab or window leaves this page as it is.
        let here = e.button() == 0 && !(e.ctrl_key() || e.meta_key() || e.shift_key() || e.alt_key());
        if here {
            reveal.set(section.map(|s| (s, opening + 1)));
        }
    })
}

/// The skip link must not change the hash (that would be a route), so it moves focus itself.
fn skip_to_main() -> Callback<MouseEvent> {
    Callback::from(|e: MouseEvent| {
        e.prevent_default();
        browser::focus_by_id("main");
    })
}

/// The export each wasm module starts from (`rescale_lab_start_<module>`, which the boot loader
/// calls): its app, with its pages. `tools/link-modules.sh` links one module per export.
macro_rules! module_starts {
    ($($variant:ident $module:ident $page:ident $state:ident $slug:literal;)+) => {
        #[cfg(target_arch = "wasm32")]
        mod module_starts {
            #[export_name = "rescale_lab_start_home"]
            pub extern "C" fn home() {
                crate::app::start(&crate::app::pages::HOME);
            }
            $(
                #[export_name = concat!("rescale_lab_start_", $slug)]
                pub extern "C" fn $module() {
                    crate::app::start(&crate::app::pages::$module);
                }
            )+
        }
    };
}
crate::lab::each_lab!(module_starts);
