/*
 * CutoverChecks: runs real Flink (a MiniCluster in one JVM) through the cutover of a rescale
 * above the snapshot's max parallelism, per stateful operator (issue 24, item 1).
 *
 * The job is shaped like the planner's seed 004 job, scaled down in events, not in parallelism:
 *   'src'  DataGeneratorSource (p=1), event i = line i of the trace kit's trace.csv; its split
 *          state holds the position; it pauses after 160 events so that savepoints sit there
 *   'tag'  a map with union list state (every subtask gets every entry back on restore), chained
 *   keyBy(key) -> 'sum-per-key' KeyedProcessFunction, ValueState total per key (p = -p)
 *   'sink' a Sink V2 with a committer: the writer hands its lines over at each checkpoint or at
 *          the end of input, the committer commits them (here: into the program's view of the
 *          output, from which the run's per-key totals are checked against trace.csv)
 *
 * The State Processor API jar is not in the Python packages, so a rewrite cannot run here. The
 * rewritten savepoint is stood in for by a run of the same job from offset 0 to the same offset
 * 160 whose keyed operator has the new max parallelism: the keyed state a correct rewrite writes,
 * with every other operator at the max parallelism it had (what SavepointWriter.fromExistingSavepoint
 * carries over unchanged, read from Flink's sources). The same with every operator at the new value
 * stands in for a rewrite that rebuilds all of them.
 *
 * Usage: java -cp <flink jars>:. CutoverChecks <workDir> <dir with trace.csv>
 * Shared helpers (MiniCluster, watchdog, polling, log): ../flink-common/FlinkLab.java; the job's
 * pieces, trace.csv read whole and the savepoint offset (the trace kit's): TraceJob.java.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.shaded.guava33.com.google.common.hash.Hashing;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.util.Collector;

import java.io.DataInputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public class CutoverChecks extends FlinkLab {

    static final int SLOTS = 220;
    static final int FIRST_P = 2;
    static final int TARGET = 200;
    static final int NEW_MAX = 1000;
    static final int SAVED_MAX = 128;
    static final String[] UIDS = {"src", "tag", "sum-per-key", "sink", "Sink Committer: sink"};

    // ---- observations made inside the tasks (same JVM as the MiniCluster) ----
    static final AtomicLong PROCESSED = new AtomicLong();
    static final AtomicLong FIRST_OFFSET = new AtomicLong(Long.MAX_VALUE);
    static final AtomicLong TAG_RESTORED = new AtomicLong(-1);
    static final Map<String, Long> OUTPUT = new ConcurrentHashMap<>();

    /** The union-state operator: what its restored entries counted goes to TAG_RESTORED. */
    public static class Tag extends TraceJob.UnionTag {
        @Override
        protected void restored(long events) {
            TAG_RESTORED.set(events);
        }
    }

    /** The running sum per key; its total leaves when the input ends. */
    public static class SumPerKey extends KeyedProcessFunction<String, Tuple3<Long, String, Long>, String> {
        private transient ValueState<Long> total;

        @Override
        public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
            total = getRuntimeContext().getState(new ValueStateDescriptor<>("total", Types.LONG));
        }

        @Override
        public void processElement(Tuple3<Long, String, Long> e, Context ctx, Collector<String> out) throws Exception {
            Long t = total.value();
            total.update((t == null ? 0 : t) + e.f2);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
            PROCESSED.incrementAndGet();
            FIRST_OFFSET.accumulateAndGet(e.f0, Math::min);
        }

        @Override
        public void onTimer(long ts, OnTimerContext ctx, Collector<String> out) throws Exception {
            Long t = total.value();
            out.collect(ctx.getCurrentKey() + "," + (t == null ? 0 : t));
        }
    }

    /** The committing sink of the job: its committed lines become the program's view of the output. */
    public static class CommitSink extends TraceJob.LineCommitSink {
        @Override
        protected void commitLines(List<String> lines) {
            for (String line : lines) {
                String[] f = line.split(",", -1);
                OUTPUT.merge(f[0], Long.parseLong(f[1]), Long::sum);
            }
        }
    }

    /** One job of the runs: what the job's code and its command line set. */
    static final class Shape {
        final String label;
        int p = FIRST_P;              // -p: the job's default parallelism
        Integer jobMax;               // -Dpipeline.max-parallelism (null: unset)
        Integer keyedMax;             // setMaxParallelism on sum-per-key in the job's code
        Integer pinMax;               // setMaxParallelism on src, tag and sink in the job's code
        Integer sinkP;                // setParallelism on the sink (null: -p, chained to the sum)
        boolean sinkAlone;            // disableChaining on the sink: a vertex of its own
        String newUid = "";           // a suffix on the uids of src, tag and sink ("" keeps them)
        boolean ignore;               // execution.state-recovery.ignore-unclaimed-state
        long pauseAt = Long.MAX_VALUE;
        String savepoint;

        Shape(String label) {
            this.label = label;
        }
    }

    static JobGraph job(Shape s) {
        Map<String, String> m = new HashMap<>();
        m.put("restart-strategy.type", "none");
        if (s.jobMax != null) {
            m.put("pipeline.max-parallelism", String.valueOf(s.jobMax));
        }
        if (s.savepoint != null) {
            m.put("execution.state-recovery.path", s.savepoint);
            m.put("execution.state-recovery.claim-mode", "NO_CLAIM");
            if (s.ignore) {
                m.put("execution.state-recovery.ignore-unclaimed-state", "true");
            }
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(m));
        env.setParallelism(s.p);
        DataGeneratorSource<String> gen = new DataGeneratorSource<>(new TraceJob.TraceLines(trace.path), trace.events, new TraceJob.PauseAt(s.pauseAt), Types.STRING);
        var src = env.fromSource(gen, WatermarkStrategy.noWatermarks(), "src").uid("src" + s.newUid).setParallelism(1);
        var tag = src.map(new Tag()).returns(Types.TUPLE(Types.LONG, Types.STRING, Types.LONG)).uid("tag" + s.newUid).name("tag").setParallelism(1);
        var sum = tag.keyBy(t -> t.f1, Types.STRING).process(new SumPerKey()).returns(Types.STRING).uid("sum-per-key").name("sum-per-key");
        DataStreamSink<String> sink = sum.sinkTo(new CommitSink()).uid("sink" + s.newUid).name("sink");
        if (s.keyedMax != null) {
            sum.setMaxParallelism(s.keyedMax);
        }
        if (s.pinMax != null) {
            src.setMaxParallelism(s.pinMax);
            tag.setMaxParallelism(s.pinMax);
            sink.setMaxParallelism(s.pinMax);
        }
        if (s.sinkP != null) {
            sink.setParallelism(s.sinkP);
        }
        if (s.sinkAlone) {
            sink.disableChaining();
        }
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(s.label);
        return sg.getJobGraph();
    }

    static MiniCluster cluster;
    static final LogTail FLINK_LOG = new LogTail(System.getProperty("obs.log", "/tmp/flink-cutover.log"));
    static String workDir;
    static TraceJob.Trace trace;
    static File spDir;
    static final Map<String, String> NAMES = new HashMap<>();

    static void reset() {
        PROCESSED.set(0);
        FIRST_OFFSET.set(Long.MAX_VALUE);
        TAG_RESTORED.set(-1);
        OUTPUT.clear();
        FLINK_LOG.readNew();
    }

    public static void main(String[] args) throws Exception {
        workDir = args[0];
        trace = new TraceJob.Trace(new File(args[1]));
        for (String uid : UIDS) {
            for (String suffix : new String[] {"", "-new"}) {
                String named = uid + suffix;
                NAMES.put(new OperatorID(Hashing.murmur3_128(0).newHasher().putString(named, StandardCharsets.UTF_8).hash().asBytes()).toHexString(),
                        named.startsWith("Sink Committer") ? "sink's committer" + suffix : named);
            }
        }
        spDir = freshDir(new File(workDir, "savepoints"));
        cluster = startLab(15, SLOTS, "256m", "32m");
        out("MiniCluster: 1 TaskManager x " + SLOTS + " slots, hashmap backend, canonical savepoints, NO_CLAIM restores, restart strategy none");
        out("Trace: the trace kit's trace.csv, " + trace.events + " events over " + trace.totals.size() + " keys; savepoints at offset " + TraceJob.SNAPSHOT_AT);
        out("Job: 'src' DataGeneratorSource (p=1, split state) -> 'tag' (union list state, chained) -> keyBy(key)");
        out("     -> 'sum-per-key' (ValueState total per key, p = -p) -> 'sink' (Sink V2 with a committer)");
        try {
            Shape first = new Shape("first run: p=" + FIRST_P + ", max parallelism unset (derived " + SAVED_MAX + ")");
            String original = savepointRun(first);
            Shape rewritten = new Shape("stand-in for a rewrite of the keyed operator only: sum-per-key setMaxParallelism(" + NEW_MAX
                    + ") in code, the sink in a vertex of its own (disableChaining), the rest unset");
            rewritten.keyedMax = NEW_MAX;
            rewritten.sinkAlone = true;
            String keyedOnly = savepointRun(rewritten);
            Shape all = new Shape("stand-in for a rewrite of every operator: -Dpipeline.max-parallelism=" + NEW_MAX);
            all.jobMax = NEW_MAX;
            String everyOp = savepointRun(all);

            run(restore("restart at p=" + TARGET + " from the first run's savepoint (max parallelism unset)", original));
            String wide = "-p " + TARGET + " -Dpipeline.max-parallelism=" + NEW_MAX;
            String pin = "src, tag and sink setMaxParallelism(" + SAVED_MAX + ") in code";
            Shape runbook = restore("cutover as the runbook said: the keyed-only rewrite, " + wide, keyedOnly);
            runbook.jobMax = NEW_MAX;
            run(runbook);
            Shape codeOnly = restore("the keyed-only rewrite, -p " + TARGET + ", sum-per-key setMaxParallelism(" + NEW_MAX
                    + ") in code, nothing job-wide, the sink chained to sum-per-key", keyedOnly);
            codeOnly.keyedMax = NEW_MAX;
            run(codeOnly);
            Shape codeNarrow = restore("the keyed-only rewrite, -p " + TARGET + ", sum-per-key setMaxParallelism(" + NEW_MAX
                    + ") in code, nothing job-wide, sink setParallelism(" + SAVED_MAX + ")", keyedOnly);
            codeNarrow.keyedMax = NEW_MAX;
            codeNarrow.sinkP = SAVED_MAX;
            run(codeNarrow);
            Shape pinned = restore("pinned: the keyed-only rewrite, " + wide + ", " + pin + ", sink setParallelism(" + SAVED_MAX + ")", keyedOnly);
            pinned.jobMax = NEW_MAX;
            pinned.pinMax = SAVED_MAX;
            pinned.sinkP = SAVED_MAX;
            run(pinned);
            Shape pinnedChained = restore("pinned, the sink left at -p " + TARGET + " and chained to sum-per-key: the keyed-only rewrite, " + wide + ", " + pin, keyedOnly);
            pinnedChained.jobMax = NEW_MAX;
            pinnedChained.pinMax = SAVED_MAX;
            run(pinnedChained);
            Shape pinnedWide = restore("pinned, the sink at -p " + TARGET + " in a vertex of its own (disableChaining): the keyed-only rewrite, " + wide + ", " + pin, keyedOnly);
            pinnedWide.jobMax = NEW_MAX;
            pinnedWide.pinMax = SAVED_MAX;
            pinnedWide.sinkAlone = true;
            run(pinnedWide);
            Shape dropped = restore("dropped: the keyed-only rewrite, " + wide
                    + ", src, tag and sink under new uids (suffix -new), ignore-unclaimed-state (--allowNonRestoredState)", keyedOnly);
            dropped.jobMax = NEW_MAX;
            dropped.newUid = "-new";
            dropped.ignore = true;
            run(dropped);
            Shape droppedStrict = restore("dropped without --allowNonRestoredState: as above, ignore-unclaimed-state false", keyedOnly);
            droppedStrict.jobMax = NEW_MAX;
            droppedStrict.newUid = "-new";
            run(droppedStrict);
            Shape rebuilt = restore("rebuilt: the every-operator rewrite, " + wide, everyOp);
            rebuilt.jobMax = NEW_MAX;
            run(rebuilt);
        } finally {
            cluster.closeAsync().get(60, TimeUnit.SECONDS);
        }
        printReport();
        System.exit(0);
    }

    static Shape restore(String label, String savepoint) {
        Shape s = new Shape(label);
        s.p = TARGET;
        s.savepoint = savepoint;
        return s;
    }

    /** Runs `s` to offset 160, stops it with a canonical savepoint, lists the savepoint's operators. */
    static String savepointRun(Shape s) throws Exception {
        progress(s.label);
        reset();
        out("");
        out("==== " + s.label);
        s.pauseAt = TraceJob.SNAPSHOT_AT;
        JobID id = cluster.submitJob(job(s)).get(60, TimeUnit.SECONDS).getJobID();
        boolean reached = waitFor(() -> PROCESSED.get() >= TraceJob.SNAPSHOT_AT, 120, 50);
        out("  events summed before the savepoint: " + PROCESSED.get() + (reached ? "" : " (did not reach " + TraceJob.SNAPSHOT_AT + ")"));
        String sp = stopWithSavepoint(cluster, id, spDir, SavepointFormatType.CANONICAL);
        out("  savepoint operators (uid: max parallelism, state handles):");
        CheckpointMetadata md;
        try (InputStream in = Files.newInputStream(new File(new java.net.URI(sp)).toPath().resolve("_metadata"));
                DataInputStream dis = new DataInputStream(in)) {
            md = Checkpoints.loadCheckpointMetadata(dis, CutoverChecks.class.getClassLoader(), sp);
        }
        List<String> ops = new ArrayList<>();
        for (OperatorState op : md.getOperatorStates()) {
            ops.add("    " + name(op.getOperatorID().toHexString()) + ": " + op.getMaxParallelism() + ", "
                    + (op.getStates().stream().anyMatch(st -> st.hasState()) ? "with state" : "no state"));
        }
        ops.sort(null);
        ops.forEach(CutoverChecks::out);
        return sp;
    }

    static String name(String hex) {
        return NAMES.getOrDefault(hex, "(operator " + hex + ")");
    }

    /** Submits a restoring job; reports where it failed, or its totals against trace.csv. */
    static void run(Shape s) throws Exception {
        progress(s.label);
        reset();
        out("");
        out("==== " + s.label);
        JobGraph jg = job(s);
        List<String> vertices = new ArrayList<>();
        for (JobVertex v : jg.getVertices()) {
            vertices.add(v.getName() + " (p=" + v.getParallelism() + (v.getMaxParallelism() > 0 ? ", max " + v.getMaxParallelism() : "") + ")");
        }
        out("  job vertices: " + String.join("; ", vertices));
        JobID id;
        try {
            id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
        } catch (Throwable t) {
            out("  REFUSED at submission:");
            chain(t, CutoverChecks::norm).forEach(l -> out("    " + l));
            return;
        }
        JobResult r = cluster.requestJobResult(id).get(300, TimeUnit.SECONDS);
        JobStatus st = r.getJobStatus().orElse(null);
        Throwable failure = r.getSerializedThrowable().map(x -> x.deserializeError(CutoverChecks.class.getClassLoader())).orElse(null);
        if (failure != null) {
            out("  FAILED (" + st + "), the cause chain:");
            chain(failure, CutoverChecks::norm).forEach(l -> out("    " + l));
            return;
        }
        out("  ended " + st + "; events summed after the restore: " + PROCESSED.get() + ", the first at offset "
                + (FIRST_OFFSET.get() == Long.MAX_VALUE ? "none" : FIRST_OFFSET.get())
                + "; tag's union state restored: " + (TAG_RESTORED.get() < 0 ? "nothing (no state)" : TAG_RESTORED.get() + " events seen"));
        for (String l : FLINK_LOG.readNew()) {
            if (l.contains(" | ") && l.contains("Skipping")) {
                out("  log: " + norm(l.substring(l.indexOf(" | ") + 3)));
            }
        }
        int differ = 0;
        long over = 0;
        for (Map.Entry<String, Long> e : trace.totals.entrySet()) {
            Long got = OUTPUT.get(e.getKey());
            if (got == null || !got.equals(e.getValue())) {
                differ++;
                over += (got == null ? 0 : got) - e.getValue();
            }
        }
        out("  committed totals against trace.csv: " + OUTPUT.size() + " keys, "
                + (differ == 0 ? "every key matches" : differ + " keys differ, by " + over + " in all"));
    }

    static String norm(String s) {
        s = noRunIds(s, workDir);
        for (Map.Entry<String, String> e : NAMES.entrySet()) {
            s = s.replace(e.getKey(), e.getKey() + " ('" + e.getValue() + "')");
        }
        return s;
    }
}
