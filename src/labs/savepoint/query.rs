//! The savepoint lab's parameters and URL state: `uid` (the uid typed into **Operator uid**),
//! `p` (the new parallelism for the restore predictor; absent = the snapshot's own), and
//! `sample` (a bundled sample snapshot to open). The file a person reads is never in the URL.
//! `p` is a [`Param`] of [`PARAMS`]; `uid` and `sample` are choices, read by hand beside it.

use crate::model::training::Sample;
use crate::url::{notice, Choice, Notice, Param, ParamTable, Params, MAX_P};

/// The longest uid the URL carries (Flink sets no bound; real uids are short).
pub const MAX_UID_CHARS: usize = 1000;

pub static P: Param<Option<u32>> = Param::optional("p", "new parallelism", 1, MAX_P, "the snapshot's")
    .control("New parallelism", "sp-p")
    .hint("For the restore predictor; empty: the snapshot's own parallelism.")
    .fallback("using the snapshot's parallelism")
    .lockable();
pub static UID: Choice = Choice::new("uid", "Operator uid").lockable();
pub static SAMPLE: Choice = Choice::new("sample", "Sample snapshot");

/// No section of this lab is shown alone yet: `view=` opens the whole lab, with a notice.
pub static SECTIONS: crate::url::Sections = &[];

/// Every parameter of the lab.
pub static PARAMS: ParamTable = &[&UID, &P, &SAMPLE];

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SavepointQuery {
    pub uid: String,
    pub p: Option<u32>,
    /// A bundled sample to open; `None`: no file until the person picks one.
    pub sample: Option<Sample>,
}

impl SavepointQuery {
    pub fn parse(params: &Params) -> (SavepointQuery, Vec<Notice>) {
        let mut n = Vec::new();
        let mut q = SavepointQuery { p: P.read_or(params, &mut n, None), ..SavepointQuery::default() };
        if let Some(uid) = params.get(UID.name) {
            match uid_problem(uid) {
                None => q.uid = uid.to_string(),
                Some(why) => n.push(notice(UID.name, uid, &format!("{why}; no uid is shown"))),
            }
        }
        if let Some(text) = params.get(SAMPLE.name) {
            match Sample::from_slug(text) {
                Some(s) => q.sample = Some(s),
                None => n.push(notice(SAMPLE.name, text, &sample_problem())),
            }
        }
        (q, n)
    }

    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let Some(s) = self.sample {
            out.push((SAMPLE.name, s.slug().to_string()));
        }
        if !self.uid.is_empty() {
            out.push((UID.name, self.uid.clone()));
        }
        P.pair(&self.p, &None, &mut out);
        out
    }
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
    use crate::url::{format_hash, CommonQuery, Location};

    fn parse(hash: &str) -> (SavepointQuery, Vec<String>) {
        let (q, n) = SavepointQuery::parse(&Location::parse(hash).params);
        (q, n.into_iter().map(|n| n.param).collect())
    }

    #[test]
    fn query_table() {
        let d = SavepointQuery::default();
        let long = "u".repeat(MAX_UID_CHARS + 1);
        let cases: Vec<(String, SavepointQuery, Vec<&str>)> = vec![
            ("#/savepoint".into(), d.clone(), vec![]),
            (
                "#/savepoint?uid=counter&p=8".into(),
                SavepointQuery { uid: "counter".into(), p: Some(8), sample: None },
                vec![],
            ),
            ("#/savepoint?uid=%F0%9F%A6%80+x".into(), SavepointQuery { uid: "🦀 x".into(), ..d.clone() }, vec![]),
            (
                "#/savepoint?sample=rocksdb-checkpoint".into(),
                SavepointQuery { sample: Some(Sample::RocksdbCheckpoint), ..d.clone() },
                vec![],
            ),
            ("#/savepoint?p=0&sample=x".into(), d.clone(), vec!["p", "sample"]),
            (format!("#/savepoint?uid={long}&p=40000"), d.clone(), vec!["p", "uid"]),
        ];
        for (hash, expected, notices) in cases {
            assert_eq!(parse(&hash), (expected, notices.into_iter().map(String::from).collect()), "{hash}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_valid_query_round_trips(
            uid in "\\PC{0,40}",
            p in proptest::option::of(1u32..=32768),
            sample in proptest::option::of(0usize..2),
        ) {
            let q = SavepointQuery { uid, p, sample: sample.map(|i| Sample::ALL[i]) };
            let hash = format_hash(Lab::Savepoint, &CommonQuery::default(), &q.pairs());
            proptest::prop_assert_eq!(parse(&hash), (q, vec![]));
        }

        #[test]
        fn any_link_parses_without_panic(query in "\\PC{0,80}") {
            let _ = SavepointQuery::parse(&Location::parse(&format!("#/savepoint?{query}")).params);
        }
    }

    #[test]
    fn links_round_trip() {
        for q in [
            SavepointQuery::default(),
            SavepointQuery { uid: "a&b=c d%".into(), p: Some(200), sample: Some(Sample::HashmapSavepoint) },
            SavepointQuery { uid: "ключ".into(), p: None, sample: None },
        ] {
            let hash = format_hash(Lab::Savepoint, &CommonQuery::default(), &q.pairs());
            assert_eq!(parse(&hash), (q, vec![]), "{hash}");
        }
    }
}
