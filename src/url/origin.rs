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
