//! Which Flink releases the in-place answers were run on, and where the releases differ
//! (`tests/flink-adaptive/observed-flink-<version>.txt`, one program run on the newest patch of
//! every line from 1.18 to 2.3): every PUT got the same HTTP status on all seven, and left the
//! same parallelism but one: a lower bound above the slots restarted 1.18.1 at what the slots
//! allow, and changed nothing from 1.19 on. The restart differs too. 1.18 to 1.20 restart the
//! job at once and restore the latest checkpoint completed before the request; from 2.0 on the
//! job waits for a checkpoint completed after it (the `rescale-trigger` options that arrive with
//! 2.0, `tests/flink-config-keys`).

use super::release::Release;

/// The version the in-place answers were observed on for `release`, if any.
pub fn observed_version(release: Release) -> Option<&'static str> {
    match release {
        Release::V1_18 => Some("1.18.1"),
        Release::V1_19 => Some("1.19.3"),
        Release::V1_20 => Some("1.20.5"),
        Release::V2_0 => Some("2.0.2"),
        Release::V2_1 => Some("2.1.3"),
        Release::V2_2 => Some("2.2.1"),
        Release::V2_3 => Some("2.3.0"),
        _ => None,
    }
}

/// Every version the in-place answers were observed on, oldest first.
pub const OBSERVED_VERSIONS: [&str; 7] = ["1.18.1", "1.19.3", "1.20.5", "2.0.2", "2.1.3", "2.2.1", "2.3.0"];

/// Which checkpoint an in-place rescale restores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestorePoint {
    /// The job restarts at once, from the latest checkpoint completed before the request: what
    /// came after it is read again from the sources.
    BeforeRequest,
    /// The job waits for a checkpoint completed after the request and restarts from it.
    AfterRequest,
}

impl RestorePoint {
    /// The checkpoint `release` restores an in-place rescale from.
    pub fn of(release: Release) -> RestorePoint {
        if release >= Release::V2_0 {
            RestorePoint::AfterRequest
        } else {
            RestorePoint::BeforeRequest
        }
    }

    /// How the observation report words it (`restored from: …`).
    pub fn observed_words(self) -> &'static str {
        match self {
            RestorePoint::BeforeRequest => "the latest checkpoint completed before the request",
            RestorePoint::AfterRequest => "a checkpoint that completed after the request",
        }
    }

    /// The checkpoint, as the answer's sentence names it.
    pub fn checkpoint(self) -> &'static str {
        match self {
            RestorePoint::BeforeRequest => {
                "its latest checkpoint, completed before the request (what came after it is read again)"
            }
            RestorePoint::AfterRequest => "a checkpoint completed after the request",
        }
    }

    /// The condition as the planner says it.
    pub fn condition(self) -> &'static str {
        match self {
            RestorePoint::BeforeRequest => {
                "Checkpointing on: the job restarts at once (its tasks cancelled and deployed again) and restores every \
                 key's state from the latest checkpoint completed before the request; what came after that checkpoint \
                 is read again from the sources."
            }
            RestorePoint::AfterRequest => {
                "Checkpointing on: the job restarts (Executing → Restarting → CreatingExecutionGraph → Executing) and \
                 restores every key's state from a checkpoint completed after the request."
            }
        }
    }
}

/// What a lower bound above the task slots does (asked as lower and upper bound, 32 with 16
/// slots, the job at 4): HTTP 200 on every release.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LowerBoundAboveSlots {
    /// The job restarts at what the slots allow (1.18: 4 → 16), the lower bound not met.
    RunsAtSlots,
    /// Nothing changes: the job stays at its parallelism (4 → 4).
    Unchanged,
}

impl LowerBoundAboveSlots {
    pub fn of(release: Release) -> LowerBoundAboveSlots {
        if release <= Release::V1_18 {
            LowerBoundAboveSlots::RunsAtSlots
        } else {
            LowerBoundAboveSlots::Unchanged
        }
    }

    /// The parallelism the observed job (at 4, with 16 slots) ran at after the request.
    pub fn observed_after(self) -> u32 {
        match self {
            LowerBoundAboveSlots::RunsAtSlots => 16,
            LowerBoundAboveSlots::Unchanged => 4,
        }
    }

    /// The sentence of the slots condition.
    pub fn sentence(self) -> &'static str {
        match self {
            LowerBoundAboveSlots::RunsAtSlots => {
                "A lower bound above the slots also answers 200, and the job restarts at what the slots allow, the lower \
                 bound not met (32 asked as both bounds with 16 slots: 4 → 16)."
            }
            LowerBoundAboveSlots::Unchanged => {
                "A lower bound above the slots also answers 200 and changes nothing (32 asked as both bounds with 16 \
                 slots: the job stayed at 4)."
            }
        }
    }
}

/// `versions` written as a list: `1.18.1, 1.19.3 and 1.20.5`.
fn listed(versions: &[&str]) -> String {
    match versions {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Every version observed, as a list: `1.18.1, 1.19.3, … and 2.3.0`.
pub fn observed_all() -> String {
    listed(&OBSERVED_VERSIONS)
}

/// The release of an observed version (`2.1.3` → 2.1).
fn release_of(version: &str) -> Option<Release> {
    Release::ALL.iter().copied().find(|r| version.starts_with(&format!("{}.", r.slug())))
}

/// How `release` differs from the newest observed release: (its restart, what a lower bound
/// above the slots does).
fn differs(release: Release) -> (bool, bool) {
    let newest = Release::V2_3;
    (
        RestorePoint::of(release) != RestorePoint::of(newest),
        LowerBoundAboveSlots::of(release) != LowerBoundAboveSlots::of(newest),
    )
}

/// The observed versions other than the newest that differ from it as `how` says.
fn others(how: (bool, bool)) -> String {
    let picked: Vec<&str> = OBSERVED_VERSIONS[..OBSERVED_VERSIONS.len() - 1]
        .iter()
        .copied()
        .filter(|v| release_of(v).map(differs) == Some(how))
        .collect();
    listed(&picked)
}

/// The line that says which releases the answers were run on, for a runbook of `release`.
pub fn observed_line(release: Release) -> String {
    let newest = OBSERVED_VERSIONS[OBSERVED_VERSIONS.len() - 1];
    match observed_version(release) {
        Some(v) if v == newest => format!(
            "Observed on Flink {newest}, with the same answers on {}; on {} except which checkpoint the restart restores; \
             on {} except that and what a lower bound above the slots does.",
            others((false, false)),
            others((true, false)),
            others((true, true)),
        ),
        Some(v) => match differs(release) {
            (false, false) => format!("Observed on Flink {v}: the same HTTP answers, parallelisms and restart as on {newest}."),
            (true, false) => format!(
                "Observed on Flink {v}: the same HTTP answers and parallelisms as on {newest}; the restart differs, as the conditions say."
            ),
            (restart, _) => format!(
                "Observed on Flink {v}: the same HTTP answers as on {newest}, and the same parallelisms but where a lower bound is above \
                 the slots; {}, as the conditions say.",
                if restart { "that and the restart differ" } else { "that differs" }
            ),
        },
        None if release.rescales_in_place() => {
            format!("Observed on Flink {}, not on {}: taken to answer as {newest} does.", observed_all(), release.slug())
        }
        None => format!("Flink {} has no such call; observed on {}.", release.slug(), observed_all()),
    }
}

#[cfg(test)]
#[path = "in_place_releases_tests.rs"]
mod tests;
