/*
 * OpStateChecks: runs real Flink (local MiniCluster, same JVM) to observe how operator (non-keyed)
 * state is redistributed when a job is restored from a savepoint at another parallelism, and what
 * happens to a source's offsets when its uid changed.
 *
 * Part 1, redistribution. Job shape:
 *   DataGeneratorSource (uid "src", p=1) -> rebalance
 *     -> map with operator state (uid "opstate", p = P) -> DiscardingSink (chained)
 * At the savepoint each subtask i of "opstate" writes, tagged with its index:
 *   split (round-robin) list state  "split": s<i>.L0, s<i>.L1, s<i>.L2
 *   union list state                "union": s<i>.U0, s<i>.U1
 *   broadcast state                 "bcast": {from-s<i> = s<i>}   (deliberately different per subtask)
 * On restore at P' every subtask reports what it received, in iteration order (broadcast keys sorted).
 *
 * Part 2, a changed uid. Job shape:
 *   DataGeneratorSource (uid "src", p=1, emits 0, 1, 2, ...; its split state holds the position)
 *     -> map "offsets" (uid "offsets", p=1) with list state holding the last value it saw -> sink
 * Restored with the same uids, with the source's uid changed, and with the map's uid changed,
 * with and without execution.savepoint.ignore-unclaimed-state (allowNonRestoredState).
 *
 * stdout: the deterministic report (committed as observed-flink-<version>.txt); stderr: progress.
 * Usage: java -Xmx1g -cp <flink jars>:. OpStateChecks <workDir>
 * Shared helpers (report, MiniCluster, watchdog, the job's configuration, polling, log):
 * ../flink-common/FlinkLab.java.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public class OpStateChecks extends FlinkLab {

    static final int SLOTS = 16;
    static final long POLL_MS = 50;

    // ---- observations made inside the tasks (same JVM as the MiniCluster) ----
    static final Map<Integer, String> RECEIVED = new ConcurrentHashMap<>();
    static final Map<Integer, String> WROTE = new ConcurrentHashMap<>();
    static final AtomicLong PROCESSED = new AtomicLong();
    static final AtomicLong ORDER_VIOLATIONS = new AtomicLong();

    /** Writer of an entry "s<i>.X<j>": i. */
    static int writer(String e) {
        return Integer.parseInt(e.substring(1, e.indexOf('.')));
    }

    /**
     * True if the entries of each writer form one contiguous run, in the order the writer wrote
     * them. (The order of the runs themselves is not stable between runs, see the report.)
     */
    static boolean inWriteOrderPerWriter(List<String> l) {
        List<Integer> seenWriters = new ArrayList<>();
        for (int k = 0; k < l.size(); k++) {
            int w = writer(l.get(k));
            if (k > 0 && writer(l.get(k - 1)) == w) {
                if (l.get(k - 1).compareTo(l.get(k)) >= 0) {
                    return false;
                }
            } else {
                if (seenWriters.contains(w)) {
                    return false;
                }
                seenWriters.add(w);
            }
        }
        return true;
    }

    /** The entries sorted by writer, then by write order. */
    static List<String> blocks(List<String> l) {
        List<String> sorted = new ArrayList<>(l);
        sorted.sort((a, b) -> writer(a) != writer(b) ? Integer.compare(writer(a), writer(b)) : a.compareTo(b));
        return sorted;
    }

    /** Part 1: a map whose subtasks hold split, union and broadcast operator state. */
    public static class OpStateFn extends RichMapFunction<Long, Long> implements CheckpointedFunction {
        private transient ListState<String> split;
        private transient ListState<String> union;
        private transient BroadcastState<String, String> bcast;

        @Override
        public void initializeState(FunctionInitializationContext ctx) throws Exception {
            split = ctx.getOperatorStateStore().getListState(new ListStateDescriptor<>("split", Types.STRING));
            union = ctx.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>("union", Types.STRING));
            bcast = ctx.getOperatorStateStore().getBroadcastState(new MapStateDescriptor<>("bcast", Types.STRING, Types.STRING));
            int i = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            List<String> s = new ArrayList<>();
            split.get().forEach(s::add);
            List<String> u = new ArrayList<>();
            union.get().forEach(u::add);
            TreeMap<String, String> b = new TreeMap<>();
            for (Map.Entry<String, String> e : bcast.entries()) {
                b.put(e.getKey(), e.getValue());
            }
            RECEIVED.put(i, "isRestored=" + ctx.isRestored() + "  split " + blocks(s) + "  union " + blocks(u) + "  broadcast " + b);
            if (!inWriteOrderPerWriter(s) || !inWriteOrderPerWriter(u)) {
                ORDER_VIOLATIONS.incrementAndGet();
            }
        }

        @Override
        public void snapshotState(FunctionSnapshotContext ctx) throws Exception {
            int i = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            List<String> s = List.of("s" + i + ".L0", "s" + i + ".L1", "s" + i + ".L2");
            List<String> u = List.of("s" + i + ".U0", "s" + i + ".U1");
            split.update(s);
            union.update(u);
            bcast.clear();
            bcast.put("from-s" + i, "s" + i);
            WROTE.put(i, "split " + s + "  union " + u + "  broadcast {from-s" + i + "=s" + i + "}");
        }

        @Override
        public Long map(Long v) {
            PROCESSED.incrementAndGet();
            return v;
        }
    }

    // Part 2 observations
    static final AtomicLong FIRST_VALUE = new AtomicLong(-1);
    static final AtomicLong LAST_VALUE = new AtomicLong(-1);
    static volatile String offsetsRestored = "";
    static volatile long savepointLast = -2;

    /** Part 2: remembers the last value it saw in list state; notes the first value of each run. */
    public static class OffsetsFn extends RichMapFunction<Long, Long> implements CheckpointedFunction {
        private transient ListState<Long> lastSeen;
        private long last = -1;

        @Override
        public void initializeState(FunctionInitializationContext ctx) throws Exception {
            lastSeen = ctx.getOperatorStateStore().getListState(new ListStateDescriptor<>("last-seen", Types.LONG));
            List<Long> l = new ArrayList<>();
            lastSeen.get().forEach(l::add);
            offsetsRestored = "isRestored=" + ctx.isRestored() + ", list state 'last-seen' " + (l.isEmpty() ? "[] (empty)" : l.size() + " entr"
                    + (l.size() == 1 ? "y" : "ies") + (l.size() == 1 && l.get(0) == savepointLast ? " = the last value seen before the savepoint" : ""
                    + ", " + l));
        }

        @Override
        public void snapshotState(FunctionSnapshotContext ctx) throws Exception {
            lastSeen.update(List.of(last));
        }

        @Override
        public Long map(Long v) {
            FIRST_VALUE.compareAndSet(-1, v);
            last = v;
            LAST_VALUE.set(v);
            PROCESSED.incrementAndGet();
            return v;
        }
    }

    // ------------------------------------------------------------------------------------------

    static MiniCluster cluster;
    static final LogTail FLINK_LOG = new LogTail(System.getProperty("obs.log", "/tmp/flink-opstate.log"));
    static String workDir;

    public static void main(String[] args) throws Exception {
        workDir = args.length > 0 ? args[0] : "/tmp/flink-opstate";
        File spDir = freshDir(new File(workDir, "savepoints"));
        cluster = startLab(15, SLOTS, "64m", "32m");
        out("MiniCluster: 1 TaskManager x " + SLOTS + " slots, default scheduler, hashmap backend, canonical savepoints");
        try {
            part1(spDir);
            part2(spDir);
        } finally {
            cluster.closeAsync().get(60, TimeUnit.SECONDS);
        }
        printReport();
        System.exit(0);
    }

    // ------------------------------------------------------------------ part 1

    static JobGraph opStateJob(String name, int p, String savepoint) {
        StreamExecutionEnvironment env = env(savepoint, false);
        env.setParallelism(p);
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(
                i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(200), Types.LONG);
        env.fromSource(src, WatermarkStrategy.noWatermarks(), "src").uid("src").setParallelism(1)
                .rebalance()
                .map(new OpStateFn()).returns(Types.LONG).uid("opstate").name("opstate")
                .sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    static StreamExecutionEnvironment env(String savepoint, boolean ignoreUnclaimed) {
        return StreamExecutionEnvironment.getExecutionEnvironment(
                Configuration.fromMap(jobConfig("none", null, savepoint, ignoreUnclaimed)));
    }

    static void part1(File spDir) throws Exception {
        out("");
        out("################ Part 1: operator state redistribution ################");
        out("Job: source(p=1) -> rebalance -> 'opstate' map (p=P) with split list, union list and broadcast state -> sink");
        out("At the savepoint subtask i writes: split [si.L0, si.L1, si.L2], union [si.U0, si.U1], broadcast {from-si=si}.");
        out("Subtasks are numbered from 0. Each list below is sorted by writer (old subtask), then write order. In the");
        out("restored list itself the entries of one writer always came as one contiguous run in write order (checked in");
        out("every subtask of every restore below: see 'order check'), but the order of those runs differed between two");
        out("runs of this program (e.g. [s2.., s1.., s0..] once and [s1.., s0.., s2..] the next time), so it is not shown.");
        Map<Integer, String> savepoints = new TreeMap<>();
        for (int p : new int[] {3, 4, 5, 6}) {
            RECEIVED.clear();
            WROTE.clear();
            PROCESSED.set(0);
            JobID id = cluster.submitJob(opStateJob("opstate-savepoint-p" + p, p, null)).get(60, TimeUnit.SECONDS).getJobID();
            waitFor(() -> RECEIVED.size() == p && PROCESSED.get() >= 2L * p && cluster.getJobStatus(id).get() == JobStatus.RUNNING,
                    60, POLL_MS);
            String path = stopWithSavepoint(cluster, id, spDir, SavepointFormatType.CANONICAL);
            savepoints.put(p, path);
            out("");
            out("savepoint at p=" + p + " (fresh start: " + (RECEIVED.values().stream().allMatch(s -> s.startsWith("isRestored=false")) ? "isRestored=false, all states empty" : RECEIVED) + ")");
            for (Map.Entry<Integer, String> e : new TreeMap<>(WROTE).entrySet()) {
                out("  old subtask " + e.getKey() + " wrote: " + e.getValue());
            }
        }
        int[][] pairs = {{3, 3}, {3, 5}, {5, 3}, {4, 6}, {6, 4}};
        for (int[] pr : pairs) {
            int p1 = pr[0];
            int p2 = pr[1];
            RECEIVED.clear();
            PROCESSED.set(0);
            ORDER_VIOLATIONS.set(0);
            JobID id = cluster.submitJob(opStateJob("opstate-restore-" + p1 + "-to-" + p2, p2, savepoints.get(p1)))
                    .get(60, TimeUnit.SECONDS).getJobID();
            boolean ok = waitFor(() -> RECEIVED.size() == p2, 60, POLL_MS);
            out("");
            out("==== restore: savepoint at p=" + p1 + " -> p=" + p2);
            if (!ok) {
                out("  job did not start all subtasks: " + cluster.getJobStatus(id).get());
            }
            for (Map.Entry<Integer, String> e : new TreeMap<>(RECEIVED).entrySet()) {
                out("  new subtask " + e.getKey() + ": " + e.getValue());
            }
            out("  order check: in every new subtask each writer's split and union entries formed one contiguous run in write order: "
                    + (ORDER_VIOLATIONS.get() == 0 ? "yes" : "NO (" + ORDER_VIOLATIONS.get() + " subtasks)"));
            cancel(cluster, id);
        }
    }

    // ------------------------------------------------------------------ part 2

    static JobGraph offsetsJob(String name, String srcUid, String mapUid, String sinkUid, String savepoint, boolean ignoreUnclaimed) {
        StreamExecutionEnvironment env = env(savepoint, ignoreUnclaimed);
        env.setParallelism(1);
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(
                i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(500), Types.LONG);
        env.fromSource(src, WatermarkStrategy.noWatermarks(), "src").uid(srcUid)
                .map(new OffsetsFn()).returns(Types.LONG).uid(mapUid).name("offsets")
                .sinkTo(new DiscardingSink<>()).uid(sinkUid).name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    static void part2(File spDir) throws Exception {
        out("");
        out("################ Part 2: a changed uid and allowNonRestoredState ################");
        out("Job: DataGeneratorSource 'src' (p=1; emits 0, 1, 2, ...; its split state holds the position)");
        out("     -> 'offsets' map (p=1; list state 'last-seen' = the last value it saw) -> sink");
        out("Operator ids below are Flink's hashes of the uids (deterministic).");
        PROCESSED.set(0);
        FIRST_VALUE.set(-1);
        LAST_VALUE.set(-1);
        JobGraph first = offsetsJob("offsets-savepoint", "src", "offsets", "sink", null, false);
        printOperatorIds(first);
        JobID id = cluster.submitJob(first).get(60, TimeUnit.SECONDS).getJobID();
        waitFor(() -> PROCESSED.get() >= 1000, 60, POLL_MS);
        String sp = stopWithSavepoint(cluster, id, spDir, SavepointFormatType.CANONICAL);
        long lastBefore = LAST_VALUE.get();
        savepointLast = lastBefore;
        out("savepoint taken with uids src/offsets after the map had seen values 0.." + (lastBefore >= 1000 ? "N (N >= 1000)" : lastBefore));

        offsetsCase("same uids (src, offsets)", sp, "src", "offsets", "sink", false, lastBefore);
        offsetsCase("source uid changed to 'src-v2', allowNonRestoredState=false", sp, "src-v2", "offsets", "sink", false, lastBefore);
        offsetsCase("source uid changed to 'src-v2', execution.savepoint.ignore-unclaimed-state=true", sp, "src-v2", "offsets", "sink", true, lastBefore);
        offsetsCase("map uid changed to 'offsets-v2', allowNonRestoredState=false", sp, "src", "offsets-v2", "sink", false, lastBefore);
        offsetsCase("map uid changed to 'offsets-v2', execution.savepoint.ignore-unclaimed-state=true", sp, "src", "offsets-v2", "sink", true, lastBefore);
        // The sink holds no state: its operator's entry in the savepoint has no subtask state.
        offsetsCase("sink uid changed to 'sink-v2' (the sink holds no state), allowNonRestoredState=false", sp, "src", "offsets", "sink-v2", false, lastBefore);
    }

    static void printOperatorIds(JobGraph jg) {
        for (org.apache.flink.runtime.jobgraph.JobVertex v : jg.getVertices()) {
            List<String> ids = new ArrayList<>();
            v.getOperatorIDs().forEach(o -> ids.add(o.getGeneratedOperatorID().toHexString()));
            out("  vertex '" + v.getName() + "': operator ids " + ids);
        }
    }

    static void offsetsCase(String title, String sp, String srcUid, String mapUid, String sinkUid, boolean ignore, long lastBefore) throws Exception {
        progress(title);
        out("");
        out("==== restore: " + title);
        FLINK_LOG.readNew();
        PROCESSED.set(0);
        FIRST_VALUE.set(-1);
        offsetsRestored = "";
        JobGraph jg = offsetsJob("offsets-restore", srcUid, mapUid, sinkUid, sp, ignore);
        printOperatorIds(jg);
        JobID id;
        try {
            id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
        } catch (Exception e) {
            out("  submission failed:");
            for (String s : chain(e, OpStateChecks::norm)) {
                out("    " + s);
            }
            return;
        }
        JobStatus st = awaitEndOrRunning(cluster, id, 60, POLL_MS, () -> PROCESSED.get() >= 10);
        if (st != null && st.isGloballyTerminalState()) {
            JobResult r = cluster.requestJobResult(id).get(60, TimeUnit.SECONDS);
            out("  job ended " + r.getJobStatus().orElse(null) + " without running; failure chain (JobResult):");
            Throwable t = r.getSerializedThrowable().map(x -> x.deserializeError(OpStateChecks.class.getClassLoader())).orElse(null);
            for (String s : chain(t, OpStateChecks::norm)) {
                out("    " + s);
            }
        } else {
            long f = FIRST_VALUE.get();
            out("  job RUNNING; first value the map saw: " + (f == lastBefore + 1 ? "N+1 (the source continued from its restored position)"
                    : f == 0 ? "0 (the source started from scratch: its position was not restored)" : String.valueOf(f)));
            out("  'offsets' map at initializeState: " + offsetsRestored);
            cancel(cluster, id);
        }
        Thread.sleep(200);
        for (String l : FLINK_LOG.readNew()) {
            if (!l.contains(" | ")) {
                continue; // stack trace lines
            }
            if (l.contains("Skipping") || l.contains("allowNonRestoredState") || l.contains("Reset the checkpoint ID")
                    || l.contains("Starting job") && l.contains("from savepoint")) {
                out("  log: " + norm(l.substring(l.indexOf(" | ") + 3)));
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    static String norm(String s) {
        if (s == null) {
            return null;
        }
        s = s.replace(new File(workDir).getAbsoluteFile().toURI().toString(), "file:<work>/");
        s = noWorkDir(s, workDir);
        s = noSavepointIds(s);
        s = s.replaceAll("file:/+<work>", "file:<work>");
        s = s.replaceAll("Job [0-9a-f]{32}", "Job <jobid>");
        s = s.replaceAll("job [0-9a-f]{32}", "job <jobid>");
        return s;
    }
}
