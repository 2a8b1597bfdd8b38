//! The inputs: hostile text, numbers at the edges, URLs, CSV, parallelisms.

use crate::prelude::*;

// ---------------------------------------------------------------------------------------------
// Strategies: hostile text and numbers at the edges
// ---------------------------------------------------------------------------------------------

/// Integers where bounds live, plus anything.
pub(crate) fn boundary_i64() -> BoxedStrategy<i64> {
    let edges: Vec<i64> = vec![
        i64::MIN,
        i64::MIN + 1,
        -1_000_000_000_001,
        i64::from(i32::MIN) - 1,
        i64::from(i32::MIN),
        -32769,
        -32768,
        -2,
        -1,
        0,
        1,
        2,
        5,
        100,
        101,
        127,
        128,
        129,
        200,
        360,
        361,
        1000,
        1001,
        32767,
        32768,
        32769,
        65536,
        100_000,
        100_001,
        1_000_000,
        1_000_001,
        3_600_000,
        i64::from(i32::MAX),
        i64::from(i32::MAX) + 1,
        i64::from(u32::MAX),
        i64::from(u32::MAX) + 1,
        999_999_999_999,
        1_000_000_000_000,
        1_000_000_000_001,
        999_999_999_999_999,
        1_000_000_000_000_000,
        1 << 50,
        (1 << 50) + 1,
        i64::MAX - 1,
        i64::MAX,
    ];
    prop_oneof![
        4 => select(edges),
        3 => -40_000i64..=40_000,
        1 => 999_999_990_000i64..=1_000_000_010_000,
        2 => any::<i64>(),
    ]
    .boxed()
}

/// Text a person might type in a number field, and text that only looks like it.
pub(crate) fn number_text() -> BoxedStrategy<String> {
    let prefixes = vec!["", "", "", " ", "+", "-", "0", "000", "\t", "\u{a0}", "\u{3000}", "--", "+-", "%2B"];
    let suffixes = vec![
        "", "", "", " ", ".", ".5", ".001", ".0001", ".999", "0", "000", "e3", " KB", "MB", "TiB", "t", "h", "min",
        "d", "s", " ms", "\n", "\r", "%", ",", ",1", "\u{200b}", "\u{0}",
    ];
    let odd = vec![
        "", ".", " ", "+", "-", "NaN", "inf", "-inf", "1e12", "1E3", "0x10", "1.2.3", "1,5", "١٢٣", "１２", "½", "∞",
        "none", "None", "NONE", "+0", "-0", "00", ".25", "7.", "3600.5",
    ];
    prop_oneof![
        6 => (select(prefixes), boundary_i64(), select(suffixes))
            .prop_map(|(pre, v, suf)| format!("{pre}{v}{suf}")),
        3 => "[+-]?[0-9]{0,30}(\\.[0-9]{0,6})?( ?[KMGTkmgt]i?[Bb]?)?",
        1 => select(odd).prop_map(str::to_string),
    ]
    .boxed()
}

/// A few thousand characters: repetitions of a short unit (cheap), or any Unicode.
pub(crate) fn long_text() -> BoxedStrategy<String> {
    prop_oneof![
        4 => ("[0-9]{1,3}|[^\\n]{1,4}|\\PC{1,3}|%[0-9A-F]{2}|,|\"|9|a,1\n|\"\"", 300usize..3000).prop_map(
            |(unit, len)| unit.repeat(len / unit.chars().count().max(1))
        ),
        1 => "\\PC{500,3000}",
    ]
    .boxed()
}

/// Hostile text of every kind.
pub(crate) fn hostile_text() -> BoxedStrategy<String> {
    prop_oneof![
        4 => "\\PC{0,40}",
        3 => ".{0,40}",
        3 => "[\\x00-\\x20\\x7f\"',;=&%+#?/\\\\.~:0-9a-fA-F\\-\u{85}\u{a0}\u{2028}\u{feff}\u{fffd}\u{3000}é😀]{0,40}",
        3 => number_text(),
        1 => "(%[0-9A-Fa-f]{0,2}|%[^0-9A-Fa-f]|[+=&#?a-z]|%[89A-Fa-f][0-9A-Fa-f]){0,20}",
        1 => long_text(),
    ]
    .boxed()
}

pub(crate) fn key_type() -> BoxedStrategy<KeyType> {
    select(KeyType::ALL.to_vec()).boxed()
}

// ---------------------------------------------------------------------------------------------
// Strategies: URLs
// ---------------------------------------------------------------------------------------------

