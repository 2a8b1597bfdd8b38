//! Parameters a lab's link gives that the lab does not read (`mapx=256` for `maxp`, `P=3`):
//! each is said, never dropped in silence, with the lab's own parameter a slip away from it
//! when there is one. At most [`MAX_REPEAT_NOTICES`] of them, and none for a name over
//! [`MAX_NAME_CHARS`] characters (no slip of a parameter's name, and a hostile link cannot
//! flood the page with it).

use super::{notice, Notice, Params, MAX_REPEAT_NOTICES};

/// The parameters every lab's link may carry: the contract version, the embed's and the theme.
pub const COMMON: [&str; 6] = ["v", "embed", "theme", "lock", "origin", "view"];

/// The longest name said: longer ones are no parameter's name mistyped.
pub const MAX_NAME_CHARS: usize = 60;

/// Adds a notice for each name in `params` that is neither in `known` nor common, once a name
/// (a name already noticed, such as a bad value's, is left alone). `place`: what the link opens,
/// as a sentence names it ("the Key owners lab", "the home page").
pub fn note_unknown(params: &Params, known: &[&str], place: &str, notices: &mut Vec<Notice>) {
    let mut noted = 0;
    for (name, value) in &params.pairs {
        if noted == MAX_REPEAT_NOTICES {
            return;
        }
        let unknown = !known.contains(&name.as_str()) && !COMMON.contains(&name.as_str());
        let said = name.chars().count() <= MAX_NAME_CHARS && !notices.iter().any(|n| &n.param == name);
        if unknown && said {
            let consequence = match nearest(name, known) {
                Some(near) => format!("{place} has no parameter of that name (did you mean {near}?)"),
                None => format!("{place} has no parameter of that name"),
            };
            notices.push(notice(name, value, &consequence));
            noted += 1;
        }
    }
}

/// The known name a slip away from `name`: the same but for letter case, or at most two letters
/// added, removed, changed or swapped (one, for a name of three letters or fewer).
fn nearest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    // ASCII only: the parameters' names are, and str::to_lowercase would bring core's Unicode
    // case tables into every module (about 7 KB a route as sent; www/e2e/code-size.spec.js).
    let lower = name.to_ascii_lowercase();
    let most = if lower.chars().count() <= 3 { 1 } else { 2 };
    known.iter().map(|k| (slips(&lower, k), *k)).filter(|(d, _)| *d <= most).min_by_key(|(d, _)| *d).map(|(_, k)| k)
}

/// How many single-letter slips (an added, removed or changed letter, or two neighbours swapped)
/// turn `a` into `b` (the optimal string alignment distance).
fn slips(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::Location;

    fn said(query: &str, known: &[&str]) -> Vec<String> {
        let mut notices = Vec::new();
        note_unknown(&Location::parse(&format!("#/owners?{query}")).params, known, "the Key owners lab", &mut notices);
        notices.into_iter().map(|n| n.message).collect()
    }

    #[test]
    fn unknown_names_are_said_with_the_name_a_slip_away() {
        let known = ["maxp", "p", "key", "from"];
        assert_eq!(said("maxp=128&p=4&key=a&embed=1&theme=dark&v=1", &known), Vec::<String>::new());
        assert_eq!(
            said("mapx=256&P=3&zzz=1", &known),
            [
                "mapx=\"256\" was not used: the Key owners lab has no parameter of that name (did you mean maxp?).",
                "P=\"3\" was not used: the Key owners lab has no parameter of that name (did you mean p?).",
                "zzz=\"1\" was not used: the Key owners lab has no parameter of that name.",
            ]
        );
        // A name given twice is said once; at most four are said.
        assert_eq!(said("zzz=1&zzz=2", &known).len(), 1);
        assert_eq!(said("a1=1&a2=1&a3=1&a4=1&a5=1&a6=1", &known).len(), MAX_REPEAT_NOTICES);
        // A name longer than any parameter's is no slip: not said.
        assert_eq!(said(&format!("{}=1", "x".repeat(60)), &known).len(), 1);
        assert_eq!(said(&format!("{}=1", "x".repeat(61)), &known), Vec::<String>::new());
    }

    #[test]
    fn slips_count_single_letter_edits() {
        for (a, b, n) in [
            ("maxp", "maxp", 0),
            ("mapx", "maxp", 1),
            ("max", "maxp", 1),
            ("mxp", "maxp", 1),
            ("abc", "xyz", 3),
            ("", "p", 1),
        ] {
            assert_eq!(slips(a, b), n, "{a} {b}");
        }
        assert_eq!(nearest("kye", &["key", "p"]), Some("key"));
        assert_eq!(nearest("q", &["key", "p"]), Some("p"));
        assert_eq!(nearest("total_events", &["total"]), None);
    }
}
