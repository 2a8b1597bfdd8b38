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

#[test]
fn a_typed_address_gives_its_origin() {
    use crate::url::origin_of_address;
    for (typed, origin) in [
        ("https://docs.example.com/guide/", Some("https://docs.example.com")),
        ("https://Docs.Example.com:8443/a?b=c#d", Some("https://docs.example.com:8443")),
        ("http://127.0.0.1:4173", Some("http://127.0.0.1:4173")),
        ("https://docs.example.com?x=1", Some("https://docs.example.com")),
        ("https://docs.example.com#top", Some("https://docs.example.com")),
        ("https://user@docs.example.com/", None),
        ("ftp://docs.example.com/", None),
        ("docs.example.com/guide", None),
        ("https:///guide", None),
        ("javascript:alert(1)//x", None),
    ] {
        assert_eq!(origin_of_address(typed).as_deref(), origin, "{typed}");
    }
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
    let want = format!("- {}: none yet", none.join(", "));
    assert!(list.contains(&want), "README.md lacks {want}");
    assert_eq!(
        list.matches("\n- ").count(),
        Lab::ALL.len() - none.len() + 1,
        "README.md lists a lab twice or one that is gone"
    );
}
