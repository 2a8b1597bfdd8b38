//! The embed-only parameters: `lock` and `origin` from a link, the origin taken from an address
//! typed into the embed builder, and the `view=` sections the README lists for every lab.

use crate::url::*;

#[test]
fn lock_and_origin() {
    let location = Location::parse("#/coverage?embed=1&lock=m,a&origin=https://Docs.Example.com/");
    assert_eq!(location.common.lock, vec!["m".to_string(), "a".to_string()]);
    assert!(location.common.locked("a") && !location.common.locked("t"));
    assert_eq!(location.common.origin.as_deref(), Some("https://docs.example.com"));
    for bad in ["*", "javascript:alert(1)", "https://x.com/path", "ftp://x.com", "https://", "https://a b"] {
        let location = Location::parse(&format!("#/coverage?origin={}", encode_component(bad)));
        assert_eq!(location.common.origin, None, "{bad}");
        assert_eq!(location.notices.len(), 1, "{bad}");
    }
    let location = Location::parse("#/coverage?lock=%3Cscript%3E");
    assert!(location.common.lock.is_empty());
    assert_eq!(valid_origin("http://127.0.0.1:4173").as_deref(), Some("http://127.0.0.1:4173"));
}

/// Each text as an address typed into the embed builder (its origin) and as a link's `origin=`
/// (an origin alone, or nothing). An embed's origin is compared with the browser's
/// `event.origin`, which never writes a scheme's default port: the normal form leaves it out.
#[test]
fn a_typed_address_gives_its_origin() {
    use crate::url::origin_of_address;
    const D: &str = "https://docs.example.com";
    for (typed, address, origin) in [
        ("https://docs.example.com/guide/", Some(D), None),
        ("https://Docs.Example.com:8443/a?b=c#d", Some("https://docs.example.com:8443"), None),
        ("http://127.0.0.1:4173", Some("http://127.0.0.1:4173"), Some("http://127.0.0.1:4173")),
        ("https://docs.example.com?x=1", Some(D), None),
        ("https://docs.example.com#top", Some(D), None),
        ("https://user@docs.example.com/", None, None),
        ("ftp://docs.example.com/", None, None),
        ("docs.example.com/guide", None, None),
        ("https:///guide", None, None),
        ("javascript:alert(1)//x", None, None),
        ("javascript:alert(1)", None, None),
        ("*", None, None),
        ("https://docs.example.com:443", Some(D), Some(D)),
        ("HTTPS://Docs.Example.com:443/", Some(D), Some(D)),
        ("https://docs.example.com:443/guide/", Some(D), None),
        ("http://127.0.0.1:80", Some("http://127.0.0.1"), Some("http://127.0.0.1")),
        ("http://127.0.0.1:080", Some("http://127.0.0.1"), Some("http://127.0.0.1")),
        ("http://127.0.0.1:80/a?b", Some("http://127.0.0.1"), None),
        ("http://docs.example.com:443", Some("http://docs.example.com:443"), Some("http://docs.example.com:443")),
        ("https://docs.example.com:80", Some("https://docs.example.com:80"), Some("https://docs.example.com:80")),
        (
            "https://docs.example.com:08443",
            Some("https://docs.example.com:8443"),
            Some("https://docs.example.com:8443"),
        ),
        (
            "https://docs.example.com:65535",
            Some("https://docs.example.com:65535"),
            Some("https://docs.example.com:65535"),
        ),
        ("https://docs.example.com:65536", None, None),
        ("https://docs.example.com:99999", None, None),
    ] {
        assert_eq!(origin_of_address(typed).as_deref(), address, "as an address: {typed}");
        assert_eq!(valid_origin(typed).as_deref(), origin, "as origin=: {typed}");
    }
    // In a link's `origin=`: the lab then answers a ping from `http://127.0.0.1`.
    let location = Location::parse("#/coverage?embed=1&origin=http%3A%2F%2F127.0.0.1%3A80");
    assert_eq!(location.common.origin.as_deref(), Some("http://127.0.0.1"));
    assert!(location.notices.is_empty());
}

/// The README's list of `view=` sections is the labs' tables, word for word: a section added to
/// a lab and not to the README (or the other way round) fails here.
#[test]
fn the_readme_lists_every_labs_sections() {
    use crate::lab::Lab;
    let readme = include_str!("../../README.md");
    let list = readme.split("<!-- view-sections -->").nth(1).and_then(|s| s.split("<!-- /view-sections -->").next());
    let list = list.expect("README.md has a view-sections list");
    let mut none = Vec::new();
    for lab in Lab::ALL {
        let sections = crate::labs::sections(*lab);
        if sections.is_empty() {
            none.push(format!("`#/{}`", lab.slug()));
            continue;
        }
        let line = sections
            .iter()
            .map(|s| {
                let mut label = s.label.to_string();
                label[..1].make_ascii_lowercase();
                format!("`{}` ({label})", s.name)
            })
            .collect::<Vec<_>>()
            .join(", ");
        let want = format!("- `#/{}`: {line}\n", lab.slug());
        assert!(list.contains(&want), "README.md lacks {want}");
    }
    if !none.is_empty() {
        let want = format!("- {}: none yet", none.join(", "));
        assert!(list.contains(&want), "README.md lacks {want}");
    }
    assert_eq!(
        list.matches("\n- ").count(),
        Lab::ALL.len() - none.len() + usize::from(!none.is_empty()),
        "README.md lists a lab twice or one that is gone"
    );
}
