//! Component tests in headless Chromium (wasm-bindgen-test): the app mounts every registered
//! lab, home and the not-found view, the owners lab answers typed input through the model, and
//! an app the boot loader sets aside writes nothing to the page and keeps its lab.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use rescale_lab::app::pages::EVERY;
use rescale_lab::app::{App, AppProps};
use rescale_lab::lab::Lab;
use rescale_lab::model::{Key, MaxParallelism, Parallelism};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

/// The whole app mounted at a hash; dropping it unmounts the app and removes its element, so
/// no earlier app keeps listening to the hash.
struct Mounted {
    root: Element,
    handle: Option<yew::AppHandle<App>>,
}

impl std::ops::Deref for Mounted {
    type Target = Element;
    fn deref(&self) -> &Element {
        &self.root
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        if let Some(handle) = self.handle.take() {
            handle.destroy();
        }
        self.root.remove();
    }
}

/// Mounts the whole app at `hash` into a fresh element and lets yew render.
async fn mount_at(hash: &str) -> Mounted {
    let window = web_sys::window().unwrap();
    window.location().set_hash(hash).unwrap();
    settle().await;
    let document = window.document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = yew::Renderer::<App>::with_root_and_props(root.clone(), AppProps { pages: &EVERY }).render();
    let mounted = Mounted { root, handle: Some(handle) };
    until(&format!("the app at {hash} shows a heading"), || mounted.query_selector("main h1").unwrap().is_some()).await;
    mounted
}

/// Lets the page run a little: for checks that something does *not* happen.
async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
}

