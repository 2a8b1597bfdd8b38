//! Origins: the embedding page's `origin=` in normal form, and the origin of an address a person
//! typed or pasted.

/// An origin (`scheme://host[:port]`, http or https, nothing after) in normal form, or `None`.
/// The normal form is the one a browser gives as `event.origin`: scheme and host in lowercase,
/// the port as a number, and none at all when it is the scheme's default (https 443, http 80);
/// a port above 65535 is no port.
pub fn valid_origin(text: &str) -> Option<String> {
    let (scheme, rest) = text.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "https" => 443,
        "http" => 80,
        _ => return None,
    };
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = match rest.rsplit_once(':') {
        Some((h, p)) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && p.len() <= 5 => {
            (h, Some(p.parse::<u32>().ok().filter(|&n| n <= 65535)?))
        }
        _ => (rest, None),
    };
    let host_ok = !host.is_empty() && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    host_ok.then(|| match port.filter(|&p| p != default_port) {
        Some(p) => format!("{scheme}://{}:{p}", host.to_ascii_lowercase()),
        None => format!("{scheme}://{}", host.to_ascii_lowercase()),
    })
}

/// The origin of a web address someone typed or pasted (`https://docs.example.com/guide/` →
/// `https://docs.example.com`): the address cut before its path, query or fragment, then
/// [`valid_origin`]. For a field a person fills; a link's `origin=` stays strict.
pub fn origin_of_address(text: &str) -> Option<String> {
    let (scheme, rest) = text.split_once("://")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    valid_origin(&format!("{scheme}://{}", &rest[..end]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(typed: &str, expected: Option<&str>) {
        assert_eq!(valid_origin(typed).as_deref(), expected, "valid_origin({typed:?})");
    }

    /// An embed's origin is compared with the browser's `event.origin`, which never writes a
    /// scheme's default port: the normal form leaves it out too, whether typed or in the link.
    #[test]
    fn an_embeds_origin_drops_the_default_port() {
        for (typed, expected) in [
            ("https://docs.example.com:443", Some("https://docs.example.com")),
            ("HTTPS://Docs.Example.com:443/", Some("https://docs.example.com")),
            ("http://127.0.0.1:80", Some("http://127.0.0.1")),
            ("http://127.0.0.1:080", Some("http://127.0.0.1")),
            ("http://docs.example.com:443", Some("http://docs.example.com:443")),
            ("https://docs.example.com:80", Some("https://docs.example.com:80")),
            ("https://docs.example.com:08443", Some("https://docs.example.com:8443")),
            ("http://127.0.0.1:5191", Some("http://127.0.0.1:5191")),
            ("https://docs.example.com:65535", Some("https://docs.example.com:65535")),
            ("https://docs.example.com:65536", None),
            ("https://docs.example.com:99999", None),
            ("https://docs.example.com", Some("https://docs.example.com")),
            ("*", None),
            ("javascript:alert(1)", None),
        ] {
            check(typed, expected);
        }
        assert_eq!(
            origin_of_address("https://docs.example.com:443/guide/").as_deref(),
            Some("https://docs.example.com")
        );
        assert_eq!(origin_of_address("http://127.0.0.1:80/a?b").as_deref(), Some("http://127.0.0.1"));
        // The same in a link's `origin=`: the lab then answers a ping from `http://127.0.0.1`.
        let location = crate::url::Location::parse("#/coverage?embed=1&origin=http%3A%2F%2F127.0.0.1%3A80");
        assert_eq!(location.common.origin.as_deref(), Some("http://127.0.0.1"));
        assert!(location.notices.is_empty());
    }
}
