/*
 * TraceKit: the trace lab's kit run through real Flink (a MiniCluster in this JVM). It reads the
 * trace the lab generates (trace.csv: offset,key,value, written by `cargo run --example trace_kit`),
 * sums the value per key in keyed state, is stopped with a savepoint at a chosen offset, restored
 * at another parallelism, reads the rest of the trace to its end and writes its per-key totals in
 * the lab's Job output format (key,total and source_offset,<n>).
 *
 * Job shape:
 *   DataGeneratorSource (uid "src", p=1): event i = line i of trace.csv; a rate limiter holds it
 *     (without blocking the task) once PAUSE_AT events are out, so the savepoint is taken there
 *   -> parse (p=1, chained) -> keyBy(key)
 *   -> "sum-per-key" (uid "sum-per-key", KeyedProcessFunction, max parallelism 128): ValueState
 *      total and last offset per key; an event-time timer at Long.MAX_VALUE per key fires when the
 *      bounded source ends (its final watermark), and emits (key, total, last offset)
 *   -> "collect" (p=1): the program's view of the output -> DiscardingSink
 * Runs, all from one canonical savepoint taken at p=4 after offsets 0..159:
 *   restored at p=6, same uids                        -> output-restored-p6.csv
 *   restored at p=6, the sum's uid "sum-per-key-v2", execution.savepoint.ignore-unclaimed-state
 *                                                     -> output-uid-changed-p6.csv
 *   restored at p=6, the source's uid "src-v2", ignore-unclaimed-state
 *                                                     -> output-source-uid-changed-p6.csv
 *   restored at p=6, same uids, keyed by key.toUpperCase() -> output-key-upper-p6.csv
 * Each output is compared with totals this program sums from trace.csv itself.
 *
 * stdout: the deterministic report (observed-flink-<version>.txt); stderr: progress.
 * Usage: java -cp <flink jars>:. TraceKit <workDir> <dir with trace.csv, for the outputs>
 * Shared helpers: ../flink-common/FlinkLab.java (report, MiniCluster, watchdog, the job's
 * configuration, polling, log) and TraceJob.java (the source, trace.csv read whole, the savepoint
 * offset).
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.util.Collector;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public class TraceKit extends FlinkLab {

    static final int SLOTS = 8;
    static final int P1 = 4;
    static final int P2 = 6;
    static final int MAXP = 128;
    static final long POLL_MS = 50;

    // ---- observations made inside the tasks (same JVM as the MiniCluster) ----
    static final AtomicLong PROCESSED = new AtomicLong();
    static final AtomicLong FIRST_OFFSET = new AtomicLong(Long.MAX_VALUE);
    static final Set<Integer> SUM_SUBTASKS = ConcurrentHashMap.newKeySet();
    static final Map<String, Long> OUTPUT = new ConcurrentHashMap<>();
    static final AtomicLong OUTPUT_MAX_OFFSET = new AtomicLong(-1);
    /** The key function of the jobs submitted next: the key as it is, or upper-cased. */
    static volatile boolean UPPER_KEYS = false;

    public static class Parse implements MapFunction<String, Tuple3<Long, String, Long>> {
        @Override
        public Tuple3<Long, String, Long> map(String line) {
            String[] f = line.split(",", -1);
            return Tuple3.of(Long.parseLong(f[0]), f[1], Long.parseLong(f[2]));
        }
    }

    /** The running sum per key; its total leaves when the input ends. */
    public static class SumPerKey extends KeyedProcessFunction<String, Tuple3<Long, String, Long>, Tuple3<String, Long, Long>> {
        private transient ValueState<Long> total;
        private transient ValueState<Long> lastOffset;

        @Override
        public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
            total = getRuntimeContext().getState(new ValueStateDescriptor<>("total", Types.LONG));
            lastOffset = getRuntimeContext().getState(new ValueStateDescriptor<>("last-offset", Types.LONG));
        }

        @Override
        public void processElement(Tuple3<Long, String, Long> e, Context ctx, Collector<Tuple3<String, Long, Long>> out) throws Exception {
            Long t = total.value();
            total.update((t == null ? 0 : t) + e.f2);
            lastOffset.update(e.f0);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
            PROCESSED.incrementAndGet();
            FIRST_OFFSET.accumulateAndGet(e.f0, Math::min);
            SUM_SUBTASKS.add(getRuntimeContext().getTaskInfo().getIndexOfThisSubtask());
        }

        @Override
        public void onTimer(long ts, OnTimerContext ctx, Collector<Tuple3<String, Long, Long>> out) throws Exception {
            Long t = total.value();
            Long o = lastOffset.value();
            out.collect(Tuple3.of(ctx.getCurrentKey(), t == null ? 0 : t, o == null ? -1 : o));
        }
    }

    public static class Collect implements MapFunction<Tuple3<String, Long, Long>, String> {
        @Override
        public String map(Tuple3<String, Long, Long> t) {
            OUTPUT.put(t.f0, t.f1);
            OUTPUT_MAX_OFFSET.accumulateAndGet(t.f2, Math::max);
            return t.f0;
        }
    }

    static JobGraph job(String name, int p, long pauseAt, String srcUid, String sumUid, String savepoint, boolean ignore) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                Configuration.fromMap(jobConfig("none", null, savepoint, ignore)));
        env.setParallelism(p);
        env.setMaxParallelism(MAXP);
        DataGeneratorSource<String> src = new DataGeneratorSource<>(new TraceJob.TraceLines(trace.path), trace.events, new TraceJob.PauseAt(pauseAt), Types.STRING);
        env.fromSource(src, WatermarkStrategy.noWatermarks(), "src").uid(srcUid).setParallelism(1)
                .map(new Parse()).returns(Types.TUPLE(Types.LONG, Types.STRING, Types.LONG)).uid("parse").name("parse").setParallelism(1)
                .keyBy(t -> UPPER_KEYS ? t.f1.toUpperCase(java.util.Locale.ROOT) : t.f1, Types.STRING)
                .process(new SumPerKey()).returns(Types.TUPLE(Types.STRING, Types.LONG, Types.LONG)).uid(sumUid).name("sum-per-key")
                .map(new Collect()).returns(Types.STRING).uid("collect").name("collect").setParallelism(1)
                .sinkTo(new DiscardingSink<>()).uid("sink").name("sink").setParallelism(1);
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    static MiniCluster cluster;
    static final LogTail FLINK_LOG = new LogTail(System.getProperty("obs.log", "/tmp/flink-trace-kit.log"));
    static String workDir;
    static TraceJob.Trace trace;

    static void reset() {
        PROCESSED.set(0);
        FIRST_OFFSET.set(Long.MAX_VALUE);
        SUM_SUBTASKS.clear();
        OUTPUT.clear();
        OUTPUT_MAX_OFFSET.set(-1);
        FLINK_LOG.readNew();
    }

    public static void main(String[] args) throws Exception {
        workDir = args[0];
        File dir = new File(args[1]);
        trace = new TraceJob.Trace(dir);
        File spDir = freshDir(new File(workDir, "savepoints"));
        cluster = startLab(10, SLOTS, "64m", "32m");
        out("MiniCluster: 1 TaskManager x " + SLOTS + " slots, hashmap backend, canonical savepoint, restart strategy none");
        out("Trace: trace.csv, " + trace.events + " events over " + trace.totals.size() + " keys (the trace lab's default link, #/trace)");
        out("Job: DataGeneratorSource 'src' (p=1, event i = line i of trace.csv) -> parse -> keyBy(key)");
        out("     -> 'sum-per-key' (KeyedProcessFunction, ValueState total per key, max parallelism " + MAXP + "; a timer at");
        out("        Long.MAX_VALUE per key writes (key, total) when the bounded source ends) -> 'collect' (p=1) -> sink");
        try {
            reset();
            progress("savepoint run");
            JobID id = cluster.submitJob(job("trace-kit-p" + P1, P1, TraceJob.SNAPSHOT_AT, "src", "sum-per-key", null, false))
                    .get(60, TimeUnit.SECONDS).getJobID();
            boolean reached = waitFor(() -> PROCESSED.get() >= TraceJob.SNAPSHOT_AT, 120, POLL_MS);
            Thread.sleep(1000);
            out("");
            out("==== run 1: p=" + P1 + ", the source held after offset " + (TraceJob.SNAPSHOT_AT - 1));
            out("  events summed before the savepoint: " + PROCESSED.get() + (reached ? "" : " (did not reach " + TraceJob.SNAPSHOT_AT + ")")
                    + ", by " + SUM_SUBTASKS.size() + " of " + P1 + " subtasks");
            String sp = stopWithSavepoint(cluster, id, spDir, SavepointFormatType.CANONICAL);
            out("  stopped with a canonical savepoint (no drain); totals written by then: " + OUTPUT.size()
                    + " (the timers fire only when the input ends)");
            restore(sp, "restored at p=" + P2 + ", same uids", "src", "sum-per-key", false, new File(dir, "output-restored-p6.csv"));
            restore(sp, "restored at p=" + P2 + ", the sum's uid changed to 'sum-per-key-v2', execution.savepoint.ignore-unclaimed-state=true",
                    "src", "sum-per-key-v2", true, new File(dir, "output-uid-changed-p6.csv"));
            restore(sp, "restored at p=" + P2 + ", the source's uid changed to 'src-v2', execution.savepoint.ignore-unclaimed-state=true",
                    "src-v2", "sum-per-key", true, new File(dir, "output-source-uid-changed-p6.csv"));
            UPPER_KEYS = true;
            restore(sp, "restored at p=" + P2 + ", same uids, the key function changed to key.toUpperCase()",
                    "src", "sum-per-key", false, new File(dir, "output-key-upper-p6.csv"));
            UPPER_KEYS = false;
        } finally {
            cluster.closeAsync().get(60, TimeUnit.SECONDS);
        }
        printReport();
        System.exit(0);
    }

    static void restore(String sp, String title, String srcUid, String sumUid, boolean ignore, File output) throws Exception {
        progress(title);
        reset();
        out("");
        out("==== " + title);
        JobID id = cluster.submitJob(job("trace-kit-restore", P2, Long.MAX_VALUE, srcUid, sumUid, sp, ignore))
                .get(60, TimeUnit.SECONDS).getJobID();
        JobResult r = cluster.requestJobResult(id).get(180, TimeUnit.SECONDS);
        JobStatus st = r.getJobStatus().orElse(null);
        out("  job ended " + st + "; events summed after the restore: " + PROCESSED.get() + ", the first at offset "
                + (FIRST_OFFSET.get() == Long.MAX_VALUE ? "none" : FIRST_OFFSET.get()) + ", by " + SUM_SUBTASKS.size() + " of " + P2 + " subtasks");
        for (String l : FLINK_LOG.readNew()) {
            if (l.contains(" | ") && (l.contains("Skipping") || l.contains("from savepoint"))) {
                out("  log: " + norm(l.substring(l.indexOf(" | ") + 3)));
            }
        }
        StringBuilder csv = new StringBuilder("key,total\n");
        for (Map.Entry<String, Long> e : new TreeMap<>(OUTPUT).entrySet()) {
            csv.append(e.getKey()).append(',').append(e.getValue()).append('\n');
        }
        csv.append("source_offset,").append(OUTPUT_MAX_OFFSET.get() + 1).append('\n');
        Files.write(output.toPath(), csv.toString().getBytes(StandardCharsets.UTF_8));
        out("  wrote " + output.getName() + ": " + OUTPUT.size() + " keys, source_offset " + (OUTPUT_MAX_OFFSET.get() + 1));
        List<String> diffs = new ArrayList<>();
        Set<String> keys = new TreeSet<>(trace.totals.keySet());
        keys.addAll(OUTPUT.keySet());
        for (String k : keys) {
            Long want = trace.totals.get(k);
            Long got = OUTPUT.get(k);
            if (want == null || !want.equals(got)) {
                diffs.add(k + " " + (got == null ? "missing" : got) + " (trace: " + (want == null ? "no such key" : want) + ")");
            }
        }
        out("  against the totals summed from trace.csv: " + (diffs.isEmpty() ? "every key matches" : diffs.size() + " keys differ"));
        for (String d : diffs) {
            out("    " + d);
        }
    }

    static String norm(String s) {
        return noRunIds(s, workDir);
    }
}
