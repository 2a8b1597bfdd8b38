//! What each wasm module of the bundle holds. `tools/build.sh` compiles the app once and links
//! one module per start export (`rescale_lab_start_<module>`, made in `crate::app` from the
//! [`Pages`] here): the linker keeps what that start reaches, so a lab's module holds its own
//! page, its frame (embed panel, embed frame) and its tables, and no other lab's; the home
//! module holds the home page and the class view, and no lab frame. Every other route shows
//! [`ModuleSwitch`], which loads the module that holds it. [`EVERY`] holds every page: the
//! build the component tests mount.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::{HashWatch, Locks, ResultSink, ViewChoice};
use crate::embed_view::{EmbedFrame, EmbedPanel};
use crate::lab::Lab;
use crate::labs::module_switch::ModuleSwitch;
use crate::url::{LabTables, Location};

/// The pages one wasm module's app can show, as functions the linker follows.
pub struct Pages {
    /// The boot loader's name for the module (a lab's slug, or `home`); `None` for [`EVERY`].
    pub module: Option<&'static str>,
    /// Whether the module holds the lab's page.
    pub has_page: fn(Lab) -> bool,
    /// The lab's page in its frame, or [`ModuleSwitch`] to the module that holds it.
    pub lab: fn(LabOpening) -> Html,
    /// The lab's tables, or [`LabTables::NONE`] for a lab of another module.
    pub tables: fn(Lab) -> LabTables,
    /// The home page (with the guided path), or the switch to the module that holds it.
    pub home: fn(&Location) -> Html,
    /// The class view, or the switch to the module that holds it.
    pub class: fn(&Location) -> Html,
}

/// A module's pages are the same pages however they are reached: compared by address (the
/// app's props hold a `&'static Pages`).
impl PartialEq for Pages {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

/// A lab route, as the shell opens it.
pub struct LabOpening<'a> {
    pub lab: Lab,
    pub location: &'a Location,
    /// Keys the frame: a link or a typed URL re-opens the lab in that state.
    pub key: String,
    pub watch: HashWatch,
    pub view: ViewChoice,
    /// The hash as the lab last wrote it: what embed links and snippets carry.
    pub written: AttrValue,
}

/// The lab's `page` in the frame every lab has: its contexts, and the embed panel before it (the
/// embed frame's messages after it inside an iframe).
fn lab_frame(opening: LabOpening, tables: LabTables, page: Html) -> Html {
    let LabOpening { lab, location, key, watch, view, written } = opening;
    let locks = Locks(Rc::new(location.common.lock.clone()));
    let sink = ResultSink::for_link(&location.common);
    html! {
        <div class="lab-frame" {key}>
            // On the full site the Embed button comes first, drawn at the heading's end (see
            // `.embed-tools` in static/style.css): there the parts that arrive below the first
            // screen do not move it.
            if !location.common.embed {
                <EmbedPanel {lab} {tables} hash={written.clone()} />
            }
            <ContextProvider<Locks> context={locks}>
                <ContextProvider<ResultSink> context={sink}>
                    <ContextProvider<HashWatch> context={watch}>
                        <ContextProvider<ViewChoice> context={view}>{ page }</ContextProvider<ViewChoice>>
                    </ContextProvider<HashWatch>>
                </ContextProvider<ResultSink>>
            </ContextProvider<Locks>>
            if location.common.embed {
                <EmbedFrame page={lab.slug()} common={location.common.clone()} hash={written} />
            }
        </div>
    }
}

/// A lab route this module does not hold: the switch loads the lab's module.
fn elsewhere(opening: LabOpening) -> Html {
    html! { <ModuleSwitch module={opening.lab.slug()} title={opening.lab.title()} /> }
}

crate::components::deferred::deferred!(
    /// The frame's part of the home page and the class view inside an iframe (height reports,
    /// the link out), its code fetched only there: the home module's first screen does not carry
    /// it (about 5 KB as sent).
    DeferredEmbedFrame(crate::embed_view::EmbedFrameProps) => EmbedFrame, chunk home_embed_frame, "the frame's link"
);

/// Inside an iframe, the home page and the class view report their height as a lab does (and
/// link to themselves in a tab of their own).
fn whole_page_frame(page: &'static str, location: &Location) -> Html {
    match location.common.embed {
        true => {
            html! { <DeferredEmbedFrame {page} common={location.common.clone()} hash={crate::browser::current_hash()} /> }
        }
        false => html! {},
    }
}

/// The home page (with the guided path).
fn home_page(location: &Location) -> Html {
    use crate::components::Notices;
    use crate::labs::home::Home;
    let (mut workshop, more) = crate::url::workshop::WorkshopQuery::parse(&location.params);
    // A package's launch link carries its item parameters in the query (`?lms=scorm2004&
    // answers=hidden`, as a trainer adds one in an LMS): hidden there is hidden here.
    workshop.answers_hidden |= crate::browser::lms::launch_param("answers").as_deref() == Some("hidden");
    let mut notices = location.notices.iter().cloned().chain(more).collect::<Vec<_>>();
    crate::url::workshop::note_whole_page(location, "the home page", &mut notices);
    html! { <><Notices {notices} /><Home exercises={location.params.get("exercises").map(String::from)} {workshop}
    step={location.params.get(crate::url::workshop::STEP).map(String::from)} theme={location.common.theme} />
    { whole_page_frame("home", location) }</> }
}