/// Names a link may carry that no lab's table holds: the common parameters, and names the
/// app once wrote or never did.
const OTHER_NAMES: &[&str] =
    &["embed", "theme", "lock", "origin", "view", "v", "saved_maxp_set", "plan_maxp", "target"];

/// Every parameter name of every lab, from the registry (a new lab's are fuzzed with no edit
/// here), and the others.
pub(crate) fn param_names() -> Vec<String> {
    let labs = Lab::ALL.iter().flat_map(|&lab| rescale_lab::labs::params(lab).iter().map(|p| p.name().to_string()));
    let mut names: Vec<String> = labs.chain(OTHER_NAMES.iter().map(|n| n.to_string())).collect();
    names.sort();
    names.dedup();
    names
}

pub(crate) const ENUM_VALUES: &[&str] = &[
    "1",
    "0",
    "string",
    "int",
    "long",
    "String",
    "uniform",
    "zipf",
    "hot",
    "sequential",
    "explicit",
    "derived",
    "none",
    "6h",
    "30%20min",
    "4%20TB",
    "300MB",
    "1024TB",
    "1025TB",
    "light",
    "dark",
    "LIGHT",
    "plain",
    "hot-key",
    "maxp-changed",
    "key-function",
    "uid-changed",
    "schema-compatible",
    "schema-incompatible",
    "a%2C1%0Ab%2C2",
    "m%2Ca",
    "p,%20maxp",
    "https%3A%2F%2Fdocs.example.com",
    "http://LOCALHOST:8080/",
    "https://a.b:99999",
];

/// A parameter value as it may appear in a URL: encoded or raw, valid or not.
pub(crate) fn param_value() -> BoxedStrategy<String> {
    prop_oneof![
        3 => number_text().prop_map(|t| encode_component(&t)),
        2 => number_text(),
        3 => select(ENUM_VALUES).prop_map(str::to_string),
        2 => hostile_text().prop_map(|t| encode_component(&t)),
        2 => hostile_text(),
    ]
    .boxed()
}

/// A hash shaped like the app's (`#/<slug>?name=value&…`), with hostile parts.
pub(crate) fn query_hash() -> BoxedStrategy<String> {
    // Every lab's route (from the registry), and routes that are almost one.
    let mut slugs: Vec<String> = Lab::ALL.iter().map(|lab| format!("/{}", lab.slug())).collect();
    let near = ["", "/", "/owners/", "owners", "//trace//", "/OWNERS", "/%6Fwners", "/nowhere", "/%E0%A4", "/%", "/+"];
    slugs.extend(near.iter().map(|s| s.to_string()));
    let slug = prop_oneof![4 => select(slugs), 1 => hostile_text()];
    let name = prop_oneof![6 => select(param_names()), 1 => hostile_text()];
    let pair =
        (name, select(vec!["=", "=", "=", "", "==", "=%"]), param_value()).prop_map(|(n, eq, v)| format!("{n}{eq}{v}"));
    (select(vec!["#", "#", "", "##"]), slug, select(vec!["?", "?", "", "??", "?&"]), vec(pair, 0..12))
        .prop_map(|(hash, slug, q, pairs)| format!("{hash}{slug}{q}{}", pairs.join("&")))
        .boxed()
}

/// A link into one lab with that lab's own parameters (from the registry), most of them with
/// values it may well accept: small numbers and short words, some hostile.
pub(crate) fn lab_hash() -> BoxedStrategy<String> {
    let value = prop_oneof![3 => (1u32..300).prop_map(|n| n.to_string()), 2 => "[a-z]{1,8}", 1 => param_value()];
    (select(Lab::ALL.to_vec()), vec((any::<prop::sample::Index>(), value), 0..6))
        .prop_map(|(lab, picks)| {
            let table = rescale_lab::labs::params(lab);
            let pairs: Vec<String> = picks
                .iter()
                .map(|(i, v)| format!("{}={}", table[i.index(table.len())].name(), encode_component(v)))
                .collect();
            format!("#/{}?{}", lab.slug(), pairs.join("&"))
        })
        .boxed()
}

/// Text shaped like an origin, with the parts that make it invalid.
pub(crate) fn origin_like() -> BoxedStrategy<String> {
    (
        select(vec!["http", "https", "HTTPS", "ftp", "javascript", ""]),
        select(vec!["://", "://", ":/", "//"]),
        prop_oneof!["[a-zA-Z0-9.\\-]{0,20}", "\\PC{0,10}"],
        select(vec!["", "", ":", ":80", ":08080", ":99999", ":123456", ":x", "::1"]),
        select(vec!["", "", "/", "/path", "?q", "#h", "//", "@evil.example"]),
    )
        .prop_map(|(scheme, sep, host, port, tail)| format!("{scheme}{sep}{host}{port}{tail}"))
        .boxed()
}

