//! The coverage lab's parameters and URL state: `m` (modulus), `a` (stride), `t` (playback
//! seconds), `answers=hidden` (a trainer's link: hints instead of answers, no trail, first
//! attempts scored). `m` and `a` are [`Param`]s of [`PARAMS`]; `t` is no field (the clock sets
//! it) and is read by hand beside the table, as is `answers` (the shared [`ANSWERS`]).

use crate::model::coverage::{MAX_MILLIS, MAX_MODULUS, MAX_STRIDE};
use crate::model::number::{format_millis_as_seconds, parse_seconds_as_millis};
use crate::url::workshop::{answers_hidden, ANSWERS};
use crate::url::{notice, Notice, Param, ParamTable, Params};

pub static M: Param<u32> = Param::whole("m", "modulus m", 1, MAX_MODULUS as i64)
    .control("Modulus m", "coverage-m")
    .lockable();
pub static A: Param<u64> = Param::whole64("a", "stride a", 0, MAX_STRIDE as i64)
    .control("Stride a", "coverage-a")
    .lockable();

/// The sections `view=` shows alone, for a compact embed; each holds the controls and the
/// circle it needs, and only `exercise` holds the two-run exercise.
pub static SECTIONS: crate::url::Sections = &[
    crate::url::Section { name: "circle", label: "The circle with its controls" },
    crate::url::Section { name: "prediction", label: "The circle and the prediction" },
    crate::url::Section { name: "exercise", label: "The circle, the prediction and the exercise" },
];

/// Every field parameter of the lab.
pub static PARAMS: ParamTable = &[&M, &A, &ANSWERS];

/// Defaults: m = 8, a = 1, t = 0, answers shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoverageQuery {
    pub m: u32,
    pub a: u64,
    /// Playback time in milliseconds, `0..=3_600_000`; the URL writes it in seconds (`t=1.5`).
    pub t_ms: u32,
    /// `answers=hidden`: a wrong prediction gets a hint, the trail is not shown.
    pub answers_hidden: bool,
}

impl Default for CoverageQuery {
    fn default() -> Self {
        CoverageQuery { m: 8, a: 1, t_ms: 0, answers_hidden: false }
    }
}

impl CoverageQuery {
    /// Reads the lab's parameters, falling back to defaults with notices.
    pub fn parse(params: &Params) -> (CoverageQuery, Vec<Notice>) {
        let d = CoverageQuery::default();
        let mut notices = Vec::new();
        let mut q = CoverageQuery {
            m: M.read_or(params, &mut notices, d.m),
            a: A.read_or(params, &mut notices, d.a),
            answers_hidden: answers_hidden(params, &mut notices),
            ..d
        };
        if let Some(text) = params.get("t") {
            match parse_seconds_as_millis(text, MAX_MILLIS) {
                Ok(v) => q.t_ms = v,
                Err(e) => notices.push(notice("t", text, &format!("{e}; starting at t = 0"))),
            }
        }
        (q, notices)
    }

    /// The parameters that differ from the defaults.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let d = CoverageQuery::default();
        let mut pairs = Vec::new();
        M.pair(&self.m, &d.m, &mut pairs);
        A.pair(&self.a, &d.a, &mut pairs);
        if self.t_ms != d.t_ms {
            pairs.push(("t", format_millis_as_seconds(self.t_ms)));
        }
        if self.answers_hidden {
            pairs.push((ANSWERS.name, "hidden".to_string()));
        }
        pairs
    }
}