crate::components::deferred::deferred!(
    /// The class view, its code (the LRS reader, the statements' tally, the exercise set it
    /// names the steps from) fetched when `#/class` opens: the home page does not carry it.
    DeferredClassView(crate::labs::class_view::ClassViewProps) => crate::labs::class_view::ClassView, chunk home_class_view, "the class view"
);

/// The class view.
fn class_page(location: &Location) -> Html {
    let param = |name: &str| location.params.get(name).map(String::from);
    let notices = crate::url::workshop::class_notices(location);
    html! { <><crate::components::Notices {notices} />
    <DeferredClassView activity={param("activity")} exercises={param("exercises")} />
    { whole_page_frame("class", location) }</> }
}

/// A lab's module without the home page: the switch loads the home module.
fn home_elsewhere(_: &Location) -> Html {
    html! { <ModuleSwitch module="home" title="Rescale Lab" /> }
}

/// A lab's module without the class view: the switch loads the home module.
fn class_elsewhere(_: &Location) -> Html {
    html! { <ModuleSwitch module="home" title="Class view" /> }
}

/// The home page and the class view, no lab page: the module of every route that is no lab's.
pub static HOME: Pages = Pages {
    module: Some("home"),
    has_page: |_| false,
    lab: elsewhere,
    tables: |_| LabTables::NONE,
    home: home_page,
    class: class_page,
};

/// Every page: the build the component tests mount (no module to switch to).
pub static EVERY: Pages = Pages {
    module: None,
    has_page: |_| true,
    lab: |opening| {
        let (lab, tables) = (opening.lab, crate::labs::tables(opening.lab));
        let page = crate::labs::view(lab, opening.location);
        lab_frame(opening, tables, page)
    },
    tables: crate::labs::tables,
    home: home_page,
    class: class_page,
};

/// One module per lab, from the registry: its page and tables alone.
macro_rules! lab_modules {
    ($($variant:ident $module:ident $page:ident $state:ident $slug:literal;)+) => {
        $(
            /// The lab's tables, named here rather than through the registry's dispatch
            /// (which names every lab's).
            #[allow(non_snake_case)]
            mod $module {
                use crate::labs::$module::query::{PARAMS, SECTIONS};
                pub fn tables() -> crate::url::LabTables {
                    crate::url::LabTables { params: PARAMS, sections: SECTIONS }
                }
            }

            #[allow(non_upper_case_globals)]
            pub static $module: Pages = Pages {
                module: Some($slug),
                has_page: |lab| lab == Lab::$variant,
                lab: |opening| match opening.lab {
                    Lab::$variant => {
                        let page = html! { <crate::labs::$module::$page location={opening.location.clone()} /> };
                        lab_frame(opening, $module::tables(), page)
                    }
                    _ => elsewhere(opening),
                },
                tables: |lab| if lab == Lab::$variant { $module::tables() } else { LabTables::NONE },
                home: home_elsewhere,
                class: class_elsewhere,
            };
        )+

        /// The module of a lab's page.
        #[cfg(test)]
        fn module_of(lab: Lab) -> &'static Pages {
            match lab {
                $(Lab::$variant => &$module,)+
            }
        }
    };
}
crate::lab::each_lab!(lab_modules);

#[cfg(test)]
mod tests {
    use super::*;

    /// A lab's module holds that lab's page and tables and no other's, and sends home and the
    /// class view to the home module; home holds no lab; the component tests' build holds all.
    #[test]
    fn each_module_holds_its_own_pages_only() {
        for &lab in Lab::ALL {
            let pages = module_of(lab);
            assert_eq!(pages.module, Some(lab.slug()));
            assert!(
                !std::ptr::fn_addr_eq(pages.home, HOME.home as fn(&Location) -> Html),
                "{lab:?} holds the home page"
            );
            assert!(
                !std::ptr::fn_addr_eq(pages.class, HOME.class as fn(&Location) -> Html),
                "{lab:?} holds the class view"
            );
            for &other in Lab::ALL {
                assert_eq!((pages.has_page)(other), other == lab, "{lab:?}'s module and {other:?}'s page");
                let tables = (pages.tables)(other);
                let expected = if other == lab { crate::labs::tables(other) } else { LabTables::NONE };
                assert!(tables == expected, "{lab:?}'s module holds the tables of {other:?}");
                assert!(!(HOME.has_page)(other) && (HOME.tables)(other) == LabTables::NONE);
                assert!((EVERY.has_page)(other) && (EVERY.tables)(other) == crate::labs::tables(other));
            }
        }
        assert_eq!(HOME.module, Some("home"));
        assert_eq!(EVERY.module, None);
    }
}
