//! A state serializer change on restore, as Flink 2.3.0 does it (observed in a MiniCluster,
//! `tests/flink-schema/observed-flink-2.3.0.txt`): an incompatible change is *not* refused by
//! the JobMaster. The restore starts, the job reports RUNNING, the keyed task fails while it
//! registers its state (still INITIALIZING), and the restart strategy restarts the job until it
//! gives up. With the observed fixed-delay strategy (3 attempts, 1 s) that is four RUNNING
//! phases, three restarts, then FAILED. A compatible change (`compatibleAfterMigration`)
//! restores every value, reading each old value once with the old serializer.
//!
//! The messages below are Flink's, with serializer object hashes as `<hash>` (the observation
//! replaces them the same way); the heap (hashmap) and RocksDB backends word the cause
//! differently, and the RocksDB canonical and native savepoints gave the same sequence.

/// The state backend of the job (the heap backend and RocksDB word the failure differently).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Backend {
    /// `state.backend.type: hashmap` (Flink's default): state on the JVM heap.
    #[default]
    HashMap,
    /// `state.backend.type: rocksdb`: state in embedded RocksDB.
    RocksDb,
}

impl Backend {
    pub const ALL: [Backend; 2] = [Backend::HashMap, Backend::RocksDb];

    /// The URL's word for it (`backend=`), Flink's `state.backend.type` value.
    pub fn slug(self) -> &'static str {
        match self {
            Backend::HashMap => "hashmap",
            Backend::RocksDb => "rocksdb",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Backend::HashMap => "HashMap (heap)",
            Backend::RocksDb => "RocksDB",
        }
    }
}

crate::choice::choice_value!(Backend, title);

/// The restart strategy of the observed runs: `restart-strategy.type: fixed-delay`, this many
/// attempts, [`RESTART_DELAY_MS`] apart.
pub const RESTART_ATTEMPTS: u32 = 3;
pub const RESTART_DELAY_MS: u64 = 1000;

/// The same broken restore with the restart strategy left to Flink 2.3 (exponential-delay for a
/// job that checkpoints, no limit on attempts): observed, each backend still restarting after
/// 40 s, more than 3 restarts, never FAILED (`… restart strategy not set` in the schema report).
pub const DEFAULT_RESTART: &str = "These runs set a fixed-delay restart strategy with 3 attempts. Left unset, Flink 2.3 keeps restarting a job that checkpoints: the same restore, observed with each backend, was still restarting after 40 s, more than 3 restarts in, and never reached FAILED (Flink's documentation names exponential-delay as that default, with no limit on attempts; not observed past 40 s). So a broken restore looks like a job that is starting: alert on its restarts, or set a strategy with a limit (restart-strategy.type: fixed-delay or failure-rate).";

/// The first link of every task failure's chain.
pub const GETTING_STATE: &str = "java.lang.RuntimeException: Error while getting state";

/// What `JobClient.getJobExecutionResult()` fails with, outermost first.
pub const JOB_FAILED: &str = "org.apache.flink.runtime.client.JobExecutionException: Job execution failed.";

/// How the job fails when the keyed state's serializer changed incompatibly (the trace's sum,
/// a `Long`, read back as a `String`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failing {
    pub backend: Backend,
    /// The job's state transitions from the JobMaster's log, complete.
    pub transitions: Vec<&'static str>,
    /// What a `JobClient.getJobStatus()` poll sees (FAILING lasts milliseconds and is missed).
    pub polled: Vec<&'static str>,
    /// How often the job entered RUNNING.
    pub running_phases: u32,
    pub restarts: u32,
    /// The chain of each task failure (one per attempt), outermost first.
    pub task_failure: Vec<String>,
    /// The restart strategy's last word, which heads the final chain.
    pub suppressed: String,
}

/// The cause every attempt fails with, as the backend words it.
pub fn migration_message(backend: Backend) -> String {
    let opening = match backend {
        Backend::HashMap => "For heap backends, the new",
        Backend::RocksDb => "The new",
    };
    format!(
        "org.apache.flink.util.StateMigrationException: {opening} state serializer \
         (org.apache.flink.api.common.typeutils.base.StringSerializer@<hash>) must not be incompatible with the old \
         state serializer (org.apache.flink.api.common.typeutils.base.LongSerializer@<hash>)."
    )
}

/// The restart strategy's message once its attempts are used up.
pub fn suppressed_message(attempts: u32, delay_ms: u64) -> String {
    format!(
        "org.apache.flink.runtime.JobException: Recovery is suppressed by \
         FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts={attempts}, backoffTimeMS={delay_ms})"
    )
}

impl Failing {
    /// The observed failure for `backend` under the observed restart strategy.
    pub fn observed(backend: Backend) -> Failing {
        let n = RESTART_ATTEMPTS as usize;
        let mut transitions = vec!["CREATED", "RUNNING"];
        let mut polled = vec!["INITIALIZING", "RUNNING"];
        for _ in 0..n {
            transitions.extend(["RESTARTING", "RUNNING"]);
            polled.extend(["RESTARTING", "RUNNING"]);
        }
        transitions.extend(["FAILING", "FAILED"]);
        polled.push("FAILED");
        Failing {
            backend,
            transitions,
            polled,
            running_phases: RESTART_ATTEMPTS + 1,
            restarts: RESTART_ATTEMPTS,
            task_failure: vec![GETTING_STATE.to_string(), migration_message(backend)],
            suppressed: suppressed_message(RESTART_ATTEMPTS, RESTART_DELAY_MS),
        }
    }
}