/// Waits until `check` holds, up to 10 s: yew renders in later tasks, and a busy machine (CI
/// beside other work) runs them late, so a test waits on what the page shows, not on a time.
async fn until(what: &str, mut check: impl FnMut() -> bool) {
    for _ in 0..500 {
        if check() {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("waited 10 s, and still not: {what}");
}

/// Waits until the element at `selector` reads `expected`, then asserts it (so a timeout names
/// what the page showed instead).
async fn until_text(root: &Element, selector: &str, expected: &str) {
    until(&format!("{selector} reads {expected:?}"), || text(root, selector) == expected).await;
}

fn text(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn every_registered_lab_mounts_with_its_title() {
    for lab in Lab::ALL {
        let root = mount_at(&format!("#/{}", lab.slug())).await;
        until_text(&root, "h1", lab.title()).await;
        let nav = text(&root, "nav");
        for other in Lab::ALL {
            assert!(nav.contains(other.title()), "nav lacks {other:?}");
        }
        drop(root);
    }
}

/// Enter in a lab's field submits its form; every form of a lab must cancel that (a form of live
/// controls is a `LiveForm`), or the page would reload and lose what the lab holds.
#[wasm_bindgen_test]
async fn no_lab_form_submits() {
    // Labs whose form of controls is drawn with the page (other forms are in parts that mount
    // later, so how many are there when the loop looks depends on timing).
    const DRAWN_AT_ONCE: [Lab; 2] = [Lab::Owners, Lab::Trace];
    for lab in Lab::ALL {
        let root = mount_at(&format!("#/{}", lab.slug())).await;
        until_text(&root, "h1", lab.title()).await;
        if DRAWN_AT_ONCE.contains(lab) {
            until(&format!("{lab:?} shows its form"), || root.query_selector("main form").unwrap().is_some()).await;
        }
        let found = root.query_selector_all("main form").unwrap();
        for i in 0..found.length() {
            let init = web_sys::EventInit::new();
            init.set_bubbles(true);
            init.set_cancelable(true);
            let submit = web_sys::Event::new_with_event_init_dict("submit", &init).unwrap();
            found.item(i).unwrap().dispatch_event(&submit).unwrap();
            assert!(submit.default_prevented(), "{lab:?}: its form {i} would submit");
        }
        drop(root);
    }
}

#[wasm_bindgen_test]
async fn home_and_not_found_render() {
    let root = mount_at("#/").await;
    until_text(&root, "h1", "Rescale Lab").await;
    assert_eq!(root.query_selector_all(".lab-list li").unwrap().length() as usize, Lab::ALL.len());
    drop(root);
    let root = mount_at("#/missing").await;
    until_text(&root, "h1", "No lab here").await;
    drop(root);
}

#[wasm_bindgen_test]
async fn owners_lab_routes_typed_keys_through_the_model() {
    let root = mount_at("#/owners?maxp=128&p=100").await;
    let input: HtmlInputElement = root.query_selector("#owners-key").unwrap().unwrap().dyn_into().unwrap();
    let p = Parallelism::new(100, MaxParallelism::new(128).unwrap()).unwrap();
    for key in ["", "customer-7", "naïve", "😀 emoji", "中文"] {
        input.set_value(key);
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        input.dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap()).unwrap();
        let key = Key::Str(key.to_string());
        let group = p.max().key_group_of(&key);
        until_text(&root, "[data-testid=lookup-key-group]", &group.index().to_string()).await;
        until_text(&root, "[data-testid=lookup-subtask]", &p.owner_of(group).index().to_string()).await;
    }
    drop(root);
}

#[wasm_bindgen_test]
async fn coverage_lab_steps_and_grades_through_the_reducer() {
    let root = mount_at("#/coverage?m=8&a=2").await;
    let click = |selector: &str| {
        let element: web_sys::HtmlElement = root.query_selector(selector).unwrap().unwrap().dyn_into().unwrap();
        element.click();
    };
    let residue = |r: u32| format!("input[aria-label='Residue {r}']");
    until("the prediction's residues are there", || root.query_selector(&residue(6)).unwrap().is_some()).await;
    for r in [0, 2, 4, 6] {
        click(&residue(r));
    }
    let checked = |r: u32| {
        let input: HtmlInputElement = root.query_selector(&residue(r)).unwrap().unwrap().dyn_into().unwrap();
        input.checked()
    };
    until("residues 0, 2, 4 and 6 are checked", || [0, 2, 4, 6].into_iter().all(checked)).await;
    let step = root
        .query_selector_all(".playback button")
        .unwrap()
        .item(2)
        .unwrap()
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap();
    assert_eq!(step.text_content().unwrap(), "Step");
    for n in 1..=4 {
        step.click();
        until_text(&root, "[data-testid=coverage-n]", &n.to_string()).await;
    }
    assert_eq!(text(&root, "[data-testid=coverage-trail]"), "0 2 4 6 0");
    let verdict = root.query_selector("[data-testid=prediction-result]").unwrap().unwrap();
    assert_eq!(verdict.get_attribute("data-verdict").as_deref(), Some("correct"));
    drop(root);
}

#[wasm_bindgen_test]
async fn the_panic_panel_offers_a_reload() {
    rescale_lab::panic_panel::show_panel();
    rescale_lab::panic_panel::show_panel();
    let document = web_sys::window().unwrap().document().unwrap();
    let panels = document.query_selector_all("#panic-panel").unwrap();
    assert_eq!(panels.length(), 1, "shown once");
    let panel = document.get_element_by_id("panic-panel").unwrap();
    assert_eq!(panel.get_attribute("role").as_deref(), Some("alertdialog"));
    assert_eq!(text(&panel, "button"), "Reload this lab");
    panel.remove();
}

#[wasm_bindgen_test]
async fn deferred_parts_render_in_a_build_without_splitting() {
    // Outside the bundle a deferred part calls its view directly (after one task): no slot
    // and no loading line stays, and the part is there.
    let root = mount_at("#/coverage").await;
    until_text(&root, "#exercise-title", "Exercise: two runs, one modulus").await;
    assert!(root.query_selector(".wanted-slot").unwrap().is_none(), "a slot stayed");
    assert!(root.query_selector(".deferred").unwrap().is_none(), "a loading line stayed");
}

#[wasm_bindgen_test]
async fn a_wanted_watch_fires_once_near_the_view_and_not_for_synthetic_input() {
    use std::cell::Cell;
    use std::rc::Rc;
    let window = web_sys::window().unwrap();
    let document = window.document().unwrap();
    let far = document.create_element("div").unwrap();
    far.set_attribute("style", "position:absolute;top:20000px;height:10px;width:10px").unwrap();
    document.body().unwrap().append_child(&far).unwrap();
    let fired = Rc::new(Cell::new(0));
    let watch = {
        let fired = fired.clone();
        rescale_lab::browser::wanted::WantedWatch::new(&far, move || fired.set(fired.get() + 1), || {})
    };
    settle().await;
    assert_eq!(fired.get(), 0, "fired while far below the view");
    // A script's event is not the reader's input.
    window.dispatch_event(&web_sys::Event::new("keydown").unwrap()).unwrap();
    settle().await;
    assert_eq!(fired.get(), 0, "fired on a synthetic event");
    far.scroll_into_view();
    until("the watch fired near the view", || fired.get() > 0).await;
    assert_eq!(fired.get(), 1, "did not fire once near the view");
    window.scroll_to_with_x_and_y(0.0, 0.0);
    far.scroll_into_view();
    settle().await;
    assert_eq!(fired.get(), 1, "fired twice");
    // Every watch waits on the page's one input listener, and leaves its list when dropped.
    let waiting = rescale_lab::browser::wanted::waiting_for_input();
    let other = rescale_lab::browser::wanted::WantedWatch::new(&far, || {}, || {});
    assert_eq!(rescale_lab::browser::wanted::waiting_for_input(), waiting + 1);
    drop(other);
    drop(watch);
    assert_eq!(rescale_lab::browser::wanted::waiting_for_input(), waiting - 1, "a dropped watch still waits");
    far.remove();
    window.scroll_to_with_x_and_y(0.0, 0.0);
}

/// `data-settled` on `<main>`, and the page's hash.
fn settled_mark(root: &Element) -> (Option<String>, String) {
    let main = root.query_selector("main").unwrap().unwrap();
    (main.get_attribute("data-settled"), web_sys::window().unwrap().location().hash().unwrap())
}

/// Waits until `<main data-settled>` names the page's hash, and returns that hash: a debug
/// build renders slowly, and yew runs a long render's effects in a later task.
async fn until_settled(root: &Element) -> String {
    until("the page is settled at its hash", || {
        let (mark, hash) = settled_mark(root);
        mark.as_deref() == Some(hash.as_str())
    })
    .await;
    settled_mark(root).1
}

#[wasm_bindgen_test]
async fn the_page_marks_itself_settled_at_its_canonical_link_and_not_while_playing() {
    // The skew lab writes its canonical link (defaults left out) and then marks the page settled
    // at that hash; the mark is the hash, so a stale one cannot match a new route.
    let root = mount_at("#/skew?preset=zipf&n=200&s=1.1&p=4").await;
    assert_eq!(until_settled(&root).await, "#/skew?p=4&preset=zipf&n=200");
    drop(root);

    let root = mount_at("#/coverage?m=360&a=1").await;
    until_settled(&root).await;
    let button = |name: &str| -> web_sys::HtmlElement {
        let buttons = root.query_selector_all(".playback button").unwrap();
        (0..buttons.length())
            .filter_map(|i| buttons.item(i))
            .find(|b| b.text_content().as_deref() == Some(name))
            .unwrap_or_else(|| panic!("no {name} button"))
            .dyn_into()
            .unwrap()
    };
    button("Play").click();
    // Playing: never marked, however long it plays.
    for _ in 0..20 {
        settle().await;
        assert_eq!(settled_mark(&root).0, None, "marked settled while playing");
    }
    button("Pause").click();
    let hash = until_settled(&root).await;
    assert!(hash.contains("&t="), "paused at a time the link keeps: {hash}");
    drop(root);
}

/// The skew lab's key table: text typed into a cell and not yet applied survives a render for
/// another row's edit (yew sets an input's value from the page whenever the two differ), and
/// leaving the cell applies it. Playwright met the loss under load: row 2 read "b" again.
#[wasm_bindgen_test]
async fn a_key_cell_being_typed_keeps_its_text_while_another_row_changes() {
    let root = mount_at("#/skew?keys=a%2C1%0Ab%2C2%0Ac%2C30&p=3&maxp=3").await;
    let window = web_sys::window().unwrap();
    let cell = |row: usize| -> Option<HtmlInputElement> {
        let found = root.query_selector(&format!("input[aria-label='Key of row {row}']")).unwrap()?;
        found.dyn_into().ok()
    };
    until("the key table, scrolled to", || {
        window.scroll_to_with_x_and_y(0.0, 1.0e6);
        cell(2).is_some()
    })
    .await;
    let fire = |input: &HtmlInputElement, kind: &str| {
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        input.dispatch_event(&web_sys::Event::new_with_event_init_dict(kind, &init).unwrap()).unwrap();
    };
    let typed = cell(2).unwrap();
    typed.set_value("typed");
    fire(&typed, "input");
    let first = cell(1).unwrap();
    first.set_value("z");
    fire(&first, "input");
    fire(&first, "change");
    until("row 1's edit in the link", || window.location().hash().unwrap().contains("keys=z%2C1")).await;
    settle().await;
    assert_eq!(cell(2).unwrap().value(), "typed", "the text typed into row 2 was wiped");
    let typed = cell(2).unwrap();
    fire(&typed, "change");
    until("row 2's edit in the link", || window.location().hash().unwrap().contains("typed%2C2")).await;
    assert_eq!(cell(1).unwrap().value(), "z");
    // Text typed into row 3, then another set in its place (a link to other keys): the row
    // shows the new set's key, and the draft typed for the old one is gone, not kept over it.
    let third = cell(3).unwrap();
    third.set_value("draft");
    fire(&third, "input");
    window.location().set_hash("#/skew?keys=x%2C5%0Ay%2C6%0Aw%2C7&p=3&maxp=3").unwrap();
    until("the new set's third key", || cell(3).is_some_and(|c| c.value() == "w")).await;
    settle().await;
    assert_eq!(cell(3).unwrap().value(), "w", "a draft of the old set stayed over the new one");
    window.scroll_to_with_x_and_y(0.0, 0.0);
}

/// Fires the event a person's edit fires (`input` or `change`) on a control.
fn fire(element: &Element, kind: &str) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    element.dispatch_event(&web_sys::Event::new_with_event_init_dict(kind, &init).unwrap()).unwrap();
}

/// A slot's widget sends its edit through the lab's table: a refused number keeps the last
/// valid value (the link too) beside the table's message, and a menu slot's hook runs (the key
/// type reads the typed key again, and the link follows the key).
#[wasm_bindgen_test]
async fn slot_widgets_edit_through_the_table_and_run_their_hooks() {
    let root = mount_at("#/owners?maxp=128&p=100").await;
    let location = web_sys::window().unwrap().location();
    let p: HtmlInputElement = root.query_selector("#owners-p").unwrap().unwrap().dyn_into().unwrap();
    p.set_value("0");
    fire(&p, "input");
    until("the field shows its error", || root.query_selector("#owners-p-error").unwrap().is_some()).await;
    // The message, then what the lab still uses (the value before the refused text).
    until_text(&root, "#owners-p-error", "parallelism must be between 1 and 32768, got 0; still using 100").await;
    settle().await;
    assert!(location.hash().unwrap().contains("p=100"), "{}", location.hash().unwrap());
    let key: HtmlInputElement = root.query_selector("#owners-key").unwrap().unwrap().dyn_into().unwrap();
    key.set_value("7");
    fire(&key, "input");
    let menu: web_sys::HtmlSelectElement =
        root.query_selector("#owners-key-type").unwrap().unwrap().dyn_into().unwrap();
    menu.set_value("int");
    fire(&menu, "change");
    until_text(&root, "[data-testid=lookup-java-hash]", "7").await;
    until("the link carries the int key", || location.hash().unwrap().ends_with("key=7&type=int")).await;
    drop(root);
}

/// Puts the app's root back in the document when dropped, so that a failing assertion does not
/// leave the tests after it with an app set aside.
struct InDocument(Element);

impl Drop for InDocument {
    fn drop(&mut self) {
        let body = web_sys::window().unwrap().document().unwrap().body().unwrap();
        let _ = body.append_child(&self.0);
    }
}

/// What the boot loader does between modules (static/boot.js): the app whose root it takes out
/// of the document writes nothing to the page (link, title) and ignores the other module's
/// route; shown again at the link its lab last wrote, its lab is as the reader left it.
#[wasm_bindgen_test]
async fn an_app_set_aside_writes_nothing_and_keeps_its_lab() {
    let window = web_sys::window().unwrap();
    let document = window.document().unwrap();
    let hash = || window.location().hash().unwrap();
    window.location().set_hash("#/owners?maxp=128&p=100").unwrap();
    settle().await;
    let root = document.create_element("div").unwrap();
    root.set_id("app");
    document.body().unwrap().append_child(&root).unwrap();
    assert_eq!(rescale_lab::browser::page::mount_root().as_ref(), Some(&root));
    let _in_document = InDocument(root.clone());
    let mut handle = Some(yew::Renderer::<App>::with_root_and_props(root.clone(), AppProps { pages: &EVERY }).render());
    until("the lab shows its heading", || root.query_selector("main h1").unwrap().is_some()).await;
    until_text(&root, "h1", Lab::Owners.title()).await;
    let input: HtmlInputElement = root.query_selector("#owners-key").unwrap().unwrap().dyn_into().unwrap();
    input.set_value("customer-7");
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input.dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap()).unwrap();
    until(&format!("the lab writes the key into its link ({})", hash()), || hash().contains("customer-7")).await;
    let written = hash();
    until("the title names the lab", || document.title().starts_with(Lab::Owners.title())).await;

    // Set aside: another module's route.
    root.remove();
    assert!(!rescale_lab::browser::page::shown());
    window.location().set_hash("#/planner").unwrap();
    document.set_title("another module's title");
    settle().await;
    assert_eq!(text(&root, "h1"), Lab::Owners.title(), "the app set aside followed the route");
    rescale_lab::browser::replace_hash("#/owners?written=while-aside");
    rescale_lab::browser::set_title("written while aside");
    assert_eq!(hash(), "#/planner");
    assert_eq!(document.title(), "another module's title");
    // Its look-ups stay in its own root.
    let found = rescale_lab::browser::element_by_id("owners-key").expect("its own element");
    assert!(root.contains(Some(&found)));

    // A panic while set aside: no panel over the other module's page until this one is back.
    rescale_lab::panic_panel::show_panel_when_shown();
    assert!(document.get_element_by_id("panic-panel").is_none(), "the panel covered another module's page");

    // Shown again, at the link the lab last wrote (Back).
    document.body().unwrap().append_child(&root).unwrap();
    root.dispatch_event(&web_sys::Event::new("rescale-lab-shown").unwrap()).unwrap();
    let panel = document.get_element_by_id("panic-panel").expect("the panel, once its page is back");
    panel.remove();
    window.location().set_hash(&written).unwrap();
    until("the title is the lab's again", || document.title().starts_with(Lab::Owners.title())).await;
    let kept: HtmlInputElement = root.query_selector("#owners-key").unwrap().unwrap().dyn_into().unwrap();
    assert_eq!(kept.value(), "customer-7");
    assert!(kept.is_same_node(Some(&input)), "the lab was made again instead of kept");
    if let Some(handle) = handle.take() {
        handle.destroy();
    }
}
