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
