//! A text box for pastes of megabytes ([`use_big_text`]): a paste over [`SYNC_LIMIT`] is held out of the box (megabytes of text make every
//! layout slow) with a note saying so, typing drops what was held, and [`BigText::read`] hands
//! over the held paste or the box's text, replacing the box after a large read (clearing it is
//! slow too). The skew lab's **Keys (CSV)** and **Flink REST metrics (JSON)** and the trace lab's **Job output
//! (CSV)** use it; [`BigText::field`] draws the field around the box, and [`BigText::on_read`] and
//! [`on_file_text`] wire its button and file input.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser;

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
    held: Rc<RefCell<Option<(String, bool)>>>,
    set_note: UseStateHandle<Option<String>>,
    set_generation: UseStateHandle<u32>,
}

impl BigText {
    /// A click handler (the box's button) that hands what [`BigText::read`] gives to `to`.
    pub fn on_read(&self, to: Callback<String>) -> Callback<MouseEvent> {
        let big = self.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some((text, _)) = big.read() {
                to.emit(text);
            }
        })
    }

    /// The held paste, else the box's text, with its lone-surrogate flag.
    pub fn read(&self) -> Option<(String, bool)> {
        if let Some(held) = self.held.borrow_mut().take() {
            self.set_note.set(None);
            return Some(held);
        }
        let (text, lone) = browser::events::node_text(&self.area)?;
        if text.len() > SYNC_LIMIT {
            self.set_generation.set(*self.set_generation + 1);
        }
        Some((text, lone))
    }
}

/// A big-text box whose note names `button` (the action that reads it); `lines`: the note
/// counts the paste's lines.
#[hook]
pub fn use_big_text(button: &'static str, lines: bool) -> BigText {
    let area = use_node_ref();
    let set_generation = use_state(|| 0u32);
    let held = use_mut_ref(|| None::<(String, bool)>);
    let set_note = use_state(|| None::<String>);
    let on_paste = {
        let (held, set_note) = (held.clone(), set_note.clone());
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
            }
        })
    };
    let on_type = {
        let (held, set_note) = (held.clone(), set_note.clone());
        Callback::from(move |_: InputEvent| {
            if held.borrow_mut().take().is_some() {
                set_note.set(None);
            }
        })
    };
    BigText {
        area,
        generation: *set_generation,
        note: (*set_note).clone(),
        on_paste,
        on_type,
        held,
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
}

impl BigText {
    pub fn field(&self, f: BigField) -> Html {
        let hint_id = format!("{}-hint", f.id);
        let described = match f.problem {
            Some(problem) => format!("{hint_id} {problem}"),
            None => hint_id.clone(),
        };
        let (button, on_button, disabled) = f.button;
        let (file_label, accept) = match f.file.0 {
            FileKind::Csv => ("Or read a CSV file: ", ".csv,.txt,text/csv,text/plain"),
            FileKind::Json => ("Or read a JSON file: ", ".json,.txt,application/json,text/plain"),
        };
        html! {
            <div class="field csv-field">
                <label for={f.id}>{ f.label }</label>
                <textarea key={self.generation} id={f.id} ref={self.area.clone()} onpaste={self.on_paste.clone()} oninput={self.on_type.clone()}
                    rows={f.rows.to_string()} spellcheck="false" aria-describedby={described} aria-invalid={f.problem.map(|_| "true")}
                    defaultvalue={f.initial} placeholder={f.placeholder} />
                <p class="field-hint" id={hint_id}>{ f.hint }</p>
                <div class="buttons">
                    // Not `disabled` while busy: a disabled button drops its focus to the page's
                    // body. It says it is unavailable, and does nothing.
                    <button type="button" class="primary" aria-disabled={disabled.to_string()}
                        onclick={(!disabled).then_some(on_button)}>{ button }</button>
                    <label class="file-label">{ file_label }<input type="file" {accept} onchange={f.file.1} /></label>
                </div>
            </div>
        }
    }
}
