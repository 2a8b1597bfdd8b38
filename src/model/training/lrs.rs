//! What a person types to reach a Learning Record Store (endpoint, key, secret), for the class
//! view and the live workshop alike: the endpoint checked once, the Basic credentials made
//! once, and the tab's record of it written and read back as lines, one value a line.

use crate::base64;

/// An http(s) URL: the scheme, something after it, and no white space.
pub fn is_http_url(text: &str) -> bool {
    (text.starts_with("https://") || text.starts_with("http://"))
        && text.len() > 8
        && !text.contains(char::is_whitespace)
}

/// An xAPI activity id as typed, trimmed, or why it is not one: an IRI, a scheme (a letter,
/// then letters, digits, `+`, `-` or `.`), a colon, then text without white space.
pub fn activity_iri(text: &str) -> Result<&str, String> {
    let id = text.trim();
    let iri = id.split_once(':').is_some_and(|(scheme, rest)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            && !rest.is_empty()
            && !rest.contains(char::is_whitespace)
    });
    if iri {
        Ok(id)
    } else {
        let shown: String = id.chars().take(60).collect();
        Err(format!(
            "the activity id must be an IRI, such as https://rescale-lab.example/guided-path/au, not {shown:?}"
        ))
    }
}

/// An LRS as typed: kept as text, checked when it is used.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LrsAccess {
    pub endpoint: String,
    pub key: String,
    pub secret: String,
}

impl LrsAccess {
    /// The xAPI endpoint, ending in `/`, or why it cannot be one.
    pub fn endpoint(&self) -> Result<String, String> {
        let endpoint = self.endpoint.trim();
        if !is_http_url(endpoint) {
            return Err("the LRS endpoint must be an http(s) URL, such as https://lrs.example/xAPI/".into());
        }
        Ok(if endpoint.ends_with('/') { endpoint.to_string() } else { format!("{endpoint}/") })
    }

    /// HTTP Basic credentials: base64 of `key:secret`.
    pub fn basic_token(&self) -> String {
        base64::encode(format!("{}:{}", self.key, self.secret).as_bytes())
    }

    /// The three values, then `more`, as [`to_lines`] writes them.
    pub fn lines(&self, more: &[&str]) -> String {
        to_lines(&[[self.endpoint.as_str(), &self.key, &self.secret].as_slice(), more].concat())
    }

    /// The three values from the first lines of `text`, and the lines after them; a line the
    /// text lacks reads as empty.
    pub fn from_lines(text: &str) -> (LrsAccess, Vec<String>) {
        let mut lines = text.lines().map(String::from);
        let mut next = || lines.next().unwrap_or_default();
        let access = LrsAccess { endpoint: next(), key: next(), secret: next() };
        (access, lines.collect())
    }
}

/// Why a request to `origin` (an LRS's, or an LMS's: `http://10.1.2.3:8080`) could not be made,
/// seen from a page at `page_origin`. The page's security policy (`connect-src` in `index.html`)
/// lets it reach its own origin, any https address, and plain http only on this computer
/// (127.0.0.1, localhost): any other plain-http address is refused before a request is sent, so
/// the message says that, not "offline". Otherwise the address is offline, or its server does
/// not allow this page (CORS), which the page cannot tell apart.
pub fn unreachable(origin: &str, page_origin: &str) -> String {
    if refused_by_policy(origin, page_origin) {
        format!(
            "{origin} is a plain http:// address, which this page may reach only on this computer (127.0.0.1 or localhost): use the server's https:// address"
        )
    } else {
        format!("{origin} could not be reached (offline, or it does not allow this page)")
    }
}

/// Whether the page's security policy refuses `origin`: plain http to another computer than
/// this one (127.0.0.1, localhost), from a page of another origin.
pub fn refused_by_policy(origin: &str, page_origin: &str) -> bool {
    let host = origin.strip_prefix("http://").map(|rest| {
        let host = rest.split('/').next().unwrap_or_default();
        host.rsplit_once(':').filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit())).map_or(host, |(h, _)| h)
    });
    host.is_some_and(|host| {
        origin != page_origin && !["127.0.0.1", "localhost"].contains(&host.to_ascii_lowercase().as_str())
    })
}