pub(crate) fn any_hash() -> BoxedStrategy<String> {
    prop_oneof![6 => query_hash(), 1 => hostile_text(), 1 => "#?/?\\PC{0,60}"].boxed()
}

// ---------------------------------------------------------------------------------------------
// Strategies: CSV
// ---------------------------------------------------------------------------------------------

pub(crate) fn csv_key_field() -> BoxedStrategy<String> {
    prop_oneof![
        3 => number_text(),
        2 => select(vec!["a", "b", "key", "KEY", " key ", "hot", "customer-42", "", " ", "\"key\"", "7", "-7"])
            .prop_map(str::to_string),
        2 => hostile_text(),
        2 => hostile_text().prop_map(|t| format!("\"{}\"", t.replace('"', "\"\""))),
        1 => "\"[^\"\\n]{0,10}(\"[^\",\\n]{1,3})?",
        1 => (999usize..1003).prop_map(|n| "k".repeat(n)),
    ]
    .boxed()
}

pub(crate) fn csv_amount_field() -> BoxedStrategy<String> {
    let samples = vec![
        "",
        " ",
        "0",
        "1",
        "12.5",
        ".25",
        "1.0001",
        "1000000000000",
        "1000000000001",
        "999999999999999.999",
        "4 KB",
        "1.5MB",
        "1 PB",
        "1024 TB",
        "1025 TB",
        "-1",
        "NaN",
    ];
    prop_oneof![4 => number_text(), 3 => select(samples).prop_map(str::to_string), 1 => hostile_text()].boxed()
}

pub(crate) fn csv_line() -> BoxedStrategy<String> {
    let odd = vec!["key,events,bytes", "Key,events_per_s,state_bytes", "\"key\",x", "", " ", "\r", ",", ",,", ",,,"];
    prop_oneof![
        8 => (csv_key_field(), csv_amount_field(), proptest::option::of(csv_amount_field()), vec(csv_amount_field(), 0..2))
            .prop_map(|(key, events, bytes, extra)| {
                let mut fields = vec![key, events];
                fields.extend(bytes);
                fields.extend(extra);
                fields.join(",")
            }),
        1 => hostile_text(),
        1 => select(odd).prop_map(str::to_string),
    ]
    .boxed()
}

pub(crate) fn csv_text() -> BoxedStrategy<String> {
    prop_oneof![
        8 => (vec(csv_line(), 0..30), select(vec!["\n", "\n", "\r\n"]), any::<bool>()).prop_map(|(lines, end, last)| {
            let mut text = lines.join(end);
            if last {
                text.push_str(end);
            }
            text
        }),
        1 => hostile_text(),
        // Hundreds of copies of one line: duplicates, or more errors than are kept.
        1 => (csv_line(), 150usize..400).prop_map(|(line, n)| format!("{line}\n").repeat(n)),
    ]
    .boxed()
}

// ---------------------------------------------------------------------------------------------
// Strategies: numbers, parallelisms and field text
// ---------------------------------------------------------------------------------------------

pub(crate) fn parallelism_i64() -> BoxedStrategy<i64> {
    prop_oneof![3 => boundary_i64(), 2 => 1i64..=32768].boxed()
}

pub(crate) fn max_parallelism() -> BoxedStrategy<MaxParallelism> {
    prop_oneof![1i64..=32768, select(vec![1i64, 2, 128, 256, 32767, 32768])]
        .prop_map(|v| MaxParallelism::new(v).expect("in range"))
        .boxed()
}

pub(crate) fn any_u32() -> BoxedStrategy<u32> {
    prop_oneof![
        select(vec![0u32, 1, 2, 127, 128, 129, 200, 256, 32767, 32768, 32769, 1_000_000, u32::MAX]),
        0u32..=1000,
        any::<u32>(),
    ]
    .boxed()
}

pub(crate) fn any_u64() -> BoxedStrategy<u64> {
    prop_oneof![
        select(vec![0u64, 1, 1 << 30, 1 << 40, MAX_BYTES, MAX_BYTES + 1, u64::MAX / 2, u64::MAX / 2 + 1, u64::MAX]),
        0u64..=1 << 20,
        0u64..=MAX_BYTES,
        any::<u64>(),
    ]
    .boxed()
}

pub(crate) fn any_field_text() -> BoxedStrategy<String> {
    prop_oneof![3 => number_text(), 1 => hostile_text()].boxed()
}