/// What the compatible change (`compatibleAfterMigration`) did with each backend.
pub fn migration_note(backend: Backend) -> &'static str {
    match backend {
        Backend::HashMap => {
            "The new serializer's snapshot answers compatibleAfterMigration: the wire format really changes, and Flink \
             migrates on restore. Observed in Flink 2.3.0 with the heap backend: every restored value equals the \
             savepoint's (100 of 100 keys), each old value was read once with the old serializer (100 reads), and the \
             new one read nothing back: heap state lives as objects."
        }
        Backend::RocksDb => {
            "The new serializer's snapshot answers compatibleAfterMigration: the wire format really changes, and Flink \
             migrates on restore. Observed in Flink 2.3.0 with RocksDB (canonical and native savepoints): every restored \
             value equals the savepoint's (100 of 100 keys), each old value was read once with the old serializer (100 \
             reads), and later reads went through the new serializer (more than 0 of them): RocksDB keeps values as bytes."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OBSERVED: &str = crate::observed::SCHEMA;

    /// Flink's own restart strategy never gave up on the broken restore, with either backend.
    #[test]
    fn the_default_restart_strategy_never_gives_up() {
        for backend in ["hashmap", "rocksdb"] {
            let title = format!("==== {backend}, canonical savepoint: Long -> String, restart strategy not set");
            let at = OBSERVED.find(&title).unwrap_or_else(|| panic!("{title}"));
            let block = &OBSERVED[at..at + OBSERVED[at..].find("\n\n").unwrap()];
            assert!(block.contains("job status not terminal"), "{block}");
            assert!(block.contains("FAILED reached: no; restarted more than 3 times: yes"), "{block}");
        }
        assert!(DEFAULT_RESTART.contains("never reached FAILED") && DEFAULT_RESTART.contains("more than 3 restarts"));
    }

    /// The section of the observation for one backend and change.
    fn section(title: &str) -> &'static str {
        let start = OBSERVED.find(&format!("==== {title}\n")).unwrap_or_else(|| panic!("no section {title}"));
        let rest = &OBSERVED[start + 5..];
        &rest[..rest.find("\n====").unwrap_or(rest.len())]
    }

    /// Every part of the modelled failure is what Flink 2.3.0 printed
    /// (`tests/flink-schema/observed-flink-2.3.0.txt`, the `Long -> String` sections).
    #[test]
    fn failure_as_observed() {
        let cases = [
            (Backend::HashMap, "hashmap, canonical savepoint: Long -> String"),
            (Backend::RocksDb, "rocksdb, canonical savepoint: Long -> String"),
            (Backend::RocksDb, "rocksdb, native savepoint: Long -> String"),
        ];
        for (backend, title) in cases {
            let f = Failing::observed(backend);
            let s = section(title);
            let expect = [
                format!("JobClient poll saw: {}", f.polled.join(" -> ")),
                format!("job state transitions (JobMaster log): {}", f.transitions.join(" -> ")),
                format!("job entered RUNNING {} time(s); RESTARTING {} time(s)", f.running_phases, f.restarts),
                format!("exception history: {} root entries (one per failure)", f.restarts + 1),
                format!("    {}\n    caused by: {}\n", f.task_failure[0], f.task_failure[1]),
                format!("    {JOB_FAILED}\n    caused by: {}\n", f.suppressed),
                "final job status: FAILED".to_string(),
            ];
            for line in expect {
                assert!(s.contains(&line), "{title}: {line:?} not in the observation");
            }
            for attempt in 0..=f.restarts {
                let line = format!("attempt #{attempt}: furthest state INITIALIZING, a subtask FAILED");
                assert!(s.contains(&line), "{title}: {line}");
            }
        }
        assert_eq!(
            Failing::observed(Backend::HashMap).transitions.join(" -> "),
            "CREATED -> RUNNING -> RESTARTING -> RUNNING -> RESTARTING -> RUNNING -> RESTARTING -> RUNNING -> FAILING -> FAILED"
        );
        assert!(migration_message(Backend::HashMap).contains(": For heap backends, the new state serializer ("));
        assert!(migration_message(Backend::RocksDb).contains("StateMigrationException: The new state serializer ("));
    }

    /// The compatible changes restored every value; the migration read each old value once
    /// (`tests/flink-schema/observed-flink-2.3.0.txt`).
    #[test]
    fn compatible_change_as_observed() {
        for (backend, title, new_reads) in [
            (Backend::HashMap, "hashmap, canonical savepoint: custom v1 -> v2, compatibleAfterMigration", "0"),
            (Backend::RocksDb, "rocksdb, canonical savepoint: custom v1 -> v2, compatibleAfterMigration", "> 0"),
            (Backend::RocksDb, "rocksdb, native savepoint: custom v1 -> v2, compatibleAfterMigration", "> 0"),
        ] {
            let s = section(title);
            assert!(s.contains("restored value equal to the savepoint's count: 100/100"), "{title}");
            assert!(
                s.contains(&format!(
                    "v1 during this run: 100 (one per key = the migration); reads in the new format v2: {new_reads}\n"
                )),
                "{title}"
            );
            assert!(s.contains("job entered RUNNING 1 time(s); RESTARTING 0 time(s)"), "{title}");
            assert!(migration_note(backend).contains("100 of 100 keys"));
        }
    }
}
