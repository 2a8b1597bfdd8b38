//! The coverage lab's parameters and the state they fill: `m` (modulus) and `a` (stride), each
//! one line of `slots!` bound to its field of [`CoverageState`] (an edit of either moves the
//! walk to the new pair at the same t, [`CoverageState::sync_orbit`]); `t` (playback seconds, set by the
//! clock, no field) and `answers=hidden` (a trainer's link: hints instead of answers, no trail,
//! first attempts scored; the shared [`ANSWERS`]) are read and written by hand beside them.

use super::progress::Progress;
use crate::model::coverage::{Orbit, Prediction, Verdict, MAX_MILLIS, MAX_MODULUS, MAX_STRIDE};
use crate::model::number::{format_millis_as_seconds, parse_seconds_as_millis};
use crate::url::workshop::{answers_hidden, ANSWERS};
use crate::url::{notice, slots, Field, Notice, Param, Params};

/// Playback in progress: t = `t_ms_at_start` + milliseconds since `started_at_ms` (a
/// reading of the browser clock).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    pub started_at_ms: f64,
    pub t_ms_at_start: u32,
}

/// A prediction made for an earlier pair, kept to show it belonged to that pair.
#[derive(Debug, Clone, PartialEq)]
pub struct Earlier {
    pub m: u32,
    pub a: u64,
    pub prediction: Prediction,
    pub verdict: Verdict,
}

slots! {
    /// The pair (m, a), playback time, the learner's prediction and the exercise progress.
    ///
    /// Invariant: `orbit` always matches the last valid `m` and `a`; a prediction belongs to the
    /// pair it was made for, and an edit of the pair moves it to `earlier` and leaves the new
    /// pair's walk at the same t, not begun (issue 3, seed 000: edits keep t), its trail worked
    /// out from 0 when Play or Step begins it; a walk whose trail is on screen before a
    /// prediction takes none (it is locked).
    #[derive(Debug, Clone, PartialEq)]
    pub struct CoverageState {
        M: Param<u32> = m, 8,
            Param::whole("m", "modulus m", 1, MAX_MODULUS as i64).control("Modulus m", "coverage-m").lockable(),
            after CoverageState::sync_orbit;
        A: Param<u64> = a, 1,
            Param::whole64("a", "stride a", 0, MAX_STRIDE as i64).control("Stride a", "coverage-a").lockable(),
            after CoverageState::sync_orbit;
    } and {
        pub orbit: Orbit,
        /// `answers=hidden`: a wrong prediction gets a hint, the trail is not shown.
        pub hidden: bool,
        /// Playback time in milliseconds, `0..=3_600_000`; the URL writes it in seconds (`t=1.5`).
        pub t_ms: u32,
        /// False until the first Play or Step (or a link with t > 0), and again after an edit
        /// of the pair: the trail is empty.
        pub started: bool,
        pub clock: Option<Clock>,
        /// The prediction for the current pair, and whether it is locked (the run began).
        pub prediction: Prediction,
        pub count: Field<Option<u32>>,
        pub locked: bool,
        pub earlier: Option<Earlier>,
        pub progress: Progress,
        /// Opened from a link with t > 0 (a shared link, a reload): the walk was under way before
        /// anything could be predicted on this page, which a prediction is not carried into.
        pub opened_under_way: bool,
    } also ANSWERS read by read_time_and_answers written by write_time_and_answers
}

/// The sections `view=` shows alone, for a compact embed; each holds the controls and the
/// circle it needs, and only `exercise` holds the two-run exercise.
pub static SECTIONS: crate::url::Sections = &[
    crate::url::Section { name: "circle", label: "The circle with its controls" },
    crate::url::Section { name: "prediction", label: "The circle and the prediction" },
    crate::url::Section { name: "exercise", label: "The circle, the prediction and the exercise" },
];

/// Reads `t` and `answers` after the slots, and starts the walk at the link's pair and time.
pub fn read_time_and_answers(s: &mut CoverageState, params: &Params, notices: &mut Vec<Notice>) {
    let hidden = answers_hidden(params, notices);
    let t_ms = match params.get("t").map(|text| (text, parse_seconds_as_millis(text, MAX_MILLIS))) {
        None => 0,
        Some((_, Ok(v))) => v,
        Some((text, Err(e))) => {
            notices.push(notice("t", text, &format!("{e}; starting at t = 0")));
            0
        }
    };
    let orbit = Orbit::new(i64::from(s.m.value), s.a.value as i64).unwrap_or(s.orbit);
    *s = CoverageState::at(orbit, t_ms, hidden, s.progress);
}

/// Writes `t` (only while paused: playback would flood the history API) and `answers=hidden`.
/// No `t` with answers hidden (the walk pauses where it closes, so the address would give the
/// count away, n = floor(2t)), nor for a pair not begun (an edit keeps t, but a link with t
/// opens a walk under way, its trail, the answer, on screen before any prediction).
pub fn write_time_and_answers(s: &CoverageState, out: &mut Vec<(&'static str, String)>) {
    let t_ms = s.clock.map_or(s.t_ms, |c| c.t_ms_at_start);
    if t_ms != 0 && !s.hidden && s.started {
        out.push(("t", format_millis_as_seconds(t_ms)));
    }
    if s.hidden {
        out.push((ANSWERS.name, "hidden".to_string()));
    }
}
