//! The savepoint lab's parameters and the state they fill: `p` (the new parallelism for the
//! restore predictor; absent = the snapshot's own), one line of `slots!` bound to its field of
//! [`SavepointState`]; `uid` (the uid typed into **Operator uid**) and `sample` (a bundled
//! sample snapshot to open) read and written by hand beside it. The file a person reads is
//! never in the URL.

use super::shown::{Loaded, ReadError, Reading};
use crate::model::training::Sample;
use crate::url::{notice, slots, Choice, Field, Notice, Param, Params, MAX_P};

/// The longest uid the URL carries (Flink sets no bound; real uids are short).
pub const MAX_UID_CHARS: usize = 1000;

slots! {
    /// The typed uid and new parallelism, the report shown (the last file read successfully), the
    /// read in progress with its progress, the last failure, and the operator chosen for details
    /// and plans.
    ///
    /// Invariant: a failed read never clears the report shown; it only sets `error`.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct SavepointState {
        P: Param<Option<u32>> = p, None,
            Param::optional("p", "new parallelism", 1, MAX_P, "the snapshot's")
                .control("New parallelism", "sp-p")
                .hint("For the links below (the planner, the restore predictor); empty: the snapshot's own parallelism.")
                .fallback("using the snapshot's parallelism")
                .shown_at("sample=hashmap-savepoint")
                .lockable();
    } and {
        pub uid: Field<String>,
        /// The sample the link asked for, until a read starts.
        pub wanted_sample: Option<Sample>,
        pub loaded: Option<Loaded>,
        pub reading: Option<Reading>,
        pub error: Option<ReadError>,
        /// Index into the shown snapshot's operators: details and plans are for this one.
        pub operator: Option<usize>,
    } also UID, SAMPLE read by read_uid_and_sample written by write_sample_and_uid
}

pub static UID: Choice = Choice::new("uid", "Operator uid").noun("operator uid").lockable();
pub static SAMPLE: Choice = Choice::new("sample", "Sample snapshot").noun("sample snapshot");

/// The parts of the lab a `view=` link shows alone, each under the file's choice: the snapshot's
/// summary and operators (with the chosen one's details), or the uid lookup.
pub static SECTIONS: crate::url::Sections = &[
    crate::url::Section { name: "operators", label: "The snapshot and its operators" },
    crate::url::Section { name: "uid", label: "Find an operator by uid" },
];

/// Reads `uid` and `sample` after the slot (a bad one is dropped with a notice).
pub fn read_uid_and_sample(s: &mut SavepointState, params: &Params, n: &mut Vec<Notice>) {
    if let Some(uid) = params.get(UID.name) {
        match uid_problem(uid) {
            None => s.uid = Field::valid(uid.to_string(), uid.to_string()),
            Some(why) => n.push(notice(UID.name, uid, &format!("{why}; no uid is shown"))),
        }
    }
    if let Some(text) = params.get(SAMPLE.name) {
        match Sample::from_slug(text) {
            Some(sample) => s.wanted_sample = Some(sample),
            None => n.push(notice(SAMPLE.name, text, &sample_problem())),
        }
    }
}

/// Writes the sample being read or shown (else the one asked for) and the uid, before `p`.
pub fn write_sample_and_uid(s: &SavepointState, out: &mut Vec<(&'static str, String)>) {
    let sample = match (&s.reading, &s.loaded) {
        (Some(r), _) => r.sample,
        (None, Some(l)) => l.sample,
        (None, None) => s.wanted_sample,
    };
    let slots = std::mem::take(out);
    out.extend(sample.map(|sample| (SAMPLE.name, sample.slug().to_string())));
    if !s.uid.value.is_empty() {
        out.push((UID.name, s.uid.value.clone()));
    }
    out.extend(slots);
}

/// Why a uid cannot be used as it is, if it cannot (the same check for a link and typing).
pub fn uid_problem(uid: &str) -> Option<String> {
    let chars = uid.chars().count();
    (chars > MAX_UID_CHARS)
        .then(|| format!("a uid may be at most {MAX_UID_CHARS} characters here, this one has {chars}"))
}

fn sample_problem() -> String {
    let names: Vec<&str> = Sample::ALL.iter().map(|s| s.slug()).collect();
    format!("the bundled samples are {}; no sample is opened", names.join(" and "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::Lab;
    use crate::labs::frame::LabState;
    use crate::url::{format_hash, CommonQuery, Location};

    /// A state's uid, new parallelism and sample.
    type Opened = (String, Option<u32>, Option<Sample>);

    /// What a link opens, and the notices' parameters.
    fn parse(hash: &str) -> (Opened, Vec<String>) {
        let (s, n) = SavepointState::parse(&Location::parse(hash).params);
        ((s.uid.value, s.p.value, s.wanted_sample), n.into_iter().map(|n| n.param).collect())
    }

    #[test]
    fn query_table() {
        let long = "u".repeat(MAX_UID_CHARS + 1);
        let none = (String::new(), None, None);
        let cases: Vec<(String, Opened, Vec<&str>)> = vec![
            ("#/savepoint".into(), none.clone(), vec![]),
            ("#/savepoint?uid=counter&p=8".into(), ("counter".into(), Some(8), None), vec![]),
            ("#/savepoint?uid=%F0%9F%A6%80+x".into(), ("🦀 x".into(), None, None), vec![]),
            (
                "#/savepoint?sample=rocksdb-checkpoint".into(),
                (String::new(), None, Some(Sample::RocksdbCheckpoint)),
                vec![],
            ),
            ("#/savepoint?p=0&sample=x".into(), none.clone(), vec!["p", "sample"]),
            (format!("#/savepoint?uid={long}&p=40000"), none, vec!["p", "uid"]),
        ];
        for (hash, expected, notices) in cases {
            assert_eq!(parse(&hash), (expected, notices.into_iter().map(String::from).collect()), "{hash}");
        }
    }

    /// A link with these values, as the state writes it back.
    fn written(uid: &str, p: Option<u32>, sample: Option<Sample>) -> String {
        let mut pairs = vec![("uid", uid.to_string())];
        pairs.extend(p.map(|p| ("p", p.to_string())));
        pairs.extend(sample.map(|s| ("sample", s.slug().to_string())));
        let (state, _) = SavepointState::parse(
            &Location::parse(&format_hash(Lab::Savepoint, &CommonQuery::default(), &pairs)).params,
        );
        format_hash(Lab::Savepoint, &CommonQuery::default(), &state.pairs())
    }

    proptest::proptest! {
        #[test]
        fn any_valid_query_round_trips(
            uid in "\\PC{0,40}",
            p in proptest::option::of(1u32..=32768),
            sample in proptest::option::of(0usize..2),
        ) {
            let sample = sample.map(|i| Sample::ALL[i]);
            let hash = written(&uid, p, sample);
            proptest::prop_assert_eq!(parse(&hash), ((uid, p, sample), vec![]));
        }

        #[test]
        fn any_link_parses_without_panic(query in "\\PC{0,80}") {
            let _ = SavepointState::parse(&Location::parse(&format!("#/savepoint?{query}")).params);
        }
    }

    #[test]
    fn links_round_trip() {
        assert_eq!(written("", None, None), "#/savepoint");
        assert_eq!(
            written("a&b=c d%", Some(200), Some(Sample::HashmapSavepoint)),
            "#/savepoint?sample=hashmap-savepoint&uid=a%26b%3Dc%20d%25&p=200"
        );
        assert_eq!(parse(&written("ключ", None, None)), (("ключ".into(), None, None), vec![]));
    }
}
