//! Every committed Flink vector, checked against the model: Java hashes, murmur values, key
//! groups, owners, key-group ranges and the default max parallelism.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use rescale_lab::model::java_hash::utf16_hash;
use rescale_lab::model::murmur::murmur_hash;
use rescale_lab::model::{default_max_parallelism, KeyType, MaxParallelism, Parallelism};
use support::{key_group_columns, owner_columns, utf16_units, Table};

#[test]
fn keys_hash_group_and_route_as_in_flink() {
    let table = Table::load("keys.tsv");
    let groups = key_group_columns(&table.header);
    let owners = owner_columns(&table.header);
    let records = table.records();
    assert!(records.len() > 5000, "expected the full vector set, got {} rows", records.len());
    for row in records {
        let (kind, cell) = (row["type"], row["key"]);
        let hash = if kind == "string" {
            let units = utf16_units(cell);
            let raw = utf16_hash(units.iter().copied());
            // Valid UTF-16 also goes through the typed key, as the app and CLI do.
            if let Ok(text) = String::from_utf16(&units) {
                assert_eq!(KeyType::String.parse_key(&text).unwrap().java_hash(), raw, "{cell}");
            }
            raw
        } else {
            KeyType::parse(kind).unwrap().parse_key(cell).unwrap().java_hash()
        };
        assert_eq!(hash.to_string(), row["java_hash"], "{kind} {cell}");
        assert_eq!(murmur_hash(hash).to_string(), row["murmur"], "{kind} {cell}");
        for (m, column) in &groups {
            let group = MaxParallelism::new(*m).unwrap().key_group_of_hash(hash);
            assert_eq!(group.index().to_string(), row[column.as_str()], "{kind} {cell} {column}");
        }
        for ((m, p), column) in &owners {
            let p = Parallelism::new(*p, MaxParallelism::new(*m).unwrap()).unwrap();
            let owner = p.owner_of(p.max().key_group_of_hash(hash));
            assert_eq!(owner.index().to_string(), row[column.as_str()], "{kind} {cell} {column}");
        }
    }
}

#[test]
fn ranges_match_flink() {
    let table = Table::load("ranges.tsv");
    let records = table.records();
    assert!(records.len() > 10_000);
    for row in records {
        let n = |k: &str| row[k].parse::<i64>().unwrap();
        let p = Parallelism::new(n("parallelism"), MaxParallelism::new(n("max_parallelism")).unwrap()).unwrap();
        let op = p.operator(n("operator") as u32).unwrap();
        let range = p.range_of(op);
        assert_eq!((i64::from(range.first()), i64::from(range.last())), (n("first"), n("last")), "{row:?}");
    }
}

#[test]
fn default_max_parallelism_matches_flink() {
    let table = Table::load("default_max_parallelism.tsv");
    for row in table.records() {
        let p: i64 = row["parallelism"].parse().unwrap();
        let got = default_max_parallelism(p).map(|m| m.get().to_string());
        match row["default_max_parallelism"] {
            "error" => assert!(got.is_err(), "p = {p}"),
            expected => assert_eq!(got.as_deref(), Ok(expected), "p = {p}"),
        }
    }
}
