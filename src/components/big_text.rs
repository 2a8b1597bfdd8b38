//! A text box for pastes of megabytes ([`use_big_text`]): a paste over [`SYNC_LIMIT`] is held out of the box (megabytes of text make every
//! layout slow) with a note saying so, typing drops what was held, and [`BigText::read`] hands
//! over the held paste or the box's text, replacing the box after a large read (clearing it is
//! slow too). The skew lab's **Keys (CSV)** and **Flink REST metrics (JSON)** and the trace lab's **Job output
//! (CSV)** use it; [`BigText::field`] draws the field around the box, [`on_file_text`] wires its
//! file input, and [`BigText::refused`] puts a large text its reader refused back into the box.
//! A box given a [`Draft`] keeps what is typed
//! in it (up to [`SYNC_LIMIT`]) for this tab, in session storage, never a link, until it is read
//! (its button, a file, a paste held out of the box): the box drawn again over the same
//! [`Draft::base`] (a reload, or the lab opened again) puts it back, with a note that it is not
//! yet read. The text is written when the typing pauses there: the box is left, the page is
//! hidden (a reload) or the box goes away, not at each keystroke (a write of 200 KB takes a few
//! milliseconds, and now and then a few hundred).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser;

mod draft;
pub use draft::Draft;
use draft::{draft_text, forget, keep_typed, Typed};

/// Text up to this size is read at once and may sit in a text box; larger text is held
/// outside the box and read in steps.
pub const SYNC_LIMIT: usize = 256 * 1024;

/// The box's state and wiring; clone it into callbacks.
#[derive(Clone)]
pub struct BigText {
    /// Put on the `<textarea>` as `ref`.
    pub area: NodeRef,
    /// Put on the `<textarea>` as `key`: a new value replaces the box.
    pub generation: u32,
    /// What the note under the box says while a paste is held.
    pub note: Option<String>,
    pub on_paste: Callback<Event>,
    pub on_type: Callback<InputEvent>,
    /// Put on the `<textarea>` as `onblur`: what was typed is kept for a reload.
    pub on_leave: Callback<FocusEvent>,
    held: Rc<RefCell<Option<(String, bool)>>>,
    /// The text kept from before a reload, while the box starts with it (until it is read).
    restored: Rc<RefCell<Option<String>>>,
    /// A read's text its reader refused ([`BigText::refused`]): the box is drawn again with it.
    returned: Rc<RefCell<Option<String>>>,
    /// Where the box keeps what is typed in it, as this render has it.
    kept: Rc<RefCell<Option<Draft>>>,
    /// The box typed in since its text was last kept: it is kept when it is left.
    typed: Typed,
    set_note: UseStateHandle<Option<String>>,
    set_generation: UseStateHandle<u32>,
}

impl BigText {
    /// The held paste, else the box's text, with its lone-surrogate flag.
    /// The note goes: it was about the box's text before this read (a paste held, a draft or
    /// a refused text put back).
    pub fn read(&self) -> Option<(String, bool)> {
        self.forget();
        self.returned.borrow_mut().take();
        self.restored.borrow_mut().take();
        self.set_note.set(None);
        if let Some(held) = self.held.borrow_mut().take() {
            return Some(held);
        }
        let (text, lone) = browser::events::node_text(&self.area)?;
        if text.len() > SYNC_LIMIT {
            self.set_generation.set(*self.set_generation + 1);
        }
        Some((text, lone))
    }

    /// The text just read was refused (a message says where): a large one, held out of the box
    /// or cleared from it by the read, goes back into the box, to be mended there; nothing typed
    /// or pasted is lost. A small one never left the box.
    pub fn refused(&self, text: String) {
        if text.len() > SYNC_LIMIT {
            *self.returned.borrow_mut() = Some(text);
            self.set_note.set(Some(
                "The text that could not be read is back in the box, to be mended where the message says (text this large is not kept for a reload).".to_string(),
            ));
            self.set_generation.set(*self.set_generation + 1);
        }
    }

    /// Whether the box holds text kept from before a reload, unread, other than `text` (compared
    /// in place: it may be 256 KB, and this is asked at every render).
    pub fn draft_back_other_than(&self, text: Option<&str>) -> bool {
        self.restored.borrow().as_deref().is_some_and(|typed| Some(typed) != text)
    }

    fn forget(&self) {
        forget(&self.kept, &self.typed);
    }
}

