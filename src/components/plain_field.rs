//! A labelled text input whose value a form holds (the class view's and the live workshop's
//! connection fields): the label, the input type, no autocomplete or spell check (addresses,
//! keys and secrets), and the typed text handed up on every keystroke; [`lrs_fields`], the three
//! that name a Learning Record Store.

use yew::prelude::*;

use crate::browser::events::input_text;
use crate::model::training::lrs::LrsAccess;

#[derive(Properties, PartialEq)]
pub struct PlainFieldProps {
    pub id: AttrValue,
    pub label: AttrValue,
    /// `text`, `url` or `password`.
    #[prop_or(AttrValue::Static("text"))]
    pub kind: AttrValue,
    pub value: AttrValue,
    /// The id of the message that refuses the text, while it does: the field is marked invalid
    /// and described by it.
    #[prop_or_default]
    pub problem: Option<AttrValue>,
    pub on_input: Callback<String>,
}

#[function_component]
pub fn PlainField(props: &PlainFieldProps) -> Html {
    let oninput = props.on_input.reform(|e: InputEvent| input_text(&e).0);
    html! {
        <p class="field">
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input id={props.id.clone()} type={props.kind.clone()} value={props.value.clone()} {oninput}
                autocomplete="off" spellcheck="false" aria-invalid={props.problem.as_ref().map(|_| "true")}
                aria-describedby={props.problem.clone()} />
        </p>
    }
}

/// One [`PlainField`] of a form kept whole in `form`: typing writes the text into the form's
/// member through `set` (`|form, text| form.key = text`).
pub fn form_field<F: Clone + 'static>(
    form: &UseStateHandle<F>,
    id: &str,
    (label, kind): (&'static str, &'static str),
    value: &str,
    set: impl Fn(&mut F, String) + 'static,
) -> Html {
    refusable_field(form, id, (label, kind), (value, None), set)
}

/// A [`form_field`] that a message may refuse: `problem` is that message's id, while it does.
fn refusable_field<F: Clone + 'static>(
    form: &UseStateHandle<F>,
    id: &str,
    (label, kind): (&'static str, &'static str),
    (value, problem): (&str, Option<&'static str>),
    set: impl Fn(&mut F, String) + 'static,
) -> Html {
    let form = form.clone();
    let on_input = Callback::from(move |text: String| {
        let mut next = (*form).clone();
        set(&mut next, text);
        form.set(next);
    });
    let problem = problem.map(AttrValue::Static);
    html! { <PlainField id={id.to_string()} {label} {kind} value={value.to_string()} {problem} {on_input} /> }
}

/// The three fields that name an LRS, ids `<prefix>-endpoint`, `-key` and `-secret`, showing
/// `now`: the form keeps them in the [`LrsAccess`] that `access` reaches. `refused`: the id of
/// the message that refuses the endpoint, once one was sent (the field is marked while the
/// endpoint as it stands is not one).
pub fn lrs_fields<F: Clone + 'static>(
    form: &UseStateHandle<F>,
    (prefix, refused): (&str, Option<&'static str>),
    now: &LrsAccess,
    access: fn(&mut F) -> &mut LrsAccess,
) -> Html {
    // The endpoint is what was refused when it is no address, or one the page's policy keeps
    // it from (plain http to another computer).
    let page = crate::browser::page_origin();
    let policy = crate::url::origin_of_address(&now.endpoint)
        .is_some_and(|o| crate::model::training::lrs::refused_by_policy(&o, &page));
    let problem = refused.filter(|_| now.endpoint().is_err() || policy);
    html! {
        <>
            { refusable_field(form, &format!("{prefix}-endpoint"), ("LRS endpoint", "url"), (&now.endpoint, problem), move |f, t| access(f).endpoint = t) }
            { form_field(form, &format!("{prefix}-key"), ("LRS key", "text"), &now.key, move |f, t| access(f).key = t) }
            { form_field(form, &format!("{prefix}-secret"), ("LRS secret", "password"), &now.secret, move |f, t| access(f).secret = t) }
        </>
    }
}
