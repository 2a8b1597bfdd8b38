//! Uid → operator id against pairs Flink 2.3.0 computed (`StreamGraphHasherV2` and Guava's
//! `murmur3_128`, tests/flink-savepoints/fixtures/2.3.0/operator-ids.json), and hex output.
use super::*;
use proptest::prelude::*;

#[test]
fn matches_ids_computed_by_flink() {
    let long = format!("long-{}", "0123456789".repeat(30));
    let cases = [
        ("", "00000000000000000000000000000000"),
        ("a", "897859f6655555855a890e51483ab5e6"),
        ("counter", "0da08f51eaa85fc298e176a139b3649a"),
        ("numbers-source", "5900d2cb0a81c830ac5f9c198a565783"),
        ("rules-source", "5182b45b6472b1a8299f474baebf57c3"),
        ("my operator uid", "3f69b1e91d504a57f365a82bf531e700"),
        ("ünïcödé", "729ac40d8233680c68081068c276e8fb"),
        ("ключ", "c302ab71f27060f6994d5a106d907f8a"),
        ("鍵", "142373902c8f664ead36f59c83b17c0e"),
        ("🦀", "803a0785fb94395fc5b22e2bc7bb289a"),
        ("emoji 🎉 mixed 🦀🦀", "9f37f05bfd0536a274f9b0d742673eb6"),
        ("nul\0inside", "88378ccd50cae6e44df6b60d45fe22be"),
        ("quote\"back\\slash", "71a70bb072f63a2be8e5afbeeb7eee75"),
        (&long, "f2c6ae6d2318d9abacb358b81ed74919"),
    ];
    for (uid, id) in cases {
        assert_eq!(operator_id_hex(uid), id, "{uid:?}");
    }
}

#[test]
fn hex_is_lowercase_two_digits_per_byte() {
    assert_eq!(hex(&[0x00, 0x0f, 0xa0, 0xff]), "000fa0ff");
}

proptest! {
    #[test]
    fn every_uid_gives_32_hex_digits(uid in ".*") {
        let id = operator_id_hex(&uid);
        prop_assert_eq!(id.len(), 32);
        prop_assert!(id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
    }
}

/// Flink 2.3.0 refuses an empty uid with this message and accepts a blank one
/// (`tests/flink-empty-uid/observed-flink-2.3.0.txt`, from `bash tests/flink-empty-uid/run.sh`).
#[test]
fn an_empty_uid_is_refused_as_flink_refuses_it() {
    let observed = crate::observed::EMPTY_UID;
    let outcome = |uid: &str| {
        let head = format!("==== uid \"{uid}\" on a map operator\n");
        let start = observed.find(&head).unwrap_or_else(|| panic!("no case {uid:?}")) + head.len();
        observed[start..].lines().next().unwrap().to_string()
    };
    assert_eq!(outcome(""), format!("refused: java.lang.IllegalArgumentException: {EMPTY_UID_REFUSAL}"));
    assert!(outcome(" ").starts_with("vertex "), "{}", outcome(" "));
    assert!(outcome("counter").starts_with("vertex "), "{}", outcome("counter"));
}
