/*
 * SchemaChecks: runs real Flink (local MiniCluster, same JVM) to observe what happens when a
 * keyed job is restored from a savepoint and the serializer of its ValueState has changed.
 *
 * Job shape (every job):
 *   DataGeneratorSource (uid "src", parallelism 1, rate-limited, unbounded)
 *     -> keyBy(v % 100)
 *     -> KeyedProcessFunction with ValueState "count" (uid "keyed-op", parallelism 2, max parallelism 128)
 *     -> DiscardingSink (uid "sink", chained to keyed-op)
 * Restart strategy: fixed-delay, 3 attempts, 1 s delay. Savepoint and restore at the same parallelism,
 * so only the state serializer differs. Then, per backend with a canonical savepoint, Long -> String
 * again with the restart strategy left to Flink (checkpointing on): watched for 40 s.
 *
 * Serializer changes (savepoint -> restore):
 *   Long -> Long         built-in LongSerializer both times (control)
 *   Long -> String       ValueState<Long> (Types.LONG) becomes ValueState<String> (Types.STRING)
 *   custom v1 -> v1      VersionedLongSerializer whose new snapshot answers compatibleAsIs
 *   custom v1 -> v2      format changes (8-byte long -> UTF string); new snapshot answers compatibleAfterMigration
 *   custom v1 -> v2      same format change; new snapshot answers incompatible
 * Backends: hashmap (canonical savepoint), rocksdb (canonical savepoint), rocksdb (native savepoint).
 *
 * stdout: the deterministic report (committed as observed-flink-<version>.txt); stderr: progress.
 * Usage: java -Xmx1g -cp <flink jars>:. SchemaChecks <workDir>
 * Shared helpers (report, MiniCluster, watchdog, the job's configuration, savepoints, log):
 * ../flink-common/FlinkLab.java.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.runtime.executiongraph.AccessExecutionJobVertex;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.executiongraph.ArchivedExecutionGraph;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterJobClient;
import org.apache.flink.runtime.scheduler.ExecutionGraphInfo;
import org.apache.flink.runtime.scheduler.exceptionhistory.RootExceptionHistoryEntry;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class SchemaChecks extends FlinkLab {

    static final int KEYS = 100;
    static final int PARALLELISM = 2;
    static final int MAX_PARALLELISM = 128;
    static final int SLOTS = 8;

    // ---- observations made inside the tasks (same JVM as the MiniCluster) ----
    // Records, restored keys, restored counts equal to the savepoint's (CountPerKey.expected), each
    // key's latest count: CountPerKey's static fields (FlinkLab). The serializer's own:
    static final Set<String> COMPAT_CALLS = ConcurrentHashMap.newKeySet();
    static final AtomicLong V1_READS = new AtomicLong();
    static final AtomicLong V2_READS = new AtomicLong();

    static void resetObservations() {
        CountPerKey.reset();
        COMPAT_CALLS.clear();
        V1_READS.set(0);
        V2_READS.set(0);
    }

    // ---- the serializer variants ----
    static final String LONG = "Long (built-in LongSerializer)";
    static final String STRING = "String (built-in StringSerializer)";
    static final String V1_ASIS = "custom v1, new snapshot answers compatibleAsIs";
    static final String V2_MIGRATE = "custom v2, new snapshot answers compatibleAfterMigration";
    static final String V2_INCOMPATIBLE = "custom v2, new snapshot answers incompatible";

    /**
     * The keyed operator: FlinkLab's CountPerKey (counts per key, checks restored values against the
     * savepoint's) with its count kept in ValueState "count" under the serializer variant `kind`.
     */
    public static class CountFn extends CountPerKey {
        private final String kind;
        private transient ValueState<Long> longState;
        private transient ValueState<String> stringState;

        CountFn(String kind) {
            this.kind = kind;
        }

        @Override
        protected void openCount() {
            switch (kind) {
                case LONG:
                    longState = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
                    break;
                case STRING:
                    stringState = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.STRING));
                    break;
                case V1_ASIS:
                    longState = getRuntimeContext().getState(
                            new ValueStateDescriptor<>("count", new VersionedLongSerializer(1, "compatibleAsIs")));
                    break;
                case V2_MIGRATE:
                    longState = getRuntimeContext().getState(
                            new ValueStateDescriptor<>("count", new VersionedLongSerializer(2, "compatibleAfterMigration")));
                    break;
                case V2_INCOMPATIBLE:
                    longState = getRuntimeContext().getState(
                            new ValueStateDescriptor<>("count", new VersionedLongSerializer(2, "incompatible")));
                    break;
                default:
                    throw new IllegalArgumentException(kind);
            }
        }

        @Override
        protected Long readCount() throws Exception {
            if (stringState != null) {
                String s = stringState.value();
                return s == null ? null : Long.parseLong(s);
            }
            return longState.value();
        }

        @Override
        protected void writeCount(long n) throws Exception {
            if (stringState != null) {
                stringState.update(Long.toString(n));
            } else {
                longState.update(n);
            }
        }
    }

    /**
     * A Long serializer with two wire formats: v1 writes 8 bytes, v2 writes the decimal digits as a
     * UTF string. Its snapshot stores the format; the *new* snapshot's answer to
     * resolveSchemaCompatibility(oldSnapshot) is fixed by the policy the job was built with.
     */
    public static final class VersionedLongSerializer extends TypeSerializer<Long> {
        private static final long serialVersionUID = 1L;
        final int format;
        final String policy;

        public VersionedLongSerializer(int format, String policy) {
            this.format = format;
            this.policy = policy;
        }

        @Override public boolean isImmutableType() { return true; }
        @Override public TypeSerializer<Long> duplicate() { return this; }
        @Override public Long createInstance() { return 0L; }
        @Override public Long copy(Long from) { return from; }
        @Override public Long copy(Long from, Long reuse) { return from; }
        @Override public int getLength() { return format == 1 ? 8 : -1; }

        @Override
        public void serialize(Long v, DataOutputView out) throws IOException {
            if (format == 1) {
                out.writeLong(v);
            } else {
                out.writeUTF("n=" + v);
            }
        }

        @Override
        public Long deserialize(DataInputView in) throws IOException {
            (format == 1 ? V1_READS : V2_READS).incrementAndGet();
            return format == 1 ? in.readLong() : Long.parseLong(in.readUTF().substring(2));
        }

        @Override public Long deserialize(Long reuse, DataInputView in) throws IOException { return deserialize(in); }
        @Override public void copy(DataInputView in, DataOutputView out) throws IOException { serialize(deserialize(in), out); }
        @Override public boolean equals(Object o) { return o instanceof VersionedLongSerializer && ((VersionedLongSerializer) o).format == format; }
        @Override public int hashCode() { return format; }
        @Override public String toString() { return "VersionedLongSerializer(format v" + format + ")"; }

        @Override
        public TypeSerializerSnapshot<Long> snapshotConfiguration() {
            return new VersionedLongSnapshot(format, policy);
        }
    }

    public static final class VersionedLongSnapshot implements TypeSerializerSnapshot<Long> {
        int format;
        String policy;

        public VersionedLongSnapshot() {
            this.policy = "(read from snapshot)";
        }

        VersionedLongSnapshot(int format, String policy) {
            this.format = format;
            this.policy = policy;
        }

        @Override public int getCurrentVersion() { return 1; }
        @Override public void writeSnapshot(DataOutputView out) throws IOException { out.writeInt(format); }

        @Override
        public void readSnapshot(int readVersion, DataInputView in, ClassLoader cl) throws IOException {
            format = in.readInt();
        }

        @Override
        public TypeSerializer<Long> restoreSerializer() {
            return new VersionedLongSerializer(format, "(restored)");
        }

        @Override
        public TypeSerializerSchemaCompatibility<Long> resolveSchemaCompatibility(TypeSerializerSnapshot<Long> old) {
            TypeSerializerSchemaCompatibility<Long> r;
            String oldDesc;
            if (old instanceof VersionedLongSnapshot) {
                oldDesc = "VersionedLongSnapshot(format v" + ((VersionedLongSnapshot) old).format + ")";
                switch (policy) {
                    case "compatibleAsIs": r = TypeSerializerSchemaCompatibility.compatibleAsIs(); break;
                    case "compatibleAfterMigration": r = TypeSerializerSchemaCompatibility.compatibleAfterMigration(); break;
                    default: r = TypeSerializerSchemaCompatibility.incompatible();
                }
            } else {
                oldDesc = old.getClass().getName();
                r = TypeSerializerSchemaCompatibility.incompatible();
            }
            COMPAT_CALLS.add("called on the NEW snapshot VersionedLongSnapshot(format v" + format + ", policy " + policy
                    + ") with the OLD snapshot " + oldDesc + " -> " + r);
            return r;
        }
    }

    // ------------------------------------------------------------------------------------------

    static MiniCluster cluster;
    static final LogTail FLINK_LOG = new LogTail(System.getProperty("obs.log", "/tmp/flink-schema.log"));
    static String workDir;
    static final List<String> SUMMARY = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        workDir = args.length > 0 ? args[0] : "/tmp/flink-schema";
        File spDir = freshDir(new File(workDir, "savepoints"));
        cluster = startLab(20, SLOTS, "64m", "128m");
        out("MiniCluster: 1 TaskManager x " + SLOTS + " slots, default scheduler");
        out("Job: source(p=1) -> keyBy(v % " + KEYS + ") -> keyed-op with ValueState \"count\" (p=" + PARALLELISM
                + ", maxp=" + MAX_PARALLELISM + ") -> sink (chained)");
        out("Restart strategy (job config): restart-strategy.type=fixed-delay, attempts=3, delay=1 s");
        out("Savepoint and restore at the same parallelism; only the state's serializer changes.");
        out("Job states: the JobMaster's 'switched from state' log lines for the job (complete sequence).");
        out("Poll: JobClient.getJobStatus() every 5 ms, consecutive duplicates collapsed; FAILING and CANCELLING last");
        out("      milliseconds (a poll sees them in some runs only) and are left out of the poll line, not of the log line.");

        String[][] backends = {
            {"hashmap", "CANONICAL"},
            {"rocksdb", "CANONICAL"},
            {"rocksdb", "NATIVE"},
        };
        try {
            for (String[] b : backends) {
                String backend = b[0];
                SavepointFormatType fmt = SavepointFormatType.valueOf(b[1]);
                String label = backend + ", " + fmt.name().toLowerCase() + " savepoint";
                Savepoint spLong = takeSavepoint(label, backend, fmt, LONG, spDir);
                Savepoint spV1 = takeSavepoint(label, backend, fmt, V1_ASIS, spDir);
                restore(label, backend, spLong, LONG, "Long -> Long (control)");
                restore(label, backend, spLong, STRING, "Long -> String");
                restore(label, backend, spV1, V1_ASIS, "custom v1 -> v1, compatibleAsIs");
                restore(label, backend, spV1, V2_MIGRATE, "custom v1 -> v2, compatibleAfterMigration");
                restore(label, backend, spV1, V2_INCOMPATIBLE, "custom v1 -> v2, incompatible");
                if (fmt == SavepointFormatType.CANONICAL) {
                    restoreUnderDefaultRestart(label, backend, spLong, STRING, "Long -> String");
                }
            }
        } finally {
            outSummary(SUMMARY);
            cluster.closeAsync().get(60, TimeUnit.SECONDS);
        }
        printReport();
        System.exit(0);
    }

    /**
     * The same broken restore with the restart strategy left to Flink (2.3: exponential-delay for
     * a job that checkpoints, no limit on attempts): watched for 40 s, then cancelled.
     */
    static void restoreUnderDefaultRestart(String label, String backend, Savepoint sp, String kind, String change) throws Exception {
        String title = label + ": " + change + ", restart strategy not set";
        progress("restore " + title);
        out("");
        out("==== " + title);
        out("  job config: no restart-strategy keys; execution.checkpointing.interval=1 s (so Flink's default for a job that checkpoints)");
        FLINK_LOG.readNew();
        resetObservations();
        CountPerKey.expected = sp.counts;
        defaultRestart = true;
        JobGraph jg = buildJob("restore-default-" + backend, backend, kind, sp.path);
        defaultRestart = false;
        JobID id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
        Thread.sleep(40_000);
        JobStatus st = cluster.getJobStatus(id).get(10, TimeUnit.SECONDS);
        List<String> states = jobTransitions(FLINK_LOG.readNew(), id);
        long restarts = states.stream().filter(x -> x.equals("RESTARTING")).count();
        out("  after 40 s: job status " + (st.isGloballyTerminalState() ? st + " (terminal)" : "not terminal (" + (st == JobStatus.RUNNING ? "RUNNING" : "RESTARTING") + ")")
                + "; FAILED reached: " + (states.contains("FAILED") ? "yes" : "no")
                + "; restarted more than 3 times: " + (restarts > 3 ? "yes" : "no (" + restarts + ")"));
        out("  records that read their key's restored count in any attempt: " + CountPerKey.RESTORED_KEYS.get());
        client(id).cancel().get(60, TimeUnit.SECONDS);
        cluster.requestJobResult(id).get(120, TimeUnit.SECONDS);
        SUMMARY.add(String.format("%-58s %s", title, st.isGloballyTerminalState() ? "ended " + st : "never FAILED in 40 s, restarting"));
    }

    static JobClient client(JobID id) {
        return new MiniClusterJobClient(id, cluster, SchemaChecks.class.getClassLoader(), MiniClusterJobClient.JobFinalizationBehavior.NOTHING);
    }

    static final class Savepoint {
        final String path;
        final Map<Long, Long> counts;

        Savepoint(String path, Map<Long, Long> counts) {
            this.path = path;
            this.counts = counts;
        }
    }

    /** Set while building the jobs of the default-restart cases: no restart strategy, checkpoints on. */
    static boolean defaultRestart = false;

    static JobGraph buildJob(String name, String backend, String kind, String savepoint) {
        Map<String, String> m = jobConfig(defaultRestart ? null : "fixed-delay", backend, savepoint, false);
        if (defaultRestart) {
            m.put("execution.checkpointing.interval", "1 s");
        } else {
            m.put("restart-strategy.fixed-delay.attempts", "3");
            m.put("restart-strategy.fixed-delay.delay", "1 s");
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(m));
        env.setParallelism(PARALLELISM);
        env.setMaxParallelism(MAX_PARALLELISM);
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(
                i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(1000), Types.LONG);
        env.fromSource(src, WatermarkStrategy.noWatermarks(), "src")
                .uid("src").setParallelism(1)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountFn(kind)).returns(Types.LONG)
                .uid("keyed-op").name("keyed-op")
                .sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    static Savepoint takeSavepoint(String label, String backend, SavepointFormatType fmt, String kind, File spDir) throws Exception {
        progress("savepoint " + label + " with " + kind);
        resetObservations();
        JobGraph jg = buildJob("savepoint-" + backend, backend, kind, null);
        JobID id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
        waitFor(() -> CountPerKey.LAST.size() >= KEYS && CountPerKey.PROCESSED.get() >= 5 * KEYS, 60, 50);
        if (CountPerKey.LAST.size() < KEYS) {
            throw new IllegalStateException("savepoint job did not process records: " + cluster.getJobStatus(id).get());
        }
        String path = stopWithSavepoint(cluster, id, spDir, fmt);
        Thread.sleep(200);
        FLINK_LOG.readNew();
        return new Savepoint(path, new HashMap<>(CountPerKey.LAST));
    }

    static void restore(String label, String backend, Savepoint sp, String kind, String change) throws Exception {
        String title = label + ": " + change;
        progress("restore " + title);
        out("");
        out("==== " + title);
        out("  state serializer at savepoint: " + (kind.equals(LONG) || kind.equals(STRING) ? LONG : "custom v1 (8-byte long)"));
        out("  state serializer at restore:   " + kind);
        FLINK_LOG.readNew();
        resetObservations();
        CountPerKey.expected = sp.counts;
        JobGraph jg = buildJob("restore-" + backend, backend, kind, sp.path);
        JobID id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
        JobClient client = new MiniClusterJobClient(id, cluster, SchemaChecks.class.getClassLoader(),
                MiniClusterJobClient.JobFinalizationBehavior.NOTHING);

        List<String> polled = new ArrayList<>();
        JobStatus last = null;
        boolean healthy = false;
        long deadline = System.currentTimeMillis() + 90_000;
        while (System.currentTimeMillis() < deadline) {
            JobStatus st = client.getJobStatus().get(10, TimeUnit.SECONDS);
            if (st != last) {
                if (st != JobStatus.FAILING && st != JobStatus.CANCELLING) {
                    polled.add(st.name());
                }
                last = st;
            }
            if (st.isGloballyTerminalState()) {
                break;
            }
            if (st == JobStatus.RUNNING && CountPerKey.RESTORED_KEYS.get() >= KEYS && CountPerKey.PROCESSED.get() >= 2 * KEYS) {
                healthy = true;
                break;
            }
            Thread.sleep(5);
        }
        if (healthy) {
            out("  job healthy: every key's state was restored and records are flowing; cancelling it now");
            out("  restored keys: " + CountPerKey.RESTORED_KEYS.get() + "/" + KEYS + ", restored value equal to the savepoint's count: "
                    + CountPerKey.RESTORED_MATCH.get() + "/" + KEYS);
            client.cancel().get(60, TimeUnit.SECONDS);
        }
        JobResult r = cluster.requestJobResult(id).get(120, TimeUnit.SECONDS);
        Thread.sleep(300);
        List<String> log = FLINK_LOG.readNew();

        out("  JobClient poll saw: " + String.join(" -> ", polled));
        List<String> jobStates = jobTransitions(log, id);
        out("  job state transitions (JobMaster log): " + String.join(" -> ", jobStates));
        long restarts = jobStates.stream().filter(s -> s.equals("RESTARTING")).count();
        long runningPhases = jobStates.stream().filter(s -> s.equals("RUNNING")).count();
        out("  job entered RUNNING " + runningPhases + " time(s); RESTARTING " + restarts + " time(s)");
        for (String line : taskSummary(log)) {
            out("  " + line);
        }
        out("  final job status: " + r.getJobStatus().orElse(null));
        if (kind.equals(V2_MIGRATE)) {
            out("  values deserialized with the old format v1 during this run: " + V1_READS.get()
                    + " (one per key = the migration); reads in the new format v2: " + (V2_READS.get() > 0 ? "> 0" : "0"));
        }
        for (String c : new TreeSet<>(COMPAT_CALLS)) {
            out("  resolveSchemaCompatibility " + c);
        }

        ArchivedExecutionGraph g = cluster.getArchivedExecutionGraph(id).get(30, TimeUnit.SECONDS);
        for (AccessExecutionJobVertex v : g.getVerticesTopologically()) {
            Set<Integer> attempts = new TreeSet<>();
            for (AccessExecutionVertex ev : v.getTaskVertices()) {
                attempts.add(ev.getCurrentExecutionAttempt().getAttemptNumber());
            }
            out("  vertex '" + v.getName() + "': attempt number of the last execution of each subtask " + attempts);
        }

        String verdict;
        if (healthy) {
            verdict = "RUNNING, state restored (" + CountPerKey.RESTORED_MATCH.get() + "/" + KEYS + " values equal)";
        } else {
            ExecutionGraphInfo info = cluster.getExecutionGraphInfo(id).get(30, TimeUnit.SECONDS);
            List<RootExceptionHistoryEntry> entries = new ArrayList<>();
            info.getExceptionHistory().forEach(entries::add);
            out("  exception history: " + entries.size() + " root entr" + (entries.size() == 1 ? "y" : "ies")
                    + " (one per failure)");
            List<String> first = null;
            for (int i = 0; i < entries.size(); i++) {
                RootExceptionHistoryEntry e = entries.get(i);
                List<String> chain = chain(e.getException().deserializeError(SchemaChecks.class.getClassLoader()), SchemaChecks::norm);
                String task = e.getFailingTaskName() == null ? "(none named: getFailingTaskName() is null)" : norm(e.getFailingTaskName());
                if (first == null) {
                    first = chain;
                    out("  exception history entry 1, failing task " + task + ", exception chain:");
                    for (String s : chain) {
                        out("    " + s);
                    }
                } else {
                    out("  exception history entry " + (i + 1) + ", failing task " + task + ": "
                            + (chain.equals(first) ? "same chain as entry 1" : "different chain:"));
                    if (!chain.equals(first)) {
                        for (String s : chain) {
                            out("    " + s);
                        }
                    }
                }
            }
            Throwable failure = null;
            try {
                client.getJobExecutionResult().get(60, TimeUnit.SECONDS);
            } catch (ExecutionException ex) {
                failure = ex.getCause();
            }
            if (failure != null) {
                out("  JobClient.getJobExecutionResult() fails with:");
                for (String s : chain(failure, SchemaChecks::norm)) {
                    out("    " + s);
                }
            }
            Throwable root = failure;
            while (root != null && root.getCause() != null) {
                root = root.getCause();
            }
            verdict = r.getJobStatus().orElse(null) + " after " + restarts + " restarts; root: "
                    + (root == null ? "?" : norm(root.getClass().getName() + ": " + root.getMessage()));
        }
        SUMMARY.add(String.format("%-38s %-44s %s", label, change, verdict));
    }

    // ---- log parsing ----

    static final Pattern TASK_SWITCH = Pattern.compile(
            "executiongraph\\.ExecutionGraph \\| (.+) \\((\\d+)/(\\d+)\\) \\([0-9a-f]{32}_[0-9a-f]{32}_\\d+_(\\d+)\\) switched from (\\w+) to (\\w+)");

    static List<String> jobTransitions(List<String> log, JobID id) {
        List<String> states = new ArrayList<>();
        for (String l : log) {
            Matcher m = JOB_SWITCH.matcher(l);
            if (m.find() && m.group(1).equals(id.toHexString())) {
                if (states.isEmpty()) {
                    states.add(m.group(2));
                }
                states.add(m.group(3));
            }
        }
        return states;
    }

    /** Per vertex and attempt: the states any subtask entered; whether one reached RUNNING / FAILED. */
    static List<String> taskSummary(List<String> log) {
        Map<String, Map<Integer, Set<String>>> byVertex = new TreeMap<>();
        for (String l : log) {
            Matcher m = TASK_SWITCH.matcher(l);
            if (m.find()) {
                String vertex = m.group(1);
                int attempt = Integer.parseInt(m.group(4));
                byVertex.computeIfAbsent(vertex, k -> new TreeMap<>())
                        .computeIfAbsent(attempt, k -> new HashSet<>()).add(m.group(6));
            }
        }
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, Set<String>>> v : byVertex.entrySet()) {
            if (!v.getKey().contains("keyed-op")) {
                continue;
            }
            for (Map.Entry<Integer, Set<String>> a : v.getValue().entrySet()) {
                Set<String> s = a.getValue();
                String reached = s.contains("RUNNING") ? "RUNNING" : s.contains("INITIALIZING") ? "INITIALIZING"
                        : s.contains("DEPLOYING") ? "DEPLOYING" : "SCHEDULED";
                lines.add("task '" + v.getKey() + "' attempt #" + a.getKey() + ": furthest state " + reached
                        + (s.contains("FAILED") ? ", a subtask FAILED" : "")
                        + (!s.contains("FAILED") && s.contains("CANCELED") ? ", CANCELED" : ""));
            }
        }
        return lines;
    }

    // ---- helpers ----

    /** Replace run-specific parts (object hashes, ids, paths, hosts) by placeholders. */
    static String norm(String s) {
        if (s == null) {
            return null;
        }
        s = noWorkDir(s, workDir);
        s = s.replaceAll("@[0-9a-f]{4,8}\\b", "@<hash>");
        s = noAttemptIds(s);
        s = s.replaceAll("\\b[0-9a-f]{32}\\b", "<id>");
        s = noSavepointIds(s);
        s = s.replaceAll("\\((\\d+)/(\\d+)\\)", "(<i>/$2)");
        s = noLocalPorts(s);
        s = s.replaceAll("\\b\\d+\\.\\d+\\.\\d+\\.\\d+:\\d+", "<host>:<port>");
        return s;
    }
}