/// One value a line, each with its line breaks taken out (so none can shift the others).
pub fn to_lines(values: &[&str]) -> String {
    values.iter().map(|v| v.replace(['\n', '\r'], "")).collect::<Vec<_>>().join("\n")
}

/// Whether an LRS's answer refuses the request itself, so that sending it again cannot change
/// the answer: a 4xx but for a key it refuses (401, 403) or an address it does not know (404),
/// which hold for every request alike, and a timeout or "too many requests" (408, 429), which
/// pass. Such a request is dropped (and the learner told); the others wait and go again.
pub fn refused_for_good(status: u16) -> bool {
    (400..=499).contains(&status) && ![401, 403, 404, 408, 429].contains(&status)
}

/// An LRS answer's body as a reason (`: …`, cut at 200 characters), or nothing for an empty
/// one or a web page.
fn reason(body: &str) -> String {
    let body = body.trim();
    match body.starts_with('<') || body.is_empty() {
        true => String::new(),
        false => format!(": {}", body.chars().take(200).collect::<String>()),
    }
}

/// A 403 from an LRS that took this session's earlier requests (so not its key): it refuses
/// `what` itself, for good.
pub fn forbidden(what: &str, body: &str) -> String {
    format!("the LRS refused {what} (403{}), though it took this session's earlier ones", reason(body))
}

/// Why an LRS did not take `what` (`a statement`), from its answer's status and body, in
/// words a learner reads: a key it refuses, a server failing (a proxy's 502 is no refusal), or
/// its own reason; a body that is a web page (HTML) is left out, a text one cut at 200
/// characters.
pub fn not_taken(what: &str, status: u16, body: &str) -> String {
    let reason = reason(body);
    match status {
        401 | 403 => format!("the LRS refused {what}: it did not accept the key and secret ({status})"),
        500..=599 => format!("the LRS, or a server in front of it, failed to take {what} ({status}{reason})"),
        _ => format!("the LRS refused {what} ({status}{reason})"),
    }
}

#[cfg(test)]
mod tests {
    /// Table: a learner reads why, never a web page's markup.
    #[test]
    fn why_an_lrs_did_not_take_a_statement() {
        let page = "<html>\r\n<head><title>502 Bad Gateway</title></head></html>";
        for (status, body, said) in [
            (502, page, "the LRS, or a server in front of it, failed to take a statement (502)"),
            (503, "busy", "the LRS, or a server in front of it, failed to take a statement (503: busy)"),
            (401, "", "the LRS refused a statement: it did not accept the key and secret (401)"),
            (400, "{\"error\":\"bad id\"}", "the LRS refused a statement (400: {\"error\":\"bad id\"})"),
            (409, "", "the LRS refused a statement (409)"),
        ] {
            assert_eq!(super::not_taken("a statement", status, body), said, "{status}");
        }
        assert_eq!(
            super::not_taken("a statement", 400, &"x".repeat(500)).len(),
            "the LRS refused a statement (400: )".len() + 200
        );
    }

    /// Table: only a refusal of the request itself is final; a key, an address, a server or the
    /// network failing leaves the request to be sent again.
    #[test]
    fn which_answers_refuse_a_request_for_good() {
        assert_eq!(
            super::forbidden("a statement", "{\"error\":\"already passed\"}"),
            "the LRS refused a statement (403: {\"error\":\"already passed\"}), though it took this session's earlier ones"
        );
        for (status, final_) in [
            (200, false),
            (204, false),
            (400, true),
            (409, true),
            (413, true),
            (422, true),
            (401, false),
            (403, false),
            (404, false),
            (408, false),
            (429, false),
            (500, false),
            (502, false),
            (503, false),
        ] {
            assert_eq!(super::refused_for_good(status), final_, "{status}");
        }
    }

    use super::*;

    fn access(endpoint: &str) -> LrsAccess {
        LrsAccess { endpoint: endpoint.into(), key: "lms".into(), secret: "lms-secret".into() }
    }

