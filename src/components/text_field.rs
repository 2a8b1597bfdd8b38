//! A labelled text or number input with an optional hint and an inline error.
//!
//! The error is tied to the input with `aria-describedby` and `aria-invalid`, and put into a
//! live region, so a screen reader hears it: in a lab, once the edit ends (the field left,
//! Enter or Escape, or a number box's arrow), for the text that stands, not at each key (the
//! lab's [`super::Announce`], which the field tells that it is being typed into). The input shows what the person typed; the lab decides what is valid.
//! A field emptied while it has focus (someone retyping a number) shows no error until it
//! loses focus: the lab keeps its last valid state either way, and a message that flashes
//! up at every retype tells nothing.

use yew::prelude::*;

/// What the input held after an edit.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldInput {
    pub text: String,
    /// The browser could not read the text as a number (number inputs only).
    pub bad_input: bool,
    /// The browser's text held no lone UTF-16 surrogate (which `text` cannot keep).
    pub well_formed: bool,
    /// An edit ended (the field left, Enter, Escape, an arrow's step; sent only with `settles`); `text` is
    /// not read.
    pub left: bool,
}

#[derive(Properties, PartialEq)]
pub struct TextFieldProps {
    /// Unique id of the input; the hint and error ids derive from it.
    pub id: AttrValue,
    pub label: AttrValue,
    pub value: AttrValue,
    #[prop_or_default]
    pub error: Option<AttrValue>,
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// `text` or `number`.
    #[prop_or(AttrValue::Static("text"))]
    pub kind: AttrValue,
    #[prop_or_default]
    pub min: Option<AttrValue>,
    #[prop_or_default]
    pub max: Option<AttrValue>,
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
    #[prop_or_default]
    pub disabled: bool,
    /// The URL parameter this field edits; an embedding page may lock it.
    #[prop_or_default]
    pub param: Option<AttrValue>,
    /// Leaving the field is sent too (`FieldInput::left`): a parameter's edit ends there.
    #[prop_or_default]
    pub settles: bool,
    pub on_input: Callback<FieldInput>,
    /// The id of a message elsewhere that refuses the value as it stands (a search that finds
    /// nothing): the field is marked invalid and described by it.
    #[prop_or_default]
    pub problem: Option<AttrValue>,
}

#[function_component]
pub fn TextField(props: &TextFieldProps) -> Html {
    // A number box holding text it cannot read (`3e`) also reports "": that is no retyping.
    let bad = use_mut_ref(|| false);
    // Typed into since it took the focus: only then does leaving it end an edit (a blur after
    // none would redraw the lab for nothing at every Tab).
    let edited = use_mut_ref(|| false);
    let typing = super::use_announced().typing.unwrap_or_default();
    {
        // A field removed while it is typed into ends its edit: the lab would stay quiet.
        let (edited, typing) = (edited.clone(), typing.clone());
        use_effect_with((), move |_| {
            move || {
                if edited.replace(false) {
                    typing.emit(false);
                }
            }
        });
    }
    let oninput = {
        let (on_input, bad, edited, typing) = (props.on_input.clone(), bad.clone(), edited.clone(), typing.clone());
        Callback::from(move |e: InputEvent| {
            let (text, lone, bad_input) = crate::browser::events::input_text(&e);
            *bad.borrow_mut() = bad_input;
            if !edited.replace(true) {
                typing.emit(true);
            }
            on_input.emit(FieldInput { text, bad_input, well_formed: !lone, left: false });
        })
    };
    let locked = super::use_locked(props.param.clone());
    let focused = use_state(|| false);
    let onfocus = {
        let focused = focused.clone();
        Callback::from(move |_: FocusEvent| focused.set(true))
    };
    // Leaving the field, or a key below, ends an edit under way (the lab's results are said then).
    let end_edit = {
        let (on_input, bad, settles) = (props.on_input.clone(), bad.clone(), props.settles);
        Callback::from(move |()| {
            if !edited.replace(false) {
                return;
            }
            typing.emit(false);
            if settles {
                on_input.emit(FieldInput {
                    text: String::new(),
                    bad_input: *bad.borrow(),
                    well_formed: true,
                    left: true,
                });
            }
        })
    };
    let onblur = {
        let (focused, end_edit) = (focused.clone(), end_edit.clone());
        Callback::from(move |_: FocusEvent| {
            focused.set(false);
            end_edit.emit(());
        })
    };
    // Enter ends an edit, and so does Escape (a way to end one and stay in the field); an arrow
    // that steps a number box is a whole edit, as a slider's step is.
    let onkeydown = {
        let end_edit = end_edit.clone();
        Callback::from(move |e: KeyboardEvent| {
            // Not while an input method composes a word: there these keys are its own.
            if matches!(e.key().as_str(), "Enter" | "Escape") && !e.is_composing() {
                end_edit.emit(());
            }
        })
    };
    let onkeyup = {
        let number = props.kind == "number";
        Callback::from(move |e: KeyboardEvent| {
            if number && matches!(e.key().as_str(), "ArrowUp" | "ArrowDown") {
                end_edit.emit(());
            }
        })
    };
    let retyping = *focused && props.value.is_empty() && !*bad.borrow();
    let error = props.error.as_ref().filter(|_| !retyping);
    let (live, said) = super::use_spoken(&error.cloned());
    let hint_id = format!("{}-hint", props.id);
    let locked_id = format!("{}-locked", props.id);
    let error_id = format!("{}-error", props.id);
    let described: Vec<&str> = [
        props.hint.as_ref().map(|_| hint_id.as_str()),
        error.map(|_| error_id.as_str()),
        props.problem.as_deref(),
        locked.then_some(locked_id.as_str()),
    ]
    .into_iter()
    .flatten()
    .collect();
    html! {
        <div class={classes!("field", error.map(|_| "field-invalid"), super::locked_class(locked))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input
                id={props.id.clone()}
                type={props.kind.clone()}
                value={props.value.clone()}
                min={props.min.clone()}
                max={props.max.clone()}
                placeholder={props.placeholder.clone()}
                disabled={props.disabled}
                // Locked by an embedding page: read-only, not disabled, so the keyboard still
                // reaches it and a screen reader hears its value and why it cannot change.
                readonly={locked}
                spellcheck="false"
                autocomplete="off"
                aria-invalid={(error.is_some() || props.problem.is_some()).then_some("true")}
                aria-describedby={(!described.is_empty()).then(|| described.join(" "))}
                {oninput} {onfocus} {onblur} {onkeydown} {onkeyup}
            />
            if let Some(hint) = &props.hint {
                <p class="field-hint" id={hint_id.clone()}>{ hint.clone() }</p>
            }
            if locked {
                <super::LockNote id={locked_id.clone()} />
            }
            // A live region there before the first error, so an error is announced as it comes
            // (the field keeps its focus, and so hears nothing else). An error quotes the text
            // typed, so it changes at each key: in a lab the region is quiet while the edit is
            // under way, and the error that stands is put in anew when it ends.
            <div class="field-live" aria-live={live}>
                if let Some(error) = error {
                    <p class="field-error" id={error_id.clone()} key={said}>{ error.clone() }</p>
                }
            </div>
        </div>
    }
}
