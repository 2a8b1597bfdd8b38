//! Parameter descriptions: a link and typing give one message; empty values, units and pairs.

use super::*;

static P: Param<u32> = Param::whole("p", "parallelism", 1, MAX_P).control("Parallelism", "x-p").fallback("using p = 4");
static Q: Param<Option<u32>> = Param::optional("q", "what-if parallelism", 1, MAX_P, "none");
static RATE: Param<u64> = Param::size("rate", "rewrite throughput", true);
static TTL: Param<Option<u64>> = Param::ttl("ttl", "state time-to-live");

fn params(query: &str) -> Params {
    super::super::Location::parse(&format!("#/owners?{query}")).params
}

#[test]
fn a_link_and_typing_give_one_message() {
    for text in ["0", "x", "", "99999999999999999999999", "32769", "1e3"] {
        let mut notices = Vec::new();
        assert_eq!(P.read(&params(&format!("p={text}")), &mut notices), None);
        let mut field = P.field(4);
        P.apply(&mut field, text.to_string(), false);
        let typed = field.error.expect("refused");
        assert!(notices[0].message.contains(&typed), "{} vs {typed}", notices[0].message);
        assert!(notices[0].message.ends_with("using p = 4."));
        assert_eq!(field.value, 4);
    }
}

/// Text a number box cannot read (letters, or 400 digits past any number it holds) is refused
/// with the bound named, and the value stays.
#[test]
fn unreadable_numbers_name_the_bound() {
    let mut field = P.field(4);
    P.apply(&mut field, String::new(), true);
    assert_eq!(field.error.as_deref(), Some("not a number: type digits only, between 1 and 32768"));
    assert_eq!(field.value, 4);
    let mut field = Q.field(Some(8));
    Q.apply(&mut field, String::new(), true);
    assert_eq!(
        field.error.as_deref(),
        Some("not a number: type digits only, between 1 and 32768, or leave it empty (none)")
    );
    assert_eq!(field.value, Some(8));
}

#[test]
fn a_fallback_is_made_from_the_default_unless_given() {
    static M: Param<u32> = Param::whole("m", "modulus m", 1, 1000);
    static STATE: Param<u64> = Param::size_iec("state", "state size", false);
    assert_eq!(M.default_text(&8), "using m = 8");
    assert_eq!(STATE.default_text(&(4 << 40)), "using 4 TiB");
    assert_eq!(TTL.default_text(&None), "using none");
    assert_eq!(Q.default_text(&Some(7)), "using q = 7");
    // In a link's notice: the bound, then the default it falls back to.
    let mut notices = Vec::new();
    assert_eq!(M.read_or(&params("m=0"), &mut notices, 8), 8);
    assert_eq!(notices[0].message, format!("m=\"0\" was not used: {}; using m = 8.", M.parse("0").unwrap_err()));
    let mut notices = Vec::new();
    assert_eq!(STATE.read_or(&params("state=lots"), &mut notices, 4 << 40), 4 << 40);
    assert!(notices[0].message.ends_with("; using 4 TiB."), "{}", notices[0].message);
    // A fallback given by hand wins: the default alone would not say what happens.
    let mut notices = Vec::new();
    assert_eq!(P.read_or(&params("p=0"), &mut notices, 9), 9);
    assert!(notices[0].message.ends_with("; using p = 4."), "{}", notices[0].message);
}

#[test]
fn empty_values_and_units() {
    assert_eq!(Q.parse(" "), Ok(None));
    assert_eq!(Q.parse("12"), Ok(Some(12)));
    assert_eq!(RATE.parse("0").unwrap_err().to_string(), "rewrite throughput must be above 0");
    assert!(RATE.parse("x").unwrap_err().to_string().starts_with("rewrite throughput \"x\" is not a size"));
    assert_eq!(RATE.format(&(300 << 20)), "300 MB");
    for bytes in [0, 1, 1023, 1024, 1536, 2000, 1_110_506_750_000, 4 << 40, (1 << 50) - 1] {
        assert_eq!(RATE.parse(&RATE.format(&bytes)).unwrap_or(0), bytes, "{bytes}");
    }
    assert_eq!(TTL.format(&Some(21_600)), "6h");
    assert_eq!(TTL.parse("none"), Ok(None));
    let mut out = Vec::new();
    P.pair(&4, &4, &mut out);
    Q.pair(&Some(8), &None, &mut out);
    assert_eq!(out, vec![("q", "8".to_string())]);
}
