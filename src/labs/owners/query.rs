//! The owners lab's parameters and URL state: `maxp`, `p`, `first`, `from`, `largest`, `key`,
//! `type`. The numbers are [`Param`]s of [`PARAMS`]; the key and its type are read by hand
//! beside the table (a key's validity depends on its type).

use crate::model::{KeyType, MaxParallelism};
use crate::url::{notice, Choice, Notice, Param, ParamTable, Params, Section, Sections, MAX_P};

pub static MAXP: Param<Option<MaxParallelism>> = Param::max_parallelism("maxp", "max parallelism")
    .control("Max parallelism", "owners-maxp")
    .fallback("using Flink's default derived from p")
    .lockable();
pub static P: Param<u32> = Param::whole("p", "parallelism", 1, MAX_P)
    .control("Exact parallelism", "owners-p")
    .lockable();
pub static FIRST: Param<Option<u32>> = Param::optional("first", "first parallelism", 1, MAX_P, "the earlier parallelism, else the parallelism")
    .control("First parallelism", "owners-first")
    .hint("The parallelism the job ran with when its state was first created.")
    .fallback("using the earlier parallelism, else p");
pub static FROM: Param<Option<u32>> = Param::optional("from", "earlier parallelism", 1, MAX_P, "none")
    .control("Earlier parallelism", "owners-from")
    .hint("The parallelism before a rescale: shows what moves, and what the autoscaler would pick.")
    .fallback("showing no rescale")
    .lockable();
pub static LARGEST: Param<Option<u32>> =
    Param::optional("largest", "largest parallelism", 1, MAX_P, "same as parallelism")
        .control("Largest foreseeable parallelism", "owners-largest")
        .fallback("using p");
pub static KEY: Choice = Choice::new("key", "Key").noun("key").lockable();
pub static TYPE: Choice = Choice::new("type", "Key type").noun("key type").lockable();

/// The sections `view=` shows alone, for a compact embed.
pub static SECTIONS: Sections = &[
    Section { name: "slider", label: "Parallelism slider and owner ranges" },
    Section { name: "imbalance", label: "Imbalance and its chart" },
    Section { name: "lookup", label: "Look up a key" },
];

/// Every parameter of the lab.
pub static PARAMS: ParamTable = &[&MAXP, &P, &FIRST, &FROM, &LARGEST, &KEY, &TYPE];

/// State of the owners lab carried in the URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnersQuery {
    /// Max parallelism; `None` = Flink's default, derived from `first` (or `p`).
    pub maxp: Option<MaxParallelism>,
    /// Parallelism, `1..=32768` (it may exceed `maxp`: the lab then shows why the job fails).
    pub p: u32,
    /// The parallelism the job first ran with, from which an unset max parallelism was
    /// derived; `None` = the earliest given: `from`, else `p`.
    pub first: Option<u32>,
    /// An earlier parallelism, for the rescale diff and the autoscaler; `None` = none.
    pub from: Option<u32>,
    /// The largest parallelism foreseen, for the max-parallelism chooser; `None` = `p`.
    pub largest: Option<u32>,
    pub key: String,
    pub key_type: KeyType,
}

/// The longest key the URL carries.
pub const MAX_KEY_CHARS: usize = 1000;

impl Default for OwnersQuery {
    fn default() -> Self {
        OwnersQuery {
            maxp: None,
            p: 4,
            first: None,
            from: None,
            largest: None,
            key: "customer-42".to_string(),
            key_type: KeyType::String,
        }
    }
}

impl OwnersQuery {
    /// Reads the lab's parameters, falling back to defaults with notices.
    pub fn parse(params: &Params) -> (OwnersQuery, Vec<Notice>) {
        let d = OwnersQuery::default();
        let mut n = Vec::new();
        let mut q = OwnersQuery {
            maxp: MAXP.read_or(params, &mut n, d.maxp),
            p: P.read_or(params, &mut n, d.p),
            first: FIRST.read_or(params, &mut n, d.first),
            from: FROM.read_or(params, &mut n, d.from),
            largest: LARGEST.read_or(params, &mut n, d.largest),
            ..d
        };
        if let Some(text) = params.get(KEY.name) {
            if text.chars().count() <= MAX_KEY_CHARS {
                q.key = text.to_string();
            } else {
                let why = format!("a key in the URL may be at most {MAX_KEY_CHARS} characters; using {:?}", q.key);
                n.push(notice(KEY.name, text, &why));
            }
        }
        if let Some(text) = params.get(TYPE.name) {
            match KeyType::parse(text) {
                Ok(t) => q.key_type = t,
                Err(e) => n.push(notice(TYPE.name, text, &format!("{e}; using string"))),
            }
        }
        (q, n)
    }

    /// The parameters that differ from the defaults.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = OwnersQuery::default();
        let mut out = Vec::new();
        MAXP.pair(&self.maxp, &d.maxp, &mut out);
        P.pair(&self.p, &d.p, &mut out);
        FIRST.pair(&self.first, &d.first, &mut out);
        FROM.pair(&self.from, &d.from, &mut out);
        LARGEST.pair(&self.largest, &d.largest, &mut out);
        if self.key != d.key {
            out.push((KEY.name, self.key.clone()));
        }
        if self.key_type != d.key_type {
            out.push((TYPE.name, self.key_type.as_str().to_string()));
        }
        out
    }
}
