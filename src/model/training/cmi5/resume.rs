//! What a cmi5 launch keeps for its tab (session storage) so that a reload of the page goes on
//! with the same session: the launch it belongs to (registration and fetch URL: the fetch URL
//! gives its token once), the token, when the session began (its duration goes on), and what the
//! page reloaded away from had not sent: its statements (one batch, sent first by the next page)
//! and the latest progress document. Text in, text out; anything unreadable is no session.

use crate::json::{parse, to_text, Node};

use super::Cmi5Launch;

/// One tab's cmi5 session, as the next page of the tab reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptSession {
    pub registration: String,
    pub fetch: String,
    pub token: String,
    /// When the session began, in milliseconds since the epoch.
    pub started_ms: u64,
    /// Statements the page reloaded away from had not sent (a JSON array, in order).
    pub statements: Option<String>,
    /// The latest progress document (what was sent, then the progress).
    pub progress: Option<String>,
}

impl KeptSession {
    /// The session as stored (a JSON object; the start time as a decimal string).
    pub fn format(&self) -> String {
        let mut members = vec![
            ("registration", Node::text(self.registration.clone())),
            ("fetch", Node::text(self.fetch.clone())),
            ("token", Node::text(self.token.clone())),
            ("started", Node::text(self.started_ms.to_string())),
        ];
        for (name, kept) in [("statements", &self.statements), ("progress", &self.progress)] {
            if let Some(text) = kept {
                members.push((name, Node::text(text.clone())));
            }
        }
        to_text(&Node::object(members))
    }

    /// What [`format`](Self::format) wrote; anything else (damaged, another version) is `None`.
    pub fn parse(text: &str) -> Option<KeptSession> {
        let doc = parse(text).ok()?;
        let text = |name: &str| doc.get(name).and_then(Node::as_text).map(String::from);
        Some(KeptSession {
            registration: text("registration")?,
            fetch: text("fetch")?,
            token: text("token").filter(|t| !t.is_empty())?,
            started_ms: text("started")?.parse().ok()?,
            statements: text("statements"),
            progress: text("progress"),
        })
    }

    /// Whether this is the session of `launch` (the same registration and fetch URL): another
    /// launch in the tab starts its own.
    pub fn is_for(&self, launch: &Cmi5Launch) -> bool {
        self.registration == launch.registration && self.fetch == launch.fetch
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(statements: Option<&str>, progress: Option<&str>) -> KeptSession {
        KeptSession {
            registration: "a1b2c3d4-0000-4000-8000-000000000001".into(),
            fetch: "http://lms.test/fetch?k=\"1\"&x=é".into(),
            token: "Basic bG1zOnNlY3JldA==".into(),
            started_ms: 1_765_000_000_123,
            statements: statements.map(String::from),
            progress: progress.map(String::from),
        }
    }

    #[test]
    fn a_kept_session_reads_back_as_written_and_anything_else_is_none() {
        for k in [
            kept(None, None),
            kept(Some("[{\"id\":\"x\"}]"), None),
            kept(None, Some("sent completed\nv3\nowner-77#ab\tcorrect\tcorrect\t60\n")),
            kept(Some("[]"), Some("")),
        ] {
            assert_eq!(KeptSession::parse(&k.format()), Some(k.clone()));
        }
        let no_token = kept(None, None).format().replace("Basic bG1zOnNlY3JldA==", "");
        for other in ["", "{}", "[]", "not json", "{\"registration\":\"r\"}", no_token.as_str()] {
            assert_eq!(KeptSession::parse(other), None, "{other}");
        }
        let bad_start = kept(None, None).format().replace("1765000000123", "soon");
        assert_eq!(KeptSession::parse(&bad_start), None);
    }

    #[test]
    fn a_kept_session_belongs_to_its_launch_alone() {
        let k = kept(None, None);
        let launch = |registration: &str, fetch: &str| Cmi5Launch {
            endpoint: "http://lrs.test/xapi/".into(),
            fetch: fetch.into(),
            actor: Node::text("a"),
            registration: registration.into(),
            activity_id: "au".into(),
        };
        let cases = [
            (launch(&k.registration, &k.fetch), true),
            (launch("a1b2c3d4-0000-4000-8000-000000000002", &k.fetch), false),
            (launch(&k.registration, "http://lms.test/fetch?k=2"), false),
        ];
        for (l, expected) in cases {
            assert_eq!(k.is_for(&l), expected, "{l:?}");
        }
    }
}