/// A big-text box whose note names `button` (the action that reads it); `lines`: the note
/// counts the paste's lines; `draft`: where it keeps its text for a reload, if it does.
#[hook]
pub fn use_big_text(button: &'static str, lines: bool, draft: Option<Draft>) -> BigText {
    let area = use_node_ref();
    let set_generation = use_state(|| 0u32);
    let held = use_mut_ref(|| None::<(String, bool)>);
    let restored = {
        let draft = draft.clone();
        use_mut_ref(move || {
            let d = draft?;
            let entry = browser::session_get(d.key)?;
            draft_text(&entry, &d.base).filter(|t| !t.is_empty()).map(str::to_string)
        })
    };
    let set_note = {
        let restored = restored.borrow().is_some();
        use_state(move || {
            restored.then(|| format!("What you typed here earlier in this tab is back in the box, not yet read: press {button} to use it."))
        })
    };
    // The draft's base as this render has it, for the keystrokes to come.
    let kept = use_mut_ref(|| None::<Draft>);
    *kept.borrow_mut() = draft;
    let typed: Typed = use_mut_ref(|| None);
    {
        // Kept when the page is hidden (a reload) and when the box goes away.
        let (kept, typed) = (kept.clone(), typed.clone());
        use_effect_with((), move |_| {
            let on_hide = {
                let (kept, typed) = (kept.clone(), typed.clone());
                browser::page::listen_on_window("pagehide", move |_: web_sys::Event| keep_typed(&kept, &typed))
            };
            move || {
                drop(on_hide);
                keep_typed(&kept, &typed);
            }
        });
    }
    let on_paste = {
        let (held, set_note, kept, typed) = (held.clone(), set_note.clone(), kept.clone(), typed.clone());
        Callback::from(move |e: Event| {
            let Some((text, lone)) = browser::events::pasted_text(&e) else { return };
            if text.len() > SYNC_LIMIT {
                e.prevent_default();
                let kb = text.len() / 1024;
                let what = match text.lines().count() {
                    1 if lines => format!("1 line ({kb} KB)"),
                    n if lines => format!("{n} lines ({kb} KB)"),
                    _ => format!("{kb} KB"),
                };
                set_note.set(Some(format!(
                    "Pasted {what}, kept out of the box to keep the page fast; press {button} to read it."
                )));
                *held.borrow_mut() = Some((text, lone));
                forget(&kept, &typed);
            }
        })
    };
    let on_type = {
        let (held, set_note, kept, typed) = (held.clone(), set_note.clone(), kept.clone(), typed.clone());
        Callback::from(move |e: InputEvent| {
            if held.borrow_mut().take().is_some() {
                set_note.set(None);
            }
            if kept.borrow().is_some() {
                *typed.borrow_mut() = browser::events::event_target(&e);
            }
        })
    };
    let on_leave = {
        let (kept, typed) = (kept.clone(), typed.clone());
        Callback::from(move |_: FocusEvent| keep_typed(&kept, &typed))
    };
    BigText {
        area,
        generation: *set_generation,
        note: (*set_note).clone(),
        on_paste,
        on_type,
        on_leave,
        held,
        restored,
        returned: use_mut_ref(|| None),
        kept,
        typed,
        set_note,
        set_generation,
    }
}

/// A change handler for the `<input type="file">` beside a box: the chosen file's text, read in
/// the browser, goes to `to`.
pub fn on_file_text(to: Callback<String>) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let Some(file) = browser::events::chosen_file(&e) else { return };
        let to = to.clone();
        yew::platform::spawn_local(async move {
            if let Some((text, _)) = browser::events::file_text(file).await {
                to.emit(text);
            }
        });
    })
}

/// What kind of file the field's file input takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Csv,
    Json,
}

/// The field around a big-text box: its label, the box, a hint, the button that reads it and
/// a file input beside the button.
pub struct BigField {
    /// The `<textarea>`'s id; the hint's is this with `-hint`.
    pub id: &'static str,
    pub label: &'static str,
    pub rows: u32,
    pub hint: String,
    pub placeholder: &'static str,
    /// The box's text when first shown.
    pub initial: Option<String>,
    /// The button's text, its click and whether it is unavailable (busy: it does nothing).
    pub button: (&'static str, Callback<MouseEvent>, bool),
    pub file: (FileKind, Callback<Event>),
    /// The id of what says why the box's text was refused, while it is: the box is then marked
    /// invalid and described by it.
    pub problem: Option<&'static str>,
    /// The test id of the note under the box (a paste held out of it, a draft put back).
    pub note_testid: &'static str,
}

impl BigText {
    pub fn field(&self, f: BigField) -> Html {
        let hint_id = format!("{}-hint", f.id);
        let note_id = format!("{}-note", f.id);
        // The note describes the box too: a reader who comes back to it hears that its text is
        // a paste held out of it, or a draft not yet read.
        let described = [Some(hint_id.as_str()), self.note.as_ref().map(|_| note_id.as_str()), f.problem]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        let (button, on_button, disabled) = f.button;
        let on_file = {
            let (big, chosen) = (self.clone(), f.file.1);
            Callback::from(move |e: Event| {
                big.forget();
                chosen.emit(e);
            })
        };
        let (file_label, accept) = match f.file.0 {
            FileKind::Csv => ("Or read a CSV file: ", ".csv,.txt,text/csv,text/plain"),
            FileKind::Json => ("Or read a JSON file: ", ".json,.txt,application/json,text/plain"),
        };
        html! {
            <div class="field csv-field">
                <label for={f.id}>{ f.label }</label>
                <textarea key={self.generation} id={f.id} ref={self.area.clone()} onpaste={self.on_paste.clone()} oninput={self.on_type.clone()} onblur={self.on_leave.clone()}
                    rows={f.rows.to_string()} spellcheck="false" aria-describedby={described} aria-invalid={f.problem.map(|_| "true")}
                    defaultvalue={self.returned.borrow().clone().or_else(|| self.restored.borrow().clone()).or(f.initial)} placeholder={f.placeholder} />
                <p class="field-hint" id={hint_id}>{ f.hint }</p>
                <div class="buttons">
                    // Not `disabled` while busy: a disabled button drops its focus to the page's
                    // body. It says it is unavailable, and does nothing.
                    <button type="button" class="primary" aria-disabled={disabled.to_string()}
                        onclick={(!disabled).then_some(on_button)}>{ button }</button>
                    <label class="file-label">{ file_label }<input type="file" {accept} onchange={on_file} /></label>
                </div>
                // A live region there before the note, so a note that comes (a paste held out of
                // the box) is said.
                <div role="status">
                    if let Some(note) = &self.note { <p id={note_id} data-testid={f.note_testid}>{ note.clone() }</p> }
                </div>
            </div>
        }
    }
}
