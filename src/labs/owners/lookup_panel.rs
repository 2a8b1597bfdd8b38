//! The answer to "where does this key go?": each step of Flink's routing with its value, and a
//! one-line summary (key, key group, subtask) announced politely to screen readers once an edit
//! ends (the lab's `Announce`): the whole table, said again at each keystroke, was a queue of
//! long readouts, and the summary said at each key was one still.

use yew::prelude::*;

use super::state::OwnersView;

#[derive(Properties, PartialEq)]
pub struct LookupPanelProps {
    pub view: OwnersView,
    /// The key the answer is for (the last valid one), as a person reads it.
    pub key_text: Option<String>,
    /// The field holds text that is not a valid key: the answer is the last valid key's (an
    /// empty field, someone retyping, is not said; the field's own error is announced).
    #[prop_or_default]
    pub stale: bool,
}

#[function_component]
pub fn LookupPanel(props: &LookupPanelProps) -> Html {
    let view = &props.view;
    let max = view.max.get();
    // The owning subtask as said, and the route in one line for the key that stands (none while
    // the field holds no valid key).
    let subtask = view
        .lookup
        .as_ref()
        .map(|l| l.subtask.map_or("none: the job cannot start".to_string(), |op| op.index().to_string()));
    let route =
        view.lookup.as_ref().zip(props.key_text.as_ref()).zip(subtask.as_ref()).filter(|_| !props.stale).map(
            |((lookup, key), subtask)| format!("{key}: key group {}, subtask {subtask}.", lookup.key_group.index()),
        );
    let (live, said) = crate::components::use_spoken(&route);
    let Some(lookup) = &view.lookup else {
        return html! {
            <div class="lookup" aria-live={live}>
                <h3>{ "Where does this key go?" }</h3>
                <p>{ "Enter a key that is valid for the key type to see its route." }</p>
            </div>
        };
    };
    let subtask = subtask.unwrap_or_default();
    let range = view.owner_range.map(|r| r.words());
    html! {
        <div class="lookup">
            <h3>{ "Where does this key go?" }</h3>
            if let Some(key) = &props.key_text {
                <p class="lookup-key">{ "Key: " }<code>{ key.clone() }</code>
                    if props.stale { { " (the last valid key: the text in the field is not one)" } }</p>
            }
            <div role="status" aria-live={live}><p class="visually-hidden" key={said}>{ route.unwrap_or_default() }</p></div>
            <dl class="lookup-steps">
                <dt>{ "Java hashCode()" }</dt>
                <dd><code data-testid="lookup-java-hash">{ lookup.java_hash }</code></dd>
                <dt>{ "Flink murmur hash (never negative)" }</dt>
                <dd><code data-testid="lookup-murmur">{ lookup.murmur }</code></dd>
                <dt>{ format!("Key group = murmur mod {max}") }</dt>
                <dd><strong data-testid="lookup-key-group">{ lookup.key_group.index() }</strong></dd>
                <dt>{ format!("Subtask = key group × {} ÷ {max}, rounded down", parallelism_text(view)) }</dt>
                <dd><strong data-testid="lookup-subtask">{ subtask }</strong>
                    if let Some(range) = range { <span class="muted">{ format!(", which owns {range}") }</span> }
                </dd>
            </dl>
            <p class="muted">{ "Exactly what Flink computes for String, Integer and Long keys (Java's hashCode of each). Other key types (POJOs, tuples, Rows, arrays) hash with their own hashCode, which this lookup does not model." }</p>
            if let Some(d) = view.derivation {
                <p class="derivation">
                    { format!(
                        "Max parallelism is not set, so Flink derives it from the parallelism the job \
                         first ran with ({p}): {p} + {p}/2 = {h}, rounded up to a power of two = {r}, \
                         then held between 128 and 32768 = {m}.",
                        p = d.parallelism, h = d.with_headroom, r = d.rounded, m = d.result.get()
                    ) }
                </p>
            }
        </div>
    }
}

fn parallelism_text(view: &OwnersView) -> String {
    match &view.parallelism {
        Ok(p) => p.get().to_string(),
        Err(_) => "parallelism".to_string(),
    }
}
