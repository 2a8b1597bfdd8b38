//! Where a lab's results and state go beyond the lab: [`ResultSink`] takes each graded answer
//! (the app builds it from the link's `embed` and `origin`, so a lab never talks to the host
//! page itself) and [`HashWatch`] is told the hash after every URL write (the embed link and
//! the snippet follow it). Both are contexts the shell provides.

use yew::prelude::*;

use crate::browser;
use crate::model::training::Statement;
use crate::url::CommonQuery;

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

/// Told the new hash after a lab writes its state into the URL, so the embed link and the
/// snippet follow the state (the app provides it as a context).
#[derive(Clone, PartialEq)]
pub struct HashWatch(pub Callback<String>);

/// The result sink of the page (one that drops everything outside the app shell).
#[hook]
pub fn use_result_sink() -> ResultSink {
    use_context::<ResultSink>().unwrap_or_else(|| ResultSink(Callback::noop()))
}