    /// Each text read by `read`: `Ok(value)` as read, or `Err(part)` of the refusal's message.
    fn check_reads<T: AsRef<str> + std::fmt::Debug>(
        read: impl Fn(&str) -> Result<T, String>,
        cases: &[(&str, Result<&str, &str>)],
    ) {
        for (typed, want) in cases {
            match (read(typed), want) {
                (Ok(got), Ok(want)) => assert_eq!(got.as_ref(), *want, "{typed:?}"),
                (Err(got), Err(want)) => assert!(got.contains(want), "{typed:?}: {got}"),
                (got, want) => panic!("{typed:?}: got {got:?}, want {want:?}"),
            }
        }
    }

    #[test]
    fn the_endpoint_is_an_http_url_ending_in_a_slash() {
        let bad = Err("must be an http(s) URL");
        check_reads(
            |typed| access(typed).endpoint(),
            &[
                ("https://lrs.example/xAPI/", Ok("https://lrs.example/xAPI/")),
                ("http://127.0.0.1:9/xapi", Ok("http://127.0.0.1:9/xapi/")),
                (" https://lrs.example/xAPI ", Ok("https://lrs.example/xAPI/")),
                ("ftp://lrs.example/xAPI/", bad),
                ("", bad),
                ("https://", bad),
                ("https://lrs example/", bad),
            ],
        );
    }

    /// Plain http is refused by the page's policy except on this computer and on the page's own
    /// origin: the message says so instead of "offline".
    #[test]
    fn a_plain_http_address_elsewhere_is_named_as_the_policy_refuses_it() {
        let page = "https://lab.example";
        let policy = "is a plain http:// address, which this page may reach only on this computer";
        for (origin, page_origin, want) in [
            ("http://10.1.2.3", page, policy),
            ("http://lrs.school.example:8080", page, policy),
            ("http://10.1.2.3:8080", "http://10.1.2.3:8080", "could not be reached (offline"),
            ("http://127.0.0.1:9", page, "could not be reached (offline"),
            ("http://LOCALHOST:8080", page, "could not be reached (offline"),
            ("https://lrs.example", page, "could not be reached (offline"),
        ] {
            let got = unreachable(origin, page_origin);
            assert!(got.starts_with(origin) && got.contains(want), "{origin} from {page_origin}: {got}");
        }
    }

    /// An IRI is kept as typed (trimmed); anything else is refused, quoted.
    #[test]
    fn an_activity_id_is_an_iri() {
        check_reads(
            |typed| activity_iri(typed).map(String::from),
            &[
                ("https://rescale-lab.example/guided-path/au", Ok("https://rescale-lab.example/guided-path/au")),
                (" urn:x-rescale:class-7 ", Ok("urn:x-rescale:class-7")),
                ("tag:example.org,2026:workshop", Ok("tag:example.org,2026:workshop")),
                (
                    "guided-path",
                    Err("must be an IRI, such as https://rescale-lab.example/guided-path/au, not \"guided-path\""),
                ),
                ("", Err("not \"\"")),
                ("https:", Err("not \"https:\"")),
                ("1http://x", Err("not \"1http://x\"")),
                ("https://a b", Err("not \"https://a b\"")),
                ("ht tp://x", Err("not \"ht tp://x\"")),
            ],
        );
    }

    #[test]
    fn the_basic_token_is_base64_of_key_colon_secret() {
        // RFC 7617's own example: Aladdin / open sesame.
        let a = LrsAccess { key: "Aladdin".into(), secret: "open sesame".into(), ..LrsAccess::default() };
        assert_eq!(a.basic_token(), "QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
    }

    #[test]
    fn lines_read_back_and_a_line_break_typed_cannot_shift_a_value() {
        let typed = LrsAccess { endpoint: "https://lrs.example/\nx".into(), key: "k\r\n".into(), secret: "s".into() };
        let text = typed.lines(&["Dana\nLee", "reg"]);
        assert_eq!(text, "https://lrs.example/x\nk\ns\nDanaLee\nreg");
        let (back, more) = LrsAccess::from_lines(&text);
        assert_eq!(
            (back.endpoint.as_str(), back.key.as_str(), back.secret.as_str()),
            ("https://lrs.example/x", "k", "s")
        );
        assert_eq!(more, ["DanaLee", "reg"]);
        let (short, more) = LrsAccess::from_lines("https://lrs.example/");
        assert_eq!((short.key, short.secret, more.len()), (String::new(), String::new(), 0));
    }
}
