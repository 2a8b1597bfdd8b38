/*
 * FirstCheckpoint: runs real Flink (local MiniCluster, same JVM) to observe the first checkpoint
 * after a restore, what a checkpoint that outlives its timeout does to a job, and whether every
 * checkpoint of the heap backend (hashmap) uploads the whole state, with and without the changelog.
 *
 * Part 1, the first checkpoint after a restore (RocksDB, incremental checkpoints, every 1 s,
 * retained on cancellation). Job: DataGeneratorSource (uid "src", p=1, 2000 records/s; record i
 * writes key i for i < KEYS, then only key i % HOT, so after the first seconds a checkpoint has
 * little new to upload) -> keyBy -> KeyedProcessFunction keeping a 1 KiB random value per key
 * (uid "keyed-op", max parallelism 128) -> DiscardingSink.
 *   A  the first job, p=2: a steady incremental checkpoint (checkpointed size against state size)
 *   B  cancel A; restore its latest retained checkpoint, p=2, NO_CLAIM: the first checkpoints, and
 *      where the restore's time shows in the REST API (the job's RUNNING against each subtask's
 *      INITIALIZING and RUNNING in subtasktimes)
 *   C  cancel B; restore A's checkpoint again, p=2, CLAIM: the first checkpoints
 *   D  stop C with a canonical savepoint; restore it at p=3 (a rescale): the first checkpoints
 * A checkpoint is called "full" when its checkpointed (uploaded) size is at least 90 % of its
 * state size, "incremental" when at most 50 %. Sizes go to stderr (they vary run to run).
 *
 * Part 2, a checkpoint slower than the timeout (hashmap backend; an operator whose snapshot
 * takes 3 s; checkpoint every 1 s). Restart strategy not set (Flink's default for a job that
 * checkpoints). For 25 s: failures (the exception history), the first failure's root message,
 * completed and failed checkpoints.
 *   E1 execution.checkpointing.timeout 1 s, tolerable-failed-checkpoints not set (default)
 *   E2 timeout 1 s, tolerable-failed-checkpoints 1000
 *   E3 timeout 10 s, tolerable-failed-checkpoints not set
 *   E4 a savepoint of that job (timeout 1 s): does the checkpoint timeout bound a savepoint?
 *
 * Part 3, every checkpoint of the heap backend. Part 1's job (same source, keys, values, max
 * parallelism, p=2, checkpoints every 1 s) with state.backend.type hashmap. The first 3 checkpoints
 * triggered 1 s or more into the hot phase (which begins when the keyed operator has processed KEYS
 * records) are classified by Part 1's rule.
 *   F1 hashmap, execution.checkpointing.incremental not set (default)
 *   F2 hashmap, execution.checkpointing.incremental true: does the key change anything for the heap?
 *   F3 hashmap with the changelog state backend (job: state.changelog.enabled true). The changelog
 *      storage is the TaskManager's (TaskExecutor hands its own configuration to
 *      StateChangelogStorageLoader, not the job's), so F3 runs on a second MiniCluster configured
 *      with state.changelog.storage filesystem and dstl.dfs.base-path under the work directory; first
 *      the report says whether the storage (FsStateChangelogStorageFactory, flink-dstl-dfs) is on
 *      the classpath at all, and F3 runs only if it is. Periodic materialization is left at its
 *      default (every 10 min; Flink's log puts the first at 392 s and 449 s, from the subtasks'
 *      names), so none falls in the run: a checkpoint uploads the changes since the last one, and
 *      its state size is every change logged since the start, not the live state. After F3:
 *      whether changelog files were written under dstl.dfs.base-path.
 * While F1's and F3's jobs run (after their 3 checkpoints, before the cancel), the cluster's REST
 * API GET /jobs/:id/checkpoints/config: under the case's line, its state_changelog_enabled and,
 * each when present, changelog_storage and changelog_periodic_materialization_interval (as Flink
 * writes them; a field Flink leaves out is reported as absent). The raw JSON goes to stderr.
 *
 * stdout: the deterministic report (committed as observed-flink-<version>.txt); stderr: progress.
 * Last, how Flink reads the runbook's values ("467 min", "3").
 *
 * Usage: java -Xmx1g -cp <flink jars>:. FirstCheckpoint <workDir>
 * Shared helpers (report, MiniCluster, watchdog, the job's configuration, polling, stopping jobs):
 * ../flink-common/FlinkLab.java.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.AbstractCheckpointStats;
import org.apache.flink.runtime.checkpoint.CheckpointStatsSnapshot;
import org.apache.flink.runtime.checkpoint.CheckpointStatsStatus;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.scheduler.ExecutionGraphInfo;
import org.apache.flink.runtime.scheduler.exceptionhistory.RootExceptionHistoryEntry;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.util.Collector;

import java.io.File;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public class FirstCheckpoint extends FlinkLab {

    static final int KEYS = 4000;
    static final int HOT = 50;
    static final int VALUE_BYTES = 1024;
    static final int MAX_PARALLELISM = 128;

    static MiniCluster cluster;
    static File work;

    public static void main(String[] args) throws Exception {
        work = new File(args[0]);
        cluster = startLab(15, 4, "64m", "256m");
        out("The first checkpoint after a restore, and a checkpoint slower than its timeout.");
        try {
            firstCheckpoints();
            slowCheckpoints();
            heapCheckpoints();
            runbookValues();
        } finally {
            cluster.close();
        }
        out("DONE");
        printReport();
    }

    // ------------------------------------------------------------------ part 1

    /** Keeps a 1 KiB random value per key. */
    static final class Blob extends KeyedProcessFunction<Long, Long, Long> {
        /** Records processed by every subtask of the job (Part 3 waits on it for the hot phase). */
        static final AtomicLong RECORDS = new AtomicLong();
        private transient ValueState<byte[]> value;
        private transient Random random;

        @Override
        public void open(OpenContext context) {
            value = getRuntimeContext().getState(new ValueStateDescriptor<>("blob", byte[].class));
            random = new Random();
        }

        @Override
        public void processElement(Long v, Context ctx, Collector<Long> out) throws Exception {
            byte[] bytes = new byte[VALUE_BYTES];
            random.nextBytes(bytes);
            value.update(bytes);
            RECORDS.incrementAndGet();
            out.collect(v);
        }
    }

    static JobGraph blobJob(String name, int parallelism, String restoreFrom, String claimMode) {
        Map<String, String> m = jobConfig(null, "rocksdb", null, false);
        m.put("execution.checkpointing.incremental", "true");
        m.put("execution.checkpointing.interval", "1 s");
        m.put("execution.checkpointing.dir", new File(work, "checkpoints").toURI().toString());
        m.put("execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION");
        m.put("execution.checkpointing.num-retained", "3");
        if (restoreFrom != null) {
            m.put("execution.state-recovery.path", restoreFrom);
            m.put("execution.state-recovery.claim-mode", claimMode);
        }
        return blobGraph(name, parallelism, m);
    }

    /** The job of Parts 1 and 3, configured by `m`. */
    static JobGraph blobGraph(String name, int parallelism, Map<String, String> m) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(m));
        env.setParallelism(parallelism);
        env.setMaxParallelism(MAX_PARALLELISM);
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(
                i -> i < KEYS ? i : i % HOT, Long.MAX_VALUE, RateLimiterStrategy.perSecond(2000), Types.LONG);
        env.fromSource(src, WatermarkStrategy.noWatermarks(), "src").uid("src").setParallelism(1)
                .keyBy(v -> v, Types.LONG)
                .process(new Blob()).returns(Types.LONG).uid("keyed-op").name("keyed-op")
                .sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    /** Completed checkpoints of the job, oldest first: {id, state size, checkpointed size, trigger time}. */
    static List<long[]> completed(JobID id) throws Exception {
        CheckpointStatsSnapshot stats = cluster.getArchivedExecutionGraph(id).get(30, TimeUnit.SECONDS)
                .getCheckpointStatsSnapshot();
        List<long[]> out = new ArrayList<>();
        if (stats == null) {
            return out;
        }
        for (AbstractCheckpointStats c : stats.getHistory().getCheckpoints()) {
            if (c.getStatus() == CheckpointStatsStatus.COMPLETED) {
                out.add(new long[] {c.getCheckpointId(), c.getStateSize(), c.getCheckpointedSize(), c.getTriggerTimestamp()});
            }
        }
        out.sort(Comparator.comparingLong(c -> c[0]));
        return out;
    }

    static String kind(long[] c) {
        double share = c[1] == 0 ? 0 : (double) c[2] / c[1];
        return share >= 0.9 ? "full" : share <= 0.5 ? "incremental" : "between";
    }

    static String describe(long[] c) {
        System.err.printf("    checkpoint %d: state %d bytes, checkpointed %d bytes (%.0f %%)%n",
                c[0], c[1], c[2], c[1] == 0 ? 0.0 : 100.0 * c[2] / c[1]);
        return kind(c) + (c[1] >= (long) KEYS * VALUE_BYTES ? "" : " (state smaller than the keys' values: not settled)");
    }

    /** Waits for `n` completed checkpoints; returns them. */
    static List<long[]> awaitCompleted(JobID id, int n) throws Exception {
        if (!waitFor(() -> completed(id).size() >= n, 90, 200)) {
            throw new IllegalStateException("job " + id + " completed fewer than " + n + " checkpoints");
        }
        return completed(id);
    }

    /** The latest retained checkpoint's directory of a cancelled job. */
    static String latestCheckpoint(JobID id) {
        File dir = new File(new File(work, "checkpoints"), id.toHexString());
        File[] chk = dir.listFiles((d, n) -> n.startsWith("chk-") && new File(d, n + "/_metadata").exists());
        if (chk == null || chk.length == 0) {
            throw new IllegalStateException("no retained checkpoint under " + dir);
        }
        File latest = chk[0];
        for (File f : chk) {
            if (Long.parseLong(f.getName().substring(4)) > Long.parseLong(latest.getName().substring(4))) {
                latest = f;
            }
        }
        return latest.toURI().toString();
    }

    static void reportFirst(String label, String how, JobID id) throws Exception {
        List<long[]> cps = awaitCompleted(id, 2);
        progress(label + " " + how);
        out(String.format("%-2s %-58s first checkpoint: %s; second: %s", label, how, describe(cps.get(0)), describe(cps.get(1))));
    }

    static void firstCheckpoints() throws Exception {
        out("");
        out("== Part 1: RocksDB, incremental checkpoints every 1 s, " + KEYS + " keys x " + VALUE_BYTES
                + " bytes, then only " + HOT + " keys updated");
        JobID a = cluster.submitJob(blobJob("A", 2, null, null)).get(60, TimeUnit.SECONDS).getJobID();
        // Steady: every key written, then checkpoints of the hot keys alone.
        List<long[]> cps = awaitCompleted(a, 6);
        out(String.format("%-2s %-58s a steady checkpoint: %s", "A", "first job, p=2", describe(cps.get(cps.size() - 1))));
        cancel(cluster, a);
        String retained = latestCheckpoint(a);

        JobID b = cluster.submitJob(blobJob("B", 2, retained, "NO_CLAIM")).get(60, TimeUnit.SECONDS).getJobID();
        reportFirst("B", "restore A's retained checkpoint, p=2, NO_CLAIM", b);
        restoreTimes(b);
        cancel(cluster, b);

        JobID c = cluster.submitJob(blobJob("C", 2, retained, "CLAIM")).get(60, TimeUnit.SECONDS).getJobID();
        reportFirst("C", "restore A's retained checkpoint, p=2, CLAIM", c);
        String savepoint = stopWithSavepoint(cluster, c, new File(work, "savepoints"), SavepointFormatType.CANONICAL);

        JobID d = cluster.submitJob(blobJob("D", 3, savepoint, "NO_CLAIM")).get(60, TimeUnit.SECONDS).getJobID();
        reportFirst("D", "restore C's canonical savepoint at p=3 (a rescale)", d);
        cancel(cluster, d);
    }

    /** GET on the MiniCluster's REST API. */
    static String get(String path) throws Exception {
        java.net.http.HttpRequest r = java.net.http.HttpRequest.newBuilder(java.net.URI.create(restAddress(cluster) + path))
                .timeout(java.time.Duration.ofSeconds(30)).GET().build();
        return java.net.http.HttpClient.newHttpClient().send(r, java.net.http.HttpResponse.BodyHandlers.ofString()).body();
    }

    static long stamp(String json, String state) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + state + "\":(\\d+)").matcher(json);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /**
     * Where a restore's time shows in the REST API: the job's RUNNING timestamp (GET /jobs/:id)
     * against each subtask's INITIALIZING and RUNNING (GET /jobs/:id/vertices/:vid/subtasktimes).
     */
    static void restoreTimes(JobID id) throws Exception {
        String job = get("/jobs/" + id);
        long jobRunning = stamp(job.substring(job.indexOf("\"timestamps\"")), "RUNNING");
        String vertex = null;
        java.util.regex.Matcher any = java.util.regex.Pattern.compile("\\{\"id\":\"([0-9a-f]{32})\"[^{}]*?\"name\":\"([^\"]*)\"").matcher(job);
        while (any.find()) {
            if (any.group(2).contains("keyed-op")) {
                vertex = any.group(1);
            }
        }
        if (vertex == null) {
            throw new IllegalStateException("no keyed-op vertex in " + job);
        }
        String times = get("/jobs/" + id + "/vertices/" + vertex + "/subtasktimes");
        String[] subtasks = times.split("\"subtask\":");
        int n = 0;
        boolean both = true;
        boolean jobFirst = true;
        for (int i = 1; i < subtasks.length; i++) {
            long init = stamp(subtasks[i], "INITIALIZING");
            long run = stamp(subtasks[i], "RUNNING");
            n++;
            both &= init > 0 && run >= init;
            jobFirst &= jobRunning > 0 && jobRunning <= init;
            System.err.printf("    subtask %d: INITIALIZING %d, RUNNING %d (restore %d ms); job RUNNING %d%n", i - 1, init, run, run - init, jobRunning);
        }
        out(String.format("   restore timing (REST): subtasktimes lists %d subtasks, each with INITIALIZING and RUNNING: %s; the job was RUNNING (GET /jobs/:id) at or before every subtask's INITIALIZING: %s",
                n, both ? "yes" : "no", jobFirst ? "yes" : "no"));
    }

    // ------------------------------------------------------------------ part 2

    /** Passes records on; each snapshot takes 3 s. */
    static final class SlowSnapshot extends KeyedProcessFunction<Long, Long, Long> implements CheckpointedFunction {
        @Override
        public void processElement(Long v, Context ctx, Collector<Long> out) {
            out.collect(v);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            Thread.sleep(3000);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
        }
    }

    static JobGraph slowJob(String name, String timeout, String tolerable) {
        Map<String, String> m = jobConfig(null, "hashmap", null, false);
        m.put("execution.checkpointing.interval", "1 s");
        m.put("execution.checkpointing.timeout", timeout);
        if (tolerable != null) {
            m.put("execution.checkpointing.tolerable-failed-checkpoints", tolerable);
        }
        return keyedGeneratorJob(name, m, 100, new SlowSnapshot(), "slow-op");
    }

    static void slow(String label, String timeout, String tolerable) throws Exception {
        progress(label + " timeout " + timeout + ", tolerable " + tolerable);
        JobID id = cluster.submitJob(slowJob(label, timeout, tolerable)).get(60, TimeUnit.SECONDS).getJobID();
        Thread.sleep(25_000);
        ExecutionGraphInfo info = cluster.getExecutionGraphInfo(id).get(30, TimeUnit.SECONDS);
        List<RootExceptionHistoryEntry> failures = new ArrayList<>();
        info.getExceptionHistory().forEach(failures::add);
        CheckpointStatsSnapshot stats = info.getArchivedExecutionGraph().getCheckpointStatsSnapshot();
        long done = stats.getCounts().getNumberOfCompletedCheckpoints();
        long failed = stats.getCounts().getNumberOfFailedCheckpoints();
        JobStatus status = cluster.getJobStatus(id).get(10, TimeUnit.SECONDS);
        out(String.format("%-2s timeout=%-5s tolerable-failed-checkpoints=%-12s after 25 s: %s; failures %s; checkpoints completed %s, failed %s",
                label, timeout, tolerable == null ? "(default)" : tolerable, status,
                failures.isEmpty() ? "0" : failures.size() >= 2 ? "2 or more" : "1",
                done == 0 ? "0" : "1 or more",
                // Whether a checkpoint also failed along the way varies when some complete.
                done > 0 ? "(some may fail)" : failed == 0 ? "0" : "1 or more"));
        if (!failures.isEmpty()) {
            String root = failures.get(0).getException().getOriginalErrorClassName() + ": "
                    + failures.get(0).getExceptionAsString().split("\n")[0].replaceFirst("^[^:]*: ", "");
            out("      first failure: " + noLocalPorts(root));
        }
        cancel(cluster, id);
    }

    /** E4: a savepoint of the same job (snapshot 3 s) against a checkpoint timeout of 1 s. */
    static void savepointPastTimeout() throws Exception {
        progress("E4 savepoint, timeout 1 s");
        JobID id = cluster.submitJob(slowJob("E4", "1 s", "1000")).get(60, TimeUnit.SECONDS).getJobID();
        waitFor(() -> cluster.getJobStatus(id).get() == JobStatus.RUNNING, 60, 100);
        String outcome;
        try {
            String path = cluster.triggerSavepoint(id, new File(work, "savepoints-e4").toURI().toString(), false,
                    SavepointFormatType.CANONICAL).get(60, TimeUnit.SECONDS);
            outcome = "written";
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            outcome = "failed: " + root.getClass().getName() + ": " + root.getMessage();
        }
        out(String.format("%-2s timeout=%-5s a savepoint of a job whose snapshot takes 3 s: %s", "E4", "1 s", noLocalPorts(outcome)));
        cancel(cluster, id);
    }

    static void slowCheckpoints() throws Exception {
        out("");
        out("== Part 2: a snapshot that takes 3 s, checkpoints every 1 s, restart strategy not set");
        slow("E1", "1 s", null);
        slow("E2", "1 s", "1000");
        slow("E3", "10 s", null);
        savepointPastTimeout();
    }

    // ------------------------------------------------------------------ part 3

    static final String CHANGELOG_STORAGE_FACTORY = "org.apache.flink.changelog.fs.FsStateChangelogStorageFactory";

    /** Part 1's job with the hashmap backend and checkpoints every 1 s; `extra` adds keys. */
    static JobGraph heapJob(String name, Map<String, String> extra) {
        Map<String, String> m = jobConfig(null, "hashmap", null, false);
        m.put("execution.checkpointing.interval", "1 s");
        m.put("execution.checkpointing.dir", new File(work, "checkpoints-" + name).toURI().toString());
        m.putAll(extra);
        return blobGraph(name, 2, m);
    }

    /**
     * Runs the heap job on the cluster until 3 checkpoints triggered 1 s or more into the hot phase
     * (from when the keyed operator has processed KEYS records: every key holds its value, and only
     * the HOT keys change) have completed; reports their kinds; cancels it.
     */
    static void heap(String label, String how, Map<String, String> extra, boolean restConfig) throws Exception {
        progress(label + " " + how);
        Blob.RECORDS.set(0);
        JobID id = cluster.submitJob(heapJob(label, extra)).get(60, TimeUnit.SECONDS).getJobID();
        if (!waitFor(() -> Blob.RECORDS.get() >= KEYS, 90, 20)) {
            throw new IllegalStateException("job " + label + " processed fewer than " + KEYS + " records");
        }
        // One interval later: a checkpoint's changes then are the hot keys' alone.
        long hot = System.currentTimeMillis() + 1000;
        progress("steady from " + hot);
        List<long[]> steady = new ArrayList<>();
        if (!waitFor(() -> {
            steady.clear();
            for (long[] c : completed(id)) {
                if (c[3] >= hot) {
                    steady.add(c);
                }
            }
            return steady.size() >= 3;
        }, 90, 200)) {
            throw new IllegalStateException("job " + label + " completed fewer than 3 checkpoints in the hot phase");
        }
        List<String> kinds = new ArrayList<>();
        for (long[] c : steady.subList(0, 3)) {
            kinds.add(describe(c));
        }
        out(String.format("%-2s %-58s the first 3 checkpoints 1 s into the hot phase: %s", label, how, String.join(", ", kinds)));
        if (restConfig) {
            checkpointConfig(label, id);
        }
        cancel(cluster, id);
    }

    /** A top-level field's JSON value in `json` (a string without its quotes), or null when absent. */
    static String jsonField(String json, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("\"" + name + "\"\\s*:\\s*(\"((?:[^\"\\\\]|\\\\.)*)\"|[^,}\\]\\s]+)").matcher(json);
        if (!m.find()) {
            return null;
        }
        return m.group(2) != null ? m.group(2) : m.group(1);
    }

    /**
     * The running job's GET /jobs/:id/checkpoints/config: state_changelog_enabled and, when Flink
     * writes them, changelog_storage and changelog_periodic_materialization_interval.
     */
    static void checkpointConfig(String label, JobID id) throws Exception {
        String json = get("/jobs/" + id + "/checkpoints/config");
        System.err.println("    " + label + " checkpoints/config: " + json);
        StringBuilder line = new StringBuilder("   " + label + " GET /jobs/:id/checkpoints/config (the job running):");
        String sep = " ";
        for (String field : new String[] {"state_changelog_enabled", "changelog_storage", "changelog_periodic_materialization_interval"}) {
            String v = jsonField(json, field);
            line.append(sep).append(field).append(v == null ? " absent" : "=" + v);
            sep = "; ";
        }
        out(line.toString());
    }

    /** The jar that holds `className` on this JVM's classpath, or null when the class is not there. */
    static String jarOf(String className) throws Exception {
        try {
            Class<?> c = Class.forName(className, false, FirstCheckpoint.class.getClassLoader());
            return new File(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getName();
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    static long filesUnder(File dir) {
        File[] files = dir.listFiles();
        long n = 0;
        if (files != null) {
            for (File f : files) {
                n += f.isDirectory() ? filesUnder(f) : 1;
            }
        }
        return n;
    }

    static void heapCheckpoints() throws Exception {
        out("");
        out("== Part 3: hashmap (heap) backend, checkpoints every 1 s, Part 1's job (" + KEYS + " keys x " + VALUE_BYTES
                + " bytes, then only " + HOT + " keys updated), p=2");
        heap("F1", "hashmap, execution.checkpointing.incremental not set", Map.of(), true);
        heap("F2", "hashmap, execution.checkpointing.incremental=true", Map.of("execution.checkpointing.incremental", "true"), false);
        String version = org.apache.flink.runtime.util.EnvironmentInformation.getVersion();
        String jar = jarOf(CHANGELOG_STORAGE_FACTORY);
        if (jar == null) {
            out("   changelog storage: " + CHANGELOG_STORAGE_FACTORY + " is not in apache-flink-libraries " + version
                    + "'s jars, so the changelog state backend is not observed here");
            return;
        }
        out("   changelog storage: " + CHANGELOG_STORAGE_FACTORY + " is in " + jar + " (apache-flink-libraries " + version + ")");
        // The changelog storage is the TaskManager's: a second cluster, configured for it.
        File changelog = new File(work, "changelog");
        cluster.close();
        cluster = startMiniCluster(4, "64m", "256m", Map.of(
                "state.changelog.storage", "filesystem",
                "dstl.dfs.base-path", changelog.toURI().toString()));
        heap("F3", "hashmap + changelog (state.changelog.enabled=true)", Map.of("state.changelog.enabled", "true"), true);
        out("   F3's cluster: state.changelog.storage=filesystem, dstl.dfs.base-path=<work>/changelog; changelog files written there: "
                + (filesUnder(changelog) > 0 ? "yes" : "no"));
    }

    static void runbookValues() {
        // The runbook writes the raised timeout in minutes: how Flink reads that text.
        Configuration c = new Configuration();
        c.setString("execution.checkpointing.timeout", "467 min");
        c.setString("execution.checkpointing.tolerable-failed-checkpoints", "3");
        out("");
        out("== The runbook's values as Flink reads them");
        out("execution.checkpointing.timeout: 467 min -> " + c.get(org.apache.flink.configuration.CheckpointingOptions.CHECKPOINTING_TIMEOUT)
                + "; execution.checkpointing.tolerable-failed-checkpoints: 3 -> "
                + c.get(org.apache.flink.configuration.CheckpointingOptions.TOLERABLE_FAILURE_NUMBER));
    }
}
