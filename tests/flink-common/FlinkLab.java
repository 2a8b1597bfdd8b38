/*
 * FlinkLab: what the observation programs in tests/flink-adaptive, flink-cancel-retention,
 * flink-cutover, flink-first-checkpoint, flink-opstate, flink-restore, flink-rest-metrics, flink-schema,
 * flink-snapshot-kinds and flink-trace-kit share. flink.sh compiles it together with each of them,
 * and each extends it, so that its code calls these helpers by their short names: the report, the
 * watchdog, the MiniCluster and a program's opening, a job's configuration, a generator job of one
 * keyed operator, the counting keyed
 * operator, waiting and polling, stopping jobs, reading Flink's log, exception chains and the
 * placeholders for run-specific values.
 *
 * It extends FlinkLabApi, the few pieces whose Flink API differs between 1.18 and 2.x (the keyed
 * function's open, the generator source, the discarding sink): flink.sh compiles FlinkLabApi.java
 * with it for 1.19 and later and flink-1.18/FlinkLabApi.java for an older release, so FlinkLab
 * compiles against Flink 1.18 and later (the programs themselves may need 2.x; flink-adaptive runs
 * on 1.18 too). tests/flink-savepoints (compiled against every release from 1.15 on) and
 * tests/flink-vectors (no cluster) do not use it.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.util.Collector;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

public class FlinkLab extends FlinkLabApi {

    // ------------------------------------------------------------------ the report

    /** The deterministic report: a program prints it to stdout (or a file) at the end. */
    static final StringBuilder REPORT = new StringBuilder();

    /** A report line; stderr shows it at once. */
    static void out(String s) {
        REPORT.append(s).append('\n');
        System.err.println(s);
    }

    /** A progress line: stderr only. */
    static void progress(String s) {
        System.err.println("# " + s);
    }

    static void printReport() {
        System.out.print(REPORT);
        System.out.flush();
    }

    /** The report's summary: a blank line, the SUMMARY header, then each line. */
    static void outSummary(List<String> lines) {
        out("");
        out("================ SUMMARY ================");
        for (String s : lines) {
            out(s);
        }
    }

    /** "Flink version: 2.3.0 (rev abc1234)" */
    static String flinkVersion() {
        return "Flink version: " + EnvironmentInformation.getVersion()
                + " (rev " + EnvironmentInformation.getGitCommitIdAbbrev() + ")";
    }

    // ------------------------------------------------------------------ the JVM and the cluster

    /** Ends the JVM (exit code 3) after `minutes`, whatever hangs; says so on `to`. */
    static void startWatchdog(int minutes, PrintStream to) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(TimeUnit.MINUTES.toMillis(minutes));
                to.println("WATCHDOG: giving up after " + minutes + " minutes");
                to.flush();
                Runtime.getRuntime().halt(3);
            } catch (InterruptedException ignored) {
            }
        });
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /**
     * Starts a MiniCluster in this JVM: 1 TaskManager with `slots` slots, 4 kb network buffers,
     * the given network and managed memory, REST on a free port; `extra` adds or overrides options.
     */
    static MiniCluster startMiniCluster(int slots, String networkMemory, String managedMemory,
            Map<String, String> extra) throws Exception {
        Map<String, String> cfg = new HashMap<>();
        cfg.put("taskmanager.numberOfTaskSlots", String.valueOf(slots));
        cfg.put("taskmanager.memory.segment-size", "4kb");
        cfg.put("taskmanager.memory.network.min", networkMemory);
        cfg.put("taskmanager.memory.network.max", networkMemory);
        cfg.put("taskmanager.memory.managed.size", managedMemory);
        cfg.put("rest.bind-port", "0");
        cfg.putAll(extra);
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(Configuration.fromMap(cfg))
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(slots)
                .build());
        cluster.start();
        return cluster;
    }

    /**
     * A program's opening: the watchdog (`minutes`, on stderr), a MiniCluster (startMiniCluster
     * with no extra options) and the report's first line, flinkVersion(). Returns the cluster.
     */
    static MiniCluster startLab(int minutes, int slots, String networkMemory, String managedMemory) throws Exception {
        startWatchdog(minutes, System.err);
        MiniCluster cluster = startMiniCluster(slots, networkMemory, managedMemory, Map.of());
        out(flinkVersion());
        return cluster;
    }

    /** The cluster's REST base URL, without a trailing slash. */
    static String restAddress(MiniCluster cluster) throws Exception {
        return cluster.getRestAddress().get(30, TimeUnit.SECONDS).toString().replaceAll("/$", "");
    }

    // ------------------------------------------------------------------ jobs

    /**
     * A job's configuration (for Configuration.fromMap), to which the caller adds its own keys:
     * restart-strategy.type `restartStrategy` and state.backend.type `stateBackend`, each left to
     * Flink when null; when `savepoint` is not null, a restore from it (execution.savepoint.path)
     * that, with `ignoreUnclaimed`, skips state no operator claims
     * (execution.savepoint.ignore-unclaimed-state=true, the CLI's --allowNonRestoredState).
     */
    static Map<String, String> jobConfig(String restartStrategy, String stateBackend, String savepoint,
            boolean ignoreUnclaimed) {
        Map<String, String> m = new HashMap<>();
        if (restartStrategy != null) {
            m.put("restart-strategy.type", restartStrategy);
        }
        if (stateBackend != null) {
            m.put("state.backend.type", stateBackend);
        }
        if (savepoint != null) {
            m.put("execution.savepoint.path", savepoint);
            if (ignoreUnclaimed) {
                m.put("execution.savepoint.ignore-unclaimed-state", "true");
            }
        }
        return m;
    }

    /**
     * A job of one subtask per operator, configured by `conf`: a generator source ("src") of
     * `rate` records a second (0, 1, 2, …), keyed by the record mod 10 into `fn` (uid and name
     * `uid`), into a discarding sink ("sink").
     */
    static JobGraph keyedGeneratorJob(String name, Map<String, String> conf, int rate,
            KeyedProcessFunction<Long, Long, Long> fn, String uid) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(conf));
        env.setParallelism(1);
        generatorSource(env, rate).uid("src")
                .keyBy(v -> v % 10, Types.LONG)
                .process(fn).returns(Types.LONG).uid(uid).name(uid)
                .sinkTo(discardingSink()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    // ------------------------------------------------------------------ the counting keyed operator

    /**
     * The keyed operator of several jobs: counts each key's records in keyed state (by default
     * ValueState<Long> "count"; a subclass may keep the count otherwise) and passes every record
     * on. Its tasks run in this JVM and leave what they see in the static fields: records counted,
     * keys whose count was there before their first record of the run (restored), how many of
     * those equal `expected`, each key's latest count, the tasks' parallelism and max parallelism,
     * and how many times a task opened.
     */
    public static class CountPerKey extends OpenedKeyedFunction<Long, Long, Long> {
        static final AtomicLong PROCESSED = new AtomicLong();
        static final AtomicLong RESTORED_KEYS = new AtomicLong();
        static final AtomicLong RESTORED_MATCH = new AtomicLong();
        static final Map<Long, Long> LAST = new ConcurrentHashMap<>();
        /** The counts a restored job should find (a snapshot's LAST); set before it is submitted. */
        static volatile Map<Long, Long> expected = Collections.emptyMap();
        static final Set<Integer> TASK_PARALLELISM = ConcurrentHashMap.newKeySet();
        static final Set<Integer> TASK_MAX_PARALLELISM = ConcurrentHashMap.newKeySet();
        static final AtomicLong OPENS = new AtomicLong();

        /** Forgets what the tasks saw (not `expected`). */
        static void reset() {
            PROCESSED.set(0);
            RESTORED_KEYS.set(0);
            RESTORED_MATCH.set(0);
            LAST.clear();
            TASK_PARALLELISM.clear();
            TASK_MAX_PARALLELISM.clear();
            OPENS.set(0);
        }

        private transient ValueState<Long> count;
        private transient Set<Long> seenThisRun;

        @Override
        protected void opened(int parallelism, int maxParallelism) {
            seenThisRun = new HashSet<>();
            openCount();
            TASK_PARALLELISM.add(parallelism);
            TASK_MAX_PARALLELISM.add(maxParallelism);
            OPENS.incrementAndGet();
        }

        /** Gets the keyed state the counts are kept in. */
        protected void openCount() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        /** The current key's count; null when it has none. */
        protected Long readCount() throws Exception {
            return count.value();
        }

        protected void writeCount(long n) throws Exception {
            count.update(n);
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) throws Exception {
            Long key = ctx.getCurrentKey();
            Long c = readCount();
            if (seenThisRun.add(key) && c != null) {
                RESTORED_KEYS.incrementAndGet(); // state present before the key's first record of this run
                if (c.equals(expected.get(key))) {
                    RESTORED_MATCH.incrementAndGet();
                }
            }
            long n = c == null ? 1 : c + 1;
            writeCount(n);
            LAST.put(key, n);
            PROCESSED.incrementAndGet();
            out.collect(value);
        }
    }

    // ------------------------------------------------------------------ stopping jobs, waiting

    /** Stops the job with a savepoint in `dir`, waits for the job's end, returns the savepoint's path. */
    static String stopWithSavepoint(MiniCluster cluster, JobID id, File dir, SavepointFormatType type)
            throws Exception {
        String path = cluster.stopWithSavepoint(id, dir.toURI().toString(), false, type).get(120, TimeUnit.SECONDS);
        cluster.requestJobResult(id).get(60, TimeUnit.SECONDS);
        return path;
    }

    /** Cancels the job and waits for its end. */
    static JobResult cancel(MiniCluster cluster, JobID id) throws Exception {
        cluster.cancelJob(id).get(60, TimeUnit.SECONDS);
        return cluster.requestJobResult(id).get(60, TimeUnit.SECONDS);
    }

    /**
     * Polls the job's status every `pollMillis` for up to `seconds`, until it is globally terminal
     * or RUNNING with `runningEnough` true; returns the last status seen (null if none).
     */
    static JobStatus awaitEndOrRunning(MiniCluster cluster, JobID id, int seconds, long pollMillis,
            Check runningEnough) throws Exception {
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        JobStatus st = null;
        while (System.currentTimeMillis() < deadline) {
            st = cluster.getJobStatus(id).get(10, TimeUnit.SECONDS);
            if (st.isGloballyTerminalState() || (st == JobStatus.RUNNING && runningEnough.ok())) {
                break;
            }
            Thread.sleep(pollMillis);
        }
        return st;
    }

    interface Check {
        boolean ok() throws Exception;
    }

    /** Checks every `pollMillis` for up to `seconds`; true as soon as the check holds. */
    static boolean waitFor(Check check, int seconds, long pollMillis) throws Exception {
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        while (System.currentTimeMillis() < deadline) {
            if (check.ok()) {
                return true;
            }
            Thread.sleep(pollMillis);
        }
        return false;
    }

    // ------------------------------------------------------------------ Flink's log

    /** The log file that log4j2.properties names (system property set by run.sh), read as it grows. */
    static final class LogTail {
        private final String file;
        private long offset = 0;

        LogTail(String file) {
            this.file = file;
        }

        /** The lines written since the last call (UTF-8). */
        List<String> readNew() {
            List<String> lines = new ArrayList<>();
            try (RandomAccessFile f = new RandomAccessFile(file, "r")) {
                if (f.length() < offset) {
                    offset = 0;
                }
                f.seek(offset);
                String line;
                while ((line = f.readLine()) != null) {
                    lines.add(new String(line.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
                }
                offset = f.getFilePointer();
            } catch (IOException e) {
                System.err.println("(log not readable: " + e + ")");
            }
            return lines;
        }
    }

    /** The JobMaster's line for a job state change: groups job id, old state, new state. */
    static final Pattern JOB_SWITCH = Pattern.compile("Job .* \\(([0-9a-f]{32})\\) switched from state (\\w+) to (\\w+)\\.");

    // ------------------------------------------------------------------ exceptions and placeholders

    /** "class: message" of t and each cause ("caused by: ..."), each passed through `norm`. */
    static List<String> chain(Throwable t, UnaryOperator<String> norm) {
        List<String> out = new ArrayList<>();
        List<Throwable> seen = new ArrayList<>();
        for (Throwable c = t; c != null && !seen.contains(c); c = c.getCause()) {
            seen.add(c);
            out.add((seen.size() == 1 ? "" : "caused by: ") + norm.apply(c.getClass().getName() + ": " + c.getMessage()));
        }
        return out;
    }

    // Run-specific values that more than one report replaces, each program in its own order.

    /** The work directory's absolute path -> "<work>". */
    static String noWorkDir(String s, String workDir) {
        return s.replace(new File(workDir).getAbsolutePath(), "<work>");
    }

    /** A savepoint directory's name (savepoint-<6 hex of the job id>-<12 random hex>) -> "savepoint-<id>". */
    static String noSavepointIds(String s) {
        return s.replaceAll("savepoint-[0-9a-f]{6}-[0-9a-f]{12}", "savepoint-<id>");
    }

    /** A run's work directory (as a path and as a file: URI), savepoint ids and job ids as placeholders. */
    static String noRunIds(String s, String workDir) {
        s = s.replace(new File(workDir).getAbsoluteFile().toURI().toString(), "file:<work>/");
        s = noWorkDir(s, workDir);
        s = noSavepointIds(s);
        s = s.replaceAll("file:/+<work>", "file:<work>");
        return s.replaceAll("[Jj]ob [0-9a-f]{32}", "job <jobid>");
    }

    /** An execution attempt id (<vertex id>_<job id>_<subtask>_<attempt>) -> "<attempt-id>". */
    static String noAttemptIds(String s) {
        return s.replaceAll("[0-9a-f]{32}_[0-9a-f]{32}_\\d+_\\d+", "<attempt-id>");
    }

    /** "localhost:<port number>" -> "localhost:<port>". */
    static String noLocalPorts(String s) {
        return s.replaceAll("localhost:\\d+", "localhost:<port>");
    }

    // ------------------------------------------------------------------ files

    /** Deletes `dir` with everything in it and creates it empty; returns it. */
    static File freshDir(File dir) {
        deleteRecursively(dir);
        dir.mkdirs();
        return dir;
    }

    static void deleteRecursively(File f) {
        File[] kids = f.listFiles();
        if (kids != null) {
            for (File k : kids) {
                deleteRecursively(k);
            }
        }
        f.delete();
    }
}
